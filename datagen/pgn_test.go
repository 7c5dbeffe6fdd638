package datagen

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bounder-chess/bounder/match"
)

// TestPGNWritesThePositionsOfPlayedGames: "datagen --pgn" on the PGN of
// played games writes what Positions takes from the same games (the scores
// come back from the move comments), without the scores with --no-scores;
// a file that cannot be read is an error that leaves the output alone.
func TestPGNWritesThePositionsOfPlayedGames(t *testing.T) {
	var pgn strings.Builder
	var want []string
	for i := 0; i < 3; i++ {
		spec := randomSpec(10 + i)
		rec, err := match.PlayGame(context.Background(), spec, spec, testOpenings[i], match.TimeControl{Nodes: 100}, match.Adjudication{})
		require.NoError(t, err)
		lines, _, ok := Positions(&rec, 8, 1500)
		require.True(t, ok)
		want = append(want, lines...)
		pgn.WriteString(rec.PGN() + "\n")
	}
	require.NotEmpty(t, want)
	scored := 0
	for _, l := range want {
		if len(strings.Fields(l)) == 8 {
			scored++
		}
	}
	require.NotZero(t, scored, "the games must carry scores for the test to mean anything")
	dir := t.TempDir()
	games := filepath.Join(dir, "games.pgn")
	require.NoError(t, os.WriteFile(games, []byte(pgn.String()), 0o644))

	run := func(args ...string) (int, string) {
		var stdout, stderr bytes.Buffer
		code := Main(args, &stdout, &stderr)
		return code, stdout.String() + stderr.String()
	}
	out := filepath.Join(dir, "out.txt")
	code, msg := run("--pgn", "--out", out, games)
	require.Equal(t, 0, code, msg)
	got, err := os.ReadFile(out)
	require.NoError(t, err)
	assert.Equal(t, strings.Join(want, ""), string(got))
	assert.Contains(t, msg, "3 games read")

	bare := filepath.Join(dir, "bare.txt")
	code, msg = run("--pgn", "--no-scores", "--out", bare, games)
	require.Equal(t, 0, code, msg)
	got, err = os.ReadFile(bare)
	require.NoError(t, err)
	var wantBare strings.Builder
	for _, l := range want {
		f := strings.Fields(l)
		require.GreaterOrEqual(t, len(f), 7)
		wantBare.WriteString(strings.Join(f[:7], " ") + "\n")
	}
	assert.Equal(t, wantBare.String(), string(got))

	broken := filepath.Join(dir, "broken.pgn")
	require.NoError(t, os.WriteFile(broken, []byte("[Result \"1-0\"]\n\n1. e4 e4 1-0\n"), 0o644))
	code, msg = run("--pgn", "--out", out, games, broken)
	assert.Equal(t, 2, code)
	assert.Contains(t, msg, "broken.pgn")
	again, err := os.ReadFile(out)
	require.NoError(t, err)
	assert.Equal(t, strings.Join(want, ""), string(again), "a bad file must leave the output alone")
}

func TestPGNRejectsBadFlags(t *testing.T) {
	for _, args := range [][]string{
		{"--pgn", "--out", "f"},
		{"--pgn", "g.pgn"},
		{"--pgn", "--relabel", "x", "--out", "f", "g.pgn"},
		{"--no-scores", "--engine", "cmd=x", "--openings", "o.epd", "--out", "f"},
		{"--pgn", "--out", "f", "--skip-plies", "-1", "g.pgn"},
		{"--pgn", "--out", "f", "/nonexistent/g.pgn"},
	} {
		var stdout, stderr bytes.Buffer
		if code := Main(args, &stdout, &stderr); code != 2 {
			t.Errorf("Main(%q) = %d, want 2 (%s)", args, code, stderr.String())
		}
	}
}
