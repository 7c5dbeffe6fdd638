package search

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// verdictLine checks one reported line of a root the tables hold, whose
// verdict is want (TBWin, 0 or -TBWin): the verdict itself, exact and
// marked as the tables', or a mate on the side the verdict promises.
func verdictLine(r Report, want int) error {
	switch {
	case want > 0 && r.Score > MateBound && r.Bound != BoundUpper,
		want < 0 && r.Score < -MateBound && r.Bound != BoundLower:
		return nil // the mate, found
	case r.Score == want && r.Bound == BoundExact && r.Tablebase:
		return nil
	}
	return fmt.Errorf("depth %d line %d: score %d bound %d tablebase %v, want the verdict %d",
		r.Depth, r.MultiPV, r.Score, r.Bound, r.Tablebase, want)
}

// TestTablebaseRootVerdict is issue 64's first item: with the tables, a root
// they hold reports their verdict (a win TBWin, a loss -TBWin, a draw 0)
// at every iteration and in every MultiPV line, unless the search finds the
// mate, with go depth, go movetime and go infinite, under every driver; the
// search goes on for as long as it is asked (a movetime or an infinite
// search does not answer after the first iteration, though the tables leave
// one root move), and the result carries the verdict too.
func TestTablebaseRootVerdict(t *testing.T) {
	tables := openTables(t)
	cases := []struct {
		fen  string
		want int
	}{
		{"8/N2K4/8/k7/8/6B1/8/8 b - - 0 1", -TBWin}, // KBNvK, lost for Black (DTZ -53)
		{"3K4/3N3k/7r/8/8/8/8/8 b - - 0 1", 0},      // KRvKN, a draw
		{"8/8/k7/8/8/3r4/8/4KQ2 w - - 0 1", TBWin},  // KQvKR, won
		{"8/8/8/8/8/8/5K2/6qk w - - 0 1", -TBWin},   // KvKQ, lost
	}
	modes := []struct {
		name string
		lim  Limits
		stop int // go infinite: stop once this depth is reported
	}{
		{"depth", Limits{Depth: 10}, 0},
		{"movetime", Limits{MoveTime: 150 * time.Millisecond}, 0},
		{"infinite", Limits{Infinite: true}, 10},
	}
	drivers := Drivers()
	if testing.Short() {
		drivers = []string{"MTDf", "NegaScout", "BNS"}
	}
	for _, c := range cases {
		pos := mustPos(t, c.fen)
		for _, drv := range drivers {
			for _, mode := range modes {
				for _, multiPV := range []int{1, 3} {
					name := fmt.Sprintf("%s %s %s multipv %d", c.fen, drv, mode.name, multiPV)
					opt := DefaultOptions()
					opt.Tablebases, opt.Driver, opt.MultiPV = tables, drv, multiPV
					s := NewSearcher(4)
					deepest := 0
					res := s.Search(context.Background(), pos, mode.lim, opt, func(r Report) {
						require.NoError(t, verdictLine(r, c.want), name)
						deepest = max(deepest, r.Depth)
						if mode.stop > 0 && r.Depth >= mode.stop {
							s.Stop()
						}
					})
					require.Greater(t, deepest, 1, "%s: answered after the first iteration", name)
					require.NoError(t, verdictLine(Report{Depth: res.Depth, Score: res.Score, Bound: res.Bound,
						Tablebase: !IsMate(res.Score)}, c.want), "%s: result", name)
				}
			}
		}
	}
}

// TestTablebaseVerdictsOfTheSuite: of the 200 positions of endgame.epd
// (python-chess's Syzygy tests), a depth-4 search reports exactly what the
// tables say: a win TBWin or a mate, a loss -TBWin or being mated, a draw
// (cursed wins and blessed losses included) 0.
func TestTablebaseVerdictsOfTheSuite(t *testing.T) {
	tables := openTables(t)
	f, err := os.Open(filepath.Join("..", "syzygy", "testdata", "endgame.epd"))
	require.NoError(t, err)
	defer f.Close()
	s := NewSearcher(4)
	opt := DefaultOptions()
	opt.Tablebases = tables
	n := 0
	for sc := bufio.NewScanner(f); sc.Scan(); {
		fields := strings.Fields(sc.Text())
		if len(fields) < 4 {
			continue
		}
		fen := strings.Join(fields[:4], " ") + " 0 1"
		wdl := 0
		for _, op := range strings.Split(sc.Text(), ";") {
			if f := strings.Fields(op); len(f) == 2 && f[0] == "wdl" {
				wdl, err = strconv.Atoi(f[1])
				require.NoError(t, err, fen)
			}
		}
		want := 0
		switch wdl {
		case 2:
			want = TBWin
		case -2:
			want = -TBWin
		}
		pos := mustPos(t, fen)
		if !pos.HasLegalMove() {
			continue
		}
		s.Clear()
		var reports []Report
		s.Search(context.Background(), pos, Limits{Depth: 4}, opt, func(r Report) { reports = append(reports, r) })
		require.NotEmpty(t, reports, fen)
		for _, r := range reports {
			require.NoError(t, verdictLine(r, want), fen)
		}
		n++
	}
	require.Greater(t, n, 190)
}
