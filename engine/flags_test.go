package engine

import (
	"flag"
	"os"
	"runtime/debug"
	"testing"
)

// long turns on the deep tests (every perft depth of the suites, more random
// games): go test ./engine -args -long, as the Makefile's test-long does.
var long = flag.Bool("long", false, "run the deep perft and differential tests (minutes)")

// TestMain makes the collector lazier for the tests (not the benchmarks):
// the differential tests allocate a lot (notnil copies a position for every
// move it tries), and this saves about a third of their time.
func TestMain(m *testing.M) {
	flag.Parse()
	if f := flag.Lookup("test.bench"); f == nil || f.Value.String() == "" {
		debug.SetGCPercent(800)
	}
	os.Exit(m.Run())
}
