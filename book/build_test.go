package book

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/bounder-chess/bounder/engine"
)

func pgnGame(result, moves string, tags ...string) string {
	var sb strings.Builder
	sb.WriteString("[Event \"t\"]\n")
	for _, t := range tags {
		sb.WriteString(t + "\n")
	}
	if result != "" {
		fmt.Fprintf(&sb, "[Result \"%s\"]\n", result)
	}
	fmt.Fprintf(&sb, "\n%s\n\n", moves)
	return sb.String()
}

// weights lists a built book's entries of a position as "move:weight".
func weights(t *testing.T, es []Entry, pos *engine.Position) []string {
	t.Helper()
	var out []string
	for _, e := range es {
		if e.Key == pos.Key() {
			out = append(out, fmt.Sprintf("%s:%d", e.Move, e.Weight))
		}
	}
	return out
}

func TestBuildWeights(t *testing.T) {
	pgn := pgnGame("1-0", "1. e4 e5 2. Nf3 Nc6 1-0") +
		pgnGame("0-1", "1. e4 e5 2. Nf3 Nf6 0-1") +
		pgnGame("1/2-1/2", "1. e4 c5 2. Nf3 1/2-1/2") +
		pgnGame("*", "1. d4 d5 *") +
		pgnGame("0-1", "1. e4 e5 2. Nf3 Nc6 0-1")
	es, err := Build(strings.NewReader(pgn), BuildOptions{MinGames: 1})
	require.NoError(t, err)
	start := engine.NewPosition()
	// e4: win 2 + loss 0 + draw 1 + loss 0 = 3; d4: "*" counts as a draw.
	require.Equal(t, []string{"e2e4:3", "d2d4:1"}, weights(t, es, start))
	// After 1. e4, Black's points: e5 lost, won, won = 4; c5 drew = 1.
	require.Equal(t, []string{"e7e5:4", "c7c5:1"}, weights(t, es, mustPos(t, "", "e2e4")))
	// After 1. e4 e5 2. Nf3: Nc6 lost and won = 2; Nf6 won = 2 (equal
	// weights stay in order of first appearance).
	require.Equal(t, []string{"b8c6:2", "g8f6:2"}, weights(t, es, mustPos(t, "", "e2e4 e7e5 g1f3")))
	// Moves with no points are dropped: 2. Nf3 after 1. e4 e5 won once,
	// lost twice = 2; d5 after 1. d4 drew.
	require.Equal(t, []string{"g1f3:2"}, weights(t, es, mustPos(t, "", "e2e4 e7e5")))

	// Default options: at least 3 games.
	es, err = Build(strings.NewReader(pgn), BuildOptions{})
	require.NoError(t, err)
	require.Equal(t, []string{"e2e4:3"}, weights(t, es, start))
	require.Equal(t, []string{"e7e5:4"}, weights(t, es, mustPos(t, "", "e2e4")))
	require.Equal(t, []string{"g1f3:2"}, weights(t, es, mustPos(t, "", "e2e4 e7e5")))
	require.Len(t, es, 3)

	// MaxPly 1: only the first move of each game.
	es, err = Build(strings.NewReader(pgn), BuildOptions{MaxPly: 1, MinGames: 1})
	require.NoError(t, err)
	require.Len(t, es, 2)

	// Sorted by key, heaviest first within a key.
	es, err = Build(strings.NewReader(pgn), BuildOptions{MinGames: 1})
	require.NoError(t, err)
	for i := 1; i < len(es); i++ {
		require.True(t, es[i-1].Key < es[i].Key || (es[i-1].Key == es[i].Key && es[i-1].Weight >= es[i].Weight))
	}
}

func TestBuildResultTagAndFEN(t *testing.T) {
	// The Result tag decides (the terminator is used only without a tag).
	es, err := Build(strings.NewReader(pgnGame("1-0", "1. e4 0-1")), BuildOptions{MinGames: 1})
	require.NoError(t, err)
	require.Equal(t, []string{"e2e4:2"}, weights(t, es, engine.NewPosition()))
	es, err = Build(strings.NewReader(pgnGame("", "1. e4 0-1")), BuildOptions{MinGames: 1})
	require.NoError(t, err)
	require.Empty(t, es, "loss: no points")

	// A game from a FEN with Black to move: Black's win scores Black's move.
	fen := "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
	es, err = Build(strings.NewReader(pgnGame("0-1", "1... e5 2. Nf3 0-1", `[SetUp "1"]`, `[FEN "`+fen+`"]`)), BuildOptions{MinGames: 1})
	require.NoError(t, err)
	e4 := mustPos(t, "", "e2e4")
	require.Equal(t, []string{"e7e5:2"}, weights(t, es, e4))
	require.Len(t, es, 1, "White's Nf3 lost")
}

func TestBuildErrors(t *testing.T) {
	_, err := Build(strings.NewReader(pgnGame("1-0", "1. e4 e5 2. Ke3 1-0")), BuildOptions{})
	require.Error(t, err)
	require.Contains(t, err.Error(), "game 1")
	_, err = Build(strings.NewReader(pgnGame("1-0", "1. e4 e5 1-0")+pgnGame("1-0", "1. e5 1-0")), BuildOptions{})
	require.ErrorContains(t, err, "game 2")
	_, err = Build(strings.NewReader(pgnGame("1-0", "1. e4 1-0", `[FEN "8/8/8/8/8/8/8/8 w - - 0 1"]`)), BuildOptions{})
	require.Error(t, err)

	// Nothing at all is an empty book.
	es, err := Build(strings.NewReader(""), BuildOptions{})
	require.NoError(t, err)
	require.Empty(t, es)

	b := NewBuilder(BuildOptions{})
	start := engine.NewPosition()
	e4 := mustMove(t, start, "e2e4")
	require.Error(t, b.AddGame(start, []engine.Move{e4, e4}, Draw))
	require.Equal(t, 0, b.Games())
}

// Counts reaching 16384 halve every move of the position (rounding up), as
// make-book does; checked against polyglot itself in
// TestHalvingMatchesPolyglotLive.
func TestBuildHalving(t *testing.T) {
	b := NewBuilder(BuildOptions{MinGames: 1})
	start := engine.NewPosition()
	e4 := mustMove(t, start, "e2e4")
	d4 := mustMove(t, start, "d2d4")
	for i := 0; i < 3; i++ {
		require.NoError(t, b.AddGame(start, []engine.Move{d4}, WhiteWins))
	}
	for i := 0; i < countMax-1; i++ {
		require.NoError(t, b.AddGame(start, []engine.Move{e4}, WhiteWins))
	}
	require.Equal(t, []string{"e2e4:32766", "d2d4:6"}, weights(t, b.Entries(), start))
	require.NoError(t, b.AddGame(start, []engine.Move{e4}, Draw)) // n reaches 16384
	require.Equal(t, []string{"e2e4:16384", "d2d4:3"}, weights(t, b.Entries(), start))
	require.Equal(t, countMax/2, int(b.lookup(start.Key(), EncodeMove(e4)).n))
}
