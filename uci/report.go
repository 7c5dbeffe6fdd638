package uci

// What a search prints: its info lines and its bestmove.

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/bounder-chess/bounder/engine"
	"github.com/bounder-chess/bounder/search"
	"github.com/bounder-chess/bounder/wdl"
)

// printBestMove prints a finished search's bestmove, checked for legality
// (falling back to a legal move, or 0000 when there is none), with the
// ponder move when one is known and legal.
func (e *Engine) printBestMove(j *job) {
	if j.rejected {
		e.out.line("bestmove 0000")
		return
	}
	pos, r := j.pos, j.result
	best := r.BestMove
	if !pos.IsLegal(best) || (len(j.searchMoves) > 0 && !containsMove(j.searchMoves, best)) {
		if best != engine.NullMove {
			e.infof("error: the search returned the illegal move %s", best)
		}
		best = engine.NullMove
		var buf [engine.MaxMoves]engine.Move
		if legal := pos.GenerateMoves(buf[:]); len(legal) > 0 {
			best = legal[0]
			if len(j.searchMoves) > 0 {
				best = j.searchMoves[0]
			}
		}
	}
	text := pos.MoveText()
	line := "bestmove " + text.Format(best)
	if best != engine.NullMove {
		pm := r.PonderMove
		if pm == engine.NullMove && len(r.PV) >= 2 && r.PV[0] == best {
			pm = r.PV[1]
		}
		if pm != engine.NullMove {
			c := pos.Clone()
			c.Make(best)
			if c.IsLegal(pm) {
				line += " ponder " + text.Format(pm)
			}
		}
	}
	e.out.line(line)
}

// wdlField is what an info line's wdl field needs: whether UCI_ShowWDL is
// on, and the root position's material count, for the WDL model.
type wdlField struct {
	show     bool
	material int
}

// wdlFieldFor is the wdl field of the info lines of a search of pos, with
// UCI_ShowWDL as it is now (read once, on the dispatcher, before the search
// starts reporting).
func (e *Engine) wdlFieldFor(pos *engine.Position) wdlField {
	count := func(t engine.PieceType) int { return bits.OnesCount64(pos.PiecesOfType(t)) }
	return wdlField{
		show:     e.set.showWDL,
		material: wdl.Material(count(engine.Pawn), count(engine.Knight), count(engine.Bishop), count(engine.Rook), count(engine.Queen)),
	}
}

// scoreWDL is the expected result per mille of a search score of the root
// position (from the side to move's view): certain for a mate score and
// for the tables' verdict (tb), else the WDL model's (package wdl).
func scoreWDL(score, material int, tb bool) wdl.WDL {
	switch {
	case search.IsMate(score):
		return wdl.Mate(search.MateIn(score))
	case tb && score > 0:
		return wdl.WDL{W: 1000}
	case tb && score < 0:
		return wdl.WDL{L: 1000}
	case tb:
		return wdl.WDL{D: 1000}
	}
	m := wdl.Default()
	return m.PerMille(score, material)
}

// formatInfo is the info line for a search report, its moves written by
// text (the root position's, engine.Position.MoveText), without a wdl
// field.
func formatInfo(r search.Report, text engine.MoveText) string {
	return formatInfoWDL(r, text, wdlField{})
}

// formatInfoWDL is formatInfo with "wdl W D L" after the score (and its
// bound) when w.show is set, as Stockfish prints it.
func formatInfoWDL(r search.Report, text engine.MoveText, w wdlField) string {
	var b strings.Builder
	fmt.Fprintf(&b, "info depth %d", r.Depth)
	if r.SelDepth > 0 {
		fmt.Fprintf(&b, " seldepth %d", r.SelDepth)
	}
	fmt.Fprintf(&b, " multipv %d", max(r.MultiPV, 1))
	if search.IsMate(r.Score) {
		fmt.Fprintf(&b, " score mate %d", search.MateIn(r.Score))
	} else {
		fmt.Fprintf(&b, " score cp %d", r.Score)
	}
	switch r.Bound {
	case search.BoundLower:
		b.WriteString(" lowerbound")
	case search.BoundUpper:
		b.WriteString(" upperbound")
	}
	if w.show {
		b.WriteString(" wdl ")
		b.WriteString(scoreWDL(r.Score, w.material, r.Tablebase).String())
	}
	var nps uint64
	if s := r.Elapsed.Seconds(); s > 0 {
		nps = uint64(float64(r.Nodes) / s)
	}
	fmt.Fprintf(&b, " nodes %d nps %d hashfull %d", r.Nodes, nps, r.Hashfull)
	if r.Stats.TBHits > 0 {
		fmt.Fprintf(&b, " tbhits %d", r.Stats.TBHits)
	}
	fmt.Fprintf(&b, " time %d", r.Elapsed.Milliseconds())
	if len(r.PV) > 0 {
		b.WriteString(" pv")
		for _, m := range r.PV {
			b.WriteByte(' ')
			b.WriteString(text.Format(m))
		}
	}
	return b.String()
}

// terminalInfo is the info line of a position without a legal move:
// mated (mate 0) or stalemate (a draw), with its wdl when w.show is set.
func terminalInfo(inCheck bool, w wdlField) string {
	line, res := "info depth 0 score cp 0", wdl.WDL{D: 1000}
	if inCheck {
		line, res = "info depth 0 score mate 0", wdl.Mate(0)
	}
	if w.show {
		line += " wdl " + res.String()
	}
	return line
}

// formatProgress is the info lines of a progress report, sent about once a
// second from the first second on: the counters, and the root move under
// search when known, written by text.
func formatProgress(p search.Progress, text engine.MoveText) []string {
	var nps uint64
	if s := p.Elapsed.Seconds(); s > 0 {
		nps = uint64(float64(p.Nodes) / s)
	}
	lines := []string{fmt.Sprintf("info nodes %d nps %d time %d hashfull %d", p.Nodes, nps, p.Elapsed.Milliseconds(), p.Hashfull)}
	if p.CurrMove != engine.NullMove {
		lines = append(lines, fmt.Sprintf("info currmove %s currmovenumber %d", text.Format(p.CurrMove), p.CurrMoveNumber))
	}
	return lines
}
