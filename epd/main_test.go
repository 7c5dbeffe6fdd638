package epd

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
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

func runMain(args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = Main(args, &out, &errb)
	return code, out.String(), errb.String()
}

func TestSplitArgs(t *testing.T) {
	c, err := parseArgs([]string{"a.epd", "--depth", "3", "b.epd", "--selective=false", "-format=csv", "--out", "o.csv", "c.epd"})
	require.NoError(t, err)
	assert.Equal(t, []string{"a.epd", "b.epd", "c.epd"}, c.files)
	assert.Equal(t, 3, c.depth)
	assert.False(t, c.selective)
	assert.Equal(t, "csv", c.format)
	assert.Equal(t, "o.csv", c.out)
	assert.Zero(t, c.moveTime, "no default movetime when a depth is given")

	c, err = parseArgs([]string{"--movetime", "250ms", "--", "--weird.epd", "-"})
	require.NoError(t, err)
	assert.Equal(t, []string{"--weird.epd", "-"}, c.files)
	assert.Equal(t, "250ms", c.moveTime.String())

	c, err = parseArgs([]string{"x.epd"})
	require.NoError(t, err)
	assert.Equal(t, "1s", c.moveTime.String(), "default limit")
	assert.Empty(t, c.eval)

	c, err = parseArgs([]string{"x.epd", "--eval", "material"})
	require.NoError(t, err)
	assert.Equal(t, "Material", c.eval)
	assert.True(t, c.selective)
	assert.Equal(t, 64, c.hash)

	for _, bad := range [][]string{
		{},
		{"--depth", "3"},
		{"x.epd", "--bogus"},
		{"x.epd", "--movetime", "10"}, // Go durations have units
		{"x.epd", "--movetime", "-1s"},
		{"x.epd", "--depth", "x"},
		{"x.epd", "--hash", "0"},
		{"x.epd", "--threads", "0"},
		{"x.epd", "--threads", "65"},
		{"x.epd", "--format", "xml"},
		{"x.epd", "--driver", "no-such-driver"},
		{"x.epd", "--eval", "neural"},
	} {
		_, err := parseArgs(bad)
		assert.Error(t, err, "%q", bad)
	}
}

func TestMainExitCodes(t *testing.T) {
	code, out, _ := runMain("--help")
	assert.Equal(t, ExitOK, code)
	assert.Contains(t, out, "usage: bounder epd")

	code, _, errs := runMain("--depth", "1")
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errs, "no EPD file")

	code, _, errs = runMain("testdata/small.epd", "--bogus")
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errs, "bogus")

	// An unreadable file fails before anything runs.
	code, out, errs = runMain("testdata/small.epd", "testdata/missing.epd", "--depth", "1")
	assert.Equal(t, ExitUsage, code)
	assert.Empty(t, out)
	assert.Contains(t, errs, "missing.epd")

	code, _, errs = runMain("testdata/small.epd", "--depth", "1", "--out", filepath.Join(t.TempDir(), "no", "such", "dir"))
	assert.Equal(t, ExitUsage, code)
	assert.NotEmpty(t, errs)
}

// TestMainHashTooBig is issue 12's --hash beyond the machine's memory,
// which killed the runner with Go's out-of-memory error: a usage error,
// before anything is allocated or searched.
func TestMainHashTooBig(t *testing.T) {
	for _, mib := range []int{search.MaxHashMiB() + 1, 1 << 30} {
		code, out, errs := runMain("testdata/small.epd", "--depth", "1", "--hash", strconv.Itoa(mib))
		assert.Equal(t, ExitUsage, code, "--hash %d", mib)
		assert.Empty(t, out)
		assert.Contains(t, errs, fmt.Sprintf("bounder epd: --hash %d MiB is more than this machine can hold (at most %d MiB)", mib, search.MaxHashMiB()))
	}
}

// The real search on easy positions, at small depths.
func TestMainText(t *testing.T) {
	code, out, errs := runMain("testdata/small.epd", "--depth", "2", "--hash", "1")
	require.Equal(t, ExitOK, code, errs)
	assert.Empty(t, errs, "no progress bar or warnings when stderr is not a terminal")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	require.Len(t, lines, 6, out)
	for i, prefix := range []string{
		"mate1.back-rank  ok   bm Rd8#  got Rd8#  mate 1  depth ",
		"mate1.dm         ok   dm 1  got Rd8#  mate 1  depth ",
		"am.hangs-queen   ok   am Qxb6  got ",
		"capture.queen    ok   bm Kxb2  got Kxb2  ",
		"sts.like         ok   bm Rd8+  got Rd8#  mate 1  points 10/10  depth ",
		"testdata/small.epd: solved 5/5 (100.0%)  points 10/10 (100.0%)  time ",
	} {
		assert.True(t, strings.HasPrefix(lines[i], prefix), "line %d: %q, want prefix %q", i, lines[i], prefix)
	}
	assert.Contains(t, lines[0], "first ")
	assert.Contains(t, lines[5], "avg depth ")
}

func TestMainMalformed(t *testing.T) {
	code, out, errs := runMain("--nodes", "2000", "--hash", "1", "testdata/malformed.epd", "testdata/crlf.epd")
	require.Equal(t, ExitOK, code, errs)
	for _, line := range []int{2, 4, 5, 6} {
		assert.Contains(t, errs, "testdata/malformed.epd:"+string(rune('0'+line))+": ")
	}
	assert.Contains(t, errs, "testdata/malformed.epd:3: illegal.bm: illegal bm Zz9")
	assert.Contains(t, out, "illegal.bm  skip bm Zz9  illegal bm Zz9")
	assert.Contains(t, out, "malformed.epd: solved 2/2 (100.0%)")
	assert.Contains(t, out, "(1 skipped, 4 malformed)")
	assert.Contains(t, out, "crlf.epd: solved 2/2 (100.0%)")
	assert.Contains(t, out, "total: solved 4/4 (100.0%)")
}

func TestMainCSV(t *testing.T) {
	outFile := filepath.Join(t.TempDir(), "r.csv")
	code, out, errs := runMain("testdata/malformed.epd", "--depth=1", "--hash=1", "--format", "csv", "--out", outFile)
	require.Equal(t, ExitOK, code, errs)
	assert.Empty(t, out, "--out takes the results")
	assert.Contains(t, errs, "malformed.epd: solved 2/2", "csv summaries go to stderr")
	data, err := os.ReadFile(outFile)
	require.NoError(t, err)
	rows, err := csv.NewReader(bytes.NewReader(data)).ReadAll()
	require.NoError(t, err)
	require.Len(t, rows, 4)
	assert.Equal(t, csvHeader, rows[0])
	col := func(row []string, name string) string {
		for i, h := range csvHeader {
			if h == name {
				return row[i]
			}
		}
		t.Fatalf("no column %s", name)
		return ""
	}
	assert.Equal(t, "good.1", col(rows[1], "id"))
	assert.Equal(t, "1", col(rows[1], "line"))
	assert.Equal(t, "ok", col(rows[1], "status"))
	assert.Equal(t, "Rd8#", col(rows[1], "move"))
	assert.Equal(t, "d1d8", col(rows[1], "uci"))
	assert.Equal(t, "mate 1", col(rows[1], "score"))
	assert.Equal(t, "1", col(rows[1], "first_depth"))
	assert.Equal(t, "skip", col(rows[2], "status"))
	assert.Contains(t, col(rows[2], "note"), "illegal bm Zz9")
	assert.Equal(t, "good.2", col(rows[3], "id"))
}

func TestMainJSON(t *testing.T) {
	code, out, errs := runMain("--format", "json", "--depth", "2", "--hash", "1", "testdata/small.epd")
	require.Equal(t, ExitOK, code, errs)
	var results []jsonResult
	var sums []jsonSummary
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var kind struct{ Type string }
		require.NoError(t, json.Unmarshal([]byte(line), &kind), line)
		switch kind.Type {
		case "result":
			var r jsonResult
			require.NoError(t, json.Unmarshal([]byte(line), &r))
			results = append(results, r)
		case "summary":
			var s jsonSummary
			require.NoError(t, json.Unmarshal([]byte(line), &s))
			sums = append(sums, s)
		default:
			t.Fatalf("bad line %s", line)
		}
	}
	require.Len(t, results, 5)
	require.Len(t, sums, 1)
	r := results[0]
	assert.Equal(t, "mate1.back-rank", r.ID)
	assert.True(t, r.Solved)
	assert.Equal(t, []string{"Rd8#"}, r.BM)
	assert.Equal(t, "d1d8", r.UCI)
	require.NotNil(t, r.Mate)
	assert.Equal(t, 1, *r.Mate)
	assert.Nil(t, r.Score)
	assert.Equal(t, 1, results[1].DM)
	require.NotNil(t, results[4].Points)
	assert.Equal(t, 10, *results[4].Points)
	assert.Equal(t, 5, sums[0].Solved)
	assert.Equal(t, 5, sums[0].Scored)
	assert.Equal(t, "testdata/small.epd", sums[0].File)
	assert.Greater(t, sums[0].Nodes, uint64(0))
}

// --threads reaches the search's options; the suite runs as with one.
func TestMainThreads(t *testing.T) {
	c, err := parseArgs([]string{"x.epd", "--threads", "3"})
	require.NoError(t, err)
	assert.Equal(t, 3, c.threads)
	code, out, errs := runMain("testdata/small.epd", "--depth", "3", "--hash", "1", "--threads", "2")
	assert.Equal(t, ExitOK, code, errs)
	assert.Contains(t, out, "testdata/small.epd: solved")
}

func TestRunSuitesInterrupted(t *testing.T) {
	s, err := ReadSuite("testdata/small.epd", nil)
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	f := &fakeSearcher{iters: []iter{{"d1d8", 0}}}
	r := &Runner{Searcher: f, Limits: search.Limits{Depth: 1}}
	var out, errb bytes.Buffer
	code := runSuites(ctx, r, []*Suite{s}, newReporter("text", &out, &errb), &errb, false)
	assert.Equal(t, ExitInterrupted, code)
	assert.Equal(t, 1, f.searches, "nothing runs after the interrupted search")
	assert.Equal(t, "testdata/small.epd: solved 0/0 (0.0%)  time 0s  avg depth 0.0  nodes 0  nps 0\n", out.String())
	assert.Contains(t, errb.String(), "interrupted")
}
