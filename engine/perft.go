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

// DivideEntry is one root move's share of a perft count.
type DivideEntry struct {
	Move  Move
	Nodes uint64
}

// Divide returns the perft count below each root move.
func (p *Position) Divide(depth int) []DivideEntry {
	var buf [MaxMoves]Move
	var out []DivideEntry
	for _, m := range p.GenerateMoves(buf[:]) {
		p.Make(m)
		out = append(out, DivideEntry{m, p.Perft(depth - 1)})
		p.Unmake()
	}
	return out
}
