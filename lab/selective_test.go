package lab

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bounder-chess/bounder/search"
)

// TestSelectiveTiny: every driver runs in both modes; the pure-mode values
// agree (a disagreement there fails the run), the selective ones are only
// counted; selective mode searches other trees than pure mode; each mode's
// NegaScout is its own baseline.
func TestSelectiveTiny(t *testing.T) {
	dir := t.TempDir()
	code, _, errOut := runLab(t, "run", "selective", "--count", "2", "--depth", "2..3", "--hash", "2", "--out", dir, "--jobs", "2")
	require.Equal(t, 0, code, "stderr: %s", errOut)
	leaves := csvCounts(t, filepath.Join(dir, "selective.csv"), "leaves")
	require.Len(t, leaves, 2*len(search.Drivers()), "every driver in both modes")
	for _, d := range search.Drivers() {
		require.NotNil(t, leaves[d], d)
		require.NotNil(t, leaves[d+selectiveSuffix], d)
		assert.NotEqual(t, leaves[d][3], leaves[d+selectiveSuffix][3], "%s: selective mode searches another tree", d)
	}
	md, err := os.ReadFile(filepath.Join(dir, "selective.md"))
	require.NoError(t, err)
	s := string(md)
	assert.Contains(t, s, "in pure mode every series (8 drivers) reached the same value")
	assert.Contains(t, s, "| NegaScout | 1.000 | 1.000 | 1.000 | 1.000 | — | 1 (the baseline) |")
	assert.Contains(t, s, "| 0 of 4 | — |", "NegaScout never differs from itself")
	assert.Contains(t, s, "values differ")
}
