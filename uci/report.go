package uci

// What a search prints: its info lines and its bestmove.

import (
	"fmt"
	"strings"

	"github.com/bounder-chess/bounder/engine"
	"github.com/bounder-chess/bounder/search"
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

// formatInfo is the info line for a search report, its moves written by
// text (the root position's, engine.Position.MoveText).
func formatInfo(r search.Report, text engine.MoveText) string {
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
