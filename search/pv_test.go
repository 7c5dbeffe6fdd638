package search

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/bounder-chess/bounder/engine"
)

// perpetual: White, two queens down, draws by checks: Qe8+ Kh7 Qh5+ Kg8.
const perpetual = "6k1/6p1/8/7Q/8/8/qq4PP/7K w - - 0 1"

// position plays moves (UCI, space separated) from fen, keeping the history.
func position(t testing.TB, fen, moves string) *engine.Position {
	t.Helper()
	p := mustPos(t, fen)
	require.NoError(t, p.PlayMoves(strings.Fields(moves)))
	return p
}

func pvString(pv []engine.Move) string {
	var s []string
	for _, m := range pv {
		s = append(s, m.String())
	}
	return strings.Join(s, " ")
}

// storeLine puts the moves of line, played from root, in the table, each as
// the best move of the position before it.
func storeLine(t *testing.T, tt *TT, root *engine.Position, line string) {
	t.Helper()
	p := root.Clone()
	for ply, text := range strings.Fields(line) {
		m, err := p.ParseMove(text)
		require.NoError(t, err, text)
		tt.Store(p.Key(), ply, 5, -1, 1, 0, m, false)
		p.Make(m)
	}
}

// TestExtractPVStopsWhenTheGameEnds is issue 12's "the PV continues past a
// threefold repetition": the PV stops after a move that repeats a position
// of the game before the root or of the PV, or reaches the fifty-move rule
// or insufficient material, whatever the table holds beyond.
func TestExtractPVStopsWhenTheGameEnds(t *testing.T) {
	const knights = "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8"
	for _, c := range []struct {
		name, fen, moves, line, want string
	}{
		{"a repetition inside the PV", engine.StartFEN, "", knights, "g1f3 g8f6 f3g1 f6g8"},
		{"a repetition of the game before the root", engine.StartFEN, "g1f3 g8f6 f3g1 f6g8", knights, "g1f3"},
		{"the fifty-move rule", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 97 60", "", knights, "g1f3 g8f6 f3g1"},
		{"insufficient material", "4k3/8/8/8/8/8/4n3/3K4 w - - 0 1", "", "d1e2 e8d7 e2e3 d7d6", "d1e2"},
		{"a line that does not end", engine.StartFEN, "", "e2e4 e7e5 g1f3 b8c6 f1b5", "e2e4 e7e5 g1f3 b8c6 f1b5"},
	} {
		root := position(t, c.fen, c.moves)
		tt := NewTT(1)
		storeLine(t, tt, root, c.line)
		first, err := root.ParseMove(strings.Fields(c.line)[0])
		require.NoError(t, err)
		require.Equal(t, c.want, pvString(extractPV(root, tt, first, 20)), c.name)
	}
}

// TestPVStopsAtRepetition searches a perpetual check: after a search of the
// start of the line has filled the table, the search two plies on must not
// show the line going round again past the repetition of the game's first
// position (the PV extraction used to know only the PV's own positions).
func TestPVStopsAtRepetition(t *testing.T) {
	s := NewSearcher(4)
	first := s.Search(context.Background(), mustPos(t, perpetual), Limits{Depth: 10}, DefaultOptions(), nil)
	require.Equal(t, 0, first.Score)
	require.Equal(t, "h5e8 g8h7 e8h5 h7g8", pvString(first.PV))

	root := position(t, perpetual, "h5e8 g8h7")
	var reports []Report
	r := s.Search(context.Background(), root, Limits{Depth: 10}, DefaultOptions(), func(r Report) { reports = append(reports, r) })
	require.Equal(t, 0, r.Score)
	require.Equal(t, "e8h5 h7g8", pvString(r.PV), "h7g8 repeats the game's first position")
	require.Equal(t, "h7g8", r.PonderMove.String())
	for _, rep := range append(reports, Report{PV: r.PV}) {
		p := root.Clone()
		for i, m := range rep.PV {
			require.False(t, gameDrawn(p) && i > 0, "depth %d: %s goes on after a drawn position", rep.Depth, pvString(rep.PV))
			require.True(t, p.IsLegal(m))
			p.Make(m)
		}
	}
}
