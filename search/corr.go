package search

import "github.com/bounder-chess/bounder/engine"

// Correction history. The static evaluation misjudges some pawn structures
// the same way again and again; the searches below those positions find
// it out. The table keeps, by side to move and pawn structure, a running
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

// corrTable is one thread's correction history.
type corrTable [2][corrSize]int32

// corrIndex hashes the two sides' pawns to a slot.
func corrIndex(pos *engine.Position) int {
	white, black := pos.Pieces(engine.White, engine.Pawn), pos.Pieces(engine.Black, engine.Pawn)
	h := white*0x9E3779B97F4A7C15 ^ (black+0x632BE59BD9B4E019)*0xC2B2AE3D27D4EB4F
	h ^= h >> 31
	return int(h>>40) & (corrSize - 1)
}

// corrected is the raw static evaluation of the position with its
// correction, kept inside the non-mate scores.
func (c *corrTable) corrected(pos *engine.Position, raw int) int {
	v := raw + int(c[pos.SideToMove()][corrIndex(pos)])/corrGrain
	return max(min(v, MateBound-1), -MateBound+1)
}

// update moves the position's entry towards value − raw, the more the
// deeper the search that proved value.
func (c *corrTable) update(pos *engine.Position, raw, value, depth int) {
	e := &c[pos.SideToMove()][corrIndex(pos)]
	diff := int32(max(min(value-raw, corrMax), -corrMax) * corrGrain)
	wt := int32(min(depth+1, corrWeight))
	*e = (*e*(corrScale-wt) + diff*wt) / corrScale
}
