package match

// What the runner takes from an engine that stalls: a search that gave no
// bestmove within the stall timeout is rare (twice in many thousands of
// games, never reproduced by replaying the game's searches), so the moment
// itself is the only evidence. The runner asks whether the engine's command
// loop still answers, then sends SIGQUIT, on which a Go engine prints the
// stacks of all its goroutines to its standard error; the tail of that
// output goes into the game's record (GameRecord.Diagnosis) and the match's
// progress output. The engine is not used again: the game is lost and the
// pair broken either way.

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"
)

// stderrTail is how much of an engine's standard error is kept: enough for
// the goroutine dump of a Go engine.
const stderrTail = 64 << 10

// probeWait bounds each step of the diagnosis.
const probeWait = 2 * time.Second

// tailBuffer keeps the last max bytes written to it. It is an engine's
// standard error, written by exec's copying goroutine and read by the game's.
type tailBuffer struct {
	mu  sync.Mutex
	max int
	buf []byte
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, p...)
	if over := len(t.buf) - t.max; over > 0 {
		t.buf = append(t.buf[:0], t.buf[over:]...)
	}
	return len(p), nil
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.buf)
}

// stallError is errStall with what diagnoseStall found.
type stallError struct{ diagnosis string }

func (e *stallError) Error() string { return errStall.Error() }
func (e *stallError) Unwrap() error { return errStall }

// diagnosis returns what a stall's error carries, or "".
func diagnosis(err error) string {
	var s *stallError
	if errors.As(err, &s) {
		return s.diagnosis
	}
	return ""
}

// diagnoseStall is called when a search has given no bestmove in time. It
// sends "isready" and reads what comes within probeWait (a late bestmove,
// a readyok), then quits the process with SIGQUIT where the system has it
// and returns a description with the tail of its standard error.
func (e *uciEngine) diagnoseStall(ctx context.Context, waited time.Duration) string {
	var b strings.Builder
	fmt.Fprintf(&b, "no bestmove after %v", waited.Round(time.Millisecond))
	start := time.Now()
	ready := "isready not sent"
	if err := e.send("isready"); err == nil {
		ready = fmt.Sprintf("no readyok within %v", probeWait)
		deadline := start.Add(probeWait)
		for {
			l, err := e.readLine(ctx, deadline)
			if err != nil {
				break
			}
			f := strings.Fields(l.text)
			if len(f) == 0 {
				continue
			}
			if f[0] == "bestmove" {
				fmt.Fprintf(&b, "; %q came %v later", l.text, l.at.Sub(start).Round(time.Millisecond))
			}
			if f[0] == "readyok" {
				ready = fmt.Sprintf("readyok after %v", l.at.Sub(start).Round(time.Millisecond))
				break
			}
		}
	}
	fmt.Fprintf(&b, "; %s", ready)
	if quitForDump(e.cmd.Process) {
		select {
		case <-e.exited:
		case <-time.After(probeWait):
		}
		b.WriteString("; SIGQUIT sent")
	}
	if tail := strings.TrimSpace(e.stderr.String()); tail != "" {
		fmt.Fprintf(&b, "; its standard error ends:\n%s", tail)
	} else {
		b.WriteString("; nothing on its standard error")
	}
	return b.String()
}
