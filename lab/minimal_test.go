package lab

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bounder-chess/bounder/search"
)

// csvCounts reads a column of an experiment's CSV by driver and depth.
func csvCounts(t *testing.T, name, column string) map[string]map[int]uint64 {
	t.Helper()
	out := map[string]map[int]uint64{}
	for _, r := range readCSV(t, name) {
		d, err := strconv.Atoi(r["depth"])
		require.NoError(t, err)
		n, err := strconv.ParseUint(r[column], 10, 64)
		require.NoError(t, err)
		if out[r["driver"]] == nil {
			out[r["driver"]] = map[int]uint64{}
		}
		out[r["driver"]][d] = n
	}
	return out
}

// TestFirstGuessTiny: MTD(f) started at the true value needs exactly two
// passes in the last iteration (a fail high at ƒ, a fail low at ƒ+1), and
// no distorted start fewer; k = 0 is the baseline of its own column.
func TestFirstGuessTiny(t *testing.T) {
	dir := t.TempDir()
	code, _, errOut := runLab(t, "run", "first-guess", "--count", "3", "--depth", "2..3", "--hash", "2", "--out", dir, "--jobs", "2")
	require.Equal(t, 0, code, "stderr: %s", errOut)
	passes := csvCounts(t, filepath.Join(dir, "first-guess.csv"), "passes")
	require.Len(t, passes, 2+len(firstGuessOffsets)+len(firstGuessBiases), "NegaScout, MTDf, one series per k and per δ")
	at0 := passes["MTDf first guess +0"]
	assert.Equal(t, uint64(2*3), at0[3]-at0[2], "two passes a position from the true value")
	for _, k := range firstGuessOffsets {
		p := passes["MTDf first guess "+strconv.FormatInt(int64(k), 10)]
		if k >= 0 {
			p = passes["MTDf first guess +"+strconv.Itoa(k)]
		}
		require.NotNil(t, p, "k %d", k)
		assert.GreaterOrEqual(t, p[3]-p[2], at0[3]-at0[2], "k %d", k)
		assert.Equal(t, at0[2], p[2], "k %d: the iterations before the last are MTD(f)'s own", k)
	}
	// One series per δ: MTD(f) from its previous score moved down.
	for _, b := range firstGuessBiases {
		p := passes["MTDf previous score -"+strconv.Itoa(b)]
		require.NotNil(t, p, "δ %d", b)
	}
	md, err := os.ReadFile(filepath.Join(dir, "first-guess.md"))
	require.NoError(t, err)
	assert.Contains(t, string(md), "| +0 | 1.000 | 1.000 | ")
	assert.Contains(t, string(md), "| previous score − 5 | ")
	assert.Contains(t, string(md), "reached the same value")
}

// TestMinimalGraphTiny: the minimal-graph experiment's graph agrees with
// the drivers' values, and no driver's whole search has fewer leaves than
// the graph of its last depth.
func TestMinimalGraphTiny(t *testing.T) {
	dir := t.TempDir()
	code, _, errOut := runLab(t, "run", "minimal-graph", "--count", "3", "--depth", "2..3", "--hash", "2", "--out", dir, "--jobs", "2")
	require.Equal(t, 0, code, "stderr: %s", errOut)
	leaves := csvCounts(t, filepath.Join(dir, "minimal-graph.csv"), "leaves")
	require.Len(t, leaves, len(search.Drivers())+1, "every driver and the graph")
	mg := leaves[minimalName]
	graph := mg[3] - mg[2] // the graph of depth 3 (the CSV's counts are cumulative)
	require.Positive(t, graph)
	for _, drv := range search.Drivers() {
		assert.GreaterOrEqual(t, leaves[drv][3], graph, drv)
	}
	md, err := os.ReadFile(filepath.Join(dir, "minimal-graph.md"))
	require.NoError(t, err)
	assert.Contains(t, string(md), "reached the same value")
	assert.Contains(t, string(md), "Zugzwang 1.2")
}
