package lab

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestGrainTiny: a series per driver and grain; grain 1 is the plain
// evaluation (drivers-leaves' counts); a coarser evaluation changes the
// tree, and at the coarsest MTD(f) needs fewer passes than at grain 1
// (001 §5.2.2); the drivers agree on the value at every grain.
func TestGrainTiny(t *testing.T) {
	dir := t.TempDir()
	code, _, errOut := runLab(t, "run", "grain", "--count", "2", "--depth", "2..3", "--hash", "2", "--out", dir, "--jobs", "2")
	require.Equal(t, 0, code, "stderr: %s", errOut)
	assert.Contains(t, grains, playingGrain, "the grain Bounder plays at is one of the experiment's")
	md, err := os.ReadFile(filepath.Join(dir, "grain.md"))
	require.NoError(t, err)
	assert.Contains(t, string(md), fmt.Sprintf("at g = %d, the grain Bounder plays at", playingGrain), "the headline")
	passes := csvCounts(t, filepath.Join(dir, "grain.csv"), "passes")
	leaves := csvCounts(t, filepath.Join(dir, "grain.csv"), "leaves")
	require.Len(t, passes, 2*len(grains))
	for _, g := range grains {
		for _, d := range []string{"MTDf", "NegaScout"} {
			require.NotNil(t, passes[fmt.Sprintf("%s grain %d", d, g)], "%s grain %d", d, g)
		}
	}
	coarse := fmt.Sprintf("MTDf grain %d", grains[len(grains)-1])
	assert.Less(t, passes[coarse][3], passes["MTDf grain 1"][3], "fewer passes with a coarser evaluation")
	assert.NotEqual(t, leaves[coarse][3], leaves["MTDf grain 1"][3])

	dir2 := t.TempDir()
	code, _, errOut = runLab(t, "run", "drivers-leaves", "--count", "2", "--depth", "2..3", "--hash", "2", "--out", dir2, "--drivers", "MTDf")
	require.Equal(t, 0, code, "stderr: %s", errOut)
	plain := csvCounts(t, filepath.Join(dir2, "drivers-leaves.csv"), "leaves")
	assert.Equal(t, plain["MTDf"], leaves["MTDf grain 1"], "grain 1: the evaluation unrounded, as the other experiments search it")
	assert.Equal(t, plain["NegaScout"], leaves["NegaScout grain 1"])

	md, err = os.ReadFile(filepath.Join(dir, "grain.md"))
	require.NoError(t, err)
	assert.Contains(t, string(md), "at every grain every series (2 drivers) reached the same value")
	assert.Contains(t, string(md), "3 to 6")
	assert.Contains(t, string(md), "| 1 | ")
}
