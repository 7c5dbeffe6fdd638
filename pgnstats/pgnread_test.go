package pgnstats

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bounder-chess/bounder/match"
)

// recordForPGN is a hand-made game with every kind of move comment: book
// moves, centipawn and mate scores, and a move without a score.
func recordForPGN() match.GameRecord {
	return match.GameRecord{
		White: "A", Black: "B",
		StartFEN: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
		Moves: []match.MoveRecord{
			{UCI: "e7e5", Book: true},
			{UCI: "g1f3", Score: match.Score{Kind: match.ScoreCP, Value: 35}, Depth: 12},
			{UCI: "b8c6", Score: match.Score{Kind: match.ScoreCP, Value: -120}, Depth: 9},
			{UCI: "f1b5"},
			{UCI: "a7a6", Score: match.Score{Kind: match.ScoreMate, Value: -3}, Depth: 20},
			{UCI: "e1g1", Score: match.Score{Kind: match.ScoreMate, Value: 4}, Depth: 21},
		},
		Result:      match.ResultWhiteWins,
		Termination: match.TermAdjudication,
		Reason:      "White wins by adjudication",
	}
}

// TestReadGamesRoundTrip: what PGN writes, ReadGames reads back: the start
// position, the moves, their book marks, scores and depths, the result and
// the termination.
func TestReadGamesRoundTrip(t *testing.T) {
	want := recordForPGN()
	other := recordForPGN()
	other.StartFEN = match.StartFEN
	other.Moves = []match.MoveRecord{{UCI: "d2d4", Score: match.Score{Kind: match.ScoreCP, Value: 7}, Depth: 1}}
	other.Result, other.Termination = match.ResultDraw, match.TermNormal
	text := want.PGN() + "\n" + other.PGN()

	games, skips, err := ReadGames(strings.NewReader(text))
	require.NoError(t, err)
	assert.Zero(t, skips.Variants)
	require.Len(t, games, 2)
	for i, w := range []match.GameRecord{want, other} {
		g := games[i]
		assert.Equal(t, w.StartFEN, g.StartFEN)
		assert.Equal(t, w.Result, g.Result)
		assert.Equal(t, w.Termination, g.Termination)
		assert.Equal(t, w.White, g.White)
		require.Len(t, g.Moves, len(w.Moves))
		for j, m := range w.Moves {
			assert.Equal(t, m.UCI, g.Moves[j].UCI, "game %d move %d", i, j)
			assert.Equal(t, m.Book, g.Moves[j].Book, "game %d move %d", i, j)
			assert.Equal(t, m.Score, g.Moves[j].Score, "game %d move %d", i, j)
			assert.Equal(t, m.Depth, g.Moves[j].Depth, "game %d move %d", i, j)
		}
	}
}

// TestReadGamesOtherTools: a game as other tools write it: no Termination
// tag (a normal end), move numbers joined to moves, NAGs, variations,
// ";" comments, fastchess's longer comments, castling with zeros.
func TestReadGamesOtherTools(t *testing.T) {
	text := `[Event "x"]
[Result "0-1"]

1.e4 {book} e5 {book} 2. Nf3 {+0.20/10 0.100s, n=1234, tl=9.8s} $1 Nc6
{-0.15/11 0.2s} (2... d6 {a line} 3. d4) 3. Bc4 ; a remark
Nf6 {+M2/4} 4. 0-0 {no score} 0-1
`
	games, _, err := ReadGames(strings.NewReader(text))
	require.NoError(t, err)
	require.Len(t, games, 1)
	g := games[0]
	assert.Equal(t, match.StartFEN, g.StartFEN)
	assert.Equal(t, match.ResultBlackWins, g.Result)
	assert.Equal(t, match.TermNormal, g.Termination)
	var ucis []string
	for _, m := range g.Moves {
		ucis = append(ucis, m.UCI)
	}
	assert.Equal(t, []string{"e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "e1g1"}, ucis)
	assert.True(t, g.Moves[0].Book && g.Moves[1].Book && !g.Moves[2].Book)
	assert.Equal(t, match.Score{Kind: match.ScoreCP, Value: 20}, g.Moves[2].Score)
	assert.Equal(t, 10, g.Moves[2].Depth)
	assert.Equal(t, match.Score{Kind: match.ScoreCP, Value: -15}, g.Moves[3].Score)
	assert.Equal(t, match.Score{}, g.Moves[4].Score)
	assert.Equal(t, match.Score{Kind: match.ScoreMate, Value: 2}, g.Moves[5].Score)
	assert.Equal(t, match.Score{}, g.Moves[6].Score)
}

// TestReadGamesErrors: a game that cannot be read is an error naming it;
// a Chess960 game is skipped and counted.
func TestReadGamesErrors(t *testing.T) {
	good := "[Result \"*\"]\n\n1. e4 e5 *\n"
	for name, text := range map[string]string{
		"illegal move":     "[Result \"1-0\"]\n\n1. e4 e4 1-0\n",
		"ambiguous move":   "[FEN \"4k3/8/8/8/8/8/8/4KN1N w - - 0 1\"]\n\n1. Ng3 *\n",
		"open comment":     "[Result \"1-0\"]\n\n1. e4 {never closed 1-0\n",
		"bad FEN":          "[FEN \"8/8/8 w - - 0 1\"]\n\n1. e4 *\n",
		"open variation":   "[Result \"1-0\"]\n\n1. e4 (1. d4 1-0\n",
		"stray brace":      "[Result \"1-0\"]\n\n1. e4 } 1-0\n",
		"junk move number": "[Result \"1-0\"]\n\n1x. e4 1-0\n",
	} {
		_, _, err := ReadGames(strings.NewReader(good + text))
		if assert.Error(t, err, name) {
			assert.Contains(t, err.Error(), "game 2", name)
		}
	}
	games, skips, err := ReadGames(strings.NewReader(
		"[Variant \"Chess960\"]\n[FEN \"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9\"]\n\n9. g3 *\n" + good))
	require.NoError(t, err)
	assert.Equal(t, 1, skips.Variants)
	require.Len(t, games, 1)
	assert.Equal(t, match.ResultNone, games[0].Result)
}

// FuzzReadGames: any text reads without a panic, and a game read renders
// (PGN) to a text that reads back to the same moves.
func FuzzReadGames(f *testing.F) {
	rec := recordForPGN()
	f.Add(rec.PGN())
	f.Add("[Result \"1-0\"]\n\n1. e4 {+0.20/10} (1. d4) e5 $2 1-0\n")
	f.Add("1. e4 {book} e5 {+M3/1} *")
	f.Fuzz(func(t *testing.T, text string) {
		games, _, err := ReadGames(strings.NewReader(text))
		if err != nil {
			return
		}
		for _, g := range games {
			again, _, err := ReadGames(strings.NewReader(g.PGN()))
			if err != nil {
				t.Fatalf("re-reading %q: %v", g.PGN(), err)
			}
			if len(again) != 1 || len(again[0].Moves) != len(g.Moves) {
				t.Fatalf("re-reading %q: %d games", g.PGN(), len(again))
			}
			for i, m := range g.Moves {
				if again[0].Moves[i].UCI != m.UCI {
					t.Fatalf("move %d: %s, re-read as %s", i, m.UCI, again[0].Moves[i].UCI)
				}
			}
		}
	})
}
