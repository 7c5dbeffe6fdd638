package lab

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bounder-chess/bounder/search"
)

// tiny are the arguments of a run small enough for the tests: two
// positions, depths 2..3, two table sizes.
func tiny(out string, extra ...string) []string {
	return append([]string{"run", "all", "--count", "2", "--depth", "2..3", "--sizes", "1,2", "--hash", "2", "--out", out}, extra...)
}

func runLab(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := Main(args, &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

func TestEmbeddedSetIsWAC(t *testing.T) {
	want, err := os.ReadFile(filepath.Join("..", "testdata", "epd", "wacnew.epd"))
	require.NoError(t, err)
	assert.True(t, bytes.Equal(want, wacEPD), "lab/wacnew.epd must be a copy of testdata/epd/wacnew.epd")
	set, err := loadSet("", 0, 1)
	require.NoError(t, err)
	assert.GreaterOrEqual(t, len(set.list), 100, "paper scale needs at least 100 positions")
	assert.Equal(t, 100, scales["paper"].count)
}

func TestSample(t *testing.T) {
	a, b := sample(300, 20, 7), sample(300, 20, 7)
	assert.Equal(t, a, b, "a seed draws the same positions")
	assert.NotEqual(t, a, sample(300, 20, 8))
	assert.Len(t, a, 20)
	for i := 1; i < len(a); i++ {
		assert.Less(t, a[i-1], a[i], "sorted, no repeats")
	}
	assert.Equal(t, []int{0, 1, 2}, sample(300, 3, 0), "seed 0: the first positions")

	set, err := loadSet("testdata/tiny.epd", 0, 1)
	require.NoError(t, err)
	assert.Equal(t, []string{"scholar", "kiwipete"}, set.ids(), "a position without moves is left out")
}

func TestParseDepths(t *testing.T) {
	for _, c := range []struct {
		in       string
		from, to int
		ok       bool
	}{{"2..6", 2, 6, true}, {"5", 1, 5, true}, {"3..3", 3, 3, true}, {"0..3", 0, 0, false},
		{"4..2", 0, 0, false}, {"x", 0, 0, false}, {"1..99", 0, 0, false}} {
		from, to, err := parseDepths(c.in)
		if !c.ok {
			assert.Error(t, err, c.in)
			continue
		}
		require.NoError(t, err, c.in)
		assert.Equal(t, [2]int{c.from, c.to}, [2]int{from, to}, c.in)
	}
}

func TestUsage(t *testing.T) {
	for _, args := range [][]string{{"--help"}, {"run", "--help"}, {"list", "--help"}, {"run", "etc", "-h"}} {
		code, out, errOut := runLab(t, args...)
		assert.Equal(t, 0, code, "%q", args)
		assert.True(t, strings.HasPrefix(out, "usage: bounder lab list\n"), "%q: %s", args, out)
		assert.Contains(t, out, "--scale SCALE")
		assert.Empty(t, errOut)
	}
	for _, args := range [][]string{nil, {"frob"}, {"run"}, {"run", "nope"}, {"run", "etc", "--scale", "huge"},
		{"run", "etc", "--depth", "9..2"}, {"run", "etc", "--drivers", "MTDf,Nope"}, {"run", "etc", "--hash", "0"},
		{"run", "etc", "--bogus"}, {"run", "etc", "--positions", "testdata/missing.epd"}, {"list", "x"},
		{"run", "table-size", "--sizes", "1,x"}} {
		code, out, errOut := runLab(t, args...)
		assert.Equal(t, 2, code, "%q", args)
		assert.Empty(t, out, "%q", args)
		assert.Equal(t, 1, strings.Count(errOut, "\n"), "%q: one line: %q", args, errOut)
	}
}

// TestOutOfRange: --depth, --count and --drivers out of range get exit
// status 2 and one line that says why, before anything is searched or
// written; --count above the set's size is fine for the synthetic
// experiments alone, whose --count is a number of trees.
func TestOutOfRange(t *testing.T) {
	for _, c := range []struct {
		args   []string
		reason string
	}{
		{[]string{"--depth", "0"}, "want 1 <= A <= B <= 64"},
		{[]string{"--depth", "2..65"}, "want 1 <= A <= B <= 64"},
		{[]string{"--depth", "5..4"}, "want 1 <= A <= B <= 64"},
		{[]string{"--depth", ""}, "is not A..B or B"},
		{[]string{"--count", "0"}, "--count 0: want at least 1"},
		{[]string{"--count", "-3"}, "--count -3: want at least 1"},
		{[]string{"--count", "301"}, "--count 301: wacnew.epd has 300 positions with a move (want 1 to 300)"},
		{[]string{"--count", "3", "--positions", "testdata/tiny.epd"}, "--count 3: testdata/tiny.epd has 2 positions"},
		{[]string{"--drivers", ""}, "--drivers: an empty list"},
		{[]string{"--drivers", ","}, "--drivers: an empty list"},
		{[]string{"--drivers", "MTDf,,BNS"}, `unknown driver "" in --drivers`},
		{[]string{"--drivers", "MTDf,Nope"}, `unknown driver "Nope" in --drivers`},
	} {
		dir := t.TempDir()
		args := append([]string{"run", "etc", "--out", dir}, c.args...)
		code, out, errOut := runLab(t, args...)
		assert.Equal(t, 2, code, "%q", c.args)
		assert.Empty(t, out, "%q", c.args)
		assert.Equal(t, 1, strings.Count(errOut, "\n"), "%q: one line: %q", c.args, errOut)
		assert.Contains(t, errOut, c.reason, "%q", c.args)
		assert.NoFileExists(t, filepath.Join(dir, "etc.csv"), "%q: nothing written", c.args)
	}
	for _, c := range []struct {
		names  []string
		args   []string
		reason string
	}{
		{[]string{"synthetic-bns"}, []string{"--count", "100001"}, "at most 100000 trees per configuration"},
		{[]string{"synthetic-bns"}, []string{"--depth", "61"}, "synthetic trees are at most 60 plies deep"},
		{[]string{"all"}, []string{"--count", "400"}, "--count 400: wacnew.epd has 300 positions"},
	} {
		args := append(append([]string{"run"}, c.names...), append(c.args, "--out", t.TempDir())...)
		code, out, errOut := runLab(t, args...)
		assert.Equal(t, 2, code, "%q", args)
		assert.Empty(t, out, "%q", args)
		assert.Contains(t, errOut, c.reason, "%q", args)
	}

	// More trees than the set has positions: the synthetic experiments'
	// --count is theirs.
	dir := t.TempDir()
	code, _, errOut := runLab(t, "run", "synthetic-bns", "--count", "5", "--positions", "testdata/tiny.epd", "--depth", "2", "--out", dir)
	require.Equal(t, 0, code, "stderr: %s", errOut)
	for _, r := range readCSV(t, filepath.Join(dir, "synthetic-bns.csv")) {
		assert.Equal(t, "5", r["trees"], "5 trees, where the set has 2 positions")
	}
}

func TestList(t *testing.T) {
	code, out, _ := runLab(t, "list")
	require.Equal(t, 0, code)
	for _, x := range Experiments() {
		assert.Contains(t, out, x.Name)
		assert.Contains(t, out, x.Source)
	}
	for _, x := range Experiments() {
		if x.Skip != "" {
			assert.Contains(t, out, x.Name+" ", "%s says why it does not run", x.Name)
			assert.Contains(t, out, "not available")
		}
	}
}

// TestRunTiny runs every experiment at a tiny scale, twice: with one job,
// and with three jobs cut off twice part-way and continued from the
// journal; the two write the same files, and what must hold is checked.
func TestRunTiny(t *testing.T) {
	dir1, dir2 := t.TempDir(), t.TempDir()
	code, out, errOut := runLab(t, tiny(dir1, "--jobs", "1")...)
	require.Equal(t, 0, code, "stderr: %s", errOut)
	for _, x := range Experiments() {
		if x.Skip != "" {
			assert.Contains(t, errOut, x.Name, "the skipped experiment is named")
		}
	}
	assert.NotContains(t, errOut, "disagree")
	rows := journalRows(t, dir1)
	assert.Contains(t, out, fmt.Sprintf("(%d searches made, 0 read from ", rows))

	// Cut off after a third of the searches, then after another third,
	// then to the end (-short, as make test's race run: cut once, halfway).
	cuts := 2
	if testing.Short() {
		cuts = 1
	}
	for cut := 1; cut <= cuts; cut++ {
		code, _, errOut = runStopped(t, rows/(cuts+1), tiny(dir2, "--jobs", "3")...)
		require.Equal(t, ExitInterrupted, code, "cut %d: stderr: %s", cut, errOut)
		assert.Contains(t, errOut, "the same command continues")
		kept := journalRows(t, dir2)
		assert.GreaterOrEqual(t, kept, cut*(rows/(cuts+1)), "cut %d: every search finished is kept", cut)
		assert.Less(t, kept, rows, "cut %d: the run stopped before the end", cut)
	}
	code, out2, errOut := runLab(t, tiny(dir2, "--jobs", "3")...)
	require.Equal(t, 0, code, "stderr: %s", errOut)
	assert.NotContains(t, out2, " 0 read from ", "the continued run read the searches of the cut ones")
	assert.Equal(t, rows, journalRows(t, dir2), "every search once")
	sameFiles(t, dir1, dir2)
	checkPageTiny(t, dir1)

	for _, x := range Experiments() {
		if x.Skip != "" {
			assert.NoFileExists(t, filepath.Join(dir1, x.Name+".csv"))
			continue
		}
		assert.Contains(t, out, x.Name)
		c1, err := os.ReadFile(filepath.Join(dir1, x.Name+".csv"))
		require.NoError(t, err)
		assert.Contains(t, string(c1), "# bounder lab run "+x.Name+" --scale quick")

		md, err := os.ReadFile(filepath.Join(dir1, x.Name+".md"))
		require.NoError(t, err)
		assert.Contains(t, string(md), "| "+x.Source, "%s: the paper's column", x.Name)
		assert.Contains(t, string(md), "**"+x.Source+"**")
		assert.Contains(t, string(md), "reached the same value")
		assert.Contains(t, string(md), "95% interval", "%s: its ratios have intervals", x.Name)
		for _, ext := range []string{".svg", ".png"} {
			fi, err := os.Stat(filepath.Join(dir1, x.Name+ext))
			require.NoError(t, err)
			assert.Greater(t, fi.Size(), int64(1000), x.Name+ext)
		}
	}
	png, _ := os.ReadFile(filepath.Join(dir1, "etc.png"))
	assert.True(t, bytes.HasPrefix(png, []byte("\x89PNG")))
	svg, _ := os.ReadFile(filepath.Join(dir1, "etc.svg"))
	assert.Contains(t, string(svg), "<svg")

	// NegaScout's leaves relative to its own: exactly 1, no interval; the
	// others' with one, and MTD(f)'s judged on it.
	md, _ := os.ReadFile(filepath.Join(dir1, "drivers-leaves.md"))
	assert.Contains(t, string(md), "| NegaScout | 1.000 | 1.000 | — |")
	assert.Regexp(t, `\| MTDf \| \d\.\d{3} \(\d\.\d{3}–\d\.\d{3}\) \|.*\| (agrees with|\*\*differs\*\*: (above|below)) 0\.900–0\.950 \|`, string(md))
	csvRows := readCSV(t, filepath.Join(dir1, "drivers-leaves.csv"))
	leaves := map[string]uint64{}
	for _, r := range csvRows {
		assert.Equal(t, "wacnew.epd", r["set"])
		assert.Equal(t, "2", r["positions"])
		assert.Equal(t, "2", r["hash_mib"])
		if r["depth"] == "3" {
			n, err := strconv.ParseUint(r["leaves"], 10, 64)
			require.NoError(t, err)
			leaves[r["driver"]] = n
		}
	}
	assert.Len(t, leaves, len(search.Drivers())+4, "one row per driver and depth, MTD(f) and NegaScout without the "+
		"leaves stored, MTD(f) with its first iteration at 0 and with the full window")
	assert.Equal(t, 1.0, float64(leaves["NegaScout"])/float64(leaves["NegaScout"]))
	assert.Len(t, csvRows, 2*(len(search.Drivers())+4))
	// The first iteration three ways: the values the same (checked by the
	// run), the lab's default at the evaluation, the full window one pass.
	for _, r := range csvRows {
		want := "eval"
		if f, ok := strings.CutPrefix(r["driver"], "MTDf first iteration "); ok {
			want = f
		}
		assert.Equal(t, want, r["first_iteration"], r["driver"])
	}
	dl, err := os.ReadFile(filepath.Join(dir1, "drivers-leaves.md"))
	require.NoError(t, err)
	assert.Regexp(t, `\| full window \| [^|]+ \| [^|]+ \| [^|]+ \| 1\.0 \|\n`, string(dl), "the full window: one pass at depth 1")
	assert.Contains(t, string(dl), "the evaluation is Full (the hand-crafted one with its tuned weights")
	assert.Contains(t, string(dl), fmt.Sprintf("where Bounder plays at a grain of %d cp", playingGrain))
	for _, d := range []string{"MTDf", "NegaScout"} {
		assert.Less(t, leaves[d], leaves[d+unstoredSuffix], "%s: storing the leaves saves some", d)
	}
}

func readCSV(t *testing.T, name string) []map[string]string {
	t.Helper()
	f, err := os.Open(name)
	require.NoError(t, err)
	defer f.Close()
	r := csv.NewReader(f)
	r.Comment = '#'
	recs, err := r.ReadAll()
	require.NoError(t, err)
	var out []map[string]string
	for _, rec := range recs[1:] {
		m := map[string]string{}
		for i, h := range recs[0] {
			m[h] = rec[i]
		}
		out = append(out, m)
	}
	return out
}

// TestDriversAgree checks the values themselves: in pure mode every driver
// returns the same score per position and depth (BNS a lower bound on it),
// with and without ETC, with any table.
func TestDriversAgree(t *testing.T) {
	set, err := loadSet("testdata/tiny.epd", 0, 0)
	require.NoError(t, err)
	r := newRunner(set, 3, 2, nil, nil)
	defer r.close()
	var specs []spec
	for _, d := range search.Drivers() {
		specs = append(specs, spec{driver: d, hashMiB: 1}, spec{driver: d, etcDepth: 1, hashMiB: 2})
	}
	require.NoError(t, r.run(context.Background(), "test", specs))
	var ss []*series
	for _, sp := range specs {
		ss = append(ss, r.done[sp])
	}
	assert.Empty(t, r.checkValues(ss, 1, 3, 10))
	ref := r.done[spec{driver: "NegaScout", hashMiB: 1}]
	for _, s := range ss {
		for i := range set.list {
			for d := 1; d <= 3; d++ {
				if bounded(s.driver) {
					assert.LessOrEqual(t, s.values[i][d].score, ref.values[i][d].score)
				} else {
					assert.Equal(t, ref.values[i][d].score, s.values[i][d].score, "%s %s depth %d", s.label(), set.list[i].id, d)
				}
			}
		}
		assert.Greater(t, s.at[3].Leaves, s.at[2].Leaves, "cumulative counts grow")
	}
	// A series that disagrees is reported.
	broken := *ref
	broken.values = [][]point{append([]point(nil), ref.values[0]...), ref.values[1]}
	broken.values[0][2].score = -broken.values[0][2].score - 1 // the other side's mate, if it was a mate
	assert.Len(t, r.checkValues([]*series{ref, &broken}, 1, 3, 10), 1)
}

// TestETCLastIteration: the CSV's last-iteration columns are each depth's
// count less the one before (at depth 1 the count itself), and etc's
// Markdown gives the last iteration, with 003's number, beside the
// cumulative count.
func TestETCLastIteration(t *testing.T) {
	dir := t.TempDir()
	code, _, errOut := runLab(t, "run", "etc", "--count", "2", "--depth", "1..3", "--hash", "2", "--out", dir, "--jobs", "2")
	require.Equal(t, 0, code, "stderr: %s", errOut)
	rows := readCSV(t, filepath.Join(dir, "etc.csv"))
	type key struct{ driver, etc, stored string }
	prev := map[key][2]uint64{}
	n := func(r map[string]string, c string) uint64 {
		v, err := strconv.ParseUint(r[c], 10, 64)
		require.NoError(t, err, c)
		return v
	}
	for _, r := range rows {
		k := key{r["driver"], r["etc_depth"], r["leaves_stored"]}
		p := prev[k]
		if r["depth"] == "1" {
			p = [2]uint64{}
		}
		assert.Equal(t, n(r, "leaves")-p[0], n(r, "leaves_last"), "%v depth %s", k, r["depth"])
		assert.Equal(t, n(r, "nodes")-p[1], n(r, "nodes_last"), "%v depth %s", k, r["depth"])
		prev[k] = [2]uint64{n(r, "leaves"), n(r, "nodes")}
	}
	// Every driver with ETC and without, MTD(f) and NegaScout with ETC from
	// n = 2 (the sweep to depth 3), NegaScout's two without stored leaves.
	require.Len(t, prev, 2*len(search.Drivers())+2+2)
	md, err := os.ReadFile(filepath.Join(dir, "etc.md"))
	require.NoError(t, err)
	last, cum := strings.Index(string(md), "**The last iteration**"), strings.Index(string(md), "**Cumulative**")
	require.True(t, last >= 0 && cum > last, "the last iteration first, then the cumulative count")
	assert.Contains(t, string(md)[last:cum], "factor of 1.28", "003's number beside the last iteration")
	assert.NotContains(t, string(md)[cum:], "factor of 1.28")
	assert.Contains(t, string(md), "| not stored, last iteration |")
}

// TestSameMate: a mate for one side agrees with another mate for that side
// (or the report's MateBound for an unshown one), not with the other side's
// mate or with an evaluation.
func TestSameMate(t *testing.T) {
	assert.True(t, sameMate(search.MateScore-9, search.MateBound))
	assert.True(t, sameMate(-search.MateScore+4, -search.MateScore+10))
	assert.False(t, sameMate(search.MateScore-9, -search.MateScore+9))
	assert.False(t, sameMate(search.MateBound-1, search.MateBound))
	assert.False(t, sameMate(300, 300), "equal evaluations are checked as values, not as mates")
	// The minimal graph's check takes the same rule (WAC.251 and WAC.285
	// at the paper scale: the solver's mate in 9 plies, NegaScout's
	// MateBound).
	assert.True(t, graphAgrees(search.MateScore-9, search.MateBound))
	assert.True(t, graphAgrees(-25, -25))
	assert.False(t, graphAgrees(-25, -24))
	assert.False(t, graphAgrees(search.MateScore-9, -search.MateBound))
}
