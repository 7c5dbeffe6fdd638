package search

import (
	"math/rand"
	"sync"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"

	"github.com/bounder-chess/bounder/engine"
)

func TestTTEntryIsPacked(t *testing.T) {
	require.Equal(t, uintptr(entryBytes), unsafe.Sizeof(ttEntry{}))
	require.Equal(t, uintptr(64), unsafe.Sizeof(ttBucket{}), "a bucket is one cache line")
}

func TestTTAnySize(t *testing.T) {
	for _, mib := range []int{1, 3, 5, 7} {
		tt := NewTT(mib)
		require.Equal(t, mib<<20/entryBytes, tt.Entries(), "%d MiB", mib)
		for i := 0; i < 10000; i++ {
			k := rand.Uint64() | 1
			tt.Store(k, 0, 5, -10, 10, 3, engine.NullMove, false)
			d, ok := tt.Probe(k, 0)
			require.True(t, ok)
			require.Equal(t, 3, d.lower)
			require.Equal(t, 3, d.upper)
		}
	}
}

// TestTTTwoBounds checks the papers' f- and f+: a fail high and a fail low at
// the same draft leave both bounds in one entry; a new draft starts afresh.
func TestTTTwoBounds(t *testing.T) {
	tt := NewTT(1)
	const key = 0x123456789abcdef
	m := engine.Move(0x1234 & 0x3fff)
	tt.Store(key, 0, 4, 9, 10, 25, m, false) // fail high at γ=10: value >= 25
	d, ok := tt.Probe(key, 0)
	require.True(t, ok)
	require.Equal(t, ttData{lower: 25, upper: Infinity, move: m, draft: 4}, d)

	tt.Store(key, 0, 4, 39, 40, 30, engine.NullMove, false) // fail low at γ=40: value <= 30
	d, _ = tt.Probe(key, 0)
	require.Equal(t, 25, d.lower)
	require.Equal(t, 30, d.upper)
	require.Equal(t, m, d.move, "a fail low keeps the move that proved something")

	tt.Store(key, 0, 5, -Infinity, Infinity, 12, m, false) // exact at a new draft
	d, _ = tt.Probe(key, 0)
	require.Equal(t, ttData{lower: 12, upper: 12, move: m, draft: 5}, d)
}

// TestTTMateScoresRoundTrip stores mate scores at one ply and reads them at
// another: they must move with the node, not stay fixed to the root.
func TestTTMateScoresRoundTrip(t *testing.T) {
	tt := NewTT(1)
	for _, c := range []struct{ score, storePly, probePly, want int }{
		{MateScore - 7, 5, 3, MateScore - 5},    // mate in 2 from the node at ply 5
		{-MateScore + 6, 6, 2, -MateScore + 2},  // mated at the node itself
		{MateScore - 10, 4, 4, MateScore - 10},  // same ply: unchanged
		{123, 9, 1, 123},                        // ordinary scores never move
		{-MateBound - 1, 3, 10, -MateBound + 6}, // deep mate, read deeper
	} {
		key := rand.Uint64() | 1
		tt.Store(key, c.storePly, 3, -Infinity, Infinity, c.score, engine.NullMove, false)
		d, ok := tt.Probe(key, c.probePly)
		require.True(t, ok)
		require.Equal(t, c.want, d.lower, "%+v", c)
		require.Equal(t, c.want, d.upper, "%+v", c)
	}
}

// TestTTTornEntryIsAMiss writes the halves of two different entries into one
// slot, as two racing threads could: the key check must reject it.
func TestTTTornEntryIsAMiss(t *testing.T) {
	tt := NewTT(1)
	k1, k2 := uint64(0xAAAA0000AAAA0001), uint64(0xAAAA0000AAAA0001)^0xFF00
	tt.Store(k1, 0, 3, -Infinity, Infinity, 10, engine.NullMove, false)
	b := tt.bucket(k1)
	var slot *ttEntry
	for i := range b {
		if b[i].data.Load() != 0 {
			slot = &b[i]
		}
	}
	require.NotNil(t, slot)
	other := pack(ttData{lower: -5, upper: -5, draft: 9})
	slot.data.Store(other) // data of another write, check of the first
	_, ok := tt.Probe(k1, 0)
	require.False(t, ok)
	_, ok = tt.Probe(k2, 0)
	require.False(t, ok)
}

// TestTTConcurrent hammers the table from several goroutines (run under
// -race by make test): every hit must carry the bounds written for its key.
func TestTTConcurrent(t *testing.T) {
	tt := NewTT(1)
	var wg sync.WaitGroup
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func(seed int64) {
			defer wg.Done()
			r := rand.New(rand.NewSource(seed))
			for i := 0; i < 20000; i++ {
				k := uint64(r.Intn(5000)+1) * 0x9E3779B97F4A7C15
				v := int(k>>40) % 1000 // the value is a function of the key
				if r.Intn(2) == 0 {
					tt.Store(k, 0, 1+r.Intn(10), -Infinity, Infinity, v, engine.NullMove, false)
				} else if d, ok := tt.Probe(k, 0); ok && d.lower != v {
					t.Errorf("key %x: lower %d, want %d", k, d.lower, v)
					return
				}
			}
		}(int64(g))
	}
	wg.Wait()
}

func TestTTHashfull(t *testing.T) {
	tt := NewTT(1)
	require.Equal(t, 0, tt.Hashfull())
	for i := 0; i < tt.Entries(); i++ {
		tt.Store(rand.Uint64()|1, 0, 1, -Infinity, Infinity, 0, engine.NullMove, false)
	}
	require.Greater(t, tt.Hashfull(), 500)
	tt.NewSearch()
	require.Equal(t, 0, tt.Hashfull(), "entries of an earlier search don't count")
	tt.Clear()
	_, ok := tt.Probe(1, 0)
	require.False(t, ok)
}

// TestTTPVMark: the PV mark survives later stores of the position that do
// not set it (a shallower one that is refused included), leaves with the
// entry, and shares its byte with a generation that wraps at 128 without
// touching it.
func TestTTPVMark(t *testing.T) {
	tt := NewTT(1)
	const key = 0x0fedcba987654321
	tt.Store(key, 0, 6, -Infinity, Infinity, 5, engine.NullMove, true)
	d, ok := tt.Probe(key, 0)
	require.True(t, ok)
	require.True(t, d.pv)
	tt.Store(key, 0, 6, 9, 10, 20, engine.NullMove, false)
	d, _ = tt.Probe(key, 0)
	require.True(t, d.pv, "a store without the mark keeps it")
	require.Equal(t, 20, d.lower)

	const other = 0x1111222233334444
	tt.Store(other, 0, 8, -Infinity, Infinity, 1, engine.NullMove, false)
	tt.Store(other, 0, 3, -Infinity, Infinity, 2, engine.NullMove, true)
	d, _ = tt.Probe(other, 0)
	require.Equal(t, 8, d.draft, "the deeper entry stays")
	require.True(t, d.pv, "and takes the mark")

	for i := 0; i < 127; i++ {
		tt.NewSearch()
	}
	require.Equal(t, uint8(127), tt.generation)
	tt.Store(key, 0, 7, -Infinity, Infinity, 5, engine.NullMove, false)
	d, _ = tt.Probe(key, 0)
	require.Equal(t, uint8(127), d.gen)
	require.True(t, d.pv)
	tt.NewSearch()
	require.Equal(t, uint8(0), tt.generation, "the generation wraps in its seven bits")

	tt.Clear()
	tt.Store(key, 0, 7, -Infinity, Infinity, 5, engine.NullMove, false)
	d, _ = tt.Probe(key, 0)
	require.False(t, d.pv, "a new entry starts unmarked")
}
