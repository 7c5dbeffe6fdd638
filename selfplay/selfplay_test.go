package selfplay

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bounder-chess/bounder/engine"
	"github.com/bounder-chess/bounder/trainset"
	"github.com/stretchr/testify/require"
)

func quickConfig() Config {
	c := DefaultConfig()
	c.Nodes = 300
	c.HashMiB = 1
	c.MaxPlies = 120
	// The hand-crafted evaluation: with the network (the default) at 300
	// nodes a game of TestResume's seeds writes no record, and a resumed run
	// plays such a game again (the package doc's limitation).
	c.Eval = "Full"
	return c
}

// TestGameRecords: a game's records are legal positions reached by legal
// moves, quiet by the rule (not in check), labelled with the game's result,
// and only the last one ends the game.
func TestGameRecords(t *testing.T) {
	p := NewPlayer(quickConfig())
	for g := int64(0); g < 3; g++ {
		game, ok := p.Play(context.Background(), GameSeed(7, g))
		require.True(t, ok)
		require.NotEmpty(t, game.Records)
		require.Contains(t, []string{"mate", "stalemate", "repetition", "fifty", "material", "adjudicated", "length"}, game.Ending)
		for i, r := range game.Records {
			require.NoError(t, r.Validate())
			pos, err := engine.ParseFEN(r.FEN())
			require.NoError(t, err, r.FEN())
			require.False(t, pos.InCheck(), r.FEN())
			require.Equal(t, game.Result, r.Result())
			require.Equal(t, i == len(game.Records)-1, r.GameEnd())
			require.Less(t, abs(r.Score()), 31000-128, "no mate score is written")
		}
	}
}

// TestPlayDeterministic: the same seed plays the same game.
func TestPlayDeterministic(t *testing.T) {
	a, _ := NewPlayer(quickConfig()).Play(context.Background(), 42)
	b, _ := NewPlayer(quickConfig()).Play(context.Background(), 42)
	require.Equal(t, a.Records, b.Records)
	c, _ := NewPlayer(quickConfig()).Play(context.Background(), 43)
	require.NotEqual(t, a.Records, c.Records)
}

// TestResume: a run stopped after some games and with a torn tail, then
// started again, writes the same files as a run that was never stopped.
func TestResume(t *testing.T) {
	cfg := quickConfig()
	whole, parts := t.TempDir(), t.TempDir()
	seeds := []int64{3, 4}
	_, err := Run(context.Background(), whole, seeds, 4, cfg, nil)
	require.NoError(t, err)
	_, err = Run(context.Background(), parts, seeds, 2, cfg, nil)
	require.NoError(t, err)
	f := filepath.Join(parts, FileName(3))
	raw, err := os.ReadFile(f)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(f, append(raw, 1, 2, 3), 0o644))
	var progress bytes.Buffer
	tot, err := Run(context.Background(), parts, seeds, 4, cfg, &progress)
	require.NoError(t, err)
	require.EqualValues(t, 4, tot.Games, "two more games for each seed")
	require.Contains(t, progress.String(), "torn record of 3 bytes")
	for _, s := range seeds {
		a, err := os.ReadFile(filepath.Join(whole, FileName(s)))
		require.NoError(t, err)
		b, err := os.ReadFile(filepath.Join(parts, FileName(s)))
		require.NoError(t, err)
		require.Equal(t, a, b, "seed %d", s)
	}
	// A run with nothing left to do plays nothing.
	tot, err = Run(context.Background(), parts, seeds, 4, cfg, nil)
	require.NoError(t, err)
	require.Zero(t, tot.Games)
}

func TestRunCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	dir := t.TempDir()
	tot, err := Run(ctx, dir, []int64{1}, 3, quickConfig(), nil)
	require.NoError(t, err)
	require.Zero(t, tot.Games)
	st, err := os.Stat(filepath.Join(dir, FileName(1)))
	require.NoError(t, err)
	require.Zero(t, st.Size())
}

func TestMainUsageAndSummary(t *testing.T) {
	var out, errb bytes.Buffer
	require.Equal(t, 2, Main(nil, &out, &errb))
	require.Contains(t, errb.String(), "--out is required")
	dir := t.TempDir()
	errb.Reset()
	require.Equal(t, 0, Main([]string{"--out", dir, "--workers", "1", "--games", "1", "--nodes", "300", "--hash", "1"}, &out, &errb), errb.String())
	require.Contains(t, out.String(), "this run: 1 games")
	out.Reset()
	require.Equal(t, 0, Main([]string{"summary", filepath.Join(dir, FileName(1))}, &out, &errb))
	require.Contains(t, out.String(), "games 1")
	out.Reset()
	require.Equal(t, 0, Main([]string{"dump", filepath.Join(dir, FileName(1))}, &out, &errb))
	line := strings.SplitN(out.String(), "\n", 2)[0]
	f := strings.Fields(line)
	require.Len(t, f, 8, line)
	_, err := engine.ParseFEN(strings.Join(f[:6], " "))
	require.NoError(t, err)

	// A corrupt file is named with its record and exits 1.
	bad := filepath.Join(dir, "bad.bin")
	var r trainset.Record
	require.NoError(t, os.WriteFile(bad, r[:], 0o644))
	errb.Reset()
	require.Equal(t, 1, Main([]string{"summary", bad}, &out, &errb))
	require.Contains(t, errb.String(), "record 0")
}

// TestOpponent: with an opponent, Eval takes each colour in some games,
// each side searches with its own evaluation (so the game differs from
// self-play of either), the records stay valid and the run counts Eval's
// results.
func TestOpponent(t *testing.T) {
	cfg := quickConfig()
	cfg.Eval, cfg.Opponent = "Full", "Material"
	p := NewPlayer(cfg)
	colours := map[engine.Color]int{}
	var score, opp, all int
	for g := int64(0); g < 6; g++ {
		game, ok := p.Play(context.Background(), GameSeed(5, g))
		require.True(t, ok)
		colours[game.Eval]++
		score += game.EvalScore()
		for _, r := range game.Records {
			require.NoError(t, r.Validate())
			require.Equal(t, r.Side() != game.Eval, r.Opponent(), "the opponent's records, and only they, are flagged")
			if r.Opponent() {
				opp++
			}
		}
		all += len(game.Records)
	}
	require.Positive(t, opp)
	require.Less(t, opp, all)
	require.Len(t, colours, 2, "Eval plays both colours")
	require.Positive(t, score, "Full outplays material alone")

	self := quickConfig()
	self.Eval = "Full"
	var a, b []trainset.Record
	for g := int64(0); g < 3; g++ {
		x, _ := NewPlayer(cfg).Play(context.Background(), GameSeed(5, g))
		y, _ := NewPlayer(self).Play(context.Background(), GameSeed(5, g))
		a, b = append(a, x.Records...), append(b, y.Records...)
	}
	for _, r := range b {
		require.False(t, r.Opponent(), "self-play has no opponent")
	}
	require.NotEmpty(t, a)
	require.NotEqual(t, a, b)

	dir := t.TempDir()
	var out, errb bytes.Buffer
	require.Equal(t, 0, Main([]string{"--out", dir, "--workers", "1", "--games", "2", "--nodes", "300", "--hash", "1",
		"--eval", "Full", "--opponent", "Material"}, &out, &errb), errb.String())
	require.Contains(t, out.String(), "--eval against --opponent: ")
	out.Reset()
	require.Equal(t, 0, Main([]string{"summary", filepath.Join(dir, FileName(1))}, &out, &errb), errb.String())
	require.Contains(t, out.String(), "scored by the opponent ")
	require.Equal(t, 2, Main([]string{"--out", dir, "--opponent", "Nope"}, &out, &errb))
	require.Contains(t, errb.String(), `unknown --opponent "Nope"`)
}
