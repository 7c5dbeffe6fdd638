package lab

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bounder-chess/bounder/search"
)

var synthNames = []string{"synthetic-negascout", "synthetic-bns", "synthetic-minimal"}

// TestSyntheticTiny runs the synthetic experiments at a tiny scale, twice,
// and checks what must hold: the same files for the same seed, other trees
// for another, every driver's value the same, the minimal tree's count.
func TestSyntheticTiny(t *testing.T) {
	dirs := []string{t.TempDir(), t.TempDir(), t.TempDir()}
	for i, dir := range dirs {
		names, seed := synthNames, "1"
		if i == 2 {
			names, seed = synthNames[1:2], "2" // the cheapest, to see other trees
		}
		args := append([]string{"run"}, names...)
		args = append(args, "--count", "2", "--depth", "2..3", "--seed", seed, "--out", dir)
		code, out, errOut := runLab(t, args...)
		require.Equal(t, 0, code, "stderr: %s", errOut)
		assert.NotContains(t, errOut, "disagree")
		for _, n := range names {
			assert.Contains(t, out, n)
		}
	}
	c3, err := os.ReadFile(filepath.Join(dirs[2], synthNames[1]+".csv"))
	require.NoError(t, err)
	for _, n := range synthNames {
		c1, err := os.ReadFile(filepath.Join(dirs[0], n+".csv"))
		require.NoError(t, err)
		c2, err := os.ReadFile(filepath.Join(dirs[1], n+".csv"))
		require.NoError(t, err)
		assert.Equal(t, string(c1), string(c2), "%s: the same seed, the same CSV", n)
		if n == synthNames[1] {
			assert.NotEqual(t, string(c1), string(c3), "%s: another seed, other trees", n)
		}
		md, err := os.ReadFile(filepath.Join(dirs[0], n+".md"))
		require.NoError(t, err)
		assert.Contains(t, string(md), "reached the same value", n)
		assert.Contains(t, string(md), "second, small memory-enhanced", "%s says whose walker it is", n)
		for _, ext := range []string{".svg", ".png"} {
			fi, err := os.Stat(filepath.Join(dirs[0], n+ext))
			require.NoError(t, err)
			assert.Greater(t, fi.Size(), int64(1000), n+ext)
		}
	}

	// synthetic-minimal: with the best move always first every driver that
	// proves the value searches exactly the minimal tree; BNS no more.
	rows := readCSV(t, filepath.Join(dirs[0], "synthetic-minimal.csv"))
	checked := 0
	for _, r := range rows {
		if r["ordering"] != "1" {
			continue
		}
		w, _ := strconv.Atoi(r["width"])
		d, _ := strconv.Atoi(r["depth"])
		trees, _ := strconv.Atoi(r["trees"])
		leaves, _ := strconv.ParseUint(r["leaves"], 10, 64)
		km := search.MinimalTreeLeaves(w, d) * uint64(trees)
		if r["driver"] == "BNS" {
			assert.LessOrEqual(t, leaves, km, "%v", r)
		} else {
			assert.Equal(t, km, leaves, "%v", r)
		}
		checked++
	}
	assert.Equal(t, 4*2*len(search.Drivers()), checked, "widths 2-5, depths 2-3, every driver")

	// synthetic-bns: BNS with 004's later rounds and with the playing ones,
	// and MTD(f) and BNS again under each weaker memory.
	rows = readCSV(t, filepath.Join(dirs[0], "synthetic-bns.csv"))
	rounds := map[string]int{}
	weaker := map[string]int{}
	for _, r := range rows {
		switch d := r["driver"]; {
		case d == "BNS" || strings.HasPrefix(d, "BNS ") && d != bnsPlaying: // 004's rounds, under every memory
			assert.Equal(t, "004", r["bns_rounds"])
		case d == bnsPlaying:
			assert.Equal(t, "playing", r["bns_rounds"])
		default:
			assert.Empty(t, r["bns_rounds"], d)
		}
		rounds[r["bns_rounds"]]++
		for _, m := range bnsMemory {
			if strings.HasSuffix(r["driver"], " "+m.label) {
				weaker[m.label]++
				assert.Equal(t, strconv.FormatBool(!m.noTable), r["table"], r["driver"])
				if m.noTable {
					assert.Equal(t, "0", r["tt_probes"], r["driver"])
				}
			}
		}
	}
	assert.Equal(t, 3*8, rounds["004"], "widths 2-5, two ranges, every node stored and the two weaker memories")
	assert.Equal(t, 8, rounds["playing"])
	for _, m := range bnsMemory {
		assert.Equal(t, 2*8, weaker[m.label], "MTD(f) and BNS %s", m.label)
	}
	md, err := os.ReadFile(filepath.Join(dirs[0], "synthetic-bns.md"))
	require.NoError(t, err)
	assert.Contains(t, string(md), "| "+bnsPlaying+" |")
	assert.Contains(t, string(md), "**The table's strength, toggled**")
	assert.Contains(t, string(md), "| table-free | 0..80 |")

	// synthetic-negascout: alpha-beta and NegaScout, with and without the table.
	rows = readCSV(t, filepath.Join(dirs[0], "synthetic-negascout.csv"))
	assert.NotEmpty(t, rows)
	for _, r := range rows {
		assert.Contains(t, []string{"AlphaBeta", "NegaScout"}, r["driver"])
		if r["table"] == "false" {
			assert.Equal(t, "0", r["tt_probes"])
		}
	}
}

// TestRootValueMode: 004's analytic root value distribution gives 004's
// most frequent value (Table 1: 31 for width 2, depth 14, leaves 0..80), and
// the mode a sample of small trees shows.
func TestRootValueMode(t *testing.T) {
	mode, p := rootValueMode(search.Tree{Kind: search.RandomTree, Width: 2, Depth: 14, Lo: 0, Hi: 80})
	assert.Equal(t, 31, mode)
	assert.InDelta(t, 0.252, p, 0.02, "004 Table 1: 252 trees of 1000")

	tr := search.Tree{Kind: search.RandomTree, Width: 3, Depth: 5, Lo: 0, Hi: 40}
	mode, p = rootValueMode(tr)
	count := map[int]int{}
	const n = 3000
	for s := uint64(1); s <= n; s++ {
		tr.Seed = s
		count[tr.Minimax()]++
	}
	assert.InDelta(t, p, float64(count[mode])/n, 0.03, "the mode's frequency")
	for v, c := range count {
		assert.LessOrEqual(t, c, count[mode]+n/50, "value %d is not much more frequent than the mode %d", v, mode)
	}
}

func TestCheckTrees(t *testing.T) {
	a := synthRow{driver: "AlphaBeta", values: []int{5, 7}, bounds: []search.Bound{search.BoundExact, search.BoundExact}}
	b := synthRow{driver: "BNS", values: []int{4, 7}, bounds: []search.Bound{search.BoundLower, search.BoundLower}}
	none := func(int) (int, bool) { return 0, false }
	assert.Empty(t, checkTrees("c", []synthRow{a, b}, none))
	c := synthRow{driver: "MTDf", values: []int{5, 8}, bounds: []search.Bound{search.BoundExact, search.BoundExact}}
	assert.Len(t, checkTrees("c", []synthRow{a, b, c}, none), 1)
	b.values[0] = 6
	assert.Len(t, checkTrees("c", []synthRow{a, b}, none), 1, "a lower bound above the value")
	assert.Len(t, checkTrees("c", []synthRow{a}, func(int) (int, bool) { return 5, true }), 1, "tree 1 is not 5")
}

// TestSeparationValue: 004's best first separation value (Table 3: 30 for
// width 2, depth 14, 0..80, separating 509 trees of 1000), and on a sample
// of small trees the share of trees it separates.
func TestSeparationValue(t *testing.T) {
	x, p := separationValue(search.Tree{Kind: search.RandomTree, Width: 2, Depth: 14, Lo: 0, Hi: 80})
	assert.Equal(t, 30, x)
	assert.InDelta(t, 0.509, p, 0.03, "004 Table 3: 509 trees of 1000")

	tr := search.Tree{Kind: search.RandomTree, Width: 3, Depth: 5, Lo: 0, Hi: 40}
	x, p = separationValue(tr)
	const n = 3000
	separated := 0
	for s := uint64(1); s <= n; s++ {
		tr.Seed = s
		above := 0
		for _, v := range tr.RootMoveValues() {
			if v >= x {
				above++
			}
		}
		if above == 1 {
			separated++
		}
	}
	assert.InDelta(t, p, float64(separated)/n, 0.03)
}

// TestGuessedDriversStartAtTheGuess checks the driver table's Guessed
// against what each driver does, and that the lab's experiments read it: a
// driver starts at a first guess when searching without one is searching
// at a guess of 0 and a guess at the tree's value searches another tree
// than one at 0 (the tree's values lie far from 0). Aspiration NegaScout
// uses a guess it is given but searches the full window without one;
// alpha-beta, SSS* and DUAL* ignore it.
func TestGuessedDriversStartAtTheGuess(t *testing.T) {
	tree := search.Tree{Kind: search.RandomTree, Width: 4, Depth: 5, Lo: 400, Hi: 900, Seed: 7}
	exact, err := search.SearchTree(tree, "AlphaBeta", 1, search.TreeOptions{})
	require.NoError(t, err)
	guessed := 0
	for _, d := range search.DriverTable() {
		run := func(opt search.TreeOptions) search.TreeStats {
			res, err := search.SearchTree(tree, d.Name, 1, opt)
			require.NoError(t, err, d.Name)
			return res.Stats
		}
		none := run(search.TreeOptions{})
		atZero := run(search.TreeOptions{UseGuess: true})
		atValue := run(search.TreeOptions{UseGuess: true, Guess: exact.Value})
		startsAtGuess := none == atZero && atValue != atZero
		assert.Equal(t, startsAtGuess, d.Guessed, "%s: the table says Guessed %v", d.Name, d.Guessed)
		assert.Equal(t, d.Guessed, search.DriverGuessed(d.Name), d.Name)
		want := "none"
		if d.Guessed {
			want, guessed = "value", guessed+1
		}
		assert.Equal(t, want, guessKind(d.Name, "value"), d.Name)
	}
	assert.Equal(t, 4, guessed, "MTD(f), MTD(bi), MTD(step) and BNS")
	assert.False(t, search.DriverGuessed("no such driver"))
}
