package lab

import (
	"context"
	"fmt"
	"slices"
	"sync"

	"github.com/bounder-chess/bounder/search"
)

// spec is one series of searches: a driver with its options, over every
// position of the set, to the invocation's last depth.
type spec struct {
	driver   string
	etcDepth int // ETC at nodes of at least this remaining depth; 0: ETC off
	hashMiB  int
	// guessed: the last iteration's first guess is the position's value
	// at that depth (runner.truth) plus guess (first-guess, 001 Fig. 15).
	guessed bool
	guess   int
	// bias: MTD(f)'s iterations after the first start this far below the
	// previous score (search.Options.MTDfBias; first-guess's last rows).
	bias int
	// selective: Bounder's playing search (pruning, reductions and
	// extensions; the selective experiment); grain: the static evaluation
	// rounded to multiples of grain centipawns (search.Options.EvalGrain;
	// 0: unchanged; the grain experiment).
	selective bool
	grain     int
	// noLeafStore: pure mode's quiescence search without the table
	// (search.Options.StoreLeaves off), where 001's MT stores every node it
	// searches, leaves included: the deviation, to show a result both ways.
	noLeafStore bool
	// start is where the drivers that start from a guess start the first
	// iteration (the zero value: the lab's default, the root's evaluation).
	start start
	// staticOrder: the move ordering without what the search learns
	// (search.Options.StaticOrder; the ordering experiment).
	staticOrder bool
}

// start is how a series starts the first iteration of iterative deepening
// (search.Options.FirstIteration), which has no previous score. The zero
// value is the lab's default, the root's static evaluation: 001 starts each
// iteration at "the result of the previous iteration" (§4) and does not say
// where the first starts; the iteration before the first is a search of
// depth 0, whose result is the evaluation. The others are the deviations,
// to show a result each way: 0 (as Bounder plays, and the lab before) and
// the full window (as Aspiration NegaScout searches its first iteration).
type start uint8

const (
	startEval start = iota
	startZero
	startWindow
)

// first is the search's option for s.
func (s start) first() search.FirstIteration {
	switch s {
	case startZero:
		return search.FirstAtZero
	case startWindow:
		return search.FirstFullWindow
	}
	return search.FirstAtEval
}

func (s start) String() string { return s.first().String() }

// labEval is the evaluation of every chess experiment: the hand-crafted
// one with its tuned weights (search.Evals()'s Full), not the network
// (Evaluation=Network), named so that a change of the engine's default
// does not change the lab's.
const labEval = "Full"

// options are the search options of the series: pure mode (no pruning,
// reductions or extensions, so that every driver searches the same tree
// and must reach the same value) storing a bound for every node it
// searches, leaves included, as 001's MT does (search.Options.StoreLeaves),
// one thread, MTD(f) exactly as 001 Fig. 11 has it (no acceleration), the
// first iteration started at the root's evaluation (start), and the
// evaluation Full (labEval) unrounded unless the series sets a grain
// (Bounder plays at the Eval Grain option's default, playingGrain).
func (s spec) options() search.Options {
	opt := search.DefaultOptions()
	opt.Driver = s.driver
	opt.Selective = s.selective
	opt.StoreLeaves = !s.noLeafStore
	opt.EvalGrain = s.grain
	opt.Eval = labEval
	opt.FirstIteration = s.start.first()
	opt.ETC, opt.ETCDepth = s.etcDepth > 0, s.etcDepth
	opt.MTDfAccel = false
	opt.StaticOrder = s.staticOrder
	opt.MTDfBias = s.bias
	opt.Threads, opt.MultiPV = 1, 1
	return opt
}

// point is what one search reported of one iteration.
type point struct {
	score int
	bound search.Bound
}

// series is a spec's result.
type series struct {
	spec
	// at[d] sums the positions' statistics after iteration d (1..maxDepth),
	// cumulative over iterative deepening, as 001 counts them.
	at []search.Stats
	// values[i][d] is position i's value at iteration d.
	values [][]point
	// per[i][d] is position i's statistics after iteration d, cumulative
	// as at: the units the intervals resample (interval.go).
	per [][]search.Stats
	// lastDepths[i] is position i's counts by remaining depth in the last
	// iteration (maxDepth) alone.
	lastDepths []depthCounts
}

// depthCounts are one search's interior nodes and leaves by remaining
// depth, 0..maxDepth.
type depthCounts struct{ interior, leaves []uint64 }

func newDepthCounts(ds *search.DepthStats, maxDepth int) depthCounts {
	return depthCounts{interior: slices.Clone(ds.Interior[:maxDepth+1]), leaves: slices.Clone(ds.Leaves[:maxDepth+1])}
}

// metric is what an experiment counts of a search's statistics.
type metric func(search.Stats) uint64

var (
	leavesOf metric = func(st search.Stats) uint64 { return st.Leaves }
	nodesOf  metric = func(st search.Stats) uint64 { return st.Nodes }
	passesOf metric = func(st search.Stats) uint64 { return st.Passes }
)

// cum is m's count after iteration d, position by position (cumulative
// over iterative deepening, as 001 counts).
func (s *series) cum(d int, m metric) []float64 {
	xs := make([]float64, len(s.per))
	for i, per := range s.per {
		xs[i] = float64(m(per[d]))
	}
	return xs
}

// last is m's count of iteration d alone, position by position (as 003
// counts).
func (s *series) last(d int, m metric) []float64 {
	xs := make([]float64, len(s.per))
	for i, per := range s.per {
		xs[i] = float64(m(per[d]) - m(per[d-1]))
	}
	return xs
}

// cumRatio is a's cumulative count m over b's at depth d with its
// interval over the positions; lastRatio the same of the last iteration;
// perIteration the mean per position of m in iteration d (passes).
func cumRatio(a, b *series, d int, m metric) interval {
	return ratioInterval(a.cum(d, m), b.cum(d, m))
}

func lastRatio(a, b *series, d int, m metric) interval {
	return ratioInterval(a.last(d, m), b.last(d, m))
}

func perIteration(s *series, d int, m metric) interval {
	return ratioInterval(s.last(d, m), ones(len(s.per)))
}

// runner runs the searches of an invocation, each spec once however many
// experiments need it.
type runner struct {
	set      *positionSet
	maxDepth int
	// truth is every position's value at maxDepth, for the specs that are
	// guessed (set by the experiment that runs them).
	truth []int
	jobs  int
	meter meterMaker // the progress of each step
	// journal is the out directory's record of finished searches (nil:
	// none; every search is made).
	journal *journal
	done    map[spec]*series
	// searchers are the jobs' searchers, kept from one run to the next.
	searchers []*jobSearcher
}

// jobSearcher is one job's searcher and its table size. It is resized when
// a series asks for another table, never dropped: a table of 2 MiB or more
// is mapped outside Go's heap and freed only by the next resize.
type jobSearcher struct {
	s   *search.Searcher
	mib int
}

func (j *jobSearcher) sized(mib int) *search.Searcher {
	switch {
	case j.s == nil:
		j.s = search.NewSearcher(mib)
	case j.mib != mib:
		_ = j.s.SetHashSize(mib) // in range: checked by parseRun
	}
	j.mib = mib
	return j.s
}

// close gives back the jobs' tables, keeping the smallest.
func (r *runner) close() {
	for _, j := range r.searchers {
		j.sized(1)
	}
}

// newRunner returns a runner of the set to maxDepth over jobs searchers;
// meter nil shows no progress, j nil keeps no journal.
func newRunner(set *positionSet, maxDepth, jobs int, meter meterMaker, j *journal) *runner {
	if meter == nil {
		meter = noMeter
	}
	return &runner{set: set, maxDepth: maxDepth, jobs: max(jobs, 1), meter: meter, journal: j, done: map[spec]*series{}}
}

// task is one position of one series.
type task struct {
	s   *series
	pos int
}

// result is one search of one position: its statistics and value after
// each iteration (index 1..maxDepth), cumulative, and its last iteration's
// counts by remaining depth.
type result struct {
	at     []search.Stats
	values []point
	last   depthCounts
}

// run makes sure every spec of specs has been searched, searching those not
// yet done and not in the journal: the searches of all of them are spread
// over the runner's jobs, each with a searcher of its own, cleared before
// every position, so that the counts do not depend on the order or the
// number of jobs. Each search is appended to the journal as it ends.
func (r *runner) run(ctx context.Context, label string, specs []spec) error {
	var tasks []task
	var fresh []*series
	results := map[*series][]result{}
	for _, sp := range specs {
		if r.done[sp] != nil {
			continue
		}
		s := &series{spec: sp}
		r.done[sp] = s
		fresh = append(fresh, s)
		results[s] = make([]result, len(r.set.list))
		for i := range r.set.list {
			if res, ok := r.fromJournal(sp, i); ok {
				results[s][i] = res
				continue
			}
			tasks = append(tasks, task{s, i})
		}
	}
	forgetFresh := func() {
		for _, s := range fresh {
			delete(r.done, s.spec)
		}
	}
	for job := 0; job < min(r.jobs, len(tasks)); job++ {
		r.searcher(job) // made here: the jobs' goroutines only read the list
	}
	m := r.meter(label, len(tasks))
	err := r.parallel(ctx, m, len(tasks), func(job, k int) error {
		t := tasks[k]
		res := r.search(ctx, r.searchers[job].sized(t.s.hashMiB), t.s.spec, t.pos)
		if ctx.Err() != nil {
			return ctx.Err() // cut short: neither kept nor journaled
		}
		results[t.s][t.pos] = res
		return r.toJournal(t.s.spec, t.pos, res)
	})
	m.finish(err != nil)
	if err != nil {
		forgetFresh()
		return err
	}
	for _, s := range fresh {
		rs := results[s]
		s.per = make([][]search.Stats, len(rs))
		s.values = make([][]point, len(rs))
		s.at = make([]search.Stats, r.maxDepth+1)
		for i, res := range rs {
			s.per[i], s.values[i] = res.at, res.values
			s.lastDepths = append(s.lastDepths, res.last)
			for d := 1; d <= r.maxDepth; d++ {
				s.at[d] = addStats(s.at[d], res.at[d])
			}
		}
	}
	return nil
}

// parallel runs do(job, k) for k in 0..n-1, spread over the runner's jobs
// (job: 0..jobs-1, which calls only one at a time), stepping m after each;
// it stops at the first error or when ctx ends, and returns that.
func (r *runner) parallel(ctx context.Context, m meter, n int, do func(job, k int) error) error {
	if n == 0 {
		return ctx.Err()
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var (
		mu    sync.Mutex
		first error
	)
	ch := make(chan int)
	var wg sync.WaitGroup
	for job := 0; job < min(r.jobs, n); job++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range ch {
				if err := do(job, k); err != nil {
					mu.Lock()
					if first == nil {
						first = err
					}
					mu.Unlock()
					cancel()
					continue
				}
				m.inc()
			}
		}()
	}
feed:
	for k := 0; k < n; k++ {
		select {
		case ch <- k:
		case <-ctx.Done():
			break feed
		}
	}
	close(ch)
	wg.Wait()
	if first == nil {
		first = ctx.Err()
	}
	return first
}

// searcher is job's searcher, made when first asked for.
func (r *runner) searcher(job int) *jobSearcher {
	for len(r.searchers) <= job {
		r.searchers = append(r.searchers, &jobSearcher{})
	}
	return r.searchers[job]
}

// search searches position i of the set with sp and returns its cumulative
// statistics and values per iteration (index 1..maxDepth), and the last
// iteration's counts by remaining depth. A depth that sent no report (none
// does for a position without moves) repeats the one before it.
func (r *runner) search(ctx context.Context, s *search.Searcher, sp spec, i int) result {
	at := make([]search.Stats, r.maxDepth+1)
	ds := make([]search.DepthStats, r.maxDepth+1)
	var counts search.DepthStats
	values := make([]point, r.maxDepth+1)
	seen := make([]bool, r.maxDepth+1)
	s.Clear()
	opt := sp.options()
	opt.DepthStats = &counts
	if sp.guessed {
		opt.FirstGuess = &search.FirstGuess{Depth: r.maxDepth, Score: r.truth[i] + sp.guess}
	}
	s.Search(ctx, r.set.list[i].pos, search.Limits{Depth: r.maxDepth}, opt, func(rep search.Report) {
		if rep.Depth >= 1 && rep.Depth <= r.maxDepth && rep.MultiPV <= 1 {
			at[rep.Depth], values[rep.Depth], seen[rep.Depth] = rep.Stats, point{rep.Score, rep.Bound}, true
			ds[rep.Depth] = counts
		}
	})
	for d := 1; d <= r.maxDepth; d++ {
		if !seen[d] {
			at[d], ds[d], values[d] = at[d-1], ds[d-1], values[d-1]
		}
	}
	it := ds[r.maxDepth].Sub(ds[r.maxDepth-1])
	return result{at: at, values: values, last: newDepthCounts(&it, r.maxDepth)}
}

// searchKey names position i's search with sp in the journal.
func (r *runner) searchKey(sp spec, i int) string {
	return fmt.Sprintf("search|%s|depth %d|%s", sp.key(), r.maxDepth, r.set.list[i].pos.FEN())
}

// fromJournal is position i's search with sp from the journal, if it is
// there and reads.
func (r *runner) fromJournal(sp spec, i int) (result, bool) {
	if r.journal == nil {
		return result{}, false
	}
	key := r.searchKey(sp, i)
	cells, ok := r.journal.get(key)
	if !ok {
		return result{}, false
	}
	c := &cellReader{cells: cells}
	at, values := readIterations(c, r.maxDepth)
	res := result{at: at, values: values, last: depthCounts{interior: make([]uint64, r.maxDepth+1), leaves: make([]uint64, r.maxDepth+1)}}
	for d := range res.last.interior {
		res.last.interior[d] = c.uint()
	}
	for d := range res.last.leaves {
		res.last.leaves[d] = c.uint()
	}
	if c.done() != nil {
		r.journal.forget(key)
		return result{}, false
	}
	return res, true
}

// toJournal appends position i's search with sp.
func (r *runner) toJournal(sp spec, i int, res result) error {
	if r.journal == nil {
		return nil
	}
	cells := appendIterations(nil, res.at, res.values, r.maxDepth)
	cells = appendUints(cells, res.last.interior...)
	cells = appendUints(cells, res.last.leaves...)
	return r.journal.add(r.searchKey(sp, i), cells)
}

// appendIterations writes each iteration's statistics and value, 1..maxDepth.
func appendIterations(cells []string, at []search.Stats, values []point, maxDepth int) []string {
	for d := 1; d <= maxDepth; d++ {
		st := at[d]
		cells = appendUints(cells, st.Nodes, st.Interior, st.Leaves, st.QNodes, st.TTProbes, st.TTHits, st.TTCutoffs,
			st.ETCProbes, st.ETCCutoffs, st.Passes, st.Researches)
		cells = appendInts(cells, st.SelDepth, values[d].score, int(values[d].bound))
	}
	return cells
}

// readIterations reads what appendIterations wrote.
func readIterations(c *cellReader, maxDepth int) ([]search.Stats, []point) {
	at := make([]search.Stats, maxDepth+1)
	values := make([]point, maxDepth+1)
	for d := 1; d <= maxDepth; d++ {
		st := &at[d]
		for _, p := range []*uint64{&st.Nodes, &st.Interior, &st.Leaves, &st.QNodes, &st.TTProbes, &st.TTHits,
			&st.TTCutoffs, &st.ETCProbes, &st.ETCCutoffs, &st.Passes, &st.Researches} {
			*p = c.uint()
		}
		st.SelDepth = c.int()
		values[d] = point{score: c.int(), bound: search.Bound(c.int())}
	}
	return at, values
}

// addStats adds b's counts to a's (SelDepth: the deeper).
func addStats(a, b search.Stats) search.Stats {
	a.Nodes += b.Nodes
	a.Interior += b.Interior
	a.Leaves += b.Leaves
	a.QNodes += b.QNodes
	a.TTProbes += b.TTProbes
	a.TTHits += b.TTHits
	a.TTCutoffs += b.TTCutoffs
	a.ETCProbes += b.ETCProbes
	a.ETCCutoffs += b.ETCCutoffs
	a.Passes += b.Passes
	a.Researches += b.Researches
	a.SelDepth = max(a.SelDepth, b.SelDepth)
	return a
}

// checkValues checks that the series agree on every position's value at
// every depth from..to: in pure mode every driver searches the same
// fixed-depth tree, so each must return its minimax value, exact, except a
// Bounded driver (Best Node Search), whose score is a lower bound on it.
// It returns one line per disagreement (at most max).
func (r *runner) checkValues(ss []*series, from, to, limit int) []string {
	var bad []string
	for i, p := range r.set.list {
		for d := from; d <= to; d++ {
			var ref *series
			for _, s := range ss {
				if !bounded(s.driver) {
					ref = s
					break
				}
			}
			if ref == nil {
				continue
			}
			v := ref.values[i][d]
			for _, s := range ss {
				got := s.values[i][d]
				ok := got.score == v.score && got.bound == search.BoundExact || sameMate(got.score, v.score)
				if bounded(s.driver) {
					ok = got.score <= v.score && (got.bound == search.BoundLower || got == v)
				}
				if !ok && len(bad) < limit {
					bad = append(bad, fmt.Sprintf("%s depth %d: %s scored %d (bound %d), %s %d", p.id, d,
						s.label(), got.score, got.bound, ref.label(), v.score))
				}
			}
		}
	}
	return bad
}

// sameMate reports two scores that both say the same side mates: the
// search's report may give a mate it found but could not show as a line
// as search.MateBound (search/matepv.go), or a mate found in a pass that
// stopped at it as a bound, so two searches of one value may report it at
// different distances.
func sameMate(a, b int) bool {
	return a >= search.MateBound && b >= search.MateBound || a <= -search.MateBound && b <= -search.MateBound
}

// label names a series in messages.
func (s spec) label() string {
	l := s.driver
	if s.etcDepth > 0 {
		l += fmt.Sprintf(" ETC>=%d", s.etcDepth)
	}
	if s.guessed {
		l += fmt.Sprintf(" first guess %+d", s.guess)
	}
	if s.bias != 0 {
		l += fmt.Sprintf(" previous score -%d", s.bias)
	}
	if s.selective {
		l += " selective"
	}
	if s.grain > 1 {
		l += fmt.Sprintf(" grain %d", s.grain)
	}
	if s.noLeafStore {
		l += " leaves not stored"
	}
	if s.start != startEval {
		l += " first iteration " + s.start.String()
	}
	if s.staticOrder {
		l += " static order"
	}
	return l + fmt.Sprintf(" %d MiB", s.hashMiB)
}

// key names the series in the journal: every field that shapes its
// searches (staticOrder only when set, so that the keys written before it
// existed still name their series).
func (s spec) key() string {
	k := fmt.Sprintf("%s etc %d hash %d guessed %v %+d selective %v grain %d leaves stored %v first iteration %s eval %s",
		s.driver, s.etcDepth, s.hashMiB, s.guessed, s.guess, s.selective, s.grain, !s.noLeafStore, s.start, labEval)
	if s.staticOrder {
		k += " static order"
	}
	if s.bias != 0 {
		k += fmt.Sprintf(" bias %d", s.bias)
	}
	return k
}

// bounded reports a driver whose score is only a bound (Best Node Search).
func bounded(driver string) bool {
	for _, d := range search.DriverTable() {
		if d.Name == driver {
			return d.Bounded
		}
	}
	return false
}
