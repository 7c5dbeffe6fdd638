package uci

// bench: the built-in benchmark on the worker, its report line by line.

import (
	"io"
	"strings"
)

// cmdBench runs the Bench hook on the worker; it cannot be stopped.
func (e *Engine) cmdBench() {
	if e.cfg.Bench == nil {
		e.infof("error: bench is not available in this build")
		return
	}
	if e.busy() && e.job.kind == jobBench {
		e.infof("error: bench is already running")
		return
	}
	e.stopJob()
	bench, out := e.cfg.Bench, e.out
	e.start(&job{kind: jobBench, cancel: func() {}}, func() {
		w := &lineWriter{out: out}
		bench(w)
		w.flush()
	})
}

// lineWriter passes what is written to it to the output line by line.
type lineWriter struct {
	out *writer
	buf []byte
}

var _ io.Writer = (*lineWriter)(nil)

func (w *lineWriter) Write(p []byte) (int, error) {
	w.buf = append(w.buf, p...)
	for {
		i := strings.IndexByte(string(w.buf), '\n')
		if i < 0 {
			break
		}
		w.out.line(strings.TrimRight(string(w.buf[:i]), "\r"))
		w.buf = w.buf[i+1:]
	}
	return len(p), nil
}

func (w *lineWriter) flush() {
	if len(w.buf) > 0 {
		w.out.line(string(w.buf))
		w.buf = nil
	}
}
