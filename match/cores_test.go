package match

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

func TestCoreWarning(t *testing.T) {
	clock := TimeControl{Base: 10 * time.Second, Increment: 100 * time.Millisecond}
	spec := func(threads string) EngineSpec {
		s := EngineSpec{Cmd: "x"}
		if threads != "" {
			s.Options = []EngineOption{{Name: "Threads", Value: threads}}
		}
		return s
	}
	for _, c := range []struct {
		name        string
		tc          TimeControl
		concurrency int
		threads     [2]string
		cpus        int
		warn        bool
		suggest     string
	}{
		{"one game on two cores", clock, 1, [2]string{"", ""}, 2, false, ""},
		{"two games on two cores", clock, 2, [2]string{"", ""}, 2, true, "--concurrency 1"},
		{"two threads on two cores", clock, 1, [2]string{"2", "1"}, 2, true, "--concurrency 1"},
		{"three games on four cores", clock, 3, [2]string{"1", "1"}, 4, false, ""},
		{"two games of two threads on four cores", clock, 2, [2]string{"2", ""}, 4, true, "--concurrency 1"},
		{"eight games on four cores", clock, 8, [2]string{"", ""}, 4, true, "--concurrency 3"},
		{"a movetime is timed too", TimeControl{MoveTime: time.Second}, 2, [2]string{"", ""}, 2, true, "--concurrency 1"},
		{"a node limit is not", TimeControl{Nodes: 1000}, 2, [2]string{"", ""}, 2, false, ""},
		{"one core: nothing to leave free", clock, 1, [2]string{"", ""}, 1, false, ""},
		{"a bad Threads value counts as one", clock, 1, [2]string{"many", "-3"}, 2, false, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			cfg := &Config{TimeControl: c.tc, Concurrency: c.concurrency,
				Engines: []EngineSpec{spec(c.threads[0]), spec(c.threads[1])}}
			w := coreWarning(cfg, c.cpus)
			if !c.warn {
				assert.Empty(t, w)
				return
			}
			assert.True(t, strings.HasPrefix(w, "warning: "), w)
			assert.Contains(t, w, c.suggest)
		})
	}
}

func TestSpecThreadsReadsTheOptionInAnyCase(t *testing.T) {
	s := EngineSpec{Options: []EngineOption{{Name: "Hash", Value: "64"}, {Name: "threads", Value: " 3 "}}}
	assert.Equal(t, 3, specThreads(s))
	assert.Equal(t, 1, specThreads(EngineSpec{}))
}
