package search

import "github.com/bounder-chess/bounder/engine"

// Correction history. The static evaluation misjudges some pawn structures
// and piece placements the same way again and again; the searches below
// those positions find it out. The tables keep, by side to move and by
// pawn structure, and by side to move and each side's pieces, a running
// mean of the difference between what a node's search proved and its raw
// static evaluation, and the selective search adds it to the evaluation
// before it prunes on it or stands pat on it. Each thread keeps its own;
// pure mode does not use it (its values must not depend on what was
// searched before).
const (
	corrSize   = 1 << 14 // entries per side to move (a power of two)
	corrGrain  = 256     // an entry is in 1/corrGrain centipawns
	corrScale  = 256     // a new value weighs weight/corrScale of the mean...
	corrWeight = 16      // ...with weight depth+1, at most this
	corrMax    = 128     // the largest correction, in centipawns
)

// corrTable is one thread's correction history: by side to move, one
// table by the pawns and one by each side's pieces (not pawns).
type corrTable struct {
	pawn   [2][corrSize]int32
	pieces [2][2][corrSize]int32 // by side to move, then by the pieces' colour
}

// corrIndex hashes the two sides' pawns to a slot.
func corrIndex(pos *engine.Position) int {
	white, black := pos.Pieces(engine.White, engine.Pawn), pos.Pieces(engine.Black, engine.Pawn)
	h := white*0x9E3779B97F4A7C15 ^ (black+0x632BE59BD9B4E019)*0xC2B2AE3D27D4EB4F
	h ^= h >> 31
	return int(h>>40) & (corrSize - 1)
}

// piecesIndex hashes one side's knights, bishops, rooks, queens and king
// to a slot.
func piecesIndex(pos *engine.Position, c engine.Color) int {
	h := pos.Pieces(c, engine.Knight)*0x9E3779B97F4A7C15 ^
		(pos.Pieces(c, engine.Bishop)+0x632BE59BD9B4E019)*0xC2B2AE3D27D4EB4F ^
		(pos.Pieces(c, engine.Rook)+0x165667B19E3779F9)*0xD6E8FEB86659FD93 ^
		(pos.Pieces(c, engine.Queen)+0x27D4EB2F165667C5)*0xFF51AFD7ED558CCD ^
		(pos.Pieces(c, engine.King)+0x94D049BB133111EB)*0xBF58476D1CE4E5B9
	h ^= h >> 31
	return int(h>>40) & (corrSize - 1)
}

// corrected is the raw static evaluation of the position with its
// correction, kept inside the non-mate scores: half the pawns' entry and a
// quarter of each side's pieces' entry, so that a position whose entries
// all learnt the same error is corrected by that error.
func (c *corrTable) corrected(pos *engine.Position, raw int) int {
	stm := pos.SideToMove()
	sum := 2*c.pawn[stm][corrIndex(pos)] +
		c.pieces[stm][engine.White][piecesIndex(pos, engine.White)] +
		c.pieces[stm][engine.Black][piecesIndex(pos, engine.Black)]
	v := raw + int(sum)/(4*corrGrain)
	return max(min(v, MateBound-1), -MateBound+1)
}

// update moves the position's entries towards value − raw, the more the
// deeper the search that proved value.
func (c *corrTable) update(pos *engine.Position, raw, value, depth int) {
	stm := pos.SideToMove()
	diff := int32(max(min(value-raw, corrMax), -corrMax) * corrGrain)
	wt := int32(min(depth+1, corrWeight))
	move := func(e *int32) { *e = (*e*(corrScale-wt) + diff*wt) / corrScale }
	move(&c.pawn[stm][corrIndex(pos)])
	move(&c.pieces[stm][engine.White][piecesIndex(pos, engine.White)])
	move(&c.pieces[stm][engine.Black][piecesIndex(pos, engine.Black)])
}
