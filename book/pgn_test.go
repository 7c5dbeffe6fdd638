package book

import (
	"fmt"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/notnil/chess"
	"github.com/stretchr/testify/require"

	"github.com/bounder-chess/bounder/engine"
)

// readGame is a game as the PGN reader gives it, in UCI.
type readGame struct {
	result string
	start  string // the side to move at the start, "w" or "b"
	moves  string
}

// readAll reads every game of pgn with the book's PGN reader.
func readAll(r io.Reader, maxPly int) ([]readGame, error) {
	pr := newPGNReader(r, maxPly)
	var out []readGame
	for {
		g, err := pr.next()
		if err == errPGNEOF {
			return out, nil
		}
		if err != nil {
			return out, err
		}
		var ms []string
		for _, m := range g.moves {
			ms = append(ms, m.String())
		}
		side := "w"
		if g.start == engine.Black {
			side = "b"
		}
		out = append(out, readGame{g.result, side, strings.Join(ms, " ")})
	}
}

func TestPGNReaderSyntax(t *testing.T) {
	cases := []struct {
		name, pgn string
		want      []readGame
	}{
		{"plain", "[Event \"x\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 1-0\n",
			[]readGame{{"1-0", "w", "e2e4 e7e5 g1f3"}}},
		{"no tags, no final newline", "1. d4 d5 *",
			[]readGame{{"*", "w", "d2d4 d7d5"}}},
		{"the Result tag wins over the terminator", "[Result \"0-1\"]\n1. e4 1/2-1/2",
			[]readGame{{"0-1", "w", "e2e4"}}},
		{"no result at all", "[Event \"x\"]\n\n1. e4 e5\n",
			[]readGame{{"", "w", "e2e4 e7e5"}}},
		{"comments, NAGs, annotations, nested variations",
			"{a} 1. e4! {b (c} $1 e5?! (1... c5 (1... e6 2. d4) {d) e} 2. Nf3) ; rest (of line\n" +
				"2. Nf3 $14 Nc6 !? 3. Bb5 {x\ny} a6 1-0",
			[]readGame{{"1-0", "w", "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6"}}},
		{"escape lines and CRLF", "%comment line\r\n[Event \"x\"]\r\n\r\n1. e4\r\n% 2. d4\r\ne5 *\r\n",
			[]readGame{{"*", "w", "e2e4 e7e5"}}},
		{"byte-order mark", "\uFEFF[Result \"1-0\"]\n1. e4 1-0",
			[]readGame{{"1-0", "w", "e2e4"}}},
		{"move numbers in every spelling", "1.e4 1...e5 2 . Nf3 2... Nc6 3.Bb5 *",
			[]readGame{{"*", "w", "e2e4 e7e5 g1f3 b8c6 f1b5"}}},
		{"a missing result: the next tags start the next game",
			"[Event \"1\"]\n\n1. e4\n[Event \"2\"]\n\n1. d4 *\n",
			[]readGame{{"", "w", "e2e4"}, {"*", "w", "d2d4"}}},
		{"tags only, then a game", "[Event \"1\"]\n[Event \"2\"]\n{c}\n\n[Event \"3\"]\n1. c4 *",
			[]readGame{{"", "w", ""}, {"*", "w", "c2c4"}}},
		{"tag escapes and an unescaped quote", "[Event \"a \\\"b\\\" \\\\\"]\n[Site \"the \"big\" one\"]\n[Result \"1-0\" ]\n1. e4 1-0",
			[]readGame{{"1-0", "w", "e2e4"}}},
		{"the first FEN tag, in any case, from black",
			"[fen \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\"]\n[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n1... e5 2. Nf3 0-1",
			[]readGame{{"0-1", "b", "e7e5 g1f3"}}},
		{"lenient moves",
			"1. e2e4 e7-e5 2. Ng1-f3 Nb8c6 3. Bf1xb5 a7a6 4. 0-0 Ng8f6 5. Rf1e1 d7d6 *",
			[]readGame{{"*", "w", "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 e1g1 g8f6 f1e1 d7d6"}}},
		{"castling long, checks, promotions with and without =",
			"[FEN \"r3k3/1P6/8/8/8/8/6p1/R3K2R w KQq - 0 1\"]\n1. O-O-O+ Kf7 2. bxa8=Q g1Q 3. Rhxg1 Ke6 4. Qa6+ *",
			[]readGame{{"*", "w", "e1c1 e8f7 b7a8q g2g1q h1g1 f7e6 a8a6"}}},
		{"disambiguation by file, rank, square",
			"[FEN \"4k3/8/8/8/8/8/1N3N2/4K2Q w - - 0 1\"]\n1. Nbd3 Kd8 2. N2h3 Kc8 3. Qh1h2 *",
			[]readGame{{"*", "w", "b2d3 e8d8 f2h3 d8c8 h1h2"}}},
		{"empty input", "", nil},
		{"only blanks and comments", "\n\n{nothing here}\n; or here\n", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := readAll(strings.NewReader(c.pgn), DefaultMaxPly)
			require.NoError(t, err)
			require.Equal(t, c.want, got)
			// The same, one byte per read.
			got, err = readAll(iotest.OneByteReader(strings.NewReader(c.pgn)), DefaultMaxPly)
			require.NoError(t, err)
			require.Equal(t, c.want, got)
		})
	}
}

// Moves from ply maxPly on are read but neither resolved nor checked, as
// make-book does.
func TestPGNReaderMaxPly(t *testing.T) {
	got, err := readAll(strings.NewReader("1. e4 e5 2. Nf3 Zz9 3. Qq5 *"), 3)
	require.NoError(t, err)
	require.Equal(t, []readGame{{"*", "w", "e2e4 e7e5 g1f3"}}, got)
}

func TestPGNReaderErrors(t *testing.T) {
	long := strings.Repeat("a", 70)
	cases := []struct{ pgn, want string }{
		{"1. e4 e5 2. Ke3 *", `game 1, line 1: move 2: "Ke3" is not a legal move`},
		{"1. e4 *\n\n1. e4 e5\n2. Nf3 Nc6\n3. Bb5 Nb4 4. Bb5 *", `game 2, line 5: move 4: "Bb5" is not a legal move`},
		{"[FEN \"4k3/8/8/8/8/8/1N3N2/4K3 w - - 0 1\"]\n1. Nd3 *", `game 1, line 2: move 1: "Nd3" is ambiguous`},
		{"1. O-O *", `game 1, line 1: move 1: "O-O": castling is not legal here`},
		{"1. e4 e5 2. Ke2 Ke7 3. Kf3 Ke7 *", `game 1, line 1: move 3...: "Ke7" is not a legal move`},
		{"[FEN \"4k3/8/8/8/8/8/8/4K3 b - - 0 30\"]\n30... Kd7 31. Kf1 Kf1 *", `game 1, line 2: move 31...: "Kf1" is not a legal move`},
		{"1. e4 {never closed\n\n\n", "game 1, line 4: comment opened at line 1 is not closed"},
		{"1. e4 (1. d4 d5\n*", "game 1, line 2: variation opened at line 1 is not closed"},
		{"1. e4 ) *", "game 1, line 1: ')' closes no variation"},
		{"1. e4 (1. d4 [Event \"x\"]) *", "game 1, line 1: tag inside the variation opened at line 1"},
		{"1. e4 " + long + " *", `game 1, line 1: token "aaaaaaaaaaaaaaaa"... is longer than 64 bytes`},
		{"1. e4 <e5> *", `game 1, line 1: unexpected character '<'`},
		{"\x00\x00\x00", `game 1, line 1: unexpected character '\x00'`},
		{"1. e4 $ *", "game 1, line 1: '$' without a number"},
		{"[Event \"x\"]\n[FEN \"" + strings.Repeat("8/", 200) + "\"]\n", "game 1, line 2: tag FEN: value longer than 255 bytes"},
		{"[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n*", "game 1, line 2: FEN tag:"},
		{"[Event \"x\n\"]", "game 1, line 2: tag Event: the value is not closed on its line"},
		{"[Event x]", "game 1, line 1: tag Event: want a quoted value"},
		{"[Event \"x\"", "game 1, line 1: tag is not closed"},
		{"[ \"x\"]", "game 1, line 1: tag without a name"},
	}
	for _, c := range cases {
		_, err := readAll(strings.NewReader(c.pgn), DefaultMaxPly)
		require.ErrorContains(t, err, c.want, "%q", c.pgn)
		_, err = readAll(iotest.OneByteReader(strings.NewReader(c.pgn)), DefaultMaxPly)
		require.ErrorContains(t, err, c.want, "one byte at a time: %q", c.pgn)
	}
}

// A comment or a line far longer than any buffer is skipped, not held: the
// builder used to spin forever on a line over 64 KiB.
func TestPGNLongCommentAndLine(t *testing.T) {
	game := pgnGame("1-0", "1. e4 e5 2. Nf3 Nc6 1-0")
	want, err := Build(strings.NewReader(game+game+game), BuildOptions{})
	require.NoError(t, err)
	require.Len(t, want, 2) // e4 and Nf3: the losers' moves have no points

	comment := "{" + strings.Repeat("long comment ", 40000) + "}" // 520 KB on one line
	lines := "{" + strings.Repeat("a line\n", 100000) + "}"       // and on many
	long := pgnGame("1-0", "1. e4 "+comment+" e5 2. Nf3 "+lines+" Nc6 1-0", `[Annotator "`+strings.Repeat("x", 200000)+`"]`)
	got, err := Build(strings.NewReader(game+long+game), BuildOptions{})
	require.NoError(t, err)
	require.Equal(t, want, got)

	// Unclosed, it is an error naming where it began.
	_, err = Build(strings.NewReader(game+"[Event \"t\"]\n\n1. e4 {"+strings.Repeat("x", 100000)), BuildOptions{})
	require.ErrorContains(t, err, "game 2, line 8: comment opened at line 8 is not closed")
}

// The reader and notnil/chess (an independent PGN parser) read the same
// moves from the synthetic games, which have comments, NAGs, variations and
// every kind of move.
func TestPGNReaderMatchesNotnil(t *testing.T) {
	var sb strings.Builder
	require.NoError(t, writeSyntheticPGN(&sb, 150, 7))
	ours, err := readAll(strings.NewReader(sb.String()), DefaultMaxPly)
	require.NoError(t, err)
	sc := chess.NewScanner(strings.NewReader(sb.String()))
	var theirs []readGame
	for sc.Scan() {
		g := sc.Next()
		if len(g.TagPairs()) == 0 {
			continue // the scanner's empty game at the end
		}
		var ms []string
		for _, m := range g.Moves() {
			ms = append(ms, m.String())
		}
		theirs = append(theirs, readGame{g.GetTagPair("Result").Value, "w", strings.Join(ms, " ")})
	}
	require.Len(t, ours, 150)
	require.Equal(t, theirs, ours)
	var castles, promotions int
	for _, g := range ours {
		castles += strings.Count(" "+g.moves+" ", " e1g1 ") + strings.Count(" "+g.moves+" ", " e8c8 ")
		for _, m := range strings.Fields(g.moves) {
			if len(m) == 5 {
				promotions++
			}
		}
	}
	require.Positive(t, castles)
	require.Positive(t, promotions)
}

// FuzzPGN reads arbitrary bytes as PGN games: no panic, no endless loop,
// the same games whatever the reads' sizes, and an error names a game and
// a line.
//
//	go test ./book -run '^$' -fuzz FuzzPGN -fuzztime 60s
func FuzzPGN(f *testing.F) {
	f.Add([]byte(pgnGame("1-0", "1. e4 e5 2. Nf3 {c} $1 (2. d4) Nc6 1-0")))
	f.Add([]byte("[FEN \"r3k3/1P6/8/8/8/8/6p1/R3K2R w KQq - 0 1\"]\n1. O-O-O+ Kf7 2. bxa8=Q g1Q *"))
	f.Add([]byte("%x\n1.e4 ; c\n e5 (1... c5 {)} ) 2. Ng1-f3 *\n[Event \"\\\"\"]\n1. d4"))
	f.Add([]byte("1. e4 {open"))
	f.Add([]byte("\uFEFF1. e4 e5 2. Ke3 *"))
	var sb strings.Builder
	if err := writeSyntheticPGN(&sb, 2, 3); err != nil {
		f.Fatal(err)
	}
	f.Add([]byte(sb.String()))
	f.Fuzz(func(t *testing.T, data []byte) {
		whole, err1 := readAll(strings.NewReader(string(data)), 40)
		bytewise, err2 := readAll(iotest.OneByteReader(strings.NewReader(string(data))), 40)
		require.Equal(t, whole, bytewise)
		require.Equal(t, fmt.Sprint(err1), fmt.Sprint(err2))
		if err1 != nil && !strings.HasPrefix(err1.Error(), "game ") {
			t.Fatalf("error without a game: %v", err1)
		}
		b := NewBuilder(BuildOptions{MinGames: 1, MaxPly: 40})
		err := b.AddPGN(strings.NewReader(string(data)))
		require.Equal(t, err1 == nil, err == nil)
		if err == nil {
			require.Equal(t, len(whole), b.Games())
		}
		for _, e := range b.Entries() {
			require.NotZero(t, e.Weight)
			require.NotEqual(t, engine.NullMove, e.Move)
		}
	})
}
