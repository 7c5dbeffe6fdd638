package engine

// Perft counts the leaf nodes of the legal move tree to depth (bulk counting:
// at depth 1 the moves are counted, not made).
func (p *Position) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	var buf [MaxMoves]Move
	moves := p.GenerateMoves(buf[:])
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		p.Make(m)
		n += p.Perft(depth - 1)
		p.Unmake()
	}
	return n
}

// perftStopDepth: PerftStop asks stop at nodes more than this many plies
// from the leaves, often enough to end within a millisecond and too seldom
// to cost anything.
const perftStopDepth = 3

// PerftStop is Perft that can be stopped: it gives up, returning false,
// once stop returns true. A nil stop never stops.
func (p *Position) PerftStop(depth int, stop func() bool) (uint64, bool) {
	if depth <= perftStopDepth || stop == nil {
		return p.Perft(depth), true
	}
	if stop() {
		return 0, false
	}
	var buf [MaxMoves]Move
	var n uint64
	for _, m := range p.GenerateMoves(buf[:]) {
		p.Make(m)
		c, ok := p.PerftStop(depth-1, stop)
		p.Unmake()
		if !ok {
			return 0, false
		}
		n += c
	}
	return n, true
}

// DivideEntry is one root move's share of a perft count.
type DivideEntry struct {
	Move  Move
	Nodes uint64
}

// Divide returns the perft count below each root move, in the order of
// move generation.
func (p *Position) Divide(depth int) []DivideEntry {
	var out []DivideEntry
	p.DivideEach(depth, nil, func(e DivideEntry) { out = append(out, e) })
	return out
}

// DivideEach calls each with every root move's perft count as soon as it is
// known (for output as it comes), and reports false if stop (which may be
// nil) ended it first.
func (p *Position) DivideEach(depth int, stop func() bool, each func(DivideEntry)) bool {
	var buf [MaxMoves]Move
	for _, m := range p.GenerateMoves(buf[:]) {
		p.Make(m)
		n, ok := p.PerftStop(depth-1, stop)
		p.Unmake()
		if !ok {
			return false
		}
		each(DivideEntry{m, n})
	}
	return true
}
