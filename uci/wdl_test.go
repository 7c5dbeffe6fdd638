package uci

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bounder-chess/bounder/engine"
	"github.com/bounder-chess/bounder/search"
	"github.com/bounder-chess/bounder/wdl"
)

// wdlOf reads the "wdl W D L" field of an info line; ok is false without
// one. A field that is there but malformed fails the test.
func wdlOf(t *testing.T, line string) (w wdl.WDL, ok bool) {
	t.Helper()
	f := strings.Fields(line)
	for i, tok := range f {
		if tok != "wdl" {
			continue
		}
		if i+3 >= len(f) {
			t.Fatalf("short wdl field in %q", line)
		}
		var v [3]int
		for k := range v {
			n, err := strconv.Atoi(f[i+1+k])
			if err != nil {
				t.Fatalf("wdl field of %q: %v", line, err)
			}
			v[k] = n
		}
		return wdl.WDL{W: v[0], D: v[1], L: v[2]}, true
	}
	return w, false
}

func TestFormatInfoWDL(t *testing.T) {
	start := engine.NewPosition()
	e := New(Config{Version: "test", Searcher: newFake(), MaxHashMiB: 16})
	e.set.showWDL = true
	field := e.wdlFieldFor(start)
	if field.material != wdl.MaxMaterial || !field.show {
		t.Fatalf("start position: %+v", field)
	}
	model := wdl.Default()
	for _, c := range []struct {
		r    search.Report
		want string // the line from "score" to "nodes"
	}{
		{search.Report{Score: 35}, "score cp 35 wdl " + model.PerMille(35, wdl.MaxMaterial).String() + " nodes"},
		{search.Report{Score: -35, Bound: search.BoundUpper}, "score cp -35 upperbound wdl " + model.PerMille(-35, wdl.MaxMaterial).String() + " nodes"},
		{search.Report{Score: search.MateScore - 3, Bound: search.BoundLower}, "score mate 2 lowerbound wdl 1000 0 0 nodes"},
		{search.Report{Score: -(search.MateScore - 4)}, "score mate -2 wdl 0 0 1000 nodes"},
		{search.Report{Score: search.TBWin - 5}, "wdl 1000 0 0 nodes"},
		{search.Report{Score: 0}, "score cp 0 wdl "},
		// The tables' verdict on the root is certain, a draw too.
		{search.Report{Score: 0, Tablebase: true}, "score cp 0 wdl 0 1000 0 nodes"},
		{search.Report{Score: search.TBWin, Tablebase: true}, "score cp 30744 wdl 1000 0 0 nodes"},
		{search.Report{Score: -search.TBWin, Tablebase: true}, "score cp -30744 wdl 0 0 1000 nodes"},
	} {
		got := formatInfoWDL(c.r, engine.MoveText{}, field)
		if !strings.Contains(got, c.want) {
			t.Errorf("got  %q\nwant %q in it", got, c.want)
		}
		w, ok := wdlOf(t, got)
		if !ok || w.W+w.D+w.L != 1000 {
			t.Errorf("%q: wdl %v", got, w)
		}
		if off := formatInfoWDL(c.r, engine.MoveText{}, wdlField{material: field.material}); strings.Contains(off, "wdl") {
			t.Errorf("UCI_ShowWDL off: %q", off)
		}
		if off := formatInfo(c.r, engine.MoveText{}); strings.Contains(off, "wdl") {
			t.Errorf("formatInfo: %q", off)
		}
	}
	// The material is the root's: a bare-kings-and-rook ending reads the
	// same score differently from the start position.
	rook, err := engine.ParseFEN("4k3/8/8/8/8/8/8/R3K3 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	if f := e.wdlFieldFor(rook); f.material != 5 {
		t.Errorf("K+R v K: material %d, want 5", f.material)
	}
	if got, want := terminalInfo(true, field), "info depth 0 score mate 0 wdl 0 0 1000"; got != want {
		t.Errorf("mated: %q, want %q", got, want)
	}
	if got, want := terminalInfo(false, field), "info depth 0 score cp 0 wdl 0 1000 0"; got != want {
		t.Errorf("stalemate: %q, want %q", got, want)
	}
	if got, want := terminalInfo(true, wdlField{}), "info depth 0 score mate 0"; got != want {
		t.Errorf("mated, option off: %q, want %q", got, want)
	}
}

// TestShowWDLOption: the option is offered (check, default false); the
// info lines carry wdl only while it is on, every line with a score then,
// summing to 1000.
func TestShowWDLOption(t *testing.T) {
	h := newHarness(t, nil)
	h.send("uci")
	line, _ := h.expect("option name UCI_ShowWDL", replyWait)
	if line != "option name UCI_ShowWDL type check default false" {
		t.Errorf("offered as %q", line)
	}
	h.expect("uciok", replyWait)
	infoLines := func() []string {
		h.send("position startpos", "go depth 3")
		_, before := h.expect("bestmove", replyWait)
		var infos []string
		for _, l := range before {
			if strings.HasPrefix(l, "info") && strings.Contains(l, " score ") {
				infos = append(infos, l)
			}
		}
		if len(infos) == 0 {
			t.Fatalf("no info line with a score: %q", before)
		}
		return infos
	}
	for _, l := range infoLines() {
		if strings.Contains(l, "wdl") {
			t.Errorf("wdl while off: %q", l)
		}
	}
	h.send("setoption name UCI_ShowWDL value true")
	h.sync()
	pattern := regexp.MustCompile(` score cp -?\d+ (lowerbound |upperbound )?wdl \d+ \d+ \d+ `)
	for _, l := range infoLines() {
		w, ok := wdlOf(t, l)
		if !ok || w.W+w.D+w.L != 1000 || !pattern.MatchString(l) {
			t.Errorf("on: %q (wdl %v)", l, w)
		}
		if want := wdl.Default(); w != want.PerMille(12, wdl.MaxMaterial) { // the fake's score
			t.Errorf("on: %q: want wdl %v", l, want.PerMille(12, wdl.MaxMaterial))
		}
	}
	h.send("position fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", "go depth 5") // mated
	_, before := h.expect("bestmove 0000", time.Second)
	if count(before, "info depth 0 score mate 0 wdl 0 0 1000") != 1 {
		t.Errorf("mated: %q", before)
	}
	h.send("setoption name UCI_ShowWDL value false")
	for _, l := range infoLines() {
		if strings.Contains(l, "wdl") {
			t.Errorf("wdl after turning it off: %q", l)
		}
	}
	h.quit()
}

// TestE2EShowWDL: the real engine, with UCI_ShowWDL on, prints wdl 1000 0 0
// with the score of a mate in one, and favours the side a queen up.
func TestE2EShowWDL(t *testing.T) {
	p := startEngine(t, "wdl")
	p.send("setoption name UCI_ShowWDL value true", "isready")
	p.expect("readyok", 10*time.Second)
	p.send("position fen 6k1/5ppp/8/8/8/8/5PPP/4R1K1 w - - 0 1", "go depth 4")
	_, before := p.expect("bestmove e1e8", 30*time.Second)
	last := ""
	for _, l := range before {
		if strings.Contains(l, " score ") {
			last = l
		}
	}
	if !strings.Contains(last, "score mate 1 wdl 1000 0 0 ") {
		t.Errorf("mate in one: last info %q", last)
	}
	// White is a queen up; Black to move sees the loss.
	p.send("position fen rnb1kbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 3", "go depth 6")
	_, before = p.expect("bestmove", 30*time.Second)
	for _, l := range before {
		if !strings.Contains(l, " score ") {
			continue
		}
		w, ok := wdlOf(t, l)
		if !ok || w.W+w.D+w.L != 1000 || w.L <= w.W || w.L < 500 {
			t.Errorf("a queen down: %q", l)
		}
	}
}

// TestPythonChessWDL is UCI_ShowWDL through a real client: python-chess
// reads the wdl field into info["wdl"] (testdata/pychess_wdl.py).
func TestPythonChessWDL(t *testing.T) {
	runPythonChess(t, "pychess_wdl.py", 3*time.Minute)
}
