package syzygy

import (
	"fmt"
	"strings"
	"testing"

	"github.com/bounder-chess/bounder/engine"
)

// TestBestMoveKeepsResult plays BestMove on every test position and checks
// that the outcome survives the move: a win leaves the opponent lost, a
// draw drawn, a loss still lost (with cursed and blessed results allowed
// to cross the fifty-move line by one ply). For wins it also checks that
// the move zeroes soonest among the winning moves.
func TestBestMoveKeepsResult(t *testing.T) {
	tb := openTest(t)
	checked := map[WDL]int{}
	for _, c := range allCases(t) {
		pos := parse(t, c)
		best, wdl, dtz, ok := tb.BestMove(pos)
		if !ok {
			t.Errorf("%s: %s: BestMove not ok", c.where, c.fen)
			continue
		}
		if int(wdl) != c.wdl || dtz != c.dtz {
			t.Errorf("%s: %s: BestMove gives WDL %d DTZ %d, want %d %d", c.where, c.fen, wdl, dtz, c.wdl, c.dtz)
		}
		if best == engine.NullMove {
			if pos.HasLegalMove() {
				t.Errorf("%s: %s: no best move, but legal moves exist", c.where, c.fen)
			}
			continue
		}
		if !pos.IsLegal(best) {
			t.Errorf("%s: %s: best move %s is not legal", c.where, c.fen, best)
			continue
		}
		pos.Make(best)
		child, ok := tb.ProbeWDL(pos)
		mate := pos.InCheck() && !pos.HasLegalMove()
		pos.Unmake()
		if !ok {
			t.Errorf("%s: %s: child after %s not probed", c.where, c.fen, best)
			continue
		}
		var good bool
		switch wdl {
		case Win:
			good = child == Loss
		case CursedWin:
			good = child == BlessedLoss || child == Loss
		case Draw:
			good = child == Draw
		case BlessedLoss:
			good = child == CursedWin || child == Win
		case Loss:
			good = child == Win
		}
		if !good {
			t.Errorf("%s: %s: WDL %d, but after BestMove %s the opponent has %d", c.where, c.fen, wdl, best, child)
		}
		checked[wdl]++

		if wdl == Win && pos.Rule50() == 0 {
			// (With a counter running, the fastest win may be too slow.)
			ranked, _ := tb.RankRootMoves(pos)
			minDTZ := 1 << 30
			for _, rm := range ranked {
				if rm.DTZ > 0 && rm.DTZ < minDTZ {
					minDTZ = rm.DTZ
				}
			}
			if ranked[0].Move != best || ranked[0].DTZ != minDTZ && !mate {
				t.Errorf("%s: %s: best move %s has DTZ %d, the least is %d", c.where, c.fen, best, ranked[0].DTZ, minDTZ)
			}
			// The root's DTZ is its best move's, give or take the
			// rounding of distances stored in moves.
			if d := ranked[0].DTZ - dtz; !mate && (d < 0 || d > 1) {
				t.Errorf("%s: %s: best move's DTZ %d against the position's %d", c.where, c.fen, ranked[0].DTZ, dtz)
			}
		}
	}
	t.Logf("BestMove kept the result in %d wins, %d draws, %d losses", checked[Win], checked[Draw], checked[Loss])
	if checked[Win] < 100 || checked[Draw] < 50 || checked[Loss] < 100 {
		t.Errorf("too few positions checked: %v", checked)
	}
}

// withClock returns fen with its halfmove clock set.
func withClock(fen string, clock int) string {
	f := strings.Fields(fen)
	return fmt.Sprintf("%s %s %s %s %d 1", f[0], f[1], f[2], f[3], clock)
}

// TestFiftyMoveCounter checks that the root ranking applies the counter:
// a win whose zeroing comes too late becomes a cursed win, a loss the
// counter saves a blessed loss, and at 99 plies only zeroing moves (or
// mate) keep anything.
func TestFiftyMoveCounter(t *testing.T) {
	tb := openTest(t)
	// KQvK, white to move, wins with a DTZ of 20 or so; KRvK lost for black.
	const win = "8/8/8/8/8/3k4/8/QK6 w - - 0 1"
	pos, _ := engine.ParseFEN(win)
	dtz, ok := tb.ProbeDTZ(pos)
	if !ok || dtz < 5 || dtz > 60 {
		t.Fatalf("%s: DTZ %d ok %v, want a plain win", win, dtz, ok)
	}
	for _, tc := range []struct {
		clock int
		want  WDL
	}{{0, Win}, {99 - dtz - 1, Win}, {100 - dtz + 2, CursedWin}, {99, Draw}} {
		pos, _ := engine.ParseFEN(withClock(win, tc.clock))
		ranked, ok := tb.RankRootMoves(pos)
		if !ok || len(ranked) == 0 {
			t.Fatalf("clock %d: not ranked", tc.clock)
		}
		if ranked[0].WDL != tc.want {
			t.Errorf("%s: best move %s is %v (DTZ %d), want %v", pos.FEN(), ranked[0].Move, ranked[0].WDL, ranked[0].DTZ, tc.want)
		}
		// The position's own probes ignore the counter.
		if w, _ := tb.ProbeWDL(pos); w != Win {
			t.Errorf("%s: ProbeWDL %v, want win whatever the counter", pos.FEN(), w)
		}
	}

	// The loser's side: black to move, lost; a counter near 100 saves it.
	const loss = "8/8/8/8/8/3k4/8/QK6 b - - 0 1"
	pos, _ = engine.ParseFEN(loss)
	ranked, _ := tb.RankRootMoves(pos)
	if ranked[0].WDL != Loss {
		t.Fatalf("%s: best move %v, want loss", loss, ranked[0].WDL)
	}
	far := ranked[0].DTZ // negative
	pos, _ = engine.ParseFEN(withClock(loss, 100+far+1))
	ranked, _ = tb.RankRootMoves(pos)
	if ranked[0].WDL != BlessedLoss {
		t.Errorf("%s: best move %s %v (DTZ %d), want blessed loss", pos.FEN(), ranked[0].Move, ranked[0].WDL, ranked[0].DTZ)
	}
	for i := 1; i < len(ranked); i++ {
		if ranked[i].Rank > ranked[i-1].Rank {
			t.Errorf("ranking out of order at %d", i)
		}
	}
}

// TestBestMoveMate checks that a mate in one is chosen over other wins and
// that mated and stalemated positions have no best move.
func TestBestMoveMate(t *testing.T) {
	tb := openTest(t)
	for _, tc := range []struct{ fen, want string }{
		{"k7/8/1K6/8/8/8/8/2Q5 w - - 0 1", "c1c8"},
		{"6k1/8/6K1/8/8/8/8/R7 w - - 0 1", "a1a8"},
		{"7k/5K2/8/8/8/8/8/6Q1 w - - 0 1", "g1g7"},
	} {
		pos, err := engine.ParseFEN(tc.fen)
		if err != nil {
			t.Fatal(err)
		}
		best, wdl, _, ok := tb.BestMove(pos)
		if !ok || wdl != Win {
			t.Fatalf("%s: ok %v wdl %v", tc.fen, ok, wdl)
		}
		pos.Make(best)
		mate := pos.InCheck() && !pos.HasLegalMove()
		pos.Unmake()
		if !mate {
			t.Errorf("%s: best move %s does not mate (%s does)", tc.fen, best, tc.want)
		}
	}
	for _, fen := range []string{"R5k1/8/6K1/8/8/8/8/8 b - - 0 1", "k7/2Q5/1K6/8/8/8/8/8 b - - 0 1"} {
		pos, _ := engine.ParseFEN(fen)
		best, _, _, ok := tb.BestMove(pos)
		if !ok || best != engine.NullMove {
			t.Errorf("%s: best %v ok %v, want no move", fen, best, ok)
		}
	}
}
