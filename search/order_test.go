package search

import (
	"math/rand"
	"testing"

	"github.com/bounder-chess/bounder/engine"
	"github.com/stretchr/testify/require"
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

// pick is a selection sort step: it returns the remaining moves by falling
// score, the earliest first among equal scores, exactly as the plain loop
// (the search's node counts depend on the order of ties). Checked against
// that loop on random lists, many with ties, some with extreme scores.
func TestPickMatchesPlainSelection(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	var ml, ref moveList
	for round := 0; round < 2000; round++ {
		n := rng.Intn(engine.MaxMoves + 1)
		spread := []int32{1, 3, 1000, 1 << 30}[rng.Intn(4)]
		for i := 0; i < n; i++ {
			s := rng.Int31n(spread) - spread/2
			if rng.Intn(50) == 0 {
				s = []int32{-1 << 31, 1<<31 - 1}[rng.Intn(2)]
			}
			ml.moves[i], ml.scores[i] = engine.Move(i+1), s
		}
		ml.n, ml.next = n, 0
		ref = ml
		for k := 0; ; k++ {
			m, ok := ml.pick()
			want, wantOK := plainPick(&ref)
			if m != want || ok != wantOK {
				t.Fatalf("round %d, pick %d: %v %v, want %v %v", round, k, m, ok, want, wantOK)
			}
			if !ok {
				break
			}
		}
	}
}

// plainPick is the straightforward selection step pick must equal.
func plainPick(ml *moveList) (engine.Move, bool) {
	if ml.next >= ml.n {
		return engine.NullMove, false
	}
	best := ml.next
	for i := ml.next + 1; i < ml.n; i++ {
		if ml.scores[i] > ml.scores[best] {
			best = i
		}
	}
	ml.moves[ml.next], ml.moves[best] = ml.moves[best], ml.moves[ml.next]
	ml.scores[ml.next], ml.scores[best] = ml.scores[best], ml.scores[ml.next]
	m := ml.moves[ml.next]
	ml.next++
	return m, true
}

// TestCaptureHistory: a cutoff by a capture gives it capture history and
// takes some from the captures searched before it, and history reorders
// captures of equal MVV-LVA: of two pawn-takes-knight captures, the one
// with the better history is picked first, and a new game forgets it.
func TestCaptureHistory(t *testing.T) {
	w := NewSearcher(1).w
	// Black knights on c6 and f6, each attacked by a white pawn.
	w.pos = mustPos(t, "4k3/8/2n2n2/1P4P1/8/8/8/4K3 w - - 0 1")
	move := func(s string) engine.Move {
		m, err := w.pos.ParseMove(s)
		require.NoError(t, err)
		return m
	}
	bc6, gf6 := move("b5c6"), move("g5f6")
	order := func() []engine.Move {
		ml := &w.lists[1]
		ml.start(engine.NullMove)
		var got []engine.Move
		for {
			m, ok := w.nextMove(ml, 1, true)
			if !ok {
				return got
			}
			got = append(got, m)
		}
	}
	require.Len(t, order(), 2)

	p := live.Load()
	for _, cutoff := range []engine.Move{gf6, bc6} {
		f := &w.stack[1]
		other := bc6
		if cutoff == bc6 {
			other = gf6
		}
		f.captures[0], f.captures[1], f.nCaptures = other, cutoff, 2
		w.updateCaptures(cutoff, 1, 6, p)
		require.Greater(t, *w.captHistEntry(cutoff), int16(0))
		require.Less(t, *w.captHistEntry(other), *w.captHistEntry(cutoff))
		require.Equal(t, []engine.Move{cutoff, other}, order(), "after a cutoff by %v", cutoff)
	}

	w.clearHistory()
	require.Zero(t, *w.captHistEntry(bc6))
	require.Zero(t, *w.captHistEntry(gf6))
}
