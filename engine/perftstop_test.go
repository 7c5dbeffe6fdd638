package engine

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// PerftStop counts what Perft counts, and stops when asked; DivideEach's
// shares add up to Perft's total, in Divide's order.
func TestPerftStop(t *testing.T) {
	p := NewPosition()
	never := func() bool { return false }
	n, ok := p.PerftStop(5, never)
	require.True(t, ok)
	require.Equal(t, uint64(4865609), n)
	require.Equal(t, StartFEN, p.FEN(), "the position is restored")

	calls := 0
	n, ok = p.PerftStop(6, func() bool { calls++; return calls > 10 })
	require.False(t, ok)
	require.Zero(t, n)
	require.Equal(t, StartFEN, p.FEN(), "the position is restored after a stop")

	var total uint64
	var got []DivideEntry
	require.True(t, p.DivideEach(4, never, func(e DivideEntry) { total += e.Nodes; got = append(got, e) }))
	require.Equal(t, p.Perft(4), total)
	require.Equal(t, p.Divide(4), got)
	require.False(t, p.DivideEach(5, func() bool { return true }, func(DivideEntry) {}))
}
