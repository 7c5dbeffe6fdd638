package lab

import (
	"context"
	"fmt"
	"io"
	"slices"
	"sync"

	"github.com/vbauerster/mpb/v8"
	"github.com/vbauerster/mpb/v8/decor"

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
}

// options are the search options of the series: pure mode (no pruning,
// reductions or extensions, so that every driver searches the same tree
// and must reach the same value) storing a bound for every node it
// searches, leaves included, as 001's MT does (search.Options.StoreLeaves),
// one thread, and MTD(f) exactly as 001 Fig. 11 has it (no acceleration).
func (s spec) options() search.Options {
	opt := search.DefaultOptions()
	opt.Driver = s.driver
	opt.Selective = s.selective
	opt.StoreLeaves = !s.noLeafStore
	opt.EvalGrain = s.grain
	opt.ETC, opt.ETCDepth = s.etcDepth > 0, s.etcDepth
	opt.MTDfAccel = false
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
	// depths[d] sums the positions' counts by remaining depth
	// (search.DepthStats) after iteration d, cumulative as at.
	depths []search.DepthStats
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
	truth    []int
	jobs     int
	progress io.Writer // where bars go; nil for none
	done     map[spec]*series
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

func newRunner(set *positionSet, maxDepth, jobs int, progress io.Writer) *runner {
	return &runner{set: set, maxDepth: maxDepth, jobs: max(jobs, 1), progress: progress, done: map[spec]*series{}}
}

// task is one position of one series.
type task struct {
	s   *series
	pos int
}

// run makes sure every spec of specs has been searched, searching those not
// yet done: the searches of all of them are spread over the runner's jobs,
// each with a searcher of its own, cleared before every position, so that
// the counts do not depend on the order or the number of jobs.
func (r *runner) run(ctx context.Context, label string, specs []spec) error {
	var tasks []task
	var fresh []*series
	for _, sp := range specs {
		if r.done[sp] != nil {
			continue
		}
		s := &series{spec: sp, values: make([][]point, len(r.set.list))}
		r.done[sp] = s
		fresh = append(fresh, s)
		for i := range r.set.list {
			tasks = append(tasks, task{s, i})
		}
	}
	if len(tasks) == 0 {
		return nil
	}
	stats := make(map[*series][][]search.Stats, len(fresh))
	depths := make(map[*series][][]search.DepthStats, len(fresh))
	for _, s := range fresh {
		stats[s] = make([][]search.Stats, len(r.set.list))
		depths[s] = make([][]search.DepthStats, len(r.set.list))
	}

	inc, finish := r.bar(label, len(tasks))
	ch := make(chan task)
	var wg sync.WaitGroup
	for j := 0; j < min(r.jobs, len(tasks)); j++ {
		if j == len(r.searchers) {
			r.searchers = append(r.searchers, &jobSearcher{})
		}
		js := r.searchers[j]
		wg.Add(1)
		go func() {
			defer wg.Done()
			for t := range ch {
				s := js.sized(t.s.hashMiB)
				at, ds, values := r.search(ctx, s, t.s.spec, t.pos)
				stats[t.s][t.pos], depths[t.s][t.pos], t.s.values[t.pos] = at, ds, values
				inc()
			}
		}()
	}
feed:
	for _, t := range tasks {
		select {
		case ch <- t:
		case <-ctx.Done():
			break feed
		}
	}
	close(ch)
	wg.Wait()
	finish(ctx.Err() != nil)
	if err := ctx.Err(); err != nil {
		for _, s := range fresh {
			delete(r.done, s.spec)
		}
		return err
	}
	for _, s := range fresh {
		s.per = stats[s]
		s.at = make([]search.Stats, r.maxDepth+1)
		for _, per := range stats[s] {
			for d := 1; d <= r.maxDepth; d++ {
				s.at[d] = addStats(s.at[d], per[d])
			}
		}
		s.depths = make([]search.DepthStats, r.maxDepth+1)
		for _, per := range depths[s] {
			for d := 1; d <= r.maxDepth; d++ {
				s.depths[d].Add(&per[d])
			}
			it := per[r.maxDepth].Sub(per[r.maxDepth-1])
			s.lastDepths = append(s.lastDepths, newDepthCounts(&it, r.maxDepth))
		}
	}
	return nil
}

// search searches position i of the set with sp and returns its cumulative
// statistics, overall and by remaining depth, and values per iteration
// (index 1..maxDepth). A depth that sent no report (none does for a position
// without moves) repeats the one before it.
func (r *runner) search(ctx context.Context, s *search.Searcher, sp spec, i int) ([]search.Stats, []search.DepthStats, []point) {
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
	return at, ds, values
}

// bar starts a progress bar of total steps on the runner's progress writer
// and returns its step and its end (aborted: the run was interrupted).
func (r *runner) bar(label string, total int) (inc func(), finish func(aborted bool)) {
	if r.progress == nil {
		return func() {}, func(bool) {}
	}
	p := mpb.New(mpb.WithOutput(r.progress), mpb.WithWidth(30))
	b := p.AddBar(int64(total),
		mpb.PrependDecorators(
			decor.Name(label, decor.WC{W: len(label) + 1, C: decor.DindentRight}),
			decor.CountersNoUnit("%d/%d searches", decor.WCSyncWidth),
		),
		mpb.AppendDecorators(
			decor.Percentage(decor.WC{W: 5}),
			decor.Name(" "),
			decor.OnComplete(decor.AverageETA(decor.ET_STYLE_GO), "done"),
		),
	)
	return b.Increment, func(aborted bool) {
		if aborted {
			b.Abort(false)
		}
		p.Wait()
	}
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
				ok := got.score == v.score && got.bound == search.BoundExact
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

// label names a series in messages.
func (s spec) label() string {
	l := s.driver
	if s.etcDepth > 0 {
		l += fmt.Sprintf(" ETC>=%d", s.etcDepth)
	}
	if s.guessed {
		l += fmt.Sprintf(" first guess %+d", s.guess)
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
	return l + fmt.Sprintf(" %d MiB", s.hashMiB)
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
