package match

import (
	"strings"
	"testing"
)

// The variant's parser and the Chess960 referee take any input without
// panicking, and what they accept is sane.

func FuzzParseVariant(f *testing.F) {
	for _, s := range []string{"standard", "fischerandom", "chess960", "Chess960", " FISCHERANDOM ", "", "960", "\x00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := ParseVariant(s)
		if err != nil {
			return
		}
		if v != Standard && v != FischerRandom {
			t.Fatalf("%q: variant %d", s, v)
		}
		if back, err := ParseVariant(v.String()); err != nil || back != v {
			t.Fatalf("%q: %s reads back as %v, %v", s, v, back, err)
		}
	})
}

// FuzzBoard960 sets up any FEN and plays any moves on it: errors, never a
// panic; an accepted start is written back in a form the referee reads
// again to the same position, and the UCI position command names it.
func FuzzBoard960(f *testing.F) {
	f.Add("1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3KR1 w KQkq - 0 1", "f1g1 f8b8 g1h1")
	f.Add("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1", "g1h1 e2e4")
	f.Add("4k3/8/8/8/8/8/8/RK5R w AH - 99 60", "b1a1 e8e7")
	f.Add("k7/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6 a8b7")
	f.Add("", "e2e4 e7e5 e1h1")
	f.Fuzz(func(t *testing.T, fen, moves string) {
		b, err := newBoard960(fen)
		if err != nil {
			return
		}
		again, err := newBoard960(b.start())
		if err != nil || again.start() != b.start() {
			t.Fatalf("%q: start %q reads back as %v, %v", fen, b.start(), again, err)
		}
		for _, m := range strings.Fields(moves) {
			if b.play(m) != nil {
				break
			}
			b.outcome()
			b.canMate(0)
			b.canMate(1)
		}
		if !strings.HasPrefix(b.positionCommand(), "position fen "+b.start()) {
			t.Fatalf("%q: position command %q", fen, b.positionCommand())
		}
		rec := GameRecord{StartFEN: b.start(), Variant: FischerRandom, Result: ResultNone}
		for _, m := range b.moves {
			rec.Moves = append(rec.Moves, MoveRecord{UCI: m})
		}
		if pgn := rec.PGN(); strings.Contains(pgn, "{illegal move") {
			t.Fatalf("%q %q: the PGN writer refuses a move the referee took:\n%s", fen, moves, pgn)
		}
	})
}
