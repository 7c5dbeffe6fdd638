package lab

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/vbauerster/mpb/v8"
)

// testBench stands for the bench signature in the lab's runs: the real
// one is a second and a half of search, and the tests run the lab dozens
// of times (TestLabPage runs the real one).
const testBench = 1234567

func TestMain(m *testing.M) {
	benchSignature = func() (uint64, error) { return testBench, nil }
	os.Exit(m.Run())
}

// runStopped runs the lab and stops it, as an interrupt does, once stop
// more searches have been appended to the journal.
func runStopped(t *testing.T, stop int, args ...string) (int, string, string) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	n := 0
	journalHook = func() {
		if n++; n == stop {
			cancel()
		}
	}
	defer func() { journalHook = nil }()
	var stdout, stderr bytes.Buffer
	code := runMain(ctx, args[1:], &stdout, &stderr) // args[0] is "run"
	return code, stdout.String(), stderr.String()
}

// journalRows is the number of searches in dir's journal.
func journalRows(t *testing.T, dir string) int {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, journalName))
	require.NoError(t, err)
	require.True(t, bytes.HasSuffix(data, []byte("\n")), "whole lines")
	require.True(t, bytes.HasPrefix(data, []byte(journalHead)), "the engine first")
	return bytes.Count(data, []byte("\n")) - 1
}

// sameFiles checks that two out directories hold the same CSVs and
// Markdown (the time experiment's times aside).
func sameFiles(t *testing.T, dir1, dir2 string) {
	t.Helper()
	for _, x := range Experiments() {
		if x.Skip != "" {
			continue
		}
		for _, ext := range []string{".csv", ".md"} {
			c1, err := os.ReadFile(filepath.Join(dir1, x.Name+ext))
			require.NoError(t, err)
			c2, err := os.ReadFile(filepath.Join(dir2, x.Name+ext))
			require.NoError(t, err)
			if x.Name == "time" {
				if ext == ".md" {
					continue // its times differ from run to run
				}
				c1, c2 = []byte(withoutTimeColumns(t, string(c1))), []byte(withoutTimeColumns(t, string(c2)))
			}
			assert.Equal(t, string(c1), string(c2), "%s%s: the same for the same arguments", x.Name, ext)
		}
	}
}

// TestJournalRepair: a journal whose last line is torn (a run killed
// mid-write) has the line cut off and its search made again; a complete
// journal makes the run search nothing and write the same files.
func TestJournalRepair(t *testing.T) {
	dir, ref := t.TempDir(), t.TempDir()
	args := []string{"run", "drivers-leaves", "synthetic-bns", "--count", "2", "--depth", "2..3", "--hash", "1", "--out"}
	code, _, errOut := runLab(t, append(args, ref)...)
	require.Equal(t, 0, code, "stderr: %s", errOut)
	rows := journalRows(t, ref)

	code, _, errOut = runLab(t, append(args, dir)...)
	require.Equal(t, 0, code, "stderr: %s", errOut)
	path := filepath.Join(dir, journalName)
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	last := bytes.LastIndexByte(data[:len(data)-1], '\n') + 1
	for _, torn := range [][]byte{data[:last+(len(data)-last)/2], data[:len(data)-1]} {
		require.NoError(t, os.WriteFile(path, torn, 0o644))
		code, out, errOut := runLab(t, append(args, dir)...)
		require.Equal(t, 0, code, "stderr: %s", errOut)
		assert.Contains(t, errOut, "cut off a torn last line")
		assert.Contains(t, out, "(1 search made, ")
		assert.Equal(t, rows, journalRows(t, dir))
		for _, name := range []string{"drivers-leaves.csv", "drivers-leaves.md", "synthetic-bns.csv", "synthetic-bns.md"} {
			want, err := os.ReadFile(filepath.Join(ref, name))
			require.NoError(t, err)
			got, err := os.ReadFile(filepath.Join(dir, name))
			require.NoError(t, err)
			assert.Equal(t, string(want), string(got), name)
		}
	}

	// Complete: nothing to search.
	code, out, errOut := runLab(t, append(args, dir)...)
	require.Equal(t, 0, code, "stderr: %s", errOut)
	assert.Empty(t, errOut)
	assert.Contains(t, out, "(0 searches made, ")

	// A row whose counts do not read is searched again and appended.
	data, err = os.ReadFile(path)
	require.NoError(t, err)
	lines := strings.SplitAfter(string(data), "\n")
	k := strings.LastIndexByte(lines[1], ',')
	lines[1] = lines[1][:k] + ",x\n"
	require.NoError(t, os.WriteFile(path, []byte(strings.Join(lines, "")), 0o644))
	code, out, errOut = runLab(t, append(args, dir)...)
	require.Equal(t, 0, code, "stderr: %s", errOut)
	assert.Contains(t, out, "(1 search made, ")

	// Another bench signature alone (the engine's default evaluation
	// changed, say) keeps the journal: the lab searches the same.
	benchSignature = func() (uint64, error) { return testBench + 1, nil }
	defer func() { benchSignature = func() (uint64, error) { return testBench, nil } }()
	code, out, errOut = runLab(t, append(args, dir)...)
	require.Equal(t, 0, code, "stderr: %s", errOut)
	assert.Contains(t, out, "(0 searches made, ")

	// Another lab signature's journal is moved aside, not used.
	was := labOnce
	labOnce = func() (string, error) { return "0123456789abcdef", nil }
	defer func() { labOnce = was }()
	code, out, errOut = runLab(t, append(args, dir)...)
	require.Equal(t, 0, code, "stderr: %s", errOut)
	assert.Contains(t, errOut, "was made by another engine")
	assert.Contains(t, out, "0 read from")
	matches, err := filepath.Glob(filepath.Join(dir, "searches.lab-*.csv"))
	require.NoError(t, err)
	assert.Len(t, matches, 1, "the old journal kept aside")
}

// TestMeters: plain lines say what is done and what is left; the bar
// draws its counters.
func TestMeters(t *testing.T) {
	defer func(d time.Duration) { lineEvery = d }(lineEvery)
	lineEvery = 0
	var b bytes.Buffer
	m := lineMeters(&b)("etc", 4)
	for range 4 {
		m.inc()
	}
	m.finish(false)
	lines := strings.Split(strings.TrimSpace(b.String()), "\n")
	require.Len(t, lines, 3, "a line a search but the last: %q", b.String())
	assert.Regexp(t, `^bounder lab: etc: 1/4 searches \(25%\), \S+ spent, about \S+ left$`, lines[0])
	assert.Contains(t, lines[2], "3/4 searches (75%)")

	b.Reset()
	m = barMeters(&b, mpb.WithAutoRefresh())("etc", 2)
	m.inc()
	m.inc()
	m.finish(false)
	assert.Contains(t, b.String(), "2/2 searches")
	assert.Contains(t, b.String(), "etc")
}
