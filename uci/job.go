package uci

// Jobs: a search, perft or bench runs on a worker goroutine, one at a
// time; the dispatcher starts, stops and finishes it (see the package doc).

import (
	"time"

	"github.com/bounder-chess/bounder/engine"
	"github.com/bounder-chess/bounder/search"
)

type jobKind uint8

const (
	jobSearch jobKind = iota
	jobPerft
	jobBench
)

// job is a search, perft or bench on the worker goroutine. The worker
// writes only result (before it signals completion on jobDone); every other
// field belongs to the dispatcher.
type job struct {
	kind     jobKind
	cancel   func()
	finished bool // the worker is done (a search's result may still be held)

	// Searches.
	pos         *engine.Position // the worker's own copy
	result      search.Result
	searchMoves []engine.Move
	infinite    bool           // go infinite: bestmove only after stop
	ponder      bool           // go ponder and no ponderhit yet: bestmove only after stop or ponderhit
	stopped     bool           // stop (or quit, or a new go) received
	rejected    bool           // the position was rejected: the answer is 0000
	ponderHit   *search.Ponder // go ponder: the search's clock starts at its Hit
}

// holding says a finished search's bestmove must wait for stop/ponderhit.
func (j *job) holding() bool { return !j.stopped && (j.infinite || j.ponder) }

// busy says a job is running on the worker.
func (e *Engine) busy() bool { return e.job != nil && !e.job.finished }

// start runs work on the worker goroutine as the current job.
func (e *Engine) start(j *job, work func()) {
	e.job = j
	go func() {
		work()
		e.jobDone <- j
	}()
}

// jobFinished is called on the dispatcher when the worker is done with j.
func (e *Engine) jobFinished(j *job) {
	j.finished = true
	if j != e.job {
		return // cannot happen: one job at a time
	}
	if j.kind == jobSearch {
		if j.holding() {
			return
		}
		e.printBestMove(j)
	}
	e.job = nil
	e.applyPending()
}

// waitJob blocks until the running job, if any, has finished.
func (e *Engine) waitJob() {
	if e.busy() {
		e.jobFinished(<-e.jobDone)
	}
}

// stopJob stops the current job and waits for it, so that a search's
// bestmove is printed. A bench cannot be stopped and is waited for.
func (e *Engine) stopJob() {
	j := e.job
	if j == nil {
		return
	}
	e.signalStop(j)
	if j.finished { // a held search result
		e.jobFinished(j)
		return
	}
	e.waitJob()
}

// signalStop asks the job to end without waiting.
func (e *Engine) signalStop(j *job) {
	switch j.kind {
	case jobSearch:
		j.stopped, j.ponder = true, false
		if !j.finished {
			j.cancel()
			e.cfg.Searcher.Stop()
		}
	case jobPerft:
		j.cancel()
	}
}

func (e *Engine) cmdStop() {
	j := e.job
	if j == nil {
		if e.debug {
			e.infof("stop: nothing is running")
		}
		return
	}
	if j.kind == jobBench {
		e.infof("error: bench cannot be stopped")
		return
	}
	e.signalStop(j)
	if j.finished {
		e.jobFinished(j)
	}
}

func (e *Engine) cmdPonderHit() {
	j := e.job
	if j == nil || j.kind != jobSearch || !j.ponder {
		if e.debug {
			e.infof("ponderhit: not pondering")
		}
		return
	}
	j.ponder = false
	if j.ponderHit != nil {
		j.ponderHit.Hit() // the search's clock runs from now
	}
	if j.finished && !j.holding() {
		e.jobFinished(j)
	}
}

// quit stops whatever runs: a search is stopped and its bestmove printed
// (waiting at most quitWait for it), perft is stopped, a bench is left.
func (e *Engine) quit() {
	j := e.job
	if j == nil {
		return
	}
	if j.kind == jobBench && !j.finished {
		return
	}
	e.signalStop(j)
	if j.finished {
		e.jobFinished(j)
		return
	}
	select {
	case d := <-e.jobDone:
		e.jobFinished(d)
	case <-time.After(e.quitWait):
	}
}

// finishAtEOF stops a search, printing its bestmove, and lets perft and
// bench finish. Input ends when the GUI has gone (or quit without "quit"),
// so nobody waits for a long search; it would only keep the process
// running, perhaps for hours with "go depth 99".
func (e *Engine) finishAtEOF() {
	for e.job != nil {
		if e.job.kind == jobSearch {
			e.stopJob()
		} else {
			e.waitJob()
		}
	}
}
