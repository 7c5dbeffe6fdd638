package search

import (
	"math/rand"
	"testing"

	"github.com/bounder-chess/bounder/engine"
)

// TestPickerReturnsEveryMoveOnce: the staged picker returns each legal move
// exactly once, whatever the table move, killers and counter move hold
// (legal, illegal, captures, moves of another position), and with quiet
// moves skipped it returns exactly the captures and promotions. The table
// move, when legal, comes first. Positions come from random games from the
// test suites.
func TestPickerReturnsEveryMoveOnce(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	w := NewSearcher(1).w
	var foreign []engine.Move // moves of other positions, as a stale table would hold
	positions := 0
	for _, fen := range benchFENs(t, 40) {
		pos := fen.Clone()
		for ply := 0; ply < 60; ply++ {
			var buf [engine.MaxMoves]engine.Move
			legal := pos.GenerateMoves(buf[:])
			if len(legal) == 0 {
				break
			}
			w.pos = pos
			pick := func() engine.Move {
				if len(foreign) > 0 && rng.Intn(3) == 0 {
					return foreign[rng.Intn(len(foreign))]
				}
				if rng.Intn(4) == 0 {
					return engine.NullMove
				}
				return legal[rng.Intn(len(legal))]
			}
			ply1 := 1 + rng.Intn(MaxPly-2)
			tt := pick()
			w.killers[ply1] = [2]engine.Move{pick(), pick()}
			if last := pos.LastMove(); last != engine.NullMove {
				w.counter[pos.PieceAt(last.To())][last.To()] = pick()
			}
			for _, skip := range []bool{false, true} {
				ml := &w.lists[ply1]
				ml.start(tt)
				seen := map[engine.Move]int{}
				var order []engine.Move
				for {
					m, ok := w.nextMove(ml, ply1, skip)
					if !ok {
						break
					}
					seen[m]++
					order = append(order, m)
				}
				for _, m := range legal {
					want := 1
					if skip && !isCaptureOrPromotion(pos, m) && m != tt {
						want = 0
					}
					if seen[m] != want {
						t.Fatalf("%s (skip quiets %v, table move %s): %s returned %d times, want %d; order %v",
							pos.FEN(), skip, tt, m, seen[m], want, order)
					}
					delete(seen, m)
				}
				for m := range seen {
					t.Fatalf("%s: returned %s, not a legal move", pos.FEN(), m)
				}
				if pos.IsLegal(tt) && order[0] != tt {
					t.Fatalf("%s: table move %s not first: %v", pos.FEN(), tt, order)
				}
			}
			positions++
			m := legal[rng.Intn(len(legal))]
			foreign = append(foreign, m)
			pos.Make(m)
		}
	}
	if positions < 1000 {
		t.Fatalf("only %d positions checked", positions)
	}
}
