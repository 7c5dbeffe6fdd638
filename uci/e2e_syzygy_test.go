package uci

import (
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bounder-chess/bounder/engine"
	"github.com/bounder-chess/bounder/search"
	"github.com/bounder-chess/bounder/syzygy"
)

// TestE2ESyzygy: with SyzygyPath set, Bounder says how many tables it
// found, probes them (tbhits in its info lines) and plays a won ending by
// the tables' best-ranked moves; a path without tables is an error that
// keeps the tables it had.
func TestE2ESyzygy(t *testing.T) {
	dir, err := filepath.Abs(filepath.Join("..", "syzygy", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	p := startEngine(t, "bounder")
	p.send("setoption name SyzygyPath value "+dir, "isready")
	_, before := p.expect("readyok", 10*time.Second)
	if !strings.Contains(strings.Join(before, "\n"), "info string syzygy: 35 tables of up to 4 pieces") {
		t.Fatalf("no tables announced: %q", before)
	}
	const fen = "8/8/k7/8/8/3r4/8/4KQ2 w - - 0 1" // KQvKR, a win
	p.send("position fen "+fen, "go depth 8")
	bm, info := p.expect("bestmove", 20*time.Second)
	if !strings.Contains(strings.Join(info, "\n"), " tbhits ") {
		t.Errorf("no tbhits in %q", info)
	}
	tables, err := syzygy.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer tables.Close()
	pos, err := engine.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	ranked, ok := tables.RankRootMoves(pos)
	if !ok {
		t.Fatal("the tables do not hold the test position")
	}
	played := strings.Fields(bm)[1]
	good := false
	for _, r := range ranked {
		if r.Rank == ranked[0].Rank && r.Move.String() == played {
			good = true
		}
	}
	if !good {
		t.Errorf("%s: %s is not among the tables' best moves", fen, played)
	}
	p.send("setoption name SyzygyPath value /no/such/dir", "isready")
	_, before = p.expect("readyok", replyWait)
	if !strings.Contains(strings.Join(before, "\n"), "info string error: SyzygyPath") {
		t.Errorf("no error for a path without tables: %q", before)
	}
	p.send("quit")
}

// TestPythonChessSyzygy is Syzygy play through a real client: python-chess
// sets SyzygyPath and lets Bounder play won 4-piece endings to mate, and
// hold drawn ones, against a perfect defender from python-chess's own
// Syzygy prober, checking every move by its tables
// (testdata/pychess_syzygy.py).
func TestPythonChessSyzygy(t *testing.T) {
	runPythonChess(t, "pychess_syzygy.py", 3*time.Minute)
}

// TestE2ESyzygyRootVerdict: with SyzygyPath set, a root the tables hold is
// reported by their verdict in every info line, every MultiPV line too,
// with go depth, go movetime and go infinite: a loss as the tablebase loss
// score (or being mated) with wdl 0 0 1000, a draw as cp 0 with wdl 0 1000
// 0; and a movetime or infinite search goes on past its first iteration.
func TestE2ESyzygyRootVerdict(t *testing.T) {
	dir, err := filepath.Abs(filepath.Join("..", "syzygy", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	p := startEngine(t, "bounder")
	p.send("setoption name SyzygyPath value "+dir, "setoption name UCI_ShowWDL value true",
		"setoption name MultiPV value 2", "isready")
	p.expect("readyok", 10*time.Second)
	loss := " score cp " + strconv.Itoa(-search.TBWin) + " wdl 0 0 1000 "
	for _, c := range []struct{ fen, want string }{
		{"8/N2K4/8/k7/8/6B1/8/8 b - - 0 1", loss},                        // KBNvK, lost for Black
		{"3K4/3N3k/7r/8/8/8/8/8 b - - 0 1", " score cp 0 wdl 0 1000 0 "}, // KRvKN, a draw
	} {
		for _, goCmd := range []string{"go depth 12", "go movetime 300", "go infinite"} {
			p.send("ucinewgame", "position fen "+c.fen, goCmd)
			var info []string
			if goCmd == "go infinite" {
				_, before := p.expect("info depth 8 ", 20*time.Second)
				p.send("stop")
				info = before
			}
			_, rest := p.expect("bestmove", 20*time.Second)
			info = append(info, rest...)
			depths := 0
			for _, l := range info {
				if !strings.Contains(l, " score ") {
					continue
				}
				depths++
				if !strings.Contains(l, c.want) && !(c.want == loss && strings.Contains(l, " score mate -")) {
					t.Errorf("%s, %s: %q lacks %q", c.fen, goCmd, l, c.want)
				}
			}
			if depths < 2 {
				t.Errorf("%s, %s: %d info lines with a score: %q", c.fen, goCmd, depths, info)
			}
		}
	}
	p.send("quit")
}
