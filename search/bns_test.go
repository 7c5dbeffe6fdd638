package search

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// valuesRoot is a root whose moves have fixed values, each test returning
// the move's value (fail-soft and exact): it records the separation values
// Best Node Search tests, round by round.
type valuesRoot struct {
	vals   []int
	gammas []int // the γ of every round
	tests  int
}

func (r *valuesRoot) window(alpha, beta, depth int) int { panic("not a BNS call") }
func (r *valuesRoot) mt(gamma, depth int) int           { panic("not a BNS call") }
func (r *valuesRoot) moves() int                        { return len(r.vals) }
func (r *valuesRoot) best(i, score int)                 {}
func (r *valuesRoot) isStopped() bool                   { return false }
func (r *valuesRoot) research()                         {}

func (r *valuesRoot) test(i, gamma, depth int) int {
	if n := len(r.gammas); n == 0 || r.gammas[n-1] != gamma { // a round tests one γ, the next another
		r.gammas = append(r.gammas, gamma)
	}
	if r.tests++; r.tests > 1000 {
		panic("BNS does not end")
	}
	return r.vals[i]
}

// TestBNSRounds004 checks the separation values of both schedules on moves
// of known values: 004 §6's (the highest upper bound after a fail-low
// round, the second-best bound + 1 after successes, bounds from the
// domain's range) and the playing one (a doubling margin while a bound is
// infinite).
func TestBNSRounds004(t *testing.T) {
	// The answers by hand (the fake's values are exact, so a round's
	// fail-soft bounds are the moves' values).
	for _, c := range []struct {
		name          string
		vals          []int
		first         int
		ranged        bool
		paper, engine []int // γ round by round
		value         int
		paperBound    Bound // 004's rounds: BoundLower when a round separated, before the bounds met
		engineBound   Bound
	}{
		// Two moves reach 15. 004: the second's bound 20, + 1, separates
		// them. Playing: 15 + 50 fails low everywhere, and the bounds meet.
		{"success then separation", []int{25, 20, 10, 5}, 15, false, []int{15, 21}, []int{15, 75}, 25, BoundLower, BoundExact},
		// Every move fails low at 30. 004: the highest upper bound, 12,
		// which one move reaches. Playing: 12 − 50, which every move does.
		{"fail low then separation", []int{12, 10, 8}, 30, false, []int{30, 12}, []int{30, -38}, 12, BoundExact, BoundExact},
		// Equal best moves: the bounds meet on their value.
		{"a tie", []int{20, 20, 10}, 30, false, []int{30, 20}, []int{30, -30}, 20, BoundExact, BoundExact},
		// Everything at the range's bottom: with bounds from the range the
		// first fail-low round proves the value; from ±∞ it takes another.
		{"the range's bottom", []int{0, 0, 0}, 30, true, []int{30}, []int{30, -50}, 0, BoundExact, BoundExact},
	} {
		for _, paper := range []bool{true, false} {
			r := &valuesRoot{vals: c.vals}
			opt := DefaultOptions()
			opt.BNSRounds004 = paper
			g := guess{prev: []int{c.first}, ranged: c.ranged, lo: 0, hi: 80}
			v, b := bestNodeSearch(r, 3, g, opt)
			want, bound := c.engine, c.engineBound
			if paper {
				want, bound = c.paper, c.paperBound
			}
			name := fmt.Sprintf("%s, 004 rounds %v", c.name, paper)
			assert.Equal(t, want, r.gammas, name)
			assert.Equal(t, bound, b, name)
			assert.Equal(t, c.value, v, name)
		}
	}
}

// TestTreeBNSRounds004: with 004's rounds Best Node Search still finds a best
// move and a lower bound on the value on trees of every kind, with and
// without the table and a first guess; and on 004's own trees (width 2,
// leaves in 0..80, started at its separation value 30) it tests fewer
// moves and evaluates fewer leaves than the playing rounds.
func TestTreeBNSRounds004(t *testing.T) {
	s := treeSearcher(t)
	for _, kind := range []TreeKind{RandomTree, OrderedTree, TransposingTree} {
		for w := 1; w <= 4; w++ {
			for d := 1; d <= 5; d++ {
				for seed := uint64(1); seed <= 6; seed++ {
					lo, hi := 0, 80
					if seed%2 == 0 {
						lo, hi = -300, 500
					}
					tr := Tree{Kind: kind, Width: w, Depth: d, Lo: lo, Hi: hi, Ordering: 0.6, Seed: seed}
					want := tr.Minimax()
					vals := tr.RootMoveValues()
					for _, opt := range []TreeOptions{{}, {Guess: want + int(seed)*7 - 20, UseGuess: true}, {NoTable: true},
						{Guess: lo, UseGuess: true}, {Guess: hi, UseGuess: true}} {
						opt.BNSRounds004 = true
						res, err := s.Search(tr, "BNS", opt)
						require.NoError(t, err)
						name := fmt.Sprintf("%v %+v", tr, opt)
						require.Equal(t, want, vals[res.Best], "%s: the best move", name)
						require.LessOrEqual(t, res.Value, want, name)
						if res.Bound == BoundExact {
							require.Equal(t, want, res.Value, name)
						}
					}
				}
			}
		}
	}

	var paper, engine TreeStats
	for seed := uint64(1); seed <= 100; seed++ {
		tr := Tree{Kind: RandomTree, Width: 2, Depth: 10, Lo: 0, Hi: 80, Seed: seed}
		for _, p := range []bool{true, false} {
			res, err := s.Search(tr, "BNS", TreeOptions{Guess: 30, UseGuess: true, BNSRounds004: p})
			require.NoError(t, err)
			st := &engine
			if p {
				st = &paper
			}
			st.Leaves += res.Stats.Leaves
			st.Passes += res.Stats.Passes
		}
	}
	t.Logf("w2 d10, 100 trees: 004's rounds %d leaves, %d tests; the playing rounds %d, %d",
		paper.Leaves, paper.Passes, engine.Leaves, engine.Passes)
	assert.Less(t, paper.Passes, engine.Passes)
	assert.Less(t, paper.Leaves, engine.Leaves)
}
