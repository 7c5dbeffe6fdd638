package uci

import (
	"strings"
	"testing"
	"time"

	"github.com/bounder-chess/bounder/engine"
)

// TestChess960 is issue 21's Chess960 through the protocol, with the fake
// searcher: the option, 960 FENs in Shredder-FEN and X-FEN, castling read
// and written as the king taking its rook (position moves, searchmoves,
// pv, bestmove, ponder, perft), standard text when the option is off.
func TestChess960(t *testing.T) {
	h := newHarness(t, nil)
	h.send("uci")
	_, before := h.expect("uciok", time.Second)
	if count(before, "option name UCI_Chess960 type check default false") != 1 {
		t.Errorf("no UCI_Chess960 option in %q", before)
	}
	h.send("setoption name UCI_Chess960 value true")

	// A Chess960 start (Scharnagl's number 0 for both sides), then both
	// castlings: White's queen side (the king from f1 takes its b1 rook,
	// lands on c1, the rook on d1), Black's king side (king f8 and rook g8
	// swap squares).
	h.send("position fen 1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3K1R w HBgb - 0 1 moves f1b1 f8g8", "d")
	if l, _ := h.expect("Fen:", time.Second); l != "Fen: 1r3rk1/pppppppp/8/8/8/8/PPPPPPPP/2KR3R w - - 2 2" {
		t.Errorf("after f1b1 f8g8: %q", l)
	}
	// The same start in X-FEN, and White castling king side.
	h.send("position fen 1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3K1R w KQkq - 0 1 moves f1h1", "d")
	if l, _ := h.expect("Fen:", time.Second); l != "Fen: 1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3RK1 b kq - 1 1" {
		t.Errorf("after f1h1: %q", l)
	}

	// bestmove and pv in the king-takes-rook form: the fake plays the
	// first searchmove, and replies with Black's first legal move.
	h.send("position fen 1r3k1r/pppppppp/8/8/8/8/PPPPPPPP/1R3K1R w HBhb - 0 1", "go depth 1 searchmoves f1h1")
	bm, before := h.expect("bestmove", time.Second)
	if bm != "bestmove f1h1 ponder f8e8" {
		t.Errorf("%q", bm)
	}
	if len(before) == 0 || !strings.HasSuffix(before[len(before)-1], " pv f1h1 f8e8") {
		t.Errorf("info lines %q", before)
	}

	// The standard start: castling is e1h1 with the option on, e1g1 is
	// refused; perft divides by the same text.
	const castled = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
	h.send("position fen "+castled+" moves e1h1 e8a8", "d")
	if l, _ := h.expect("Fen:", time.Second); l != "Fen: 2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2" {
		t.Errorf("after e1h1 e8a8: %q", l)
	}
	h.send("position fen " + castled + " moves e1g1")
	if l, _ := h.expect("info string", time.Second); !strings.Contains(l, "king taking its rook: e1h1") || !strings.Contains(l, "position rejected") {
		t.Errorf("%q", l)
	}
	h.send("position fen "+castled, "go perft 1")
	_, before = h.expect("Nodes searched: 26", time.Second)
	if count(before, "e1h1: 1") != 1 || count(before, "e1a1: 1") != 1 || count(before, "e1g1:") != 0 {
		t.Errorf("perft lines %q", before)
	}

	// Off, the same position reads and writes the standard way.
	h.send("setoption name UCI_Chess960 value false", "position fen "+castled+" moves e1g1 e8c8", "d")
	if l, _ := h.expect("Fen:", time.Second); l != "Fen: 2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2" {
		t.Errorf("after e1g1 e8c8: %q", l)
	}
	h.send("position fen "+castled, "go depth 1 searchmoves e1g1")
	if bm, _ := h.expect("bestmove", time.Second); !strings.HasPrefix(bm, "bestmove e1g1") {
		t.Errorf("%q", bm)
	}
	h.send("position fen " + castled + " moves e1h1")
	if l, _ := h.expect("info string", time.Second); !strings.Contains(l, "position rejected") {
		t.Errorf("%q", l)
	}
	// The option applies to the position already set, whatever the order.
	h.send("position fen "+castled, "setoption name UCI_Chess960 value true", "go depth 1 searchmoves e1a1")
	if bm, _ := h.expect("bestmove", time.Second); !strings.HasPrefix(bm, "bestmove e1a1") {
		t.Errorf("%q", bm)
	}

	// A FEN that needs Chess960 text gets it with the option off too.
	h.send("setoption name UCI_Chess960 value false", "position fen 1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3K1R w HBgb - 0 1 moves f1b1", "d")
	if l, _ := h.expect("Fen:", time.Second); l != "Fen: 1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/2KR3R b kq - 1 1" {
		t.Errorf("after f1b1 with the option off: %q", l)
	}

	// Malformed castling fields are rejected with the reason.
	h.send("position fen 4k3/8/8/8/8/8/8/4K2R w G - 0 1")
	if l, _ := h.expect("info string", time.Second); !strings.Contains(l, "without a white rook on g1") {
		t.Errorf("%q", l)
	}
	h.quit()
}

// TestChess960NoBook: with UCI_Chess960 on, or in a position that needs
// it, the book is never asked, even on the clock with OwnBook on, and no
// opening name is announced.
func TestChess960NoBook(t *testing.T) {
	book := &fakeBook{moves: map[string]string{engine.StartFEN: "e2e4"}}
	names := 0
	h := newHarness(t, func(c *Config) {
		c.DefaultBook = func() Book { return book }
		c.OpeningName = func(p *engine.Position) (string, bool) { names++; return "A00 Test Opening", true }
	})
	h.sync() // the warm-up's calls are done
	names = 0
	h.send("setoption name OwnBook value true", "setoption name UCI_Chess960 value true",
		"position startpos", "go wtime 1000 btime 1000")
	bm, before := h.expect("bestmove", time.Second)
	if !strings.HasPrefix(bm, "bestmove a2a3") || count(before, "info string") != 0 {
		t.Errorf("%q after %q", bm, before)
	}
	h.send("setoption name UCI_Chess960 value false",
		"position fen 1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3K1R w HBgb - 0 1", "go wtime 1000 btime 1000")
	if bm, before := h.expect("bestmove", time.Second); !strings.HasPrefix(bm, "bestmove f1e1") || count(before, "info string") != 0 {
		t.Errorf("%q after %q", bm, before)
	}
	h.sync()
	if book.probes != 0 || names != 0 {
		t.Errorf("book probed %d times, opening names asked %d times", book.probes, names)
	}
	// And with the option off in standard chess, the book plays.
	h.send("position startpos", "go wtime 1000 btime 1000")
	h.expect("info string book move e2e4", time.Second)
	h.expect("bestmove e2e4", time.Second)
	h.quit()
}

// TestPythonChessChess960 is Chess960 through a real client: python-chess
// plays Bounder against itself from Double Fischer random and Chess960
// positions, checking every move in its own Chess960 notation
// (testdata/pychess_chess960.py).
func TestPythonChessChess960(t *testing.T) {
	runPythonChess(t, "pychess_chess960.py", 3*time.Minute)
}
