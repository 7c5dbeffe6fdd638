package eval

import (
	"strings"
	"testing"

	"github.com/bounder-chess/bounder/engine"
)

// whiteScore evaluates fen from white's view.
func whiteScore(t *testing.T, fen string) int {
	t.Helper()
	v := New().Evaluate(mustParse(t, fen))
	if strings.Fields(fen)[1] == "b" {
		v = -v
	}
	return v
}

func TestDeadDraws(t *testing.T) {
	for _, fen := range []string{
		"8/8/4k3/8/8/3K4/8/8 w - - 0 1",    // KK
		"8/8/4k3/8/8/3KN3/8/8 w - - 0 1",   // KNK
		"8/8/4k3/8/8/3KB3/8/8 b - - 0 1",   // KBK
		"8/8/4k3/8/8/2NKN3/8/8 w - - 0 1",  // KNNK
		"8/8/3bk3/8/8/3KB3/8/8 w - - 0 1",  // KBKB
		"8/8/3nk3/8/8/2NKN3/8/8 w - - 0 1", // KNNKN
		"8/8/4k3/8/8/3K4/8/7B w - - 0 1",   // KBK, bishop in the corner
		"7k/8/8/8/8/8/8/B2K4 b - - 0 1",    // KBK
	} {
		if v := whiteScore(t, fen); v != 0 {
			t.Errorf("%s: %d, want 0", fen, v)
		}
		if !Trace(mustParse(t, fen)).Drawn {
			t.Errorf("%s: trace not marked drawn", fen)
		}
	}
}

func TestDrawishScaling(t *testing.T) {
	// Two extra pawns: opposite-coloured bishops (c4 light, c5 dark) are
	// worth far less than same-coloured ones (black bishop d5, light).
	ocb := whiteScore(t, "8/8/6k1/2b5/2B1P3/1P3P2/6K1/8 w - - 0 1")
	scb := whiteScore(t, "8/8/6k1/3b4/2B1P3/1P3P2/6K1/8 w - - 0 1")
	if ocb <= 0 || scb <= 0 || 2*ocb > scb {
		t.Errorf("opposite bishops %d, same-coloured bishops %d: want 0 < 2·ocb <= scb", ocb, scb)
	}
	// No pawns and at most a minor piece up: near draw.
	for _, fen := range []string{
		"8/8/4k3/8/8/2b5/8/R3K3 w - - 0 1",  // KRKB
		"8/8/4k3/8/8/2n5/8/R3K3 w - - 0 1",  // KRKN
		"8/8/4k3/8/8/2r5/8/RB2K3 w - - 0 1", // KRBKR
	} {
		if v := whiteScore(t, fen); v < 0 || v > 60 {
			t.Errorf("%s: %d, want a near draw (0..60)", fen, v)
		}
	}
	// A lone minor piece cannot win against pawns.
	if v := whiteScore(t, "8/8/4k3/4p3/8/2B5/8/4K3 w - - 0 1"); v > 0 {
		t.Errorf("KBKP: %d, want <= 0", v)
	}
	// Real material advantages are not scaled.
	if v := whiteScore(t, "8/8/4k3/8/8/2r5/8/Q3K3 w - - 0 1"); v < 300 {
		t.Errorf("KQKR: %d, want a clear advantage", v)
	}
	if v := whiteScore(t, "8/8/4k3/8/8/8/8/R3K3 w - - 0 1"); v < 500 {
		t.Errorf("KRK: %d, want a winning score", v)
	}
}

// In won pawnless endings the evaluation rewards driving the lone king to
// the edge (the right corner in KBNK) and bringing the own king close.
func TestMopUp(t *testing.T) {
	cases := []struct {
		name, better, worse string
	}{
		{"KQK edge", "7k/8/8/8/8/1Q6/8/4K3 w - - 0 1", "8/8/8/4k3/8/1Q6/8/4K3 w - - 0 1"},
		{"KQK kings", "7k/8/5K2/8/8/1Q6/8/8 w - - 0 1", "7k/8/8/8/8/1Q6/8/K7 w - - 0 1"},
		{"KRK edge", "k7/8/8/8/8/8/7R/4K3 b - - 0 1", "8/8/8/3k4/8/8/7R/4K3 b - - 0 1"},
		{"KRK kings", "k7/8/2K5/8/8/8/7R/8 b - - 0 1", "k7/8/8/8/8/8/7R/7K b - - 0 1"},
		// light-squared bishop (f1): a8 and h1 are the mating corners
		{"KBNK corner", "k7/8/8/8/4K3/8/8/5B1N b - - 0 1", "8/8/8/8/4K3/8/8/k4B1N b - - 0 1"},
		// dark-squared bishop (f2): a1 and h8
		{"KBNK dark corner", "8/8/8/8/4K3/8/5B2/k6N b - - 0 1", "k7/8/8/8/4K3/8/5B2/7N b - - 0 1"},
	}
	for _, c := range cases {
		b, w := whiteScore(t, c.better), whiteScore(t, c.worse)
		if b <= w {
			t.Errorf("%s: %s scores %d, not more than %s (%d)", c.name, c.better, b, c.worse, w)
		}
		if w < 400 {
			t.Errorf("%s: %s scores only %d", c.name, c.worse, w)
		}
	}
	// Colour flip of the KBNK case keeps the preference.
	for _, fen := range []string{"k7/8/8/8/4K3/8/8/5B1N b - - 0 1", "8/8/8/8/4K3/8/8/k4B1N b - - 0 1"} {
		pos := mustParse(t, fen)
		if New().Evaluate(pos) != New().Evaluate(mustParse(t, colourFlipFEN(fen))) {
			t.Errorf("%s: colour flip scores differently", fen)
		}
	}
}

func TestBreakdown(t *testing.T) {
	e := New()
	for _, fen := range allFENs(t)[:400] {
		pos := mustParse(t, fen)
		b := e.Breakdown(pos)
		if b.Score != e.Evaluate(pos) {
			t.Fatalf("%s: breakdown %d, Evaluate %d", fen, b.Score, e.Evaluate(pos))
		}
		mg, eg := 0, 0
		for _, l := range b.Terms {
			mg += l.MG[0] - l.MG[1]
			eg += l.EG[0] - l.EG[1]
		}
		if mg != b.MG || eg != b.EG {
			t.Fatalf("%s: terms sum to %d/%d, totals %d/%d", fen, mg, eg, b.MG, b.EG)
		}
		if want := combine(mg, eg, b.Phase, b.Scale, b.Scale); !b.Drawn && want != b.White {
			t.Fatalf("%s: white score %d, recomputed %d", fen, b.White, want)
		}
	}
	s := e.Breakdown(mustParse(t, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")).String()
	for _, want := range []string{"Material", "Mobility", "King safety", "Passed pawns", "Phase 24/24", "Final evaluation", "(side to move, white)"} {
		if !strings.Contains(s, want) {
			t.Errorf("breakdown lacks %q:\n%s", want, s)
		}
	}
	t.Log("\n" + s)
}

// The stronger side's own pawns scale its edge (36/64 without pawns, 7/64
// more a pawn), except against a pawnless defence more than a minor piece
// down in pieces.
func TestPawnCountScale(t *testing.T) {
	for _, c := range []struct {
		fen  string
		want int
	}{
		{"3r4/5k2/8/8/8/8/4PK2/3R4 w - - 0 1", 43},            // KRPKR
		{"8/5k2/5pp1/8/8/8/5K2/3R4 w - - 0 1", 36},            // KRKPP
		{"8/5k2/5pp1/8/8/8/1PP2K2/3R4 w - - 0 1", 50},         // two pawns
		{"8/5k2/5pp1/8/8/8/PPPP1K2/3R4 w - - 0 1", ScaleNorm}, // four pawns
		{"8/8/4k3/8/8/2r5/8/Q3K3 w - - 0 1", ScaleNorm},       // KQKR: a win
		{"8/5k2/8/8/8/8/4PK2/3R4 w - - 0 1", ScaleNorm},       // KRPK
	} {
		if got := scaleFactor(mustParse(t, c.fen), engine.White); got != c.want {
			t.Errorf("%s: scale %d, want %d", c.fen, got, c.want)
		}
	}
}
