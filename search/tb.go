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
// nearer and cannot cycle, and a lost one resists longest. Their result is
// the root's verdict, which every reported line carries (rootVerdict): a
// win TBWin, a loss -TBWin, a draw 0, unless the search finds the mate.

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
// of rm when the tables do not hold the root), and returns the tables'
// verdict on the root as those moves leave it.
func tbRootMoves(pos *engine.Position, tables *syzygy.Tables, rm []engine.Move) ([]engine.Move, rootVerdict) {
	if tables == nil || pos.CastlingRights() != 0 || bits.OnesCount64(pos.Occupied()) > tables.MaxPieces() {
		return rm, rootVerdict{}
	}
	ranked, ok := tables.RankRootMoves(pos)
	if !ok || len(ranked) == 0 {
		return rm, wdlVerdict(pos, tables)
	}
	var keep []engine.Move
	best, wdl := -1<<30, syzygy.Draw
	for _, r := range ranked {
		if !containsMove(rm, r.Move) {
			continue // not among searchmoves
		}
		if r.Rank > best {
			best, keep, wdl = r.Rank, keep[:0], r.WDL
		}
		if r.Rank == best {
			keep = append(keep, r.Move)
		}
	}
	if len(keep) == 0 {
		return rm, rootVerdict{}
	}
	return keep, verdictOf(wdl)
}

// wdlVerdict is the verdict of the WDL table alone, for a root the DTZ
// tables cannot rank: only with the fifty-move counter at zero, where the
// stored result holds as it is.
func wdlVerdict(pos *engine.Position, tables *syzygy.Tables) rootVerdict {
	if pos.Rule50() != 0 || !pos.HasLegalMove() {
		return rootVerdict{}
	}
	wdl, ok := tables.ProbeWDL(pos)
	if !ok {
		return rootVerdict{}
	}
	return verdictOf(wdl)
}

// verdictOf is the root verdict of a result from the side to move's view:
// cursed wins and blessed losses are draws, as in the tree.
func verdictOf(wdl syzygy.WDL) rootVerdict {
	switch wdl {
	case syzygy.Win:
		return rootVerdict{known: true, score: TBWin}
	case syzygy.Loss:
		return rootVerdict{known: true, score: -TBWin}
	}
	return rootVerdict{known: true}
}

// rootVerdict is what the tables say of the root of a search: when known,
// every line reports score (TBWin, 0 or -TBWin, exact) rather than the
// search's evaluation, unless the search proves the mate the verdict
// promises: a win (or loss) the tables decide is worth more (or less) than
// any evaluation, whatever the horizon shows, and a draw is a draw.
type rootVerdict struct {
	known bool
	score int
}

// apply is the score and bound a line reports for the search's score and
// bound, and whether that is the tables' verdict.
func (v rootVerdict) apply(score int, b Bound) (int, Bound, bool) {
	if !v.known {
		return score, b, false
	}
	switch {
	case v.score > 0 && score > MateBound && b != BoundUpper,
		v.score < 0 && score < -MateBound && b != BoundLower:
		return score, b, false // the mate the verdict promises, found
	}
	return v.score, BoundExact, true
}
