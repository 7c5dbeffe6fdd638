package search

import (
	"math/bits"

	"github.com/bounder-chess/bounder/engine"
	"github.com/bounder-chess/bounder/syzygy"
)

// Endgame tablebases (Options.Tablebases): WDL probes inside the tree, DTZ
// at the root.
//
// Inside the tree a position the tables hold is probed right after a
// capture or a pawn move (its fifty-move counter is zero, so the table's
// win, draw or loss holds as stored, and a win that needs more than fifty
// moves to its next zeroing move is a draw under the rule: a cursed win and
// a blessed loss score as draws). A win scores TBWin less the distance from
// the root, below every mate score and above every evaluation; it is a
// lower bound (a mate may be nearer), a loss an upper bound, a draw exact.
//
// At the root the DTZ tables rank the moves (syzygy.RankRootMoves, which
// keeps the fifty-move counter): only the best-ranked moves are searched,
// so a won ending is played out by moves that bring the next zeroing move
// nearer and cannot cycle, and a lost one resists longest.

// TBWin is the score of a tablebase win at the root; a win found ply plies
// from the root scores TBWin-ply.
const TBWin = MateBound - MaxPly

// tbBound: scores beyond it (in absolute value) are tablebase wins or
// losses, or mates: decisive, and counted from the root.
const tbBound = TBWin - MaxPly

// IsTBScore reports a score of a tablebase win or loss (not a mate).
func IsTBScore(score int) bool {
	return !IsMate(score) && (score > tbBound || score < -tbBound)
}

// tbDraft is the draft a tablebase result is stored with: deeper than any
// search will reach below it, since it is exact to the end of the game.
const tbDraft = MaxPly - 1

// tbCardinality is how many pieces the search probes at most: the largest
// tables there are, bounded by Options.TBProbeLimit; 0 without tables.
func tbCardinality(opt Options) int {
	if opt.Tablebases == nil {
		return 0
	}
	n := opt.Tablebases.MaxPieces()
	if opt.TBProbeLimit > 0 {
		n = min(n, opt.TBProbeLimit)
	}
	return n
}

// probeTB probes the node at ply (not the root) and returns its score and
// true when the table's result decides the node for the window (alpha,
// beta); the result is stored in the table either way.
func (w *worker) probeTB(alpha, beta, depth, ply int) (int, bool) {
	pos := w.pos
	pieces := bits.OnesCount64(pos.Occupied())
	if pieces > w.tbPieces || pos.Rule50() != 0 || pos.CastlingRights() != 0 ||
		(pieces == w.tbPieces && depth < w.opt.TBProbeDepth) {
		return 0, false
	}
	wdl, ok := w.opt.Tablebases.ProbeWDL(pos)
	if !ok {
		return 0, false
	}
	w.stats.TBHits++
	// Stored as the bound it is: a win at least TBWin-ply, a loss at most
	// its negation, a draw (cursed wins and blessed losses included) exact.
	var v int
	switch wdl {
	case syzygy.Win:
		v = TBWin - ply
		w.tt.Store(pos.Key(), ply, tbDraft, v-1, v, v, engine.NullMove, false)
		return v, v >= beta
	case syzygy.Loss:
		v = -TBWin + ply
		w.tt.Store(pos.Key(), ply, tbDraft, v, v+1, v, engine.NullMove, false)
		return v, v <= alpha
	}
	w.tt.Store(pos.Key(), ply, tbDraft, -1, 1, 0, engine.NullMove, false)
	return 0, true
}

// tbRootMoves keeps, of the root moves rm, those the tables rank best (all
// of rm when the tables do not hold the root).
func tbRootMoves(pos *engine.Position, tables *syzygy.Tables, rm []engine.Move) []engine.Move {
	if tables == nil || pos.CastlingRights() != 0 || bits.OnesCount64(pos.Occupied()) > tables.MaxPieces() {
		return rm
	}
	ranked, ok := tables.RankRootMoves(pos)
	if !ok || len(ranked) == 0 {
		return rm
	}
	var keep []engine.Move
	best := -1 << 30
	for _, r := range ranked {
		if !containsMove(rm, r.Move) {
			continue // not among searchmoves
		}
		if r.Rank > best {
			best, keep = r.Rank, keep[:0]
		}
		if r.Rank == best {
			keep = append(keep, r.Move)
		}
	}
	if len(keep) == 0 {
		return rm
	}
	return keep
}
