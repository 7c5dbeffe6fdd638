package eval

import (
	"sync"
	"testing"

	"github.com/bounder-chess/bounder/engine"
)

var (
	costOnce sync.Once
	costSet  []*engine.Position
	costEval *Evaluator
)

// BenchmarkEvaluateSet evaluates every test and playout position (about
// 7800, from openings to bare endgames, both sides to move) once per
// iteration with a warmed pawn table and no evaluation cache (which would
// answer every position from the second pass on). It is meant for instruction counts,
// which, unlike wall-clock time, do not depend on the machine's load. With
// -benchtime Nx the testing package runs one iteration and then N (one in
// all for 1x), and the set is made and the table warmed only once, so
//
//	go test -c -o /tmp/eval.test ./eval && cd eval
//	valgrind --tool=callgrind /tmp/eval.test -test.run '^$' -test.bench EvaluateSet -test.benchtime 1x
//	valgrind --tool=callgrind /tmp/eval.test -test.run '^$' -test.bench EvaluateSet -test.benchtime 20x
//
// differ by 20 passes over the set: the difference of their totals
// ("Collected"), divided by 20 times the "positions" metric, is the cost of
// one Evaluate in instructions.
func BenchmarkEvaluateSet(b *testing.B) {
	costOnce.Do(func() {
		for _, fen := range allFENs(b) {
			costSet = append(costSet, mustParse(b, fen))
		}
		costEval = New()
		costEval.evals = nil
		for _, p := range costSet { // warm the pawn table
			costEval.Evaluate(p)
		}
	})
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		evaluateAll(costEval, costSet)
	}
	b.ReportMetric(float64(len(costSet)), "positions")
}

var evalSink int

//go:noinline
func evaluateAll(e *Evaluator, ps []*engine.Position) {
	v := 0
	for _, p := range ps {
		v += e.Evaluate(p)
	}
	evalSink += v
}
