package syzygy

import (
	"encoding/binary"

	"github.com/bounder-chess/bounder/engine"
)

// WDL is a tablebase outcome from the side to move's point of view.
type WDL int8

// The five outcomes. A cursed win is a win that the fifty-move rule turns
// into a draw with best defence; a blessed loss is the loser's side of one.
const (
	Loss        WDL = -2
	BlessedLoss WDL = -1
	Draw        WDL = 0
	CursedWin   WDL = 1
	Win         WDL = 2
)

// String is the outcome in words ("cursed win").
func (w WDL) String() string {
	switch w {
	case Loss:
		return "loss"
	case BlessedLoss:
		return "blessed loss"
	case Draw:
		return "draw"
	case CursedWin:
		return "cursed win"
	case Win:
		return "win"
	}
	return "invalid"
}

// ProbeWDL returns the outcome of pos with best play, as if its fifty-move
// counter were zero (the tables assume the position arose from a capture or
// pawn move): callers at a node with a non-zero counter must allow for it
// (see RankRootMoves). ok is false when pos has castling rights or more
// pieces than MaxPieces, when a table it needs is missing or corrupt, or
// after Close.
//
// pos is changed during the call (captures are made and taken back) and
// restored before it returns, so it must not be shared with another
// goroutine meanwhile. The common path does not allocate.
func (t *Tables) ProbeWDL(pos *engine.Position) (WDL, bool) {
	if !t.covers(pos) {
		return 0, false
	}
	v, ok := t.probeWDL(pos)
	return WDL(v), ok
}

// ProbeDTZ returns the distance to zeroing of pos with python-chess's
// probe_dtz conventions: 0 for a draw; for a win n > 0 plies until a
// capture or pawn move (or mate) that keeps the win, 1..100 for a real win
// and above 100 for a cursed win (n or n-100 plies); for a loss the same
// negated. A value may be one ply less than the true distance (the tables
// mostly count moves), never where that would change the outcome under the
// fifty-move rule. Like
// ProbeWDL it ignores pos's fifty-move counter. ok is false as for ProbeWDL,
// or when a DTZ table is missing.
func (t *Tables) ProbeDTZ(pos *engine.Position) (int, bool) {
	if !t.covers(pos) {
		return 0, false
	}
	return t.probeDTZ(pos)
}

// covers is the cheap test that rules out positions the tables cannot hold.
func (t *Tables) covers(pos *engine.Position) bool {
	if t.closed.Load() || pos.CastlingRights() != 0 {
		return false
	}
	return engine.PopCount(pos.Occupied()) <= t.MaxPieces()
}

// tableWDL is the value stored for pos (-2..2). The tables store, for a
// position whose best move is a capture, whatever compresses best, so this
// is meaningful only together with the captures (see probeAB).
func (t *Tables) tableWDL(pos *engine.Position) (int, bool) {
	if pos.Occupied() == pos.PiecesOfType(engine.King) {
		return 0, true // KvK has no file
	}
	k := keyOf(pos)
	e := t.lookup(k)
	if e == nil || e.wdl == nil || !e.wdl.use() {
		return 0, false
	}
	st, idx, _, ok := e.wdl.locate(pos, k)
	if !ok {
		return 0, false
	}
	v, err := st.store.value(e.wdl.data, idx, true)
	if err != nil {
		e.wdl.fail(err)
		return 0, false
	}
	return v - 2, true
}

// wdlToMap picks the DTZ value map of an outcome.
var wdlToMap = [5]int{1, 3, 0, 2, 0}

// tableDTZ is the DTZ stored for pos given its outcome wdl (non-zero);
// stored is false when the file keeps only the other side to move.
func (t *Tables) tableDTZ(pos *engine.Position, wdl int) (dtz int, stored, ok bool) {
	k := keyOf(pos)
	e := t.lookup(k)
	if e == nil || e.dtz == nil || !e.dtz.use() {
		return 0, false, false
	}
	tb := e.dtz
	st, idx, stored, ok := tb.locate(pos, k)
	if !ok || !stored {
		return 0, false, ok
	}
	v, err := st.store.value(tb.data, idx, false)
	if err != nil {
		tb.fail(err)
		return 0, false, false
	}
	fl := st.store.flags
	if !st.store.constant && fl&dtzMapped != 0 {
		m := wdlToMap[wdl+2]
		if v >= st.mapLen[m] {
			tb.fail(corruptf("value %d beyond map %d of %d entries", v, m, st.mapLen[m]))
			return 0, false, false
		}
		if fl&dtzWideMap == 0 {
			v = int(tb.data[st.mapOff[m]+v])
		} else {
			v = int(binary.LittleEndian.Uint16(tb.data[st.mapOff[m]+2*v:]))
		}
	}
	// Distances are stored in moves unless the flags say plies; cursed and
	// blessed ones always in moves.
	switch {
	case wdl == 2 && fl&dtzWinPlies != 0, wdl == -2 && fl&dtzLossPlies != 0:
	default:
		v *= 2
	}
	return v, true, true
}

// locate finds the sub-table and index of pos in t, whose material k
// matches. stored is false for a DTZ table that keeps only the other side
// to move.
func (t *table) locate(pos *engine.Position, k matKey) (st *subTable, idx uint64, stored, ok bool) {
	// Orientation: a table of unlike material is stored with one side as
	// white; if pos has it the other way round, swap the colours and turn
	// the board over. A table of like material (KQvKQ) keeps only white to
	// move, so with black to move the same swap applies.
	stm := int(pos.SideToMove())
	flip := 0
	switch {
	case t.symmetric:
		flip = stm
	case k != t.key:
		flip = 1
	}
	side := stm ^ flip
	sqXor := 0
	if flip != 0 {
		sqXor = 56
	}

	var sq [maxTablePieces]int
	n, file := 0, 0
	if t.hasPawns {
		col := engine.Color(int(t.leadCode>>3) ^ flip)
		for bb := pos.Pieces(col, engine.Pawn); bb != 0 && n < t.lead; n++ {
			sq[n] = int(engine.PopLSB(&bb)) ^ sqXor
		}
		if n != t.lead {
			return nil, 0, false, false
		}
		file = leadPawnFirst(&sq, t.lead)
	}
	if t.kind == kindDTZ {
		if !t.symmetric && int(t.sub[file][0].store.flags&dtzBlackStored) != side {
			return nil, 0, false, true
		}
		side = 0
	}
	st = &t.sub[file][side]
	e := &st.enc
	for n < t.num {
		c := e.pieces[n]
		bb := pos.Pieces(engine.Color(int(c>>3)^flip), engine.PieceType(c&7))
		if bb == 0 {
			return nil, 0, false, false
		}
		for ; bb != 0 && n < t.num; n++ {
			sq[n] = int(engine.PopLSB(&bb)) ^ sqXor
		}
	}
	if t.hasPawns {
		idx = encodePawns(&sq, t.num, t.lead, t.other, e)
	} else {
		idx = encodePieces(&sq, t.num, e)
	}
	if idx >= e.size {
		return nil, 0, false, false
	}
	return st, idx, true, true
}

// isCapture reports a move onto an enemy piece (en passant excluded).
func isCapture(pos *engine.Position, m engine.Move) bool {
	return pos.PieceAt(m.To()) != engine.NoPiece
}

// probeAB is an alpha-beta search over captures, down to positions whose
// stored value can be trusted. The generator marked positions whose best
// move is a capture as "don't care" and filled them with whatever
// compressed best, so a position's value is the better of its captures'
// and the stored one. En passant is left to the callers: the tables treat
// it as a move the position does not have. captureBest reports that a
// winning capture is (one of) the best moves, which makes the DTZ 1.
func (t *Tables) probeAB(pos *engine.Position, alpha, beta int) (v int, captureBest, ok bool) {
	var buf [engine.MaxMoves]engine.Move
	for _, m := range pos.GenerateCaptures(buf[:]) {
		if !isCapture(pos, m) {
			continue // en passant, or a promotion without capture
		}
		pos.Make(m)
		v, _, ok := t.probeAB(pos, -beta, -alpha)
		pos.Unmake()
		if !ok {
			return 0, false, false
		}
		if v = -v; v > alpha {
			if v >= beta {
				return v, true, true
			}
			alpha = v
		}
	}
	v, ok = t.tableWDL(pos)
	if !ok {
		return 0, false, false
	}
	if alpha >= v {
		return alpha, alpha > 0, true
	}
	return v, false, true
}

// probeWDL adds en passant to probeAB: the capture may be better than
// anything else, and when it is the only legal move it must be played
// however bad.
func (t *Tables) probeWDL(pos *engine.Position) (int, bool) {
	v, _, ok := t.probeAB(pos, -2, 2)
	if !ok || pos.EnPassant() == engine.NoSquare {
		return v, ok
	}
	epBest, others, ok := t.bestEnPassant(pos)
	if !ok {
		return 0, false
	}
	if epBest > -3 && (epBest >= v || v == 0 && !others) {
		v = epBest
	}
	return v, true
}

// bestEnPassant returns the best WDL among the legal en-passant captures
// (-3 when there are none) and whether other legal moves exist.
func (t *Tables) bestEnPassant(pos *engine.Position) (best int, others, ok bool) {
	best = -3
	var buf [engine.MaxMoves]engine.Move
	for _, m := range pos.GenerateMoves(buf[:]) {
		if !m.IsEnPassant() {
			others = true
			continue
		}
		pos.Make(m)
		v, _, ok := t.probeAB(pos, -2, 2)
		pos.Unmake()
		if !ok {
			return 0, false, false
		}
		best = max(best, -v)
	}
	return best, others, true
}

// dtzBeforeZeroing is the DTZ of a position whose best move zeroes the
// counter (or mates) with outcome wdl.
func dtzBeforeZeroing(wdl int) int {
	switch wdl {
	case 2:
		return 1
	case 1:
		return 101
	case -1:
		return -101
	case -2:
		return -1
	}
	return 0
}

// isMate reports that the side to move is checkmated.
func isMate(pos *engine.Position) bool { return pos.InCheck() && !pos.HasLegalMove() }

// probeDTZNoEP is the DTZ ignoring en passant. Where the file stores the
// other side to move, it searches one ply: the winner takes its fastest
// non-zeroing move, the loser its slowest move.
func (t *Tables) probeDTZNoEP(pos *engine.Position) (int, bool) {
	wdl, captureBest, ok := t.probeAB(pos, -2, 2)
	switch {
	case !ok:
		return 0, false
	case wdl == 0:
		return 0, true
	case captureBest:
		return dtzBeforeZeroing(wdl), true
	}
	var buf [engine.MaxMoves]engine.Move
	if wdl > 0 {
		// A pawn push that keeps the outcome zeroes at once. Pawn moves
		// are excluded from the DTZ tables' minimum for this reason.
		for _, m := range pos.GenerateMoves(buf[:]) {
			if pos.PieceAt(m.From()).Type() != engine.Pawn || m.IsEnPassant() || isCapture(pos, m) {
				continue
			}
			pos.Make(m)
			v, ok := t.probeWDL(pos)
			pos.Unmake()
			if !ok {
				return 0, false
			}
			if -v == wdl {
				return dtzBeforeZeroing(wdl), true
			}
		}
	}
	d, stored, ok := t.tableDTZ(pos, wdl)
	if !ok {
		return 0, false
	}
	if stored {
		if wdl > 0 {
			return dtzBeforeZeroing(wdl) + d, true
		}
		return dtzBeforeZeroing(wdl) - d, true
	}

	if wdl > 0 {
		best := 0xffff
		for _, m := range pos.GenerateMoves(buf[:]) {
			if pos.PieceAt(m.From()).Type() == engine.Pawn || isCapture(pos, m) {
				continue // zeroing moves were dealt with above
			}
			pos.Make(m)
			v, ok := t.probeDTZ(pos)
			v = -v
			mate := v == 1 && isMate(pos)
			pos.Unmake()
			if !ok {
				return 0, false
			}
			if mate {
				best = 1
			} else if v > 0 && v+1 < best {
				best = v + 1
			}
		}
		return best, true
	}
	best := -1
	for _, m := range pos.GenerateMoves(buf[:]) {
		pos.Make(m)
		var v int
		ok := true
		if pos.Rule50() == 0 {
			if wdl == -2 {
				v = -1
			} else {
				var w int
				w, _, ok = t.probeAB(pos, 1, 2)
				if w == 2 {
					v = 0
				} else {
					v = -101
				}
			}
		} else {
			v, ok = t.probeDTZ(pos)
			v = -v - 1
		}
		pos.Unmake()
		if !ok {
			return 0, false
		}
		best = min(best, v)
	}
	return best, true
}

// wdlToDTZ is the DTZ of an en-passant capture of outcome wdl (it zeroes).
var wdlToDTZ = [5]int{-1, -101, 0, 101, 1}

// probeDTZ adds en passant to probeDTZNoEP: an en-passant capture that is
// at least as good replaces the table's answer, and one that is forced
// does too.
func (t *Tables) probeDTZ(pos *engine.Position) (int, bool) {
	v, ok := t.probeDTZNoEP(pos)
	if !ok || pos.EnPassant() == engine.NoSquare {
		return v, ok
	}
	epBest, others, ok := t.bestEnPassant(pos)
	if !ok {
		return 0, false
	}
	if epBest == -3 {
		return v, true
	}
	e := wdlToDTZ[epBest+2]
	switch {
	case v < -100:
		if e >= 0 {
			v = e
		}
	case v < 0:
		if e >= 0 || e < -100 {
			v = e
		}
	case v > 100:
		if e > 0 {
			v = e
		}
	case v > 0:
		if e == 1 {
			v = e
		}
	case e >= 0:
		v = e
	case !others:
		v = e
	}
	return v, true
}
