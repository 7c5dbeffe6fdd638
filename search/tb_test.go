package search

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/bounder-chess/bounder/engine"
	"github.com/bounder-chess/bounder/syzygy"
)

func openTables(t *testing.T) *syzygy.Tables {
	t.Helper()
	tables, err := syzygy.Open(filepath.Join("..", "syzygy", "testdata"))
	require.NoError(t, err)
	require.Equal(t, 4, tables.MaxPieces())
	t.Cleanup(func() { _ = tables.Close() })
	return tables
}

// TestTablebasesPlayOutAWin: with the tables, the search plays a won
// ending out to mate (KRvK, KQvKR), moving only by the root's DTZ-ranked
// moves, and scores it as a tablebase win (or a mate) throughout; the
// tables are probed (tbhits). The defending side plays the tables' best
// move, as a perfect defender would.
func TestTablebasesPlayOutAWin(t *testing.T) {
	tables := openTables(t)
	for _, fen := range []string{
		"8/8/8/4k3/8/8/8/R3K3 w - - 0 1",   // KRvK
		"8/8/k7/8/8/3r4/8/4KQ2 w - - 0 1",  // KQvKR
		"8/8/8/8/8/4k3/8/4K2R w K - 0 1",   // castling rights: searched, not probed at the root
		"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",  // KPvK
		"8/8/8/8/1k6/8/1PK5/8 w - - 0 1",   // KPvK, the king in front
		"8/8/8/8/8/2k5/8/K6Q w - - 0 1",    // KQvK
		"8/1k6/8/8/3K4/8/8/3R4 w - - 99 1", // a win the fifty-move counter turns into a draw
		"8/8/8/8/8/8/8/k1K4R w - - 0 1",    // mate in one
		"7k/8/5K2/6R1/8/8/8/8 w - - 10 30", // mate in two
		"k7/8/1K6/8/8/8/8/7R w - - 0 1",    // mate in one
		"8/8/8/8/8/8/5K2/6qk w - - 0 1",    // lost: the defender's longest resistance
		"8/8/8/3k4/8/8/4K3/3BN3 w - - 0 1", // KBNvK
		"8/8/8/8/8/8/8/K6k w - - 0 1",      // bare kings
		"8/8/8/8/8/5k2/8/2B1K3 w - - 0 1",  // KBvK
		"8/2p5/8/8/8/5k2/8/2BK4 w - - 0 1", // KBvKP
		"8/8/8/8/2k5/8/2P5/2K5 b - - 0 1",  // KPvK, black to move
		"8/8/8/8/8/3k4/3p4/3K4 w - - 0 1",  // KvKP, white to move
		"8/8/4k3/8/8/8/3QK3/8 b - - 0 1",   // KvKQ, black to move
		"8/8/8/4k3/8/3K4/8/R7 b - - 0 1",   // KvKR, black to move
		"2k5/8/8/8/8/8/8/2K1R3 b - - 0 1",  // KvKR, black to move near the edge
	} {
		pos := mustPos(t, fen)
		if _, _, _, ok := tables.BestMove(pos); !ok {
			continue // castling rights: the tables do not hold it
		}
		s := NewSearcher(8)
		opt := DefaultOptions()
		opt.Tablebases = tables
		for ply := 0; ply < 200 && pos.HasLegalMove() && !pos.IsFiftyMoveDraw() && !pos.IsInsufficientMaterial(); ply++ {
			want, _ := tables.RankRootMoves(pos)
			r := s.Search(context.Background(), pos, Limits{Nodes: 4000}, opt, nil)
			ok := false
			for _, rm := range want {
				if rm.Rank == want[0].Rank && rm.Move == r.BestMove {
					ok = true
				}
			}
			require.True(t, ok, "%s, ply %d (%s): %s is not among the best-ranked moves", fen, ply, pos.FEN(), r.BestMove)
			pos.Make(r.BestMove)
		}
		if wdl, _ := tables.ProbeWDL(mustPos(t, fen)); wdl == syzygy.Win && mustPos(t, fen).Rule50() == 0 {
			require.True(t, pos.InCheck() && !pos.HasLegalMove(), "%s: the win was not played out to mate: %s", fen, pos.FEN())
		}
	}
}

// TestTablebaseScores: a probe scores a win TBWin-ply (decisive, below
// mate), pure mode never probes, and the root moves are cut to the best
// ranked ones.
func TestTablebaseScores(t *testing.T) {
	tables := openTables(t)
	pos := mustPos(t, "8/8/k7/8/8/3r4/8/4KQ2 w - - 0 1") // KQvKR: a win
	opt := DefaultOptions()
	opt.Tablebases = tables
	r := NewSearcher(8).Search(context.Background(), pos, Limits{Depth: 4}, opt, nil)
	require.True(t, IsTBScore(r.Score) || IsMate(r.Score) && r.Score > 0, "score %d", r.Score)
	require.Greater(t, r.Stats.TBHits, uint64(0))

	opt.Selective = false
	r = NewSearcher(8).Search(context.Background(), pos, Limits{Depth: 3}, opt, nil)
	require.Zero(t, r.Stats.TBHits, "pure mode probes nothing")
	require.False(t, IsTBScore(r.Score))

	ranked, ok := tables.RankRootMoves(pos)
	require.True(t, ok)
	keep, verdict := tbRootMoves(pos, tables, rootMoves(pos, nil))
	require.Equal(t, rootVerdict{known: true, score: TBWin}, verdict)
	require.NotEmpty(t, keep)
	for _, m := range keep {
		for _, rm := range ranked {
			if rm.Move == m {
				require.Equal(t, ranked[0].Rank, rm.Rank, "%s", m)
			}
		}
	}
	// A root the tables do not hold keeps all its moves.
	start := mustPos(t, engine.StartFEN)
	keep, verdict = tbRootMoves(start, tables, rootMoves(start, nil))
	require.Len(t, keep, 20)
	require.False(t, verdict.known)
}
