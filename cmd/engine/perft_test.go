package main

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// long is set by the Makefile's test-long (go test ./... -args -long); every
// test binary of the module must define it.
var long = flag.Bool("long", false, "also check the CPW suite through the CLI to depth 5")

func runPerft(args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = perftMain(args, &out, &errb)
	return code, out.String(), errb.String()
}

const kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

func TestPerftCount(t *testing.T) {
	code, out, errs := runPerft("3")
	require.Equal(t, 0, code, errs)
	assert.Equal(t, "Nodes searched: 8902\n", out)
	assert.Empty(t, errs)

	code, out, _ = runPerft("--fen", kiwipete, "2")
	require.Equal(t, 0, code)
	assert.Equal(t, "Nodes searched: 2039\n", out)

	// Flags after DEPTH, and the single-dash and = forms.
	code, out, _ = runPerft("2", "-fen="+kiwipete)
	require.Equal(t, 0, code)
	assert.Equal(t, "Nodes searched: 2039\n", out)
}

func TestPerftDivide(t *testing.T) {
	for _, args := range [][]string{{"--divide", "2"}, {"2", "--divide"}} {
		code, out, errs := runPerft(args...)
		require.Equal(t, 0, code, errs)
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		require.Len(t, lines, 21)
		assert.Equal(t, "a2a3: 20", lines[0])
		assert.Equal(t, "b1a3: 20", lines[2])
		assert.Equal(t, "h2h4: 20", lines[19])
		assert.Equal(t, "Nodes searched: 400", lines[20])
		for i := 1; i < 20; i++ {
			assert.Less(t, lines[i-1], lines[i], "sorted by move")
		}
	}
	code, out, _ := runPerft("--fen", kiwipete, "--divide", "3")
	require.Equal(t, 0, code)
	assert.Contains(t, out, "\ne1g1: 2059\n")
	assert.Contains(t, out, "\ne1c1: 1887\n")
	assert.True(t, strings.HasSuffix(out, "\nNodes searched: 97862\n"), out)
	assert.Len(t, strings.Split(strings.TrimSpace(out), "\n"), 49)

	// A mated side has no root moves.
	code, out, _ = runPerft("--fen", "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", "--divide", "1")
	require.Equal(t, 0, code)
	assert.Equal(t, "Nodes searched: 0\n", out)
}

func TestPerftBadArguments(t *testing.T) {
	for _, args := range [][]string{
		{},
		{"x"},
		{"0"},
		{"-1"},
		{"31"},
		{"2", "3"},
		{"--fen", "not a fen", "2"},
		{"--fen", "4k3/8/8/8/8/8/8/4K2R w Q - 0 1", "2"},
		{"--fen"},
		{"--nope", "2"},
		{"--max-depth", "2", "2"},
		{"--suite", "x.epd", "3"},
		{"--suite", "x.epd", "--divide"},
		{"--suite", "x.epd", "--max-depth", "-1"},
	} {
		code, out, errs := runPerft(args...)
		assert.Equal(t, 2, code, "%q", args)
		assert.Empty(t, out, "%q", args)
		assert.True(t, strings.HasPrefix(errs, "perft: "), "%q: %q", args, errs)
		assert.Equal(t, 1, strings.Count(errs, "\n"), "one line for %q: %q", args, errs)
	}
	code, out, _ := runPerft("-h")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "usage: bounder perft")
}

func writeSuite(t *testing.T, text string) string {
	path := filepath.Join(t.TempDir(), "suite.epd")
	require.NoError(t, os.WriteFile(path, []byte(text), 0o644))
	return path
}

func TestPerftSuite(t *testing.T) {
	code, out, errs := runPerft("--suite", "../../testdata/perft/perftsuite.epd", "--max-depth", "2")
	require.Equal(t, 0, code, errs)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	require.Len(t, lines, 128)
	assert.Equal(t, "PASS ../../testdata/perft/perftsuite.epd:1 rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1; D1 20 D2 400", lines[0])
	assert.Regexp(t, `^perft: 127/127 positions passed, \d+ nodes in \d+\.\d\d s \(\d+\.\d Mnps\)$`, lines[127])

	// Every depth, with comments, blank lines, CRLF and a trailing ";".
	path := writeSuite(t, "# comment\r\n\r\n4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15 ;D2 66 ;D3 1197;\r\n")
	code, out, errs = runPerft("--suite", path)
	require.Equal(t, 0, code, errs)
	assert.Equal(t, "PASS "+path+":3 4k3/8/8/8/8/8/8/4K2R w K - 0 1; D1 15 D2 66 D3 1197\n"+
		"perft: 1/1 positions passed, 1278 nodes in", out[:strings.Index(out, " in ")+3])
}

func TestPerftSuiteMismatch(t *testing.T) {
	path := writeSuite(t, "4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15 ;D2 67 ;D3 1197\n"+
		"4k3/8/8/8/8/8/8/R3K3 w Q - 0 1 ;D1 16 ;D2 71\n")
	code, out, errs := runPerft("--suite", path)
	assert.Equal(t, 1, code)
	assert.Empty(t, errs)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	require.Len(t, lines, 3)
	assert.Equal(t, "FAIL "+path+":1 4k3/8/8/8/8/8/8/4K2R w K - 0 1; D1 15 D2 expected 67 got 66", lines[0])
	assert.Equal(t, "PASS "+path+":2 4k3/8/8/8/8/8/8/R3K3 w Q - 0 1; D1 16 D2 71", lines[1])
	assert.True(t, strings.HasPrefix(lines[2], "perft: 1/2 positions passed, 168 nodes in "), lines[2])

	// --max-depth stops before the wrong count.
	code, _, _ = runPerft("--suite", path, "--max-depth", "1")
	assert.Equal(t, 0, code)
}

// Real suites leave depths out (";D1 18 ;D2 92 ;D3 1670 ;D6 1134888"):
// each depth given is checked, and --max-depth still cuts. (Such suites
// used to be rejected as out of order.)
func TestPerftSuiteSkippedDepths(t *testing.T) {
	path := writeSuite(t, "4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D2 66 ;D4 7059\n"+
		"4k3/8/8/8/8/8/8/R3K3 w Q - 0 1 ;D1 16 ;D3 1287 ;D5 145232\n")
	code, out, errs := runPerft("--suite", path)
	require.Equal(t, 0, code, errs)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	require.Len(t, lines, 3)
	assert.Equal(t, "PASS "+path+":1 4k3/8/8/8/8/8/8/4K2R w K - 0 1; D2 66 D4 7059", lines[0])
	assert.Equal(t, "PASS "+path+":2 4k3/8/8/8/8/8/8/R3K3 w Q - 0 1; D1 16 D3 1287 D5 145232", lines[1])
	assert.True(t, strings.HasPrefix(lines[2], "perft: 2/2 positions passed, 153660 nodes in "), lines[2])

	code, out, errs = runPerft("--suite", path, "--max-depth", "3")
	require.Equal(t, 0, code, errs)
	assert.Contains(t, out, ":1 4k3/8/8/8/8/8/8/4K2R w K - 0 1; D2 66\n")
	assert.Contains(t, out, ":2 4k3/8/8/8/8/8/8/R3K3 w Q - 0 1; D1 16 D3 1287\n")

	// A wrong count at a skipped-to depth is found.
	path = writeSuite(t, "4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15 ;D3 1198\n")
	code, out, _ = runPerft("--suite", path)
	assert.Equal(t, 1, code)
	assert.Contains(t, out, "; D1 15 D3 expected 1198 got 1197\n")
}

// FuzzParseSuite reads arbitrary text as a perft suite: no panic, and what
// is accepted has a valid FEN and strictly increasing depths in range.
//
//	go test ./cmd/engine -run '^$' -fuzz FuzzParseSuite -fuzztime 30s
func FuzzParseSuite(f *testing.F) {
	f.Add("4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15 ;D3 1197;\r\n# c\n\n")
	f.Add("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D1 20")
	f.Add("8/8/8/8/8/8/8/8 w - - 0 1 ;D0 1 ;D31 2 ;bm e4")
	f.Fuzz(func(t *testing.T, text string) {
		cases, err := parseSuite("f.epd", strings.NewReader(text))
		if err != nil {
			if !strings.HasPrefix(err.Error(), "f.epd") {
				t.Fatalf("error without the file name: %v", err)
			}
			return
		}
		require.NotEmpty(t, cases)
		for _, c := range cases {
			require.NotEmpty(t, c.counts)
			for i, dc := range c.counts {
				require.True(t, dc.depth >= 1 && dc.depth <= maxPerftDepth, "depth %d", dc.depth)
				if i > 0 {
					require.Greater(t, dc.depth, c.counts[i-1].depth)
				}
			}
		}
	})
}

func TestPerftSuiteErrors(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15\nnot a fen ;D1 3\n", ":2: fen: "},
		{"4k3/8/8/8/8/8/8/4K2R w K - 0 1\n", ":1: no perft counts"},
		{"4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15 ;D1 15\n", ":1: depth D1 given twice"},
		{"4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D2 66 ;D1 15\n", ":1: depth D1 after D2: the depths must increase"},
		{"4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D0 1\n", ":1: bad depth \"D0\": want D1 to D30"},
		{"4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D31 1\n", ":1: bad depth \"D31\""},
		{"4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;Dx 1\n", ":1: bad depth \"Dx\""},
		{"4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15\n" + strings.Repeat("x", 1<<20) + "\n", ":2: line longer than 1 MiB"},
		{"\n\n4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 x\n", ":3: bad count \"x\""},
		{"4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;bm Kd1\n", ":1: bad operation \"bm Kd1\""},
		{"# nothing\n", ": no positions"},
	} {
		path := writeSuite(t, c.text)
		code, out, errs := runPerft("--suite", path)
		assert.Equal(t, 2, code, c.text)
		assert.Empty(t, out, c.text)
		assert.Contains(t, errs, path+c.want, c.text)
		assert.Equal(t, 1, strings.Count(errs, "\n"), errs)
	}
	code, _, errs := runPerft("--suite", filepath.Join(t.TempDir(), "missing.epd"))
	assert.Equal(t, 2, code)
	assert.Contains(t, errs, "missing.epd")
}

func TestRunDispatchesPerft(t *testing.T) {
	var out, errb bytes.Buffer
	require.Equal(t, 0, run([]string{"perft", "1"}, strings.NewReader(""), &out, &errb))
	assert.Equal(t, "Nodes searched: 20\n", out.String())
}

// TestPerftSuiteLong checks the CPW suite through the CLI (-long only).
func TestPerftSuiteLong(t *testing.T) {
	if !*long {
		t.Skip("needs -long")
	}
	code, out, errs := runPerft("--suite", "../../testdata/perft/cpw-standard.epd", "--max-depth", "5")
	require.Equal(t, 0, code, errs)
	assert.Contains(t, out, "perft: 7/7 positions passed, ")
}
