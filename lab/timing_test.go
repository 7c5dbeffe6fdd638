package lab

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bounder-chess/bounder/search"
)

// withoutTimeColumns is an experiment's CSV without the time experiment's
// time columns (and its line that says how it timed), which no two runs
// share.
func withoutTimeColumns(t *testing.T, data string) string {
	t.Helper()
	lines := strings.Split(data, "\n")
	var out []string
	drop := -1
	for _, l := range lines {
		switch {
		case strings.HasPrefix(l, "# time:"):
			continue
		case strings.HasPrefix(l, "set,"):
			drop = slices.Index(strings.Split(l, ","), timeColumns[0])
		}
		if drop >= 0 && l != "" && !strings.HasPrefix(l, "#") {
			f := strings.Split(l, ",")
			require.Len(t, f, drop+len(timeColumns), l)
			l = strings.Join(f[:drop], ",")
		}
		out = append(out, l)
	}
	return strings.Join(out, "\n")
}

// TestTimeTiny checks the time experiment's structure only (its times are
// not deterministic): one row per driver and depth, the time columns
// ordered least <= median <= most, the counts those of drivers-leaves for
// the same arguments, NegaScout the baseline.
func TestTimeTiny(t *testing.T) {
	dir := t.TempDir()
	code, _, errOut := runLab(t, "run", "time", "drivers-leaves", "--count", "2", "--depth", "2..3", "--hash", "2", "--out", dir, "--jobs", "2")
	require.Equal(t, 0, code, "stderr: %s", errOut)
	rows := readCSV(t, filepath.Join(dir, "time.csv"))
	require.Len(t, rows, 2*len(search.Drivers()))
	for _, r := range rows {
		var ms [3]float64
		for i, c := range timeColumns {
			v, err := strconv.ParseFloat(r[c], 64)
			require.NoError(t, err, c)
			ms[i] = v
		}
		assert.LessOrEqual(t, ms[1], ms[0], r["driver"])
		assert.LessOrEqual(t, ms[0], ms[2], r["driver"])
		if r["depth"] == "3" {
			assert.Positive(t, ms[1], "%s: a search takes some time", r["driver"])
		}
	}
	// The same counts as the other experiments' searches.
	timed, err := os.ReadFile(filepath.Join(dir, "time.csv"))
	require.NoError(t, err)
	plain, err := os.ReadFile(filepath.Join(dir, "drivers-leaves.csv"))
	require.NoError(t, err)
	// drivers-leaves also has MTD(f) and NegaScout with the leaves not
	// stored, and MTD(f) with its first iteration started the other ways,
	// which time does not run.
	col, first := slices.Index(csvHeader, "leaves_stored"), slices.Index(csvHeader, "first_iteration")
	body := func(s string) string {
		var keep []string
		for _, l := range strings.Split(s[strings.Index(s, "\nset,"):], "\n") {
			if f := strings.Split(l, ","); len(f) <= first || f[col] != "false" && f[first] == "eval" {
				keep = append(keep, l)
			}
		}
		return strings.Join(keep, "\n")
	}
	assert.Equal(t, body(string(plain)), body(withoutTimeColumns(t, string(timed))))
	assert.Len(t, readCSV(t, filepath.Join(dir, "drivers-leaves.csv")), 2*(len(search.Drivers())+4),
		"drivers-leaves: MTD(f) and NegaScout also with the leaves not stored, MTD(f) started two more ways")

	md, err := os.ReadFile(filepath.Join(dir, "time.md"))
	require.NoError(t, err)
	assert.Contains(t, string(md), "| NegaScout | 1.000 | 1.000 | — | 1 (the baseline) |")
	assert.Contains(t, string(md), "| NegaScout | 1.000 | 1.000 – 1.000 | 1.000 | 1.000 |")
	assert.Contains(t, string(md), "9–16% faster")
	assert.Contains(t, string(md), "reached the same value")
}

func TestMedian(t *testing.T) {
	assert.Equal(t, 2.0, median([]float64{3, 1, 2}))
	assert.Equal(t, 2.5, median([]float64{4, 1, 3, 2}))
	assert.Equal(t, 7.0, median([]float64{7}))
}
