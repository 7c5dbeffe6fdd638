package syzygy

import (
	"sort"

	"github.com/bounder-chess/bounder/engine"
)

// RootMove is a legal move with what the tables say of it.
type RootMove struct {
	Move engine.Move
	// WDL is the outcome after the move from the mover's view, with the
	// position's fifty-move counter taken into account: a win whose next
	// zeroing move would come too late counts as a cursed win, a loss the
	// counter will save as a blessed loss.
	WDL WDL
	// DTZ is the distance to zeroing counted from before the move (this
	// move included), positive when the mover wins, negative when it
	// loses, 0 for a draw; 1 for a winning zeroing move or a mate.
	DTZ int
	// Rank orders the moves, higher better: certain wins by increasing
	// DTZ, then wins the counter may spoil, draws, losses the counter may
	// save, certain losses by decreasing distance.
	Rank int
}

// Rank bands; DTZ values are far smaller than a band.
const (
	rankMate       = 1 << 22
	rankWin        = 1 << 21
	rankCursedWin  = 1 << 20
	rankBlessed    = -(1 << 20)
	rankLoss       = -(1 << 21)
	fiftyMovePlies = 100
)

// RankRootMoves probes every legal move of pos and returns them best first
// (moves of equal rank in generation order). It keeps a won position won
// and makes progress: the DTZ of the best move always falls, so following
// it cannot repeat, and the fifty-move counter of pos (its Rule50) decides
// whether a win is still in time. ok is false when pos or a position one
// move on cannot be probed (DTZ tables are needed). A position without
// legal moves gives an empty list with ok true.
func (t *Tables) RankRootMoves(pos *engine.Position) ([]RootMove, bool) {
	if !t.covers(pos) {
		return nil, false
	}
	var buf [engine.MaxMoves]engine.Move
	moves := pos.GenerateMoves(buf[:])
	ranked := make([]RootMove, 0, len(moves))
	clock := pos.Rule50()
	for _, m := range moves {
		pos.Make(m)
		dtz, mate, ok := t.moveDTZ(pos)
		pos.Unmake()
		if !ok {
			return nil, false
		}
		rm := RootMove{Move: m, DTZ: dtz}
		switch {
		case mate:
			rm.WDL, rm.Rank = Win, rankMate
		case dtz > 0 && dtz <= fiftyMovePlies && (clock == 0 || dtz+clock < fiftyMovePlies):
			// A DTZ may be one ply short (the tables round to moves where
			// that cannot change the outcome from a zero counter), so with a
			// counter running, one ply of margin is kept.
			rm.WDL, rm.Rank = Win, rankWin-dtz
		case dtz > 0:
			rm.WDL, rm.Rank = CursedWin, rankCursedWin-dtz
		case dtz == 0:
			rm.WDL, rm.Rank = Draw, 0
		case dtz >= -fiftyMovePlies && clock-dtz <= fiftyMovePlies:
			rm.WDL, rm.Rank = Loss, rankLoss-dtz
		default:
			rm.WDL, rm.Rank = BlessedLoss, rankBlessed-dtz
		}
		ranked = append(ranked, rm)
	}
	sort.SliceStable(ranked, func(i, j int) bool { return ranked[i].Rank > ranked[j].Rank })
	return ranked, true
}

// moveDTZ is the DTZ, seen from the mover, of the move that led to pos.
func (t *Tables) moveDTZ(pos *engine.Position) (dtz int, mate, ok bool) {
	if !pos.HasLegalMove() {
		if pos.InCheck() {
			return 1, true, true
		}
		return 0, false, true // stalemate
	}
	if pos.Rule50() == 0 {
		// A zeroing move: its outcome is all there is to know.
		w, ok := t.probeWDL(pos)
		return dtzBeforeZeroing(-w), false, ok
	}
	if pos.Rule50() >= fiftyMovePlies {
		return 0, false, true // the opponent claims the draw
	}
	d, ok := t.probeDTZ(pos)
	switch d = -d; {
	case d > 0:
		d++
	case d < 0:
		d--
	}
	return d, false, ok
}

// BestMove returns the move RankRootMoves ranks first, with the WDL and DTZ
// of pos itself (as ProbeWDL and ProbeDTZ give them, ignoring the counter).
// Among winning moves it takes the one that zeroes soonest, among losing
// moves the one that zeroes latest. A position without legal moves gives
// engine.NullMove with ok true.
func (t *Tables) BestMove(pos *engine.Position) (engine.Move, WDL, int, bool) {
	wdl, ok := t.ProbeWDL(pos)
	if !ok {
		return engine.NullMove, 0, 0, false
	}
	dtz, ok := t.ProbeDTZ(pos)
	if !ok {
		return engine.NullMove, 0, 0, false
	}
	ranked, ok := t.RankRootMoves(pos)
	if !ok {
		return engine.NullMove, 0, 0, false
	}
	if len(ranked) == 0 {
		return engine.NullMove, wdl, dtz, true
	}
	return ranked[0].Move, wdl, dtz, true
}
