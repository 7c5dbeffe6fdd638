package search

import (
	"errors"
	"fmt"
	"math/bits"

	"github.com/bounder-chess/bounder/engine"
)

// Synthetic game trees: the second domain of the drivers.
//
// The papers that introduced NegaScout (002) and Best Node Search (004)
// measured them on artificial uniform trees: every interior node has Width
// children, every leaf is Depth plies from the root. Here such a tree is
// searched by the same drivers (driver.go, through the root interface) and
// the same transposition table (tt.go) as chess; only the tree walker is
// another one, treeWalker below: a small memory-enhanced fail-soft alpha-beta
// without chess's quiescence search and selectivity.
//
// A tree is never built. A node is a 64-bit key (and, in an ordered tree,
// its value); its children's keys are hashes of its key and the move's
// number, a leaf's value is a hash of its key, so a tree of 5^10 leaves costs
// nothing until it is searched, and the same Tree is the same tree in every
// run.

// TreeKind is how a synthetic tree's values are drawn.
type TreeKind uint8

// Tree kinds.
const (
	// RandomTree: leaf values independent and uniform in [Lo, Hi], as
	// Reinefeld (002: 200 values) and Rutko (004: 0..80, 0..800) drew them.
	// The order of the moves is random.
	RandomTree TreeKind = iota
	// OrderedTree: values drawn from the root down. The root's value is
	// uniform in [Lo, Hi]; at every node one child (the best) inherits the
	// node's value and the others get values drawn uniformly among those
	// strictly worse for the node's side (equal only where the range leaves
	// no worse value). The best child is the first with probability
	// Ordering, else one of the others, each as likely. With Ordering 1
	// alpha-beta searches exactly the minimal tree (Knuth and Moore).
	OrderedTree
	// TransposingTree: a RandomTree whose moves commute, as chess moves
	// often do. Moves are numbered 0..Width-1 at every node, and a node is
	// the multiset of the moves each side has played: its key is the sum of
	// one random number per (side, move), so (a, b, c) and (c, b, a) reach
	// the same node, and a node's child can be the grandchild of a sibling
	// (after a, b, c, the child c of node (a, b) is node (c, b, a), the
	// grandchild of a's brother c by b, a). Leaf values are hashes of the
	// key, so a node's value does not depend on the path to it.
	TransposingTree
)

func (k TreeKind) String() string {
	switch k {
	case RandomTree:
		return "random"
	case OrderedTree:
		return "ordered"
	case TransposingTree:
		return "transposing"
	}
	return fmt.Sprintf("TreeKind(%d)", k)
}

// Tree describes a uniform synthetic game tree.
type Tree struct {
	Kind         TreeKind
	Width, Depth int
	Lo, Hi       int     // leaf values from the first player's side (minimax values), inclusive
	Ordering     float64 // OrderedTree: probability that a node's best child is its first
	Seed         uint64
}

// Limits of a synthetic tree: a table entry holds a draft in 8 bits, a move
// number in 16 and bounds in 16; values stay far from the mate scores.
const (
	MaxTreeDepth = 60
	MaxTreeWidth = 1000
	MaxTreeValue = 10000
)

// Validate reports a tree the searcher cannot search.
func (t Tree) Validate() error {
	switch {
	case t.Kind > TransposingTree:
		return fmt.Errorf("unknown tree kind %d", t.Kind)
	case t.Width < 1 || t.Width > MaxTreeWidth:
		return fmt.Errorf("width %d: want 1..%d", t.Width, MaxTreeWidth)
	case t.Depth < 1 || t.Depth > MaxTreeDepth:
		return fmt.Errorf("depth %d: want 1..%d", t.Depth, MaxTreeDepth)
	case t.Lo > t.Hi || t.Lo < -MaxTreeValue || t.Hi > MaxTreeValue:
		return fmt.Errorf("values %d..%d: want lo <= hi within ±%d", t.Lo, t.Hi, MaxTreeValue)
	case t.Kind == OrderedTree && !(t.Ordering >= 0 && t.Ordering <= 1):
		return fmt.Errorf("ordering %v: want 0..1", t.Ordering)
	}
	return nil
}

func (t Tree) String() string {
	s := fmt.Sprintf("%s w%d d%d %d..%d seed %d", t.Kind, t.Width, t.Depth, t.Lo, t.Hi, t.Seed)
	if t.Kind == OrderedTree {
		s += fmt.Sprintf(" p %g", t.Ordering)
	}
	return s
}

// tnode is a node of a synthetic tree.
type tnode struct {
	key   uint64
	value int // OrderedTree: the node's negamax value (its side to move's)
}

// Salts keep the hashes of one key for different purposes apart.
const (
	treeSaltRoot  = 0x6a09e667f3bcc908
	treeSaltLeaf  = 0xbb67ae8584caa73b
	treeSaltOrder = 0x3c6ef372fe94f82b
	treeSaltValue = 0xa54ff53a5f1d36f1
	treeSaltMove  = 0x510e527fade682d1
	treeGolden    = 0x9e3779b97f4a7c15
)

// treeMix is a 64-bit finaliser (the splitmix64 output function): every bit
// of x affects every bit of the result.
func treeMix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return x
}

// treeUniform maps a hash to lo..hi (inclusive).
func treeUniform(h uint64, lo, hi int) int {
	n, _ := bits.Mul64(h, uint64(hi-lo+1))
	return lo + int(n)
}

func (t *Tree) root() tnode {
	k := treeMix(t.Seed ^ treeSaltRoot)
	n := tnode{key: k}
	if t.Kind == OrderedTree {
		n.value = treeUniform(treeMix(k^treeSaltValue), t.Lo, t.Hi)
	}
	return n
}

// maxAt is the best negamax value a node at ply can have: the first
// player's Hi at even plies, minus the first player's Lo at odd ones.
func (t *Tree) maxAt(ply int) int {
	if ply&1 == 0 {
		return t.Hi
	}
	return -t.Lo
}

// bestChild is the ordered node's best child: the first with probability
// Ordering, else one of the others.
func (t *Tree) bestChild(key uint64) int {
	if t.Width == 1 {
		return 0
	}
	h := treeMix(key ^ treeSaltOrder)
	if float64(h>>11)/(1<<53) < t.Ordering {
		return 0
	}
	return 1 + treeUniform(treeMix(h), 0, t.Width-2)
}

// child is child i of n, a node at ply.
func (t *Tree) child(n tnode, ply, i int) tnode {
	switch t.Kind {
	case TransposingTree:
		side := uint64(ply & 1)
		return tnode{key: n.key + treeMix(t.Seed^treeSaltMove^(side<<32|uint64(i)))}
	case OrderedTree:
		c := tnode{key: treeMix(n.key + uint64(i+1)*treeGolden)}
		if i == t.bestChild(n.key) {
			c.value = -n.value
			return c
		}
		hi := t.maxAt(ply + 1)
		lo := min(-n.value+1, hi) // strictly worse for n, if the range allows
		c.value = treeUniform(treeMix(c.key^treeSaltValue), lo, hi)
		return c
	}
	return tnode{key: treeMix(n.key + uint64(i+1)*treeGolden)}
}

// leaf is the negamax value of leaf n at ply (its side to move's).
func (t *Tree) leaf(n tnode, ply int) int {
	if t.Kind == OrderedTree {
		return n.value
	}
	v := treeUniform(treeMix(n.key^treeSaltLeaf), t.Lo, t.Hi)
	if ply&1 == 1 {
		return -v
	}
	return v
}

// Minimax is the tree's value by plain negamax over every node, without
// pruning: the reference the drivers are checked against. It costs
// Width^Depth leaves.
func (t Tree) Minimax() int { return t.minimax(t.root(), 0) }

func (t *Tree) minimax(n tnode, ply int) int {
	if ply == t.Depth {
		return t.leaf(n, ply)
	}
	best := -Infinity
	for i := 0; i < t.Width; i++ {
		best = max(best, -t.minimax(t.child(n, ply, i), ply+1))
	}
	return best
}

// RootMoveValues are the values of the root's moves (from the root's side),
// by plain negamax: what a driver's best move is checked against.
func (t Tree) RootMoveValues() []int {
	r := t.root()
	vs := make([]int, t.Width)
	for i := range vs {
		vs[i] = -t.minimax(t.child(r, 0, i), 1)
	}
	return vs
}

// Value is the tree's value as an OrderedTree draws it (at once, without a
// search); for the other kinds it is Minimax.
func (t Tree) Value() int {
	if t.Kind == OrderedTree {
		return t.root().value
	}
	return t.Minimax()
}

// MinimalTreeLeaves is the number of leaves of the minimal tree of a
// uniform tree of width w and depth d, w^⌈d/2⌉ + w^⌊d/2⌋ − 1 (Knuth and
// Moore): what alpha-beta searches when every node's best move is first.
func MinimalTreeLeaves(w, d int) uint64 {
	pow := func(e int) uint64 {
		p := uint64(1)
		for ; e > 0; e-- {
			p *= uint64(w)
		}
		return p
	}
	return pow((d+1)/2) + pow(d/2) - 1
}

// TreeStats are a synthetic search's counts, as Stats counts chess's.
type TreeStats struct {
	Nodes      uint64 // every node visited, table cutoffs included
	Interior   uint64 // interior nodes whose moves were searched
	Leaves     uint64 // leaf evaluations (the papers' leaf count)
	TTProbes   uint64
	TTHits     uint64
	TTCutoffs  uint64 // nodes a stored bound decided (leaves found in the table included)
	Passes     uint64 // driver passes: window or MT calls at the root, BNS's move tests
	Researches uint64 // passes that failed and were searched again
}

// TreeOptions are how a synthetic tree is searched.
type TreeOptions struct {
	// Guess is the drivers' first guess (MTD(f)'s f, BNS's first γ,
	// Aspiration NegaScout's window centre), as the score of an earlier
	// iteration would be in chess; with UseGuess false there is none
	// (Aspiration NegaScout then searches with the full window, MTD(f)
	// starts at 0).
	Guess    int
	UseGuess bool
	// NoTable searches without the transposition table: neither probes
	// nor stores (Reinefeld's first measure, 002; MT drivers then re-search
	// every pass from scratch).
	NoTable bool
	// NoLeafStore keeps the table but stores no leaf: a later pass
	// evaluates every leaf it reaches again, as Bounder's pure mode did
	// before Options.StoreLeaves (a weaker memory than 001's MT, which
	// stores every node it searches).
	NoLeafStore bool
	// MTDStep is MTD(step)'s step (0: the chess default, 25).
	MTDStep int
	// BNSRounds004: Best Node Search's later rounds as 004 §6 has them,
	// from bounds at the tree's leaf range (Options.BNSRounds004); off, the
	// playing BNS's.
	BNSRounds004 bool
}

// TreeResult is what a synthetic search returns.
type TreeResult struct {
	Value int   // the driver's score
	Bound Bound // BoundExact, or BoundLower for Best Node Search
	Best  int   // the root move proved best
	Stats TreeStats
}

// TreeSearcher searches synthetic trees with one transposition table,
// cleared before every search. It is not safe for concurrent use.
type TreeSearcher struct {
	tt *TT
	w  treeWalker
}

// NewTreeSearcher returns a searcher with a table of about mib MiB.
func NewTreeSearcher(mib int) *TreeSearcher { return &TreeSearcher{tt: NewTT(mib)} }

// Entries is the number of entries of the searcher's table.
func (s *TreeSearcher) Entries() int { return s.tt.Entries() }

// Close releases the table (a table of 2 MiB or more lives outside Go's heap).
func (s *TreeSearcher) Close() {
	s.tt.buckets = nil
	if s.tt.free != nil {
		s.tt.free()
		s.tt.free = nil
	}
}

// SearchTree searches t with the named driver and a table of hashMiB MiB.
func SearchTree(t Tree, driver string, hashMiB int, opt TreeOptions) (TreeResult, error) {
	s := NewTreeSearcher(hashMiB)
	defer s.Close()
	return s.Search(t, driver, opt)
}

// Search searches t to its depth with the named driver, from a cleared
// table, once (synthetic trees have no static value above their leaves, so
// there is no iterative deepening; the first guess stands for it).
func (s *TreeSearcher) Search(t Tree, driver string, opt TreeOptions) (TreeResult, error) {
	if err := t.Validate(); err != nil {
		return TreeResult{}, err
	}
	d := driverNamed(driver)
	if d == nil {
		return TreeResult{}, errors.New("unknown driver " + driver)
	}
	if s.tt.buckets == nil {
		return TreeResult{}, errors.New("searcher closed")
	}
	if !opt.NoTable {
		s.tt.Clear()
	}
	w := &s.w
	*w = treeWalker{t: t, tt: s.tt, scout: d.Scout, noTable: opt.NoTable, noLeafStore: opt.NoLeafStore, bestMove: -1}
	w.rootNode = w.t.root()
	o := DefaultOptions()
	o.Driver, o.Selective, o.ETC, o.MTDfAccel, o.MTDfGuess2 = d.Name, false, false, false, false
	if opt.MTDStep > 0 {
		o.MTDStep = opt.MTDStep
	}
	o.BNSRounds004 = opt.BNSRounds004
	var g guess
	if opt.UseGuess {
		g.prev = []int{opt.Guess}
	}
	g.depth = t.Depth
	g.ranged, g.lo, g.hi = true, t.Lo, t.Hi // the root's value, the first player's, is a leaf's
	v, b := d.run(w, t.Depth, g, o)
	best := w.bestMove
	if best < 0 {
		best = w.ttRootMove()
	}
	return TreeResult{Value: v, Bound: b, Best: best, Stats: w.stats}, nil
}

// treeWalker is the synthetic domain's tree walker and the drivers' root:
// fail-soft negamax alpha-beta over the two-bound table, with NegaScout's
// null windows after the first move when the driver asks (scout), as the
// chess walker ab does, less everything chess needs (quiescence, check,
// repetitions, move ordering heuristics, selectivity). The table's move is
// searched first; the other moves in their order. Leaves are stored too
// (draft 0, both bounds), as 001's MT stores every node it searches, so a
// later pass evaluates a leaf again only if its entry was overwritten
// (unless noLeafStore).
type treeWalker struct {
	t           Tree
	tt          *TT
	scout       bool
	noTable     bool
	noLeafStore bool
	rootNode    tnode
	stats       TreeStats
	bestMove    int // the root move the last pass (or BNS) proved best; -1 none
}

func (w *treeWalker) ab(n tnode, alpha, beta, depth, ply int) int {
	w.stats.Nodes++
	t := &w.t

	// The table: a bound of this draft may decide the node (never the
	// root's, which must name a move) or narrow its window.
	ttMove := -1
	if !w.noTable {
		w.stats.TTProbes++
		if e, ok := w.tt.Probe(n.key, ply); ok {
			w.stats.TTHits++
			ttMove = int(e.move) - 1
			if ply > 0 && e.draft == depth {
				if e.lower >= beta || e.lower == e.upper {
					w.stats.TTCutoffs++
					return e.lower
				}
				if e.upper <= alpha {
					w.stats.TTCutoffs++
					return e.upper
				}
				alpha, beta = max(alpha, e.lower), min(beta, e.upper)
			}
		}
	}

	if depth == 0 {
		w.stats.Leaves++
		v := t.leaf(n, ply)
		if !w.noTable && !w.noLeafStore {
			w.tt.Store(n.key, ply, 0, -Infinity, Infinity, v, engine.NullMove, false)
		}
		return v
	}

	w.stats.Interior++
	best, bestMove, a := -Infinity, -1, alpha
	for k := 0; k < t.Width; k++ {
		// The table's move first, then the others in order.
		i := k
		switch {
		case ttMove < 0 || ttMove >= t.Width:
		case k == 0:
			i = ttMove
		case k <= ttMove:
			i = k - 1
		}
		c := t.child(n, ply, i)
		var v int
		if k == 0 || !w.scout || beta == a+1 {
			v = -w.ab(c, -beta, -a, depth-1, ply+1)
		} else {
			v = -w.ab(c, -a-1, -a, depth-1, ply+1)
			// NegaScout re-searches a scout that fails high inside the
			// window, from its value (fail-soft refinement), except in the
			// last two plies, where a fail-soft null-window value is exact
			// (002 Fig. 2, line 11).
			if v > a && v < beta && depth > 2 {
				v = -w.ab(c, -beta, -v, depth-1, ply+1)
			}
		}
		if v > best {
			best, bestMove = v, i
			if ply == 0 && v > a {
				w.bestMove = i
			}
			if v > a {
				a = v
			}
			if v >= beta {
				break
			}
		}
	}
	if !w.noTable {
		w.tt.Store(n.key, ply, depth, alpha, beta, best, engine.Move(bestMove+1), false)
	}
	return best
}

// ttRootMove is the table's move at the root, or the first.
func (w *treeWalker) ttRootMove() int {
	if e, ok := w.tt.Probe(w.rootNode.key, 0); ok && e.move != engine.NullMove && int(e.move) <= w.t.Width {
		return int(e.move) - 1
	}
	return 0
}

// The walker is the drivers' root.

func (w *treeWalker) window(alpha, beta, depth int) int {
	w.stats.Passes++
	return w.ab(w.rootNode, alpha, beta, depth, 0)
}

func (w *treeWalker) mt(gamma, depth int) int { return w.window(gamma-1, gamma, depth) }

func (w *treeWalker) moves() int { return w.t.Width }

func (w *treeWalker) test(i, gamma, depth int) int {
	w.stats.Passes++
	w.stats.Nodes++ // the root node of this test
	return -w.ab(w.t.child(w.rootNode, 0, i), -gamma, -(gamma - 1), depth-1, 1)
}

func (w *treeWalker) best(i, _ int) { w.bestMove = i }

func (w *treeWalker) isStopped() bool { return false }

func (w *treeWalker) research() { w.stats.Researches++ }
