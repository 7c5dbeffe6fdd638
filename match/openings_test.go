package match

import (
	"os"
	"reflect"
	"strings"
	"testing"
)

func TestReadEPD(t *testing.T) {
	ops, err := LoadOpenings("testdata/openings.epd")
	if err != nil {
		t.Fatal(err)
	}
	if len(ops) != 6 {
		t.Fatalf("%d openings, want 6", len(ops))
	}
	first := Opening{FEN: "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4", ID: "openings.epd:1"}
	if !reflect.DeepEqual(ops[0], first) {
		t.Errorf("first opening %+v", ops[0])
	}
	last := Opening{FEN: "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2", ID: "openings.epd:sicilian"}
	if !reflect.DeepEqual(ops[5], last) {
		t.Errorf("last opening %+v", ops[5])
	}
	for _, o := range ops {
		if _, err := o.setup(); err != nil {
			t.Error(err)
		}
	}

	for _, bad := range []string{
		"foo",
		"8/8/8 w - -",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq -",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - hmvc x;",
	} {
		if _, err := ReadEPD(strings.NewReader(bad)); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

func TestReadPGNOpenings(t *testing.T) {
	ops, err := LoadOpenings("testdata/openings.pgn")
	if err != nil {
		t.Fatal(err)
	}
	want := []Opening{
		{Moves: []string{"e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6"}, ID: "openings.pgn:game 1"},
		{FEN: "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
			Moves: []string{"g1f3", "g8f6", "f3e5", "d7d6"}, ID: "openings.pgn:game 2"},
		{Moves: []string{"d2d4", "d7d5", "c2c4"}, ID: "openings.pgn:game 3"},
	}
	if !reflect.DeepEqual(ops, want) {
		t.Errorf("got %+v\nwant %+v", ops, want)
	}

	for _, bad := range []string{
		"[Event \"x\"]\n\n{comment first} 1. e4 *\n", // notnil/chess panics on this
		"[Event \"x\"]\n\n1. e4 e4 *\n",
		"[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n*\n",
	} {
		if _, err := ReadPGNOpenings(strings.NewReader(bad)); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

func TestLoadOpeningsErrors(t *testing.T) {
	dir := t.TempDir()
	for name, content := range map[string]string{"x.txt": "whatever", "empty.epd": "\n# nothing\n"} {
		if err := os.WriteFile(dir+"/"+name, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := LoadOpenings(dir + "/" + name); err == nil {
			t.Errorf("%s accepted", name)
		}
	}
	if _, err := LoadOpenings(dir + "/missing.epd"); err == nil {
		t.Error("missing file accepted")
	}
}

func TestOpeningOrder(t *testing.T) {
	a, b := openingOrder(50, 7), openingOrder(50, 7)
	if !reflect.DeepEqual(a, b) {
		t.Error("same seed, different order")
	}
	if reflect.DeepEqual(a, openingOrder(50, 8)) {
		t.Error("different seeds, same order")
	}
	seen := make([]bool, 50)
	for _, i := range a {
		seen[i] = true
	}
	for i, ok := range seen {
		if !ok {
			t.Fatalf("%d missing from the permutation", i)
		}
	}
}

// TestSharedSuite reads the project's balanced opening suite when it is
// present next to the repository.
func TestSharedSuite(t *testing.T) {
	var path string
	for _, p := range []string{"../../shared/data/openings/noob_3moves.epd", "/work/shared/data/openings/noob_3moves.epd"} {
		if _, err := os.Stat(p); err == nil {
			path = p
			break
		}
	}
	if path == "" {
		t.Skip("noob_3moves.epd not found")
	}
	ops, err := LoadOpenings(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(ops) < 1000 {
		t.Fatalf("only %d openings", len(ops))
	}
	for _, i := range openingOrder(len(ops), 1)[:200] {
		if _, err := ops[i].setup(); err != nil {
			t.Error(err)
		}
	}
}

// TestIllegalOpeningRefused: an opening no game can reach, which notnil/chess
// would take, is refused with the reason before a game is played: engines
// refuse it too, and a match would score it as two losses.
func TestIllegalOpeningRefused(t *testing.T) {
	for fen, reason := range map[string]string{
		"8/8/3k4/8/8/8/8/3QK3 w - - 0 1":                           "the side not to move is in check",
		"rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1": "castling right k without a black rook",
		"4k3/8/8/8/8/8/8/P3K3 w - - 0 1":                           "pawn on the first or last rank",
	} {
		_, err := Opening{FEN: fen}.setup()
		if err == nil || !strings.Contains(err.Error(), reason) {
			t.Errorf("%s: error %v, want one saying %q", fen, err, reason)
		}
	}
}
