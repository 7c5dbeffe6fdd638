package epd

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bounder-chess/bounder/engine"
	"github.com/bounder-chess/bounder/search"
)

// iter is one scripted iteration of the fake search: the PV's first move
// (UCI) and the score.
type iter struct {
	move  string
	score int
}

// fakeSearcher replays a script: one report per iteration, 10ms and 1000
// nodes apart, and a result whose move is final (or, if empty, the last
// iteration's).
type fakeSearcher struct {
	iters    []iter
	final    string
	multiPV  bool // also send a second MultiPV line with another move
	clears   int
	searches int
	lastLim  search.Limits
}

func (f *fakeSearcher) Clear() { f.clears++ }

func (f *fakeSearcher) Search(ctx context.Context, pos *engine.Position, lim search.Limits, opt search.Options, onReport func(search.Report)) search.Result {
	f.searches++
	f.lastLim = lim
	mv := func(s string) engine.Move {
		m, err := pos.ParseMove(s)
		if err != nil {
			panic(err)
		}
		return m
	}
	var res search.Result
	for i, it := range f.iters {
		d := i + 1
		rep := search.Report{Depth: d, MultiPV: 1, Score: it.score, Bound: search.BoundExact,
			PV: []engine.Move{mv(it.move)}, Nodes: uint64(1000 * d), Elapsed: time.Duration(d) * 10 * time.Millisecond}
		onReport(rep)
		if f.multiPV {
			var buf [engine.MaxMoves]engine.Move
			for _, m := range pos.GenerateMoves(buf[:]) {
				if m.String() != it.move {
					rep2 := rep
					rep2.MultiPV, rep2.PV, rep2.Score = 2, []engine.Move{m}, it.score-50
					onReport(rep2)
					break
				}
			}
		}
		res = search.Result{BestMove: rep.PV[0], Score: it.score, Bound: search.BoundExact, Depth: d,
			PV: rep.PV, Stats: search.Stats{Nodes: rep.Nodes}, Elapsed: rep.Elapsed}
	}
	if f.final != "" {
		res.BestMove = mv(f.final)
		res.Elapsed += 5 * time.Millisecond
	}
	return res
}

const backRank = `6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - bm Rd8#; id "m1";`

func TestSolveFirstAppearance(t *testing.T) {
	p := mustProblem(t, backRank)
	mate := search.MateScore - 1
	for _, c := range []struct {
		name      string
		iters     []iter
		final     string
		status    Status
		first     int
		firstTime time.Duration
	}{
		{"steady", []iter{{"h2h3", 0}, {"d1d8", mate}, {"d1d8", mate}}, "", Solved, 2, 20 * time.Millisecond},
		{"from the start", []iter{{"d1d8", mate}, {"d1d8", mate}}, "", Solved, 1, 10 * time.Millisecond},
		{"comes back", []iter{{"d1d8", 0}, {"h2h3", 0}, {"d1d8", mate}, {"d1d8", mate}}, "", Solved, 3, 30 * time.Millisecond},
		{"lost at the end", []iter{{"d1d8", mate}, {"h2h3", 0}}, "", Failed, 0, 0},
		{"result differs", []iter{{"d1d8", mate}, {"d1d8", mate}}, "h2h3", Failed, 0, 0},
		{"only the result", []iter{{"h2h3", 0}, {"h2h3", 0}}, "d1d8", Solved, 2, 25 * time.Millisecond},
	} {
		f := &fakeSearcher{iters: c.iters, final: c.final, multiPV: true}
		r := &Runner{Searcher: f, Limits: search.Limits{Depth: 5}, Options: search.DefaultOptions()}
		o := r.Solve(context.Background(), p)
		assert.Equal(t, c.status, o.Status, c.name)
		assert.Equal(t, c.first, o.FirstDepth, c.name)
		assert.Equal(t, c.firstTime, o.FirstTime, c.name)
		assert.Equal(t, len(c.iters), o.Depth, c.name)
		assert.Equal(t, uint64(1000*len(c.iters)), o.Nodes, c.name)
		assert.Equal(t, 1, f.clears, "the table is cleared before each problem")
		assert.Equal(t, 5, f.lastLim.Depth)
		assert.Equal(t, 0, f.lastLim.Mate)
	}
}

func TestSolveMateAndPoints(t *testing.T) {
	ctx := context.Background()
	// dm: a mate score within n moves decides, whatever the move.
	p := mustProblem(t, `6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - dm 1;`)
	f := &fakeSearcher{iters: []iter{{"h2h3", 0}, {"d1d8", search.MateScore - 1}, {"d1d8", search.MateScore - 1}}}
	r := &Runner{Searcher: f, Limits: search.Limits{MoveTime: time.Second}}
	o := r.Solve(ctx, p)
	assert.Equal(t, Solved, o.Status)
	assert.Equal(t, 2, o.FirstDepth)
	assert.Equal(t, 1, f.lastLim.Mate, "dm sets the mate limit")
	assert.Equal(t, time.Second, f.lastLim.MoveTime)

	f = &fakeSearcher{iters: []iter{{"d1d8", 900}}}
	r.Searcher = f
	assert.Equal(t, Failed, r.Solve(ctx, p).Status)
	// A mate, but slower than asked.
	f = &fakeSearcher{iters: []iter{{"d1d8", search.MateScore - 3}}}
	r.Searcher = f
	assert.Equal(t, Failed, r.Solve(ctx, p).Status)

	// STS-style points with a bm: bm decides, points are counted.
	p = mustProblem(t, `6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - bm Rd8; c0 "Rd8=10, Rd7=4";`)
	r.Searcher = &fakeSearcher{iters: []iter{{"d1d7", 0}}}
	o = r.Solve(ctx, p)
	assert.Equal(t, Failed, o.Status)
	assert.Equal(t, 4, o.Points)
	// Points only: full points decide.
	p = mustProblem(t, `6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - c0 "Rd8=10, Rd7=4";`)
	r.Searcher = &fakeSearcher{iters: []iter{{"d1d8", 0}}}
	o = r.Solve(ctx, p)
	assert.Equal(t, Solved, o.Status)
	assert.Equal(t, 10, o.Points)

	// Nothing to test: searched, not scored.
	p = mustProblem(t, `6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - id "plain";`)
	r.Searcher = &fakeSearcher{iters: []iter{{"d1d8", 0}}}
	o = r.Solve(ctx, p)
	assert.Equal(t, Unscored, o.Status)

	// Invalid: not searched.
	p = mustProblem(t, `6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - bm Zz9;`)
	f = &fakeSearcher{}
	r.Searcher = f
	o = r.Solve(ctx, p)
	assert.Equal(t, Skipped, o.Status)
	assert.Equal(t, 0, f.searches)
}

func TestSummary(t *testing.T) {
	p := mustProblem(t, backRank)
	q := mustProblem(t, `6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - bm Rd8; c0 "Rd8=10, Rd7=4";`)
	bad := mustProblem(t, `6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - bm Zz9;`)
	var s Summary
	s.Add(&Outcome{Problem: p, Status: Solved, Depth: 8, Elapsed: time.Second, Nodes: 1000})
	s.Add(&Outcome{Problem: q, Status: Failed, Depth: 6, Elapsed: time.Second, Nodes: 3000, Points: 4})
	s.Add(&Outcome{Problem: bad, Status: Skipped})
	assert.Equal(t, 3, s.Problems)
	assert.Equal(t, 2, s.Scored)
	assert.Equal(t, 1, s.Solved)
	assert.Equal(t, 1, s.Skipped)
	assert.Equal(t, 50.0, s.Percent())
	assert.Equal(t, 7.0, s.AvgDepth())
	assert.Equal(t, uint64(2000), s.NPS())
	assert.Equal(t, 4, s.Points)
	assert.Equal(t, 10, s.MaxPoints)
	s.Name = "x.epd"
	assert.Equal(t, "x.epd: solved 1/2 (50.0%)  points 4/10 (40.0%)  time 2s  avg depth 7.0  nodes 4000  nps 2000  (1 skipped, 0 malformed)",
		summaryText(&s, false))
	var total Summary
	total.Merge(&s)
	total.Merge(&s)
	require.Equal(t, 4, total.Scored)
	assert.Equal(t, 7.0, total.AvgDepth())
	assert.Contains(t, summaryText(&total, true), "total: solved 2/4 (50.0%)")
}
