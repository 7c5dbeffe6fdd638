package search

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/bounder-chess/bounder/engine"
	"github.com/bounder-chess/bounder/eval"
)

// The left-first minimal graph (Plaat, thesis ch. 5, §5.2): the graph a
// left-to-right search walks to prove the value of a fixed-depth tree when
// the first move it tries at every node is the best one, transpositions
// included (not the smallest proof: a cut node may have a cheaper cutoff
// move than its best one, 003 §5.2). The thesis measures it in three steps: a search that leaves the
// best move of every node in the table, then a search with the window
// (ƒ-1, ƒ+1) that takes the table's moves first and reuses transpositions.
//
// Here the first step is a solver of its own (minimalSolver.ab): fail-soft
// alpha-beta over the same pure-mode tree as the tree walker (no pruning,
// extensions or draws inside the tree; the same quiescence search: stand
// pat, captures and queen promotions, every evasion in check), with a table
// that never loses an entry (a Go map of the exact bounds and best move of
// every node it searched, by position and remaining depth). It shares no
// code with the walker, so its value checks every driver's.
//
// The second and third steps are one count (minimalSolver.prove) of the
// proof that the root's value is exactly v: at a node proved exactly, the
// best child exactly and every other child the other way (a bound); at a
// node proved to be at least a bound, one child (the oracle's move, 003's
// "best move first"); at a node proved at most a bound, every child. The
// oracle is the solver's table: its move for the node when that move proves
// what is needed, else (a cut node where the solver's cutoff move falls
// short of this bound) the best move of an exact solve of the node, made
// then. A main-search node's proof of a bound is counted once however many
// paths reach it (its transpositions: the walker's table, whose pure-mode
// entries count only at the same remaining depth, would hold it). A
// quiescence node's proof is counted as the walker would make it: once with
// Options.StoreLeaves (the walker's quiescence search then keeps its bounds
// in the table, as 001's MT does), on every path that reaches it without
// (the quiescence search is then table-free). Leaves are static
// evaluations, as in Stats.Leaves.

// Minimal is the left-first minimal graph of one depth.
type Minimal struct {
	Depth    int
	Value    int    // the minimax value of the pure-mode tree
	Leaves   uint64 // static evaluations of the proof
	Interior uint64 // main-search nodes of the proof (a node proved both ways counts once)
	// Nodes is every visit of the proof's walk, quiescence nodes included:
	// a transposition counts each time it is reached (as Stats.Nodes
	// counts the walker's table hits).
	Nodes uint64
	// Depths splits Interior by remaining depth (Leaves are all at 0: in
	// pure mode only the quiescence search evaluates).
	Depths DepthStats
	// SolverNodes is the nodes the solver visited for the value and the
	// oracle, over this depth and the ones before it.
	SolverNodes uint64
}

// MinimalGraph solves pos to depth in pure mode and returns the leaves of
// its left-first minimal graph and its value. opt gives the evaluation
// (Options.Eval); it must be pure mode (Selective false).
func MinimalGraph(pos *engine.Position, depth int, opt Options) (leaves uint64, value int, err error) {
	ms, err := MinimalGraphs(context.Background(), pos, depth, opt)
	if err != nil {
		return 0, 0, err
	}
	m := ms[len(ms)-1]
	return m.Leaves, m.Value, nil
}

// MinimalGraphs returns the left-first minimal graphs of depths 1 to
// maxDepth, solved one after the other with one table (as iterative
// deepening would). It stops with ctx's error when ctx ends.
func MinimalGraphs(ctx context.Context, pos *engine.Position, maxDepth int, opt Options) ([]Minimal, error) {
	if opt.Selective {
		return nil, errors.New("search: the minimal graph is of the pure-mode tree (Options.Selective must be false)")
	}
	if maxDepth < 1 || maxDepth > MaxDepth {
		return nil, fmt.Errorf("search: minimal graph depth %d (want 1 to %d)", maxDepth, MaxDepth)
	}
	s, err := newMinimalSolver(ctx, pos, opt)
	if err != nil {
		return nil, err
	}
	var out []Minimal
	for d := 1; d <= maxDepth; d++ {
		v := s.ab(-Infinity, Infinity, d, 0)
		s.proved = map[proofKey]uint8{}
		s.leaves, s.interior, s.visits = 0, 0, 0
		s.depths = DepthStats{}
		s.prove(proveExact, v, d, 0)
		if s.err != nil {
			return nil, s.err
		}
		out = append(out, Minimal{Depth: d, Value: v, Leaves: s.leaves, Interior: s.interior, Nodes: s.visits, Depths: s.depths, SolverNodes: s.nodes})
	}
	return out, nil
}

// newMinimalSolver returns a solver with opt's evaluation, which must be
// one of the hand-crafted ones (eval.Kinds): the solver has no network
// accumulators.
func newMinimalSolver(ctx context.Context, pos *engine.Position, opt Options) (*minimalSolver, error) {
	ev, ok := LookupEval(opt.Eval)
	if !ok {
		ev = 0
	}
	e, ok := eval.NewKind(Evals()[ev])
	if !ok {
		return nil, fmt.Errorf("search: the minimal graph solves with %s only, not %s", strings.Join(eval.Kinds(), ", "), Evals()[ev])
	}
	return &minimalSolver{ctx: ctx, pos: pos.Clone(), ev: e, qOnce: opt.StoreLeaves,
		table: map[minimalKey]minimalEntry{}, qvalues: map[uint64]int32{}}, nil
}

// minimalKey is a node of the fixed-depth tree: a position and its
// remaining depth (0: quiescence).
type minimalKey struct {
	key uint64
	r   int8
}

// minimalEntry is what the solver knows of a node: bounds on its value
// (node-relative, as the table stores them: scoreToTT) and the move that
// proved the lower one.
type minimalEntry struct {
	lower, upper int32
	move         engine.Move
}

// proofKey is a node's proof of a bound x (node-relative).
type proofKey struct {
	key uint64
	r   int8
	x   int32
}

// The proofs: of a lower bound, an upper bound, or both (the exact value).
const (
	proveLower uint8 = 1 << iota // value >= x
	proveUpper                   // value <= x
	proveExact = proveLower | proveUpper
)

// minimalSolver holds a minimal-graph computation's state.
type minimalSolver struct {
	ctx   context.Context
	err   error
	pos   *engine.Position
	ev    *eval.Evaluator
	table map[minimalKey]minimalEntry
	// qvalues are exact values of quiescence nodes (node-relative), for
	// the proof's choices there.
	qvalues map[uint64]int32
	nodes   uint64
	// proved are the proofs made so far of this depth's graph (main-search
	// nodes, and quiescence nodes when qOnce): proveLower and proveUpper
	// bits by node and bound.
	proved map[proofKey]uint8
	// qOnce counts a quiescence node's proof of a bound once, however many
	// paths reach it (Options.StoreLeaves).
	qOnce                    bool
	leaves, interior, visits uint64
	depths                   DepthStats
	// Move lists by ply, the solver's and the proof's apart (a proof asks
	// the solver about its children while it walks its own list).
	solveMoves, proofMoves [MaxPly + 1][engine.MaxMoves]engine.Move
	scores                 [MaxPly + 1][engine.MaxMoves]int32
	// Move ordering of the solver's main search: two killers a ply and the
	// history of quiet moves that cut off (by from and to square).
	killers [MaxPly + 1][2]engine.Move
	history [64][64]int32
}

// moves generates the moves of the node at ply into buf: every legal move
// in the main search and in check, else the captures and queen promotions
// (the quiescence search's); the table's move first, then captures by
// MVV-LVA, the killers, and the others by history.
func (s *minimalSolver) moves(buf *[engine.MaxMoves]engine.Move, ply, r int, first engine.Move) []engine.Move {
	pos := s.pos
	var ms []engine.Move
	if r > 0 || pos.InCheck() {
		ms = pos.GenerateMoves(buf[:])
	} else {
		all := pos.GenerateCaptures(buf[:])
		ms = all[:0]
		for _, m := range all {
			if p := m.Promotion(); p == engine.NoPieceType || p == engine.Queen {
				ms = append(ms, m)
			}
		}
	}
	sc := s.scores[ply][:len(ms)]
	for i, m := range ms {
		switch {
		case m == first:
			sc[i] = 1 << 30
		case isCaptureOrPromotion(pos, m):
			sc[i] = 1<<25 + mvvlva(pos, m)
		case m == s.killers[ply][0]:
			sc[i] = 1<<24 + 1
		case m == s.killers[ply][1]:
			sc[i] = 1 << 24
		default:
			sc[i] = min(s.history[m.From()][m.To()], 1<<23)
		}
	}
	// Insertion sort, stable: a few dozen moves.
	for i := 1; i < len(ms); i++ {
		m, v := ms[i], sc[i]
		j := i
		for ; j > 0 && sc[j-1] < v; j-- {
			ms[j], sc[j] = ms[j-1], sc[j-1]
		}
		ms[j], sc[j] = m, v
	}
	return ms
}

// entry is the table's entry of k (unbounded when absent).
func (s *minimalSolver) entry(k minimalKey) minimalEntry {
	if e, ok := s.table[k]; ok {
		return e
	}
	return minimalEntry{lower: -Infinity, upper: Infinity}
}

// ab is the solver: fail-soft alpha-beta over the pure-mode tree of
// remaining depth r (quiescence below 1), with the solver's table.
func (s *minimalSolver) ab(alpha, beta, r, ply int) int {
	if s.err != nil {
		return 0
	}
	if s.nodes++; s.nodes&4095 == 0 && s.ctx.Err() != nil {
		s.err = s.ctx.Err()
		return 0
	}
	pos := s.pos
	if ply >= MaxPly-1 {
		return s.ev.Evaluate(pos)
	}
	r = max(r, 0)
	if r == 0 {
		return s.qs(alpha, beta, ply)
	}
	k := minimalKey{pos.Key(), int8(r)}
	e := s.entry(k)
	if lo := scoreFromTT(int(e.lower), ply); lo >= beta {
		return lo
	} else if hi := scoreFromTT(int(e.upper), ply); hi <= alpha {
		return hi
	} else {
		alpha, beta = max(alpha, lo), min(beta, hi)
	}
	best, bestMove := -Infinity, engine.NullMove
	ms := s.moves(&s.solveMoves[ply], ply, r, e.move)
	if len(ms) == 0 {
		best = 0
		if pos.InCheck() {
			best = mated(ply)
		}
	}
	for _, m := range ms {
		pos.Make(m)
		v := -s.ab(-beta, -max(alpha, best), r-1, ply+1)
		pos.Unmake()
		if s.err != nil {
			return 0
		}
		if v > best {
			best, bestMove = v, m
			if v >= beta {
				if !isCaptureOrPromotion(pos, m) {
					if s.killers[ply][0] != m {
						s.killers[ply][1], s.killers[ply][0] = s.killers[ply][0], m
					}
					s.history[m.From()][m.To()] += int32(r * r)
				}
				break
			}
		}
	}
	s.store(k, ply, alpha, beta, best, bestMove)
	return best
}

// qs is the solver's quiescence search: as the walker's in pure mode, it
// has no table.
func (s *minimalSolver) qs(alpha, beta, ply int) int {
	pos := s.pos
	inCheck := pos.InCheck()
	best := -Infinity
	if !inCheck {
		best = s.ev.Evaluate(pos)
		if best >= beta {
			return best
		}
	}
	ms := s.moves(&s.solveMoves[ply], ply, 0, engine.NullMove)
	if len(ms) == 0 && inCheck {
		return mated(ply)
	}
	for _, m := range ms {
		pos.Make(m)
		v := -s.ab(-beta, -max(alpha, best), 0, ply+1)
		pos.Unmake()
		if s.err != nil {
			return 0
		}
		if v > best {
			best = v
			if v >= beta {
				break
			}
		}
	}
	return best
}

// store records the result g of a search of k with window (alpha, beta).
func (s *minimalSolver) store(k minimalKey, ply, alpha, beta, g int, m engine.Move) {
	e := s.entry(k)
	gt := int32(scoreToTT(g, ply))
	switch {
	case g <= alpha:
		e.upper = min(e.upper, gt)
	case g >= beta:
		e.lower = max(e.lower, gt)
	default:
		e.lower, e.upper = gt, gt
	}
	if g > alpha && m != engine.NullMove {
		e.move = m
	}
	s.table[k] = e
}

// atMost is the solver's null-window test of a child position (already
// made): whether its value is at most y.
func (s *minimalSolver) atMost(y, r, ply int) bool {
	if r <= 0 {
		return s.qvalue(ply) <= y
	}
	return s.ab(y, y+1, r, ply) <= y
}

// qvalue is the exact value of the quiescence node at ply.
func (s *minimalSolver) qvalue(ply int) int {
	k := s.pos.Key()
	if v, ok := s.qvalues[k]; ok {
		return scoreFromTT(int(v), ply)
	}
	v := s.qs(-Infinity, Infinity, ply)
	if s.err == nil {
		s.qvalues[k] = int32(scoreToTT(v, ply))
	}
	return v
}

// pick returns the move of the node at ply (remaining depth r, moves ms)
// whose child proves what a proof of kind needs (proveLower: a child at
// most -x; proveExact: a child of exactly -x): the table's move when it
// does, else a best move, found by solving the node exactly (the first of
// ms whose child has the node's value).
func (s *minimalSolver) pick(ms []engine.Move, kind uint8, x, r, ply int) (engine.Move, error) {
	// Whether the child of m is at most y (and, exact, at least y).
	child := func(m engine.Move, y int, exact bool) bool {
		s.pos.Make(m)
		ok := s.atMost(y, r-1, ply+1) && (!exact || !s.atMost(y-1, r-1, ply+1))
		s.pos.Unmake()
		return ok
	}
	ok := func(m engine.Move) bool { return child(m, -x, kind == proveExact) }
	if m := s.entry(minimalKey{s.pos.Key(), int8(r)}).move; containsMove(ms, m) && ok(m) {
		return m, nil
	}
	var v int
	if r <= 0 {
		v = s.qvalue(ply)
	} else {
		v = s.ab(-Infinity, Infinity, r, ply)
	}
	for _, m := range ms {
		if s.err != nil {
			return engine.NullMove, s.err
		}
		if child(m, -v, false) && ok(m) { // at most -v: a best move
			return m, nil
		}
	}
	if s.err != nil {
		return engine.NullMove, s.err
	}
	return engine.NullMove, fmt.Errorf("search: minimal graph: no move proves the bound %d at ply %d (%s)", x, ply, s.pos.FEN())
}

// prove counts the proof of kind (proveLower: value >= x, proveUpper:
// value <= x, proveExact: both) of the node at ply with remaining depth r
// (quiescence below 1) into s.leaves and s.interior. The node's value must
// hold the bound.
func (s *minimalSolver) prove(kind uint8, x, r, ply int) {
	if s.err != nil {
		return
	}
	s.visits++
	pos := s.pos
	if ply >= MaxPly-1 {
		s.leaves++
		return
	}
	r = max(r, 0)
	if r > 0 || s.qOnce {
		pk := proofKey{pos.Key(), int8(r), int32(scoreToTT(x, ply))}
		done := s.proved[pk]
		kind &^= done
		if kind == 0 {
			return
		}
		s.proved[pk] = done | kind
	}
	if r > 0 {
		s.interior++
		s.depths.Interior[r]++
	}
	inCheck := pos.InCheck()
	if r == 0 && !inCheck {
		s.leaves++
		s.depths.Leaves[0]++
		stand := s.ev.Evaluate(pos)
		switch {
		case kind == proveLower && stand >= x:
			return
		case kind == proveExact && stand == x:
			kind = proveUpper // the stand pat proves the lower bound: every move stays below
		}
	}
	// The children of a node proved at most x are proved at least -x; one
	// child of a node proved at least x (exactly x) is proved at most -x
	// (exactly -x), and the others, for an exact node, at least -x.
	first := engine.NullMove
	if kind != proveUpper {
		tmp := s.moves(&s.proofMoves[ply], ply, r, engine.NullMove)
		if len(tmp) == 0 {
			return // mate or stalemate: the value needs no move
		}
		m, err := s.pick(tmp, kind, x, r, ply)
		if err != nil {
			s.err = err
			return
		}
		first = m
	}
	ms := s.moves(&s.proofMoves[ply], ply, r, first)
	for _, m := range ms {
		pos.Make(m)
		switch {
		case m == first && kind == proveLower:
			s.prove(proveUpper, -x, r-1, ply+1)
		case m == first:
			s.prove(proveExact, -x, r-1, ply+1)
		case kind != proveLower:
			s.prove(proveLower, -x, r-1, ply+1)
		}
		pos.Unmake()
		if kind == proveLower && m == first {
			break
		}
	}
}
