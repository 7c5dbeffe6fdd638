package book

import (
	"bytes"
	"strings"
	"testing"

	"github.com/notnil/chess"
	"github.com/notnil/chess/opening"
	"github.com/stretchr/testify/require"

	"github.com/bounder-chess/bounder/engine"
)

func TestOpeningName(t *testing.T) {
	cases := []struct{ moves, eco, name string }{
		{"e2e4", "B00", "King's Pawn"},
		{"e2e4 c7c5", "B20", "Sicilian Defense"},
		{"e2e4 e7e6", "C00", "French Defense"},
		{"e2e4 e7e5 g1f3 b8c6 f1b5", "C60", "Ruy Lopez"},
		{"e2e4 e7e5 g1f3 b8c6 f1c4", "C50", "Italian Game"},
		{"d2d4 g8f6 c2c4 e7e6 b1c3 f8b4", "E20", "Nimzo-Indian Defense"},
		// The same position by another move order.
		{"c2c4 e7e6 b1c3 g8f6 d2d4 f8b4", "E20", "Nimzo-Indian Defense"},
		{"g1f3 g8f6 e2e4 e7e5 f1b5 b8c6", "C65", "Ruy Lopez: Berlin Defense"},
		{"e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 h2h3 h7h6", "", ""},
	}
	for _, c := range cases {
		eco, name, ok := OpeningName(mustPos(t, "", c.moves))
		require.Equal(t, c.eco != "", ok, c.moves)
		require.Equal(t, c.eco, eco, c.moves)
		require.Equal(t, c.name, name, c.moves)
	}
	_, _, ok := OpeningName(engine.NewPosition())
	require.False(t, ok, "the start position has no name")
}

func TestLastOpeningName(t *testing.T) {
	pos := mustPos(t, "", "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 h2h3 h7h6")
	eco, name, ago, ok := LastOpeningName(pos)
	require.True(t, ok)
	require.Equal(t, "C70", eco)
	require.Equal(t, "Ruy Lopez: Morphy Defense", name)
	require.Equal(t, 2, ago)
	require.Equal(t, 8, pos.Ply(), "pos is unchanged")
	_, _, _, ok = LastOpeningName(engine.NewPosition())
	require.False(t, ok)
}

// Every named line of the table names its own final position, with the
// table's name unless a longer line ends there too; and notnil/chess's own
// lookup (Find) agrees on the lines.
func TestOpeningNamesCoverTheTable(t *testing.T) {
	loadECO()
	eco := opening.NewBookECO()
	all := eco.Possible(nil)
	require.Len(t, ecoLines, len(all))
	require.Greater(t, len(all), 3000)
	for i, o := range all {
		pos := engine.NewPosition()
		require.NoError(t, pos.PlayMoves(strings.Fields(o.PGN())))
		code, name, ok := OpeningName(pos)
		require.True(t, ok, o.Title())
		n := ecoNames[pos.Key()]
		if n.uci == strings.Join(strings.Fields(o.PGN()), " ") {
			require.Equal(t, o.Code(), code)
			require.Equal(t, o.Title(), name)
		} else {
			require.GreaterOrEqual(t, n.plies, len(strings.Fields(o.PGN())))
		}
		if i%50 == 0 {
			g := chess.NewGame(chess.UseNotation(chess.UCINotation{}))
			for _, s := range strings.Fields(o.PGN()) {
				require.NoError(t, g.MoveStr(s))
			}
			require.Equal(t, o.Title(), eco.Find(g.Moves()).Title())
		}
	}
}

func TestBetterName(t *testing.T) {
	short := ecoName{eco: "A00", name: "Z", plies: 2, uci: "a"}
	long := ecoName{eco: "B00", name: "A", plies: 4, uci: "b"}
	require.True(t, betterName(long, short))
	require.False(t, betterName(short, long))
	a := ecoName{eco: "C00", name: "X", plies: 4, uci: "b"}
	b := ecoName{eco: "C01", name: "A", plies: 4, uci: "a"}
	require.True(t, betterName(a, b))
	require.False(t, betterName(b, a))
	c := ecoName{eco: "C00", name: "X", plies: 4, uci: "a"}
	require.True(t, betterName(c, a))
}

// The embedded default book is what BuildDefault makes now (run go generate
// ./book when the ECO table or the builder changes).
func TestDefaultBookReproducible(t *testing.T) {
	es, err := BuildDefault()
	require.NoError(t, err)
	require.True(t, bytes.Equal(MarshalEntries(es), DefaultBytes()), "book/default.bin is stale: run go generate ./book")
	require.Greater(t, len(es), 5000)
	require.Less(t, len(DefaultBytes()), 1<<20)
}

// Reading ECO lines as PGN through Build (notnil/chess parses the SAN)
// gives the same book as feeding their moves to a Builder (as BuildDefault
// does). A sample of the lines keeps the test short; the whole table is
// checked against polyglot in TestDefaultBookMatchesPolyglotLive.
func TestDefaultBookThroughPGN(t *testing.T) {
	loadECO()
	var sample []ecoLine
	for i := 0; i < len(ecoLines); i += 8 {
		sample = append(sample, ecoLines[i])
	}
	es, err := Build(strings.NewReader(linesPGN(sample)), DefaultBuildOptions)
	require.NoError(t, err)
	b := NewBuilder(DefaultBuildOptions)
	for _, l := range sample {
		require.NoError(t, b.AddGame(engine.NewPosition(), l.moves, Draw))
	}
	require.Greater(t, len(es), 1000)
	require.Equal(t, MarshalEntries(b.Entries()), MarshalEntries(es))
}

func TestDefaultBook(t *testing.T) {
	b := Default()
	require.EqualValues(t, len(DefaultBytes())/EntrySize, b.Len())
	require.NoError(t, b.Verify())
	start := engine.NewPosition()
	m, e, ok := b.Probe(start, nil, true)
	require.True(t, ok)
	require.Equal(t, "e2e4", m.String(), "the most named first move")
	require.Greater(t, e.Weight, uint16(1000))
	// Each line of the table is in the book, move by move.
	loadECO()
	for _, l := range ecoLines[:200] {
		pos := engine.NewPosition()
		for _, mv := range l.moves {
			es, err := b.Entries(pos)
			require.NoError(t, err)
			found := false
			for _, e := range es {
				found = found || e.Move == mv
			}
			require.True(t, found, "%s: %s", l.name, mv)
			pos.Make(mv)
		}
	}
	// Each call has its own depth.
	b.BookDepth = 1
	_, _, ok = Default().Probe(mustPos(t, "", "e2e4"), nil, true)
	require.True(t, ok)
	_, _, ok = b.Probe(mustPos(t, "", "e2e4"), nil, true)
	require.False(t, ok)
}
