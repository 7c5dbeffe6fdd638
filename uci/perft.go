package uci

// perft N (and go perft N): the move tree counted on the worker, stoppable.

import (
	"fmt"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/bounder-chess/bounder/engine"
)

// cmdPerft handles "perft N" (the same as "go perft N").
func (e *Engine) cmdPerft(args []string) {
	if len(args) == 0 {
		e.infof("error: perft wants a depth")
		return
	}
	n, err := strconv.Atoi(args[0])
	if err != nil || n < 1 {
		e.infof("error: perft: depth %s is not a positive integer", quote(args[0]))
		return
	}
	e.startPerft(n)
}

// startPerft counts the move tree to depth and prints each root move's
// share ("e2e4: 20") and the total ("Nodes searched: 400"). stop ends it.
func (e *Engine) startPerft(depth int) {
	if e.posRejected {
		e.infof("%s", errRejected)
		return
	}
	if depth > e.maxPerft {
		e.infof("error: perft depth %d is more than %d", depth, e.maxPerft)
		return
	}
	if e.busy() && e.job.kind == jobBench {
		e.infof("error: bench is running; perft ignored")
		return
	}
	e.stopJob()
	var stop atomic.Bool
	j := &job{kind: jobPerft, cancel: func() { stop.Store(true) }}
	pos, out := e.pos.Clone(), e.out
	text := pos.MoveText()
	e.start(j, func() {
		begin := time.Now()
		var total uint64
		done := pos.DivideEach(depth, stop.Load, func(d engine.DivideEntry) {
			out.line(fmt.Sprintf("%s: %d", text.Format(d.Move), d.Nodes))
			total += d.Nodes
		})
		if !done {
			out.line("info string perft stopped")
			return
		}
		el := time.Since(begin)
		out.lines("", fmt.Sprintf("Nodes searched: %d", total))
		if e := el.Seconds(); e > 0 {
			out.line(fmt.Sprintf("info string perft %d: %d nodes in %d ms, %.0f nodes/s", depth, total, el.Milliseconds(), float64(total)/e))
		}
	})
}
