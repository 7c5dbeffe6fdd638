package syzygy

import (
	"sync"
	"testing"

	"github.com/bounder-chess/bounder/engine"
)

// TestConcurrentProbes starts several goroutines on fresh tables, so that
// they race to open the same files, and checks every answer; a further
// goroutine adds a directory meanwhile. Run with -race.
func TestConcurrentProbes(t *testing.T) {
	cases := allCases(t)
	tb, err := Open(testDir)
	if err != nil {
		t.Fatal(err)
	}
	defer tb.Close()
	const workers = 4
	var wg sync.WaitGroup
	errs := make(chan string, workers*len(cases))
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			// Each worker starts at a different place, so that first uses
			// of a table happen in several goroutines at once.
			for i := range cases {
				c := cases[(i+w*len(cases)/workers)%len(cases)]
				pos, err := engine.ParseFEN(c.fen)
				if err != nil {
					errs <- err.Error()
					return
				}
				if v, ok := tb.ProbeWDL(pos); !ok || int(v) != c.wdl {
					errs <- c.where + ": WDL differs"
				}
				if d, ok := tb.ProbeDTZ(pos); !ok || d != c.dtz {
					errs <- c.where + ": DTZ differs"
				}
			}
		}(w)
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		if _, err := tb.AddDirectory(t.TempDir()); err != nil {
			errs <- err.Error()
		}
	}()
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
	for _, err := range tb.Errors() {
		t.Error(err)
	}
}

// wdlBenchPositions are positions for the allocation test and benchmark:
// all test positions, whose probes open every table once first.
func wdlBenchPositions(tb testing.TB, t *Tables) []*engine.Position {
	var out []*engine.Position
	for _, c := range allCases(tb) {
		pos := parse(tb, c)
		if _, ok := t.ProbeWDL(pos); !ok {
			tb.Fatalf("%s: not probed", c.where)
		}
		out = append(out, pos)
	}
	return out
}

// TestProbeWDLNoAlloc: the search probes at interior nodes, so a WDL probe
// must not allocate once its tables are open (en passant included).
func TestProbeWDLNoAlloc(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector's instrumentation allocates")
	}
	tb := openTest(t)
	positions := wdlBenchPositions(t, tb)
	allocs := testing.AllocsPerRun(5, func() {
		for _, pos := range positions {
			tb.ProbeWDL(pos)
		}
	})
	if allocs != 0 {
		t.Errorf("ProbeWDL: %.1f allocations per %d probes, want 0", allocs, len(positions))
	}
}

// BenchmarkProbeWDL probes the 560 test positions in turn (3 and 4 pieces,
// tables already open).
func BenchmarkProbeWDL(b *testing.B) {
	tb := openTest(b)
	positions := wdlBenchPositions(b, tb)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		tb.ProbeWDL(positions[i%len(positions)])
	}
}

// BenchmarkProbeDTZ likewise for DTZ (a root-only probe).
func BenchmarkProbeDTZ(b *testing.B) {
	tb := openTest(b)
	positions := wdlBenchPositions(b, tb)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		tb.ProbeDTZ(positions[i%len(positions)])
	}
}
