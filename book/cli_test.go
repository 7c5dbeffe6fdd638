package book

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func runMain(args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = Main(args, &out, &errb)
	return code, out.String(), errb.String()
}

func TestCLIBuildAndDump(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "games.bin")
	code, stdout, stderr := runMain("build", "--pgn", fixturePGN, "--out", out)
	require.Equal(t, 0, code, stderr)
	require.Contains(t, stdout, "51 games")
	data, err := os.ReadFile(out)
	require.NoError(t, err)
	recorded, err := os.ReadFile(filepath.Join(fixtureDir, "games.polyglot.bin"))
	require.NoError(t, err)
	require.Equal(t, recorded, data, "same as polyglot make-book with its defaults")

	code, _, stderr = runMain("build", "--pgn", fixturePGN, "--out", out, "--min-games", "1", "--max-ply", "16")
	require.Equal(t, 0, code, stderr)
	data, err = os.ReadFile(out)
	require.NoError(t, err)
	recorded, err = os.ReadFile(filepath.Join(fixtureDir, "games-min1-ply16.polyglot.bin"))
	require.NoError(t, err)
	require.Equal(t, recorded, data)

	code, stdout, stderr = runMain("dump", "--book", out, "--moves", "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5")
	require.Equal(t, 0, code, stderr)
	require.Equal(t, `fen   r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4
key   `+keyHex(t, "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5")+`
eco   C50 Giuoco Piano
entries 1
e1g1   weight 6  learn 0  100.00%
`, stdout)

	// A FEN, and moves from it.
	code, stdout, stderr = runMain("dump", "--book", out, "--fen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "--moves", "e2e4")
	require.Equal(t, 0, code, stderr)
	require.Contains(t, stdout, "key   823c9b50fd114196\n")
	require.Contains(t, stdout, "eco   B00 King's Pawn\n")

	// No entries.
	code, stdout, _ = runMain("dump", "--book", out, "--moves", "h2h4")
	require.Equal(t, 0, code)
	require.Contains(t, stdout, "entries 0\n")

	// The default book when no --book is given.
	code, stdout, stderr = runMain("dump")
	require.Equal(t, 0, code, stderr)
	require.Contains(t, stdout, "e2e4   weight")
}

func keyHex(t *testing.T, moves string) string {
	t.Helper()
	k := mustPos(t, "", moves).Key()
	const hex = "0123456789abcdef"
	var b [16]byte
	for i := 15; i >= 0; i-- {
		b[i] = hex[k&15]
		k >>= 4
	}
	return string(b[:])
}

func TestCLIDumpIllegalEntry(t *testing.T) {
	start := mustPos(t, "", "")
	es := []Entry{
		{Key: start.Key(), Raw: raw("e2e4"), Weight: 3},
		{Key: start.Key(), Raw: raw("e2e5"), Weight: 1, Learn: 9},
	}
	path := filepath.Join(t.TempDir(), "b.bin")
	require.NoError(t, os.WriteFile(path, MarshalEntries(es), 0o644))
	code, stdout, stderr := runMain("dump", "--book", path)
	require.Equal(t, 0, code, stderr)
	require.Contains(t, stdout, "e2e4   weight 3  learn 0  100.00%\n")
	require.Contains(t, stdout, "raw e2e5?  weight 1  learn 9  (not legal here)\n")
}

func TestCLIErrors(t *testing.T) {
	// Each case: exit status 2, nothing on stdout, one line on stderr.
	dir := t.TempDir()
	notBook := filepath.Join(dir, "odd.bin")
	require.NoError(t, os.WriteFile(notBook, []byte("not a book"), 0o644))
	badPGN := filepath.Join(dir, "bad.pgn")
	require.NoError(t, os.WriteFile(badPGN, []byte(pgnGame("1-0", "1. e4 e5 2. Ke3 1-0")), 0o644))
	cases := [][]string{
		{},
		{"frobnicate"},
		{"build"},
		{"build", "--pgn", fixturePGN},
		{"build", "--out", filepath.Join(dir, "x.bin")},
		{"build", "--pgn", filepath.Join(dir, "missing.pgn"), "--out", filepath.Join(dir, "x.bin")},
		{"build", "--pgn", badPGN, "--out", filepath.Join(dir, "x.bin")},
		{"build", "--pgn", fixturePGN, "--out", filepath.Join(dir, "x.bin"), "--min-games", "0"},
		{"build", "--pgn", fixturePGN, "--out", filepath.Join(dir, "x.bin"), "--max-ply", "x"},
		{"build", "--nope"},
		{"dump", "--book", filepath.Join(dir, "missing.bin")},
		{"dump", "--book", notBook},
		{"dump", "--fen", "not a fen"},
		{"dump", "--moves", "e2e5"},
		{"dump", "--lines", "green"},
		{"dump", "--lines", "white", "--moves", "e2e4"},
		{"dump", "stray"},
	}
	for _, args := range cases {
		code, stdout, stderr := runMain(args...)
		require.Equal(t, 2, code, "%q", args)
		require.Empty(t, stdout, "%q", args)
		require.Equal(t, 1, strings.Count(stderr, "\n"), "one line for %q: %q", args, stderr)
		prefix := "book: "
		if len(args) > 0 && (args[0] == "build" || args[0] == "dump") {
			prefix = "book " + args[0] + ": "
		}
		require.True(t, strings.HasPrefix(stderr, prefix), stderr)
	}
	_, err := os.Stat(filepath.Join(dir, "x.bin"))
	require.True(t, os.IsNotExist(err), "no output on error")

	for _, args := range [][]string{{"help"}, {"build", "-h"}, {"dump", "--help"}} {
		code, stdout, _ := runMain(args...)
		require.Equal(t, 0, code)
		require.Contains(t, stdout, "usage:")
	}
}

// A build that fails, or that would write an empty book, exits 2 and leaves
// the existing book as it was, with no temporary file beside it. (An empty
// PGN used to truncate the book to 0 bytes and exit 0.)
func TestCLIBuildFailureKeepsBook(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "book.bin")
	old := []byte("an existing book, sixteen bytes!")
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
		return p
	}
	game := pgnGame("1-0", "1. e4 e5 1-0")
	cases := []struct {
		pgn  string
		args []string
		msg  string
	}{
		{write("empty.pgn", ""), nil, "no games: the book would be empty"},
		{write("blank.pgn", "\n\n{just a comment}\n"), nil, "no games"},
		{write("one.pgn", game), nil, "1 games, and no move was both played in 3 of them"},
		{write("two.pgn", game+pgnGame("1-0", "1. d4 d5 1-0")), []string{"--min-games", "2"}, "2 games, and no move"},
		{write("bad.pgn", game+pgnGame("1-0", "1. e4 e5 2. Ke3 1-0")), nil, "game 2, line 9: move 2: \"Ke3\" is not a legal move"},
		{write("open.pgn", game+"[Event \"x\"]\n\n1. e4 {"+strings.Repeat("x", 70000)), nil, "game 2, line 8: comment opened at line 8 is not closed"},
		{write("junk.pgn", "\x00\x01\x02"), nil, "unexpected character"},
	}
	for _, c := range cases {
		require.NoError(t, os.WriteFile(out, old, 0o644))
		code, stdout, stderr := runMain(append([]string{"build", "--pgn", c.pgn, "--out", out}, c.args...)...)
		require.Equal(t, 2, code, "%s: %s", c.pgn, stderr)
		require.Empty(t, stdout)
		require.Contains(t, stderr, c.msg)
		require.Equal(t, 1, strings.Count(stderr, "\n"), stderr)
		data, err := os.ReadFile(out)
		require.NoError(t, err)
		require.Equal(t, old, data, "%s: the old book is intact", c.pgn)
	}
	files, err := os.ReadDir(dir)
	require.NoError(t, err)
	for _, f := range files {
		require.False(t, strings.HasSuffix(f.Name(), ".tmp"), "left behind: %s", f.Name())
	}

	// The output is checked before the games are read.
	code, _, stderr := runMain("build", "--pgn", fixturePGN, "--out", filepath.Join(dir, "missing", "b.bin"))
	require.Equal(t, 1, code)
	require.Contains(t, stderr, "cannot write beside --out")
	code, _, stderr = runMain("build", "--pgn", fixturePGN, "--out", dir)
	require.Equal(t, 1, code)
	require.Contains(t, stderr, "is a directory")
	code, _, stderr = runMain("build", "--pgn", fixturePGN, "--out", fixturePGN)
	require.Equal(t, 2, code)
	require.Contains(t, stderr, "--out is the --pgn file")

	// A success replaces the book, readable by all as before.
	code, _, stderr = runMain("build", "--pgn", fixturePGN, "--out", out)
	require.Equal(t, 0, code, stderr)
	fi, err := os.Stat(out)
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o644), fi.Mode().Perm())
	recorded, err := os.ReadFile(filepath.Join(fixtureDir, "games.polyglot.bin"))
	require.NoError(t, err)
	data, err := os.ReadFile(out)
	require.NoError(t, err)
	require.Equal(t, recorded, data)
}

// Progress goes to stderr, never to stdout.
func TestCLIBuildProgress(t *testing.T) {
	defer func(d time.Duration) { progressEvery = d }(progressEvery)
	progressEvery = 0 // a report after every game
	out := filepath.Join(t.TempDir(), "b.bin")
	code, stdout, stderr := runMain("build", "--pgn", fixturePGN, "--out", out)
	require.Equal(t, 0, code, stderr)
	require.Equal(t, "51 games, "+strconv.Itoa(len(readFixtureBook(t))/EntrySize)+" entries written to "+out+"\n", stdout)
	lines := strings.Split(strings.TrimSuffix(stderr, "\n"), "\n")
	require.Len(t, lines, 51)
	require.True(t, strings.HasPrefix(lines[0], "book build: 1 games read ("), lines[0])
	require.True(t, strings.HasPrefix(lines[50], "book build: 51 games read (0.0 of 0.0 MB, 100%)"), lines[50])
}

func readFixtureBook(t *testing.T) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(fixtureDir, "games.polyglot.bin"))
	require.NoError(t, err)
	return data
}
