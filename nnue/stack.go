package nnue

import (
	"math/bits"

	"github.com/bounder-chess/bounder/engine"
)

// Stack holds the accumulators of a line of play, one level per ply from
// the root, so that a move costs an update of its parent's accumulator
// (a few weight rows added and subtracted) instead of a sum over the board,
// and taking it back costs nothing. It is allocated once; Push and Pop do
// not allocate. The caller pushes before pos.Make(m) and pops after
// pos.Unmake(), keeping the stack in step with the position.
type Stack struct {
	net   *Net
	n     int
	acc   []int16 // levels × 2 views × n
	top   int     // the current level
	depth int
}

// NewStack returns a stack of depth levels for net.
func NewStack(net *Net, depth int) *Stack {
	return &Stack{net: net, n: net.N, acc: make([]int16, depth*2*net.N), depth: depth}
}

// Net is the stack's network.
func (s *Stack) Net() *Net { return s.net }

func (s *Stack) level(l int, view int) []int16 {
	o := (l*2 + view) * s.n
	return s.acc[o : o+s.n : o+s.n]
}

// Reset makes pos the root: level 0 is computed from the board.
func (s *Stack) Reset(pos *engine.Position) {
	s.top = 0
	s.refresh(pos, 0)
}

// Depth is the current level (0 at the root).
func (s *Stack) Depth() int { return s.top }

func (s *Stack) refresh(pos *engine.Position, l int) {
	for view := 0; view < 2; view++ {
		a := s.level(l, view)
		copy(a, s.net.FTB)
		for b := pos.Occupied(); b != 0; b &= b - 1 {
			sq := uint8(bits.TrailingZeros64(b))
			pc := pos.PieceAt(engine.Square(sq))
			add(a, s.row(Feature(uint8(view), uint8(pc.Color()), uint8(pc.Type()), sq)))
		}
	}
}

func (s *Stack) row(f int) []int16 {
	o := f * s.n
	return s.net.FTW[o : o+s.n : o+s.n]
}

// Push updates the accumulators for move m, which is about to be made in
// pos (so pos is still the position before it). Castling is not an
// update (its rook squares are the engine's, and in Chess960 the king may
// land on its rook): use PushAfter for it.
func (s *Stack) Push(pos *engine.Position, m engine.Move) {
	from, to := m.From(), m.To()
	pc := pos.PieceAt(from)
	c, t := uint8(pc.Color()), uint8(pc.Type())
	s.top++
	for view := uint8(0); view < 2; view++ {
		src, dst := s.level(s.top-1, int(view)), s.level(s.top, int(view))
		fromF := s.row(Feature(view, c, t, uint8(from)))
		toT := t
		if p := m.Promotion(); p != engine.NoPieceType {
			toT = uint8(p)
		}
		toF := s.row(Feature(view, c, toT, uint8(to)))
		switch {
		case m.IsEnPassant():
			capSq := uint8(to) ^ 8
			subAddSubFast(dst, src, fromF, toF, s.row(Feature(view, c^1, uint8(engine.Pawn), capSq)))
		case pos.PieceAt(to) != engine.NoPiece:
			cp := pos.PieceAt(to)
			subAddSubFast(dst, src, fromF, toF, s.row(Feature(view, uint8(cp.Color()), uint8(cp.Type()), uint8(to))))
		default:
			subAddFast(dst, src, fromF, toF)
		}
	}
}

// PushAfter adds a level computed from the board of pos, the position
// after the move: for castling.
func (s *Stack) PushAfter(pos *engine.Position) {
	s.top++
	s.refresh(pos, s.top)
}

// PushNull adds a level for a null move: the pieces do not change.
func (s *Stack) PushNull() {
	s.top++
	copy(s.acc[s.top*2*s.n:(s.top+1)*2*s.n], s.acc[(s.top-1)*2*s.n:s.top*2*s.n])
}

// Pop takes back the last Push.
func (s *Stack) Pop() { s.top-- }

// Evaluate scores the current level, whose position is pos, in
// centipawns from the side to move's view.
func (s *Stack) Evaluate(pos *engine.Position) int {
	stm := int(pos.SideToMove())
	return s.net.output(s.level(s.top, stm), s.level(s.top, stm^1), bits.OnesCount64(uint64(pos.Occupied())))
}

// Evaluate scores pos from the side to move's view with a fresh
// accumulator: the reference the incremental one is tested against, and
// the way to evaluate one position alone.
func (net *Net) Evaluate(pos *engine.Position) int {
	s := NewStack(net, 1)
	s.Reset(pos)
	return s.Evaluate(pos)
}

// output is the output neuron of the bucket of pieces on the two clipped
// (or squared clipped) accumulators.
func (net *Net) output(us, them []int16, pieces int) int {
	b, n2 := Bucket(pieces, net.Buckets()), 2*net.N
	w := net.OutW[b*n2 : (b+1)*n2]
	var sum int64
	if net.Act == SCReLU {
		sum = int64(dotSqFast(us, them, w)) / QA
	} else {
		sum = int64(dotFast(us, them, w))
	}
	return int((sum + int64(net.OutB[b])) * Scale / (QA * QB))
}

// dotSq is the SCReLU output layer's sum in plain Go: c·(c·w) for each
// clipped value c, the product c·w taken in int16 and the sum in int32 as
// the assembly takes them (see the package doc).
func dotSq(us, them, w []int16) int32 {
	n := len(us)
	w = w[: 2*n : 2*n]
	them = them[:n:n]
	var sum int32
	for i := range us {
		c := crelu(us[i])
		sum += int32(c) * int32(c*w[i])
	}
	w = w[n:]
	for i := range them {
		c := crelu(them[i])
		sum += int32(c) * int32(c*w[i])
	}
	return sum
}

// dot is the output layer's sum in plain Go: the side to move's clipped
// accumulator times the first half of w, the other's times the second.
func dot(us, them, w []int16) int32 {
	n := len(us)
	w = w[: 2*n : 2*n]
	them = them[:n:n]
	var sum int32
	for i := range us {
		sum += int32(crelu(us[i])) * int32(w[i])
	}
	w = w[n:]
	for i := range them {
		sum += int32(crelu(them[i])) * int32(w[i])
	}
	return sum
}

func crelu(x int16) int16 {
	if x < 0 {
		return 0
	}
	if x > QA {
		return QA
	}
	return x
}

func add(a, r []int16) {
	r = r[:len(a)]
	for i := range a {
		a[i] += r[i]
	}
}

func subAdd(dst, src, sub, add []int16) {
	src, sub, add = src[:len(dst)], sub[:len(dst)], add[:len(dst)]
	for i := range dst {
		dst[i] = src[i] - sub[i] + add[i]
	}
}

func subAddSub(dst, src, sub, add, sub2 []int16) {
	src, sub, add, sub2 = src[:len(dst)], sub[:len(dst)], add[:len(dst)], sub2[:len(dst)]
	for i := range dst {
		dst[i] = src[i] - sub[i] + add[i] - sub2[i]
	}
}

// Make plays m in pos and pushes its level: an update of the parent's
// accumulators, or for castling a level computed from the board after it.
func (s *Stack) Make(pos *engine.Position, m engine.Move) {
	if m.IsCastle() {
		pos.Make(m)
		s.PushAfter(pos)
		return
	}
	s.Push(pos, m)
	pos.Make(m)
}

// Unmake takes back the last move of pos and its level.
func (s *Stack) Unmake(pos *engine.Position) {
	pos.Unmake()
	s.top--
}
