package search

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestMaxHashMiB: the limit is at least 1 MiB and at most half the memory
// the machine reports.
func TestMaxHashMiB(t *testing.T) {
	m := MaxHashMiB()
	require.GreaterOrEqual(t, m, 1)
	require.LessOrEqual(t, uint64(m), max(memoryMiB()/2, 1))
	require.LessOrEqual(t, m, hashLimitMiB)
}

// TestSetHashSizeTooBig is issue 12's "setoption name Hash value 32768":
// a table bigger than the machine holds is refused before anything is
// allocated (Go's out-of-memory error is fatal), and the old table stays
// in use.
func TestSetHashSizeTooBig(t *testing.T) {
	s := NewSearcher(2)
	entries := s.tt.Entries()
	for _, mib := range []int{MaxHashMiB() + 1, hashLimitMiB + 1, 0, -5} {
		err := s.SetHashSize(mib)
		require.Error(t, err, "%d MiB", mib)
		require.Equal(t, entries, s.tt.Entries(), "the old table stays")
	}
	require.ErrorContains(t, s.SetHashSize(MaxHashMiB()+1), "more than this machine can hold")
	r := s.Search(context.Background(), mustPos(t, kiwipete), Limits{Depth: 3}, DefaultOptions(), nil)
	require.True(t, mustPos(t, kiwipete).IsLegal(r.BestMove))
	require.NoError(t, s.SetHashSize(3))
	require.Equal(t, 3<<20/entryBytes, s.tt.Entries())
}
