package search

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// treeSearcher is one small table for the synthetic tests (2^16 entries:
// far more than their trees' nodes).
func treeSearcher(t *testing.T) *TreeSearcher {
	t.Helper()
	s := NewTreeSearcher(1)
	t.Cleanup(s.Close)
	return s
}

func pow(w, e int) uint64 {
	p := uint64(1)
	for ; e > 0; e-- {
		p *= uint64(w)
	}
	return p
}

func TestMinimalTreeLeaves(t *testing.T) {
	// Knuth and Moore's count, by hand for a few: w^⌈d/2⌉ + w^⌊d/2⌋ - 1.
	assert.Equal(t, uint64(2), MinimalTreeLeaves(2, 1))
	assert.Equal(t, uint64(3), MinimalTreeLeaves(2, 2))
	assert.Equal(t, uint64(5), MinimalTreeLeaves(2, 3))
	assert.Equal(t, uint64(5+5-1), MinimalTreeLeaves(5, 2))
	assert.Equal(t, uint64(125+25-1), MinimalTreeLeaves(5, 5))
	assert.Equal(t, uint64(1000+1000-1), MinimalTreeLeaves(10, 6))
}

// TestTreeKnuthMoore: on perfectly ordered trees (the best move always
// first) alpha-beta, NegaScout, and the MTD drivers started at the right
// value search exactly the minimal tree, w^⌈d/2⌉ + w^⌊d/2⌋ − 1 leaves. Best
// Node Search proves less (which move is best, not its value): the first
// move's lower bound, w^⌊d/2⌋ leaves, and an upper bound on each other
// move, w^(⌈d/2⌉−1) each, when only the first move reaches the guess.
func TestTreeKnuthMoore(t *testing.T) {
	s := treeSearcher(t)
	for w := 2; w <= 5; w++ {
		for d := 1; d <= 6; d++ {
			for seed := uint64(1); seed <= 5; seed++ {
				tr := Tree{Kind: OrderedTree, Width: w, Depth: d, Lo: 0, Hi: 1000, Ordering: 1, Seed: seed}
				f := tr.Value()
				km := MinimalTreeLeaves(w, d)
				for _, drv := range Drivers() {
					for _, useGuess := range []bool{false, true} {
						res, err := s.Search(tr, drv, TreeOptions{Guess: f, UseGuess: useGuess})
						require.NoError(t, err)
						name := fmt.Sprintf("%v %s guess %v", tr, drv, useGuess)
						if drv == "BNS" {
							vals := tr.RootMoveValues()
							assert.Equal(t, f, vals[res.Best], name)
							assert.LessOrEqual(t, res.Value, f, name)
							proof := pow(w, d/2) + uint64(w-1)*pow(w, (d+1)/2-1)
							assert.GreaterOrEqual(t, res.Stats.Leaves, proof, name)
							separated := true
							for _, v := range vals[1:] {
								separated = separated && v < f
							}
							if useGuess && separated {
								assert.Equal(t, proof, res.Stats.Leaves, name)
							}
							continue
						}
						assert.Equal(t, f, res.Value, name)
						assert.Equal(t, BoundExact, res.Bound, name)
						// No driver can prove the value with fewer leaves.
						assert.GreaterOrEqual(t, res.Stats.Leaves, km, name)
						switch drv {
						case "AlphaBeta", "NegaScout", "SSS", "DUAL":
							// No guess needed: the full window, or passes from one side.
							assert.Equal(t, km, res.Stats.Leaves, name)
						case "MTDf", "MTDbi", "MTDstep":
							if useGuess {
								assert.Equal(t, km, res.Stats.Leaves, name)
							}
						}
					}
				}
			}
		}
	}
}

// TestTreeDriversAgree: every driver, with and without the table, with and
// without a first guess, returns plain minimax's value on small trees of
// every kind (Best Node Search: a lower bound, and a move of that value).
func TestTreeDriversAgree(t *testing.T) {
	s := treeSearcher(t)
	n := 0
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
					if kind == OrderedTree {
						require.Equal(t, tr.Value(), want, "%v: the drawn value is the minimax value", tr)
					}
					for _, drv := range Drivers() {
						for _, opt := range []TreeOptions{{}, {Guess: want + int(seed)*7 - 20, UseGuess: true}, {NoTable: true},
							{Guess: want, UseGuess: true, NoTable: true}, {NoLeafStore: true}} {
							res, err := s.Search(tr, drv, opt)
							require.NoError(t, err)
							name := fmt.Sprintf("%v %s %+v", tr, drv, opt)
							n++
							assert.Equal(t, want, vals[res.Best], "%s: the best move", name)
							if drv == "BNS" {
								assert.LessOrEqual(t, res.Value, want, name)
								continue
							}
							assert.Equal(t, want, res.Value, name)
							if opt.NoTable {
								assert.Zero(t, res.Stats.TTProbes, name)
							}
						}
					}
				}
			}
		}
	}
	t.Logf("%d searches", n)
}

// TestTreeDeterministic: a tree is its seed: the same counts every time,
// other counts for another seed.
func TestTreeDeterministic(t *testing.T) {
	s := treeSearcher(t)
	for _, kind := range []TreeKind{RandomTree, OrderedTree, TransposingTree} {
		tr := Tree{Kind: kind, Width: 4, Depth: 6, Lo: 0, Hi: 200, Ordering: 0.8, Seed: 42}
		for _, drv := range Drivers() {
			a, err := s.Search(tr, drv, TreeOptions{})
			require.NoError(t, err)
			b, err := SearchTree(tr, drv, 2, TreeOptions{})
			require.NoError(t, err)
			assert.Equal(t, a, b, "%v %s", tr, drv)
		}
		a, _ := s.Search(tr, "AlphaBeta", TreeOptions{})
		tr.Seed++
		c, _ := s.Search(tr, "AlphaBeta", TreeOptions{})
		assert.NotEqual(t, a.Stats, c.Stats, "%v: another seed, another tree", tr)
	}
}

// TestTreeShape checks the generators: children's keys, the ordered tree's
// values and ordering, and the transposing tree's commuting moves.
func TestTreeShape(t *testing.T) {
	// Ordered: every node's value is the best of its children's, and the
	// best child is first about Ordering of the time.
	tr := Tree{Kind: OrderedTree, Width: 5, Depth: 4, Lo: -100, Hi: 100, Ordering: 0.7, Seed: 3}
	first, nodes := 0, 0
	var walk func(n tnode, ply int)
	walk = func(n tnode, ply int) {
		if ply == tr.Depth {
			return
		}
		best := -Infinity
		for i := 0; i < tr.Width; i++ {
			c := tr.child(n, ply, i)
			assert.LessOrEqual(t, -c.value, n.value)
			best = max(best, -c.value)
			walk(c, ply+1)
		}
		assert.Equal(t, n.value, best)
		if -tr.child(n, ply, 0).value == n.value {
			first++
		}
		nodes++
	}
	walk(tr.root(), 0)
	assert.InDelta(t, 0.7, float64(first)/float64(nodes), 0.05, "%d of %d nodes have their best move first", first, nodes)

	// Keys: distinct children, the same for the same path.
	for _, kind := range []TreeKind{RandomTree, OrderedTree, TransposingTree} {
		tr := Tree{Kind: kind, Width: 3, Depth: 3, Lo: 0, Hi: 9, Ordering: 1, Seed: 1}
		r := tr.root()
		keys := map[uint64]bool{}
		for i := 0; i < 3; i++ {
			c := tr.child(r, 0, i)
			keys[c.key] = true
			assert.Equal(t, c, tr.child(r, 0, i))
		}
		assert.Len(t, keys, 3, kind.String())
	}

	// Transposing: moves of one side commute; the sides' moves do not mix.
	tr = Tree{Kind: TransposingTree, Width: 3, Depth: 3, Lo: 0, Hi: 9, Seed: 1}
	path := func(ms ...int) uint64 {
		n := tr.root()
		for ply, m := range ms {
			n = tr.child(n, ply, m)
		}
		return n.key
	}
	assert.Equal(t, path(0, 1, 2), path(2, 1, 0), "the first player's moves commute")
	assert.NotEqual(t, path(0, 1, 2), path(1, 0, 2), "a move is the side's that played it")
	assert.NotEqual(t, path(0, 0, 1), path(0, 1, 1))
	s := treeSearcher(t)
	res, err := s.Search(Tree{Kind: TransposingTree, Width: 4, Depth: 6, Lo: 0, Hi: 200, Seed: 5}, "AlphaBeta", TreeOptions{})
	require.NoError(t, err)
	assert.Positive(t, res.Stats.TTCutoffs, "transpositions are found in the table")
	res2, err := s.Search(Tree{Kind: TransposingTree, Width: 4, Depth: 6, Lo: 0, Hi: 200, Seed: 5}, "AlphaBeta", TreeOptions{NoTable: true})
	require.NoError(t, err)
	assert.Less(t, res.Stats.Leaves, res2.Stats.Leaves, "the table saves the transpositions' leaves")
}

// TestTreeNoLeafStore: without the leaves in the table MTD(f)'s later
// passes evaluate again the leaves an earlier one reached, so it evaluates
// more of them, for the same value; a single alpha-beta pass over a tree
// without transpositions evaluates each leaf once either way.
func TestTreeNoLeafStore(t *testing.T) {
	s := treeSearcher(t)
	more := 0
	for seed := uint64(1); seed <= 10; seed++ {
		tr := Tree{Kind: RandomTree, Width: 3, Depth: 6, Lo: 0, Hi: 80, Seed: seed}
		for _, drv := range []string{"MTDf", "AlphaBeta"} {
			opt := TreeOptions{Guess: 40, UseGuess: true}
			stored, err := s.Search(tr, drv, opt)
			require.NoError(t, err)
			opt.NoLeafStore = true
			not, err := s.Search(tr, drv, opt)
			require.NoError(t, err)
			assert.Equal(t, stored.Value, not.Value, "%v %s", tr, drv)
			assert.GreaterOrEqual(t, not.Stats.Leaves, stored.Stats.Leaves, "%v %s", tr, drv)
			if drv == "AlphaBeta" {
				assert.Equal(t, stored.Stats.Leaves, not.Stats.Leaves, "%v: one pass, no transpositions", tr)
			} else if not.Stats.Leaves > stored.Stats.Leaves {
				more++
			}
		}
	}
	assert.Positive(t, more, "MTD(f)'s passes re-evaluate leaves when none is stored")
}

func TestTreeErrors(t *testing.T) {
	s := treeSearcher(t)
	good := Tree{Kind: RandomTree, Width: 2, Depth: 2, Lo: 0, Hi: 10}
	_, err := s.Search(good, "Nope", TreeOptions{})
	assert.Error(t, err)
	for _, tr := range []Tree{{Width: 0, Depth: 2}, {Width: 2, Depth: 0}, {Width: 2, Depth: MaxTreeDepth + 1},
		{Width: 2, Depth: 2, Lo: 5, Hi: 4}, {Width: 2, Depth: 2, Hi: MaxTreeValue + 1}, {Kind: 9, Width: 2, Depth: 2},
		{Kind: OrderedTree, Width: 2, Depth: 2, Ordering: 1.5}} {
		_, err := s.Search(tr, "AlphaBeta", TreeOptions{})
		assert.Error(t, err, "%+v", tr)
	}
}

// TestTreeNoAllocs: the synthetic walker, like the chess one, allocates
// nothing per node: a search allocates the same few objects whatever the
// tree's size.
func TestTreeNoAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates itself")
	}
	s := treeSearcher(t)
	for _, drv := range []string{"AlphaBeta", "NegaScout", "MTDf"} {
		small := testing.AllocsPerRun(5, func() {
			_, _ = s.Search(Tree{Kind: RandomTree, Width: 3, Depth: 3, Lo: 0, Hi: 99, Seed: 1}, drv, TreeOptions{})
		})
		big := testing.AllocsPerRun(5, func() {
			_, _ = s.Search(Tree{Kind: RandomTree, Width: 4, Depth: 7, Lo: 0, Hi: 99, Seed: 1}, drv, TreeOptions{})
		})
		assert.Equal(t, small, big, drv)
		assert.LessOrEqual(t, big, 1.0, drv)
	}
}
