package uci

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bounder-chess/bounder/engine"
	"github.com/bounder-chess/bounder/nnue"
	"github.com/bounder-chess/bounder/search"
)

// harness runs an Engine over pipes.
type harness struct {
	t     *testing.T
	e     *Engine
	fake  *fakeSearcher
	in    *io.PipeWriter
	lines chan string
	done  chan error

	mu   sync.Mutex
	seen []string // every line read so far
}

// replyWait is how long a test waits for a reply it must get (readyok,
// uciok, a bestmove): a liveness bound, not a speed limit. 5 s was missed
// once at a load average of 10.
const replyWait = 30 * time.Second

func newHarness(t *testing.T, edit func(*Config)) *harness {
	t.Helper()
	fake := newFake()
	// A fixed maximum, whatever the machine's memory.
	cfg := Config{Version: "test", Searcher: fake, MaxHashMiB: 65536}
	if edit != nil {
		edit(&cfg)
	}
	e := New(cfg)
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	h := &harness{t: t, e: e, fake: fake, in: inW, lines: make(chan string, 10000), done: make(chan error, 1)}
	go func() {
		err := e.Run(inR, outW)
		outW.Close()
		inR.Close()
		h.done <- err
	}()
	go func() {
		sc := bufio.NewScanner(outR)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			h.lines <- sc.Text()
		}
		close(h.lines)
	}()
	t.Cleanup(func() {
		inW.Close()
		select {
		case <-h.done:
		case <-time.After(replyWait):
			t.Error("Run did not return after the end of input")
		}
	})
	return h
}

func (h *harness) send(cmds ...string) {
	h.t.Helper()
	for _, c := range cmds {
		if _, err := io.WriteString(h.in, c+"\n"); err != nil {
			h.t.Fatalf("send %q: %v", c, err)
		}
	}
}

// next returns the next output line, failing after timeout.
func (h *harness) next(timeout time.Duration) (string, bool) {
	select {
	case l, ok := <-h.lines:
		if !ok {
			return "", false
		}
		h.mu.Lock()
		h.seen = append(h.seen, l)
		h.mu.Unlock()
		return l, true
	case <-time.After(timeout):
		return "", false
	}
}

// expect reads lines until one starts with prefix and returns it with the
// lines before it.
func (h *harness) expect(prefix string, timeout time.Duration) (string, []string) {
	h.t.Helper()
	deadline := time.Now().Add(timeout)
	var before []string
	for {
		l, ok := h.next(time.Until(deadline))
		if !ok {
			h.t.Fatalf("no line starting with %q within %v; got %q", prefix, timeout, before)
		}
		if strings.HasPrefix(l, prefix) {
			return l, before
		}
		before = append(before, l)
	}
}

// sync sends isready and returns the lines before readyok.
func (h *harness) sync() []string {
	h.t.Helper()
	h.send("isready")
	_, before := h.expect("readyok", replyWait)
	return before
}

// quiet checks that no line starting with prefix comes within d.
func (h *harness) quiet(prefix string, d time.Duration) {
	h.t.Helper()
	deadline := time.Now().Add(d)
	for {
		l, ok := h.next(time.Until(deadline))
		if !ok {
			return
		}
		if strings.HasPrefix(l, prefix) {
			h.t.Fatalf("unexpected %q", l)
		}
	}
}

// quit sends quit and waits for Run to return; it returns all output.
func (h *harness) quit() []string {
	h.t.Helper()
	h.send("quit")
	select {
	case err := <-h.done:
		if err != nil {
			h.t.Errorf("Run: %v", err)
		}
		h.done <- nil
	case <-time.After(replyWait):
		h.t.Fatal("quit: Run did not return")
	}
	for {
		if _, ok := h.next(time.Second); !ok {
			break
		}
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]string(nil), h.seen...)
}

func count(lines []string, prefix string) int {
	n := 0
	for _, l := range lines {
		if strings.HasPrefix(l, prefix) {
			n++
		}
	}
	return n
}

func TestUCIHandshake(t *testing.T) {
	h := newHarness(t, func(c *Config) { c.Version = "1.2.3" })
	h.send("uci")
	_, before := h.expect("uciok", time.Second)
	if before[0] != "id name Bounder 1.2.3" || before[1] != "id author the Bounder developers" {
		t.Errorf("id lines: %q", before[:2])
	}
	want := []string{
		"option name Hash type spin default 64 min 1 max 65536",
		"option name Threads type spin default 1 min 1 max 64",
		"option name Clear Hash type button",
		"option name Ponder type check default false",
		"option name MultiPV type spin default 1 min 1 max 256",
		"option name Move Overhead type spin default 30 min 0 max 5000",
		"option name OwnBook type check default false",
		"option name BookFile type string default <empty>",
		"option name BookDepth type spin default 16 min 0 max 500",
		"option name UCI_Chess960 type check default false",
		"option name UCI_LimitStrength type check default false",
		"option name UCI_Elo type spin default 1320 min 1320 max 2800",
		"option name Skill Level type spin default 20 min 0 max 20",
		"option name Driver type combo default MTDf var MTDf var NegaScout var AlphaBeta var SSS var DUAL var MTDbi var MTDstep var BNS",
		"option name ETC type check default true",
		"option name ETC Depth type spin default 8 min 0 max 128",
		"option name Selective type check default true",
		"option name MTD Step type spin default 25 min 1 max 1000",
		"option name MTDf Guess2 type check default false",
		"option name MTDf Accel type check default true",
		"option name Eval Grain type spin default 4 min 1 max 100",
		"option name Singular type check default true",
		"option name PV Path type check default true",
		"option name Evaluation type combo default Network var Full var Hand var Material var Network",
		"option name EvalFile type string default <empty>",
		"option name SyzygyPath type string default <empty>",
		"option name SyzygyProbeDepth type spin default 1 min 1 max 100",
		"option name SyzygyProbeLimit type spin default 7 min 0 max 7",
		"option name UCI_ShowWDL type check default false",
	}
	got := before[2:]
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("options:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	h.send("isready")
	h.expect("readyok", time.Second)
	h.quit()
}

func TestGoDepthBestMoveOnce(t *testing.T) {
	h := newHarness(t, nil)
	h.send("position startpos moves e2e4", "go depth 3")
	bm, before := h.expect("bestmove", replyWait)
	if bm != "bestmove a7a6 ponder e1e2" {
		t.Errorf("got %q", bm)
	}
	if n := count(before, "info depth"); n != 3 {
		t.Errorf("%d info lines, want 3: %q", n, before)
	}
	for _, l := range before {
		if !strings.HasPrefix(l, "info depth") {
			continue
		}
		if !strings.Contains(l, " score cp 12 ") || !strings.HasSuffix(l, " pv a7a6 e1e2") || !strings.Contains(l, " multipv 1 ") {
			t.Errorf("info line %q", l)
		}
	}
	calls := h.fake.calls()
	if len(calls) != 1 || calls[0].lim.Depth != 3 || calls[0].lim.Infinite || calls[0].lim.Clock != nil || calls[0].lim.MoveTime != 0 {
		t.Errorf("limits %+v", calls)
	}
	if calls[0].fen != "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1" {
		t.Errorf("searched %s", calls[0].fen)
	}
	all := h.quit()
	if n := count(all, "bestmove"); n != 1 {
		t.Errorf("%d bestmoves", n)
	}
}

func TestGoBeforePositionUsesStartpos(t *testing.T) {
	h := newHarness(t, nil)
	h.send("go depth 1")
	h.expect("bestmove", replyWait)
	if c := h.fake.calls(); c[0].fen != engine.StartFEN {
		t.Errorf("searched %s", c[0].fen)
	}
	h.quit()
}

func TestGoInfiniteIsReadyAndStop(t *testing.T) {
	h := newHarness(t, nil)
	h.send("position startpos", "go infinite")
	h.expect("info depth 2", 2*time.Second)
	for i := 0; i < 3; i++ {
		t0 := time.Now()
		h.send("isready")
		_, before := h.expect("readyok", time.Second)
		if d := time.Since(t0); d > 50*time.Millisecond {
			t.Errorf("readyok after %v", d)
		}
		if count(before, "bestmove") > 0 {
			t.Fatal("bestmove during go infinite")
		}
	}
	h.quiet("bestmove", 30*time.Millisecond)
	t0 := time.Now()
	h.send("stop")
	h.expect("bestmove", time.Second)
	if d := time.Since(t0); d > 50*time.Millisecond {
		t.Errorf("bestmove %v after stop", d)
	}
	if c := h.fake.calls(); !c[0].lim.Infinite {
		t.Errorf("limits %+v", c[0].lim)
	}
	h.send("stop", "stop") // no search: nothing
	all := h.quit()
	if n := count(all, "bestmove"); n != 1 {
		t.Errorf("%d bestmoves", n)
	}
}

func TestInfiniteHoldsBestMoveUntilStop(t *testing.T) {
	h := newHarness(t, nil)
	h.fake.endInfinite = true // the search ends by itself after 5ms
	h.send("go infinite")
	h.quiet("bestmove", 60*time.Millisecond)
	h.sync()
	h.send("stop")
	h.expect("bestmove", time.Second)
	// A held result is also released by a new go.
	h.send("go infinite")
	h.quiet("bestmove", 30*time.Millisecond)
	h.send("go depth 2")
	h.expect("bestmove", time.Second)
	h.expect("bestmove", time.Second)
	all := h.quit()
	if n := count(all, "bestmove"); n != 3 {
		t.Errorf("%d bestmoves: %q", n, all)
	}
}

func TestGoWhileSearching(t *testing.T) {
	h := newHarness(t, nil)
	h.send("go infinite")
	h.expect("info depth 1", time.Second)
	h.send("position startpos moves d2d4", "go depth 2")
	h.expect("bestmove a2a3", time.Second) // the first search, from startpos
	h.expect("bestmove a7a6", time.Second) // the second
	all := h.quit()
	if n := count(all, "bestmove"); n != 2 {
		t.Errorf("%d bestmoves", n)
	}
	if h.fake.overlap {
		t.Error("searches overlapped")
	}
}

func TestPonder(t *testing.T) {
	h := newHarness(t, nil)
	h.send("position startpos moves e2e4 e7e5", "go ponder wtime 1000 btime 1000 winc 100 binc 100")
	h.expect("info depth 2", time.Second)
	h.quiet("bestmove", 20*time.Millisecond)
	c := h.fake.calls()
	wantClock := search.TimeControl{Time: time.Second, Inc: 100 * time.Millisecond}
	if c[0].lim.Ponder == nil || c[0].lim.Infinite || c[0].lim.Clock == nil || *c[0].lim.Clock != wantClock {
		t.Errorf("ponder limits %+v", c[0].lim)
	}
	h.send("ponderhit")
	h.expect("bestmove", replyWait)
	h.fake.mu.Lock()
	hits := h.fake.ponderHit
	h.fake.mu.Unlock()
	soft, hard := search.TimeBudget(search.TimeControl{Time: time.Second, Inc: 100 * time.Millisecond}, 30*time.Millisecond)
	if len(hits) != 1 || hits[0] != [2]time.Duration{soft, hard} {
		t.Errorf("ponderhits %v, want [%v %v]", hits, soft, hard)
	}

	// Ponder miss: stop, then a new search.
	h.send("go ponder wtime 10000 btime 10000")
	h.expect("info depth 1", time.Second)
	h.send("stop")
	h.expect("bestmove", time.Second)

	// A ponder search that ends by itself is held until ponderhit.
	h.fake.mu.Lock()
	h.fake.endInfinite = true
	h.fake.mu.Unlock()
	h.send("go ponder movetime 500")
	h.quiet("bestmove", 50*time.Millisecond)
	h.send("ponderhit")
	h.expect("bestmove", time.Second)
	all := h.quit()
	if n := count(all, "bestmove"); n != 3 {
		t.Errorf("%d bestmoves", n)
	}
}

func TestTimeLimits(t *testing.T) {
	h := newHarness(t, nil)
	h.send("position startpos moves e2e4", "go wtime 1000 btime 60000 winc 5 binc 1000 movestogo 20")
	h.expect("bestmove", replyWait)
	h.send("setoption name Move Overhead value 10", "go movetime 200")
	h.expect("bestmove", replyWait)
	h.send("go movetime 100 wtime 50 btime 50") // the clock caps movetime
	h.expect("bestmove", replyWait)
	// The limits go to the search as given (its Budget is tested there).
	c := h.fake.calls()
	black := search.TimeControl{Time: time.Minute, Inc: time.Second, MovesToGo: 20}
	if l := c[0].lim; l.Clock == nil || *l.Clock != black || l.MoveTime != 0 || l.Overhead != 30*time.Millisecond {
		t.Errorf("black's clock: %+v", l)
	}
	if l := c[1].lim; l.MoveTime != 200*time.Millisecond || l.Clock != nil || l.Overhead != 10*time.Millisecond {
		t.Errorf("movetime: %+v", l)
	}
	if l := c[2].lim; l.MoveTime != 100*time.Millisecond || l.Clock == nil || *l.Clock != (search.TimeControl{Time: 50 * time.Millisecond}) {
		t.Errorf("movetime with clock: %+v", l)
	}
	h.quit()
}

// A go with only the other side's clock is played on that clock, with a
// warning, not searched without a limit.
func TestGoWithoutOurClock(t *testing.T) {
	h := newHarness(t, nil)
	h.send("position startpos moves e2e4", "go wtime 2000 winc 20")
	_, before := h.expect("bestmove", replyWait)
	if !strings.Contains(strings.Join(before, "\n"), "info string warning: go has wtime but no btime") {
		t.Errorf("no warning for the missing btime in %q", before)
	}
	h.send("position startpos", "go btime 3000 binc 30")
	_, before = h.expect("bestmove", replyWait)
	if !strings.Contains(strings.Join(before, "\n"), "info string warning: go has btime but no wtime") {
		t.Errorf("no warning for the missing wtime in %q", before)
	}
	h.send("go wtime 1000 btime 4000") // both: no warning
	_, before = h.expect("bestmove", replyWait)
	if strings.Contains(strings.Join(before, "\n"), "warning") {
		t.Errorf("a warning with both clocks: %q", before)
	}
	c := h.fake.calls()
	for i, tc := range []search.TimeControl{{Time: 2 * time.Second, Inc: 20 * time.Millisecond},
		{Time: 3 * time.Second, Inc: 30 * time.Millisecond}, {Time: time.Second}} {
		if l := c[i].lim; l.Clock == nil || *l.Clock != tc || l.Infinite {
			t.Errorf("go %d: %+v, want the clock %+v", i, l, tc)
		}
	}
	h.quit()
}

func TestGoParameters(t *testing.T) {
	h := newHarness(t, nil)
	h.send("go nodes 5000 mate 3 depth 7 searchmoves e2e4 d2d4 zz9 movestogo 5")
	bm, before := h.expect("bestmove", replyWait)
	if bm != "bestmove e2e4 ponder a7a6" {
		t.Errorf("got %q", bm)
	}
	if count(before, `info string error: searchmoves: "zz9"`) != 1 {
		t.Errorf("no error for zz9: %q", before)
	}
	c := h.fake.calls()[0].lim
	if c.Nodes != 5000 || c.Mate != 3 || c.Depth != 7 || len(c.SearchMoves) != 2 || c.SearchMoves[1].String() != "d2d4" {
		t.Errorf("limits %+v", c)
	}
	h.send("go depth x nodes -1 movetime 0 bogus depth")
	_, before = h.expect("bestmove", replyWait)
	if n := count(before, "info string error: go:"); n != 5 {
		t.Errorf("%d errors: %q", n, before)
	}
	h.quit()
}

// TestGoZeroLimits is issue 12's "go depth 0" (nodes, movetime, mate 0),
// which searched without a limit and never answered: a limit of 0 is
// taken as 1, and "go mate N" alone has a depth limit, so every such go
// gets its bestmove.
func TestGoZeroLimits(t *testing.T) {
	h := newHarness(t, nil)
	for _, c := range []struct {
		cmd  string
		want search.Limits
		note string // the error printed, if any
	}{
		{"go depth 0", search.Limits{Depth: 1}, "depth must be positive, not 0; using depth 1"},
		{"go nodes 0", search.Limits{Nodes: 1}, "nodes must be positive, not 0; using nodes 1"},
		{"go movetime 0", search.Limits{MoveTime: time.Millisecond},
			"movetime must be positive, not 0; using movetime 1"},
		{"go mate 0", search.Limits{Mate: 1}, "mate must be positive, not 0; using mate 1"},
		{"go depth -7", search.Limits{Depth: 1}, "depth must be positive, not -7; using depth 1"},
		{"go mate 3", search.Limits{Mate: 3}, ""},
		{"go mate 3 depth 2", search.Limits{Mate: 3, Depth: 2}, ""},
		{"go mate 3 nodes 900", search.Limits{Mate: 3, Nodes: 900}, ""},
		{"go mate 3 wtime 1000 btime 1000", search.Limits{Mate: 3, Clock: &search.TimeControl{Time: time.Second}}, ""},
		{"go mate 3 infinite", search.Limits{Mate: 3, Infinite: true}, ""},
	} {
		n := len(h.fake.calls())
		h.send(c.cmd)
		if c.want.Infinite {
			h.expect("info depth 1", time.Second)
			h.send("stop")
		}
		_, before := h.expect("bestmove", replyWait)
		calls := h.fake.calls()
		if len(calls) != n+1 {
			t.Fatalf("%s: no search", c.cmd)
		}
		got := calls[n].lim
		got.Progress = nil
		c.want.Overhead = 30 * time.Millisecond
		if got.Clock != nil && c.want.Clock != nil && *got.Clock == *c.want.Clock {
			got.Clock = c.want.Clock // compared by value
		}
		if fmt.Sprintf("%+v", got) != fmt.Sprintf("%+v", c.want) {
			t.Errorf("%s: limits %+v, want %+v", c.cmd, got, c.want)
		}
		if errs := count(before, "info string error"); c.note == "" && errs != 0 ||
			c.note != "" && (errs != 1 || count(before, "info string error: go: "+c.note) != 1) {
			t.Errorf("%s: %q, want the error %q", c.cmd, before, c.note)
		}
	}
	h.quit()
}

func TestNoLegalMove(t *testing.T) {
	h := newHarness(t, nil)
	h.send("position fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", "go depth 5") // mated
	_, before := h.expect("bestmove 0000", time.Second)
	if count(before, "info depth 0 score mate 0") != 1 {
		t.Errorf("before: %q", before)
	}
	h.send("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "go infinite") // stalemate
	h.quiet("bestmove", 30*time.Millisecond)
	h.send("stop")
	h.expect("bestmove 0000", time.Second)
	if len(h.fake.calls()) != 0 {
		t.Error("searched a position without moves")
	}
	h.quit()
}

func TestIllegalSearchResult(t *testing.T) {
	h := newHarness(t, nil)
	h.fake.bestMove = "e2e5"
	h.send("go depth 1")
	bm, before := h.expect("bestmove", time.Second)
	if bm != "bestmove a2a3" || count(before, "info string error: the search returned the illegal move") != 1 {
		t.Errorf("%q after %q", bm, before)
	}
	h.quit()
}

func TestPosition(t *testing.T) {
	h := newHarness(t, nil)
	fenLine := func() string {
		h.send("d")
		l, _ := h.expect("Fen: ", time.Second)
		h.expect("Key: ", time.Second)
		return strings.TrimPrefix(l, "Fen: ")
	}
	after := "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
	h.send("position startpos moves e2e4 e7e5")
	if f := fenLine(); f != after {
		t.Errorf("fen %s", f)
	}
	for _, bad := range []string{
		"position startpos moves e2e4 e7e4",           // illegal move
		"position startpos moves e2e4 e7e5 e1e2 xx",   // garbage move after legal ones
		"position fen 8/8/8/8/8/8/8/8 w - - 0 1",      // no kings
		"position fen rnbqkbnr/pppppppp/8/8 w KQkq -", // short board
		"position fen",
		"position",
		"position sideways",
		"position startpos e2e4",
		"position fen " + engine.StartFEN + " moves e2e5",
	} {
		h.send(bad)
		l, _ := h.expect("info string error", time.Second)
		if !strings.HasSuffix(l, "; position rejected: go answers bestmove 0000 until a valid position command") {
			t.Errorf("%q: %q", bad, l)
		}
		if f := fenLine(); f != after {
			t.Fatalf("after %q the position is %s", bad, f)
		}
	}
	h.send("position fen 4k3/8/8/8/8/8/4P3/4K3 w - - 5 40 moves e2e4")
	if f := fenLine(); f != "4k3/8/8/8/4P3/8/8/4K3 b - - 0 40" {
		t.Errorf("fen %s", f)
	}
	h.send("POSITION STARTPOS MOVES e2e4") // keywords in any case
	if f := fenLine(); f != "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1" {
		t.Errorf("fen %s", f)
	}
	h.quit()
}

// TestRejectedPosition is issue 12's "go after a rejected position
// answers for the previous position": after a rejected position command
// (a bad FEN, or an illegal move anywhere in the list, which rejects the
// whole command), go answers bestmove 0000 without searching, held like
// any bestmove in infinite and ponder mode, perft and eval refuse, until
// a valid position arrives.
func TestRejectedPosition(t *testing.T) {
	h := newHarness(t, func(c *Config) {
		c.EvalText = func(*engine.Position, string) string { return "total 0" }
	})
	h.send("position startpos moves e2e4", "go depth 1")
	h.expect("bestmove a7a6", time.Second)
	for _, bad := range []string{
		"position fen rnbqkbnr/pppppppp/8/8 w KQkq -",
		"position startpos moves e2e4 e7e5 g1f3 e5e4 b1c3", // e5e4 is illegal
		"position startpos moves e2e4 zz",
		"position sideways",
	} {
		h.send(bad)
		h.expect("info string error: ", time.Second)
		h.send("go depth 1")
		bm, before := h.expect("bestmove", time.Second)
		if bm != "bestmove 0000" || len(before) != 1 || before[0] != "info string "+errRejected {
			t.Errorf("%s: %q after %q", bad, bm, before)
		}
		h.send("go wtime 1000 btime 1000", "go nodes 10 searchmoves e2e4")
		h.expect("bestmove 0000", time.Second)
		h.expect("bestmove 0000", time.Second)
		h.send("go infinite")
		h.quiet("bestmove", 30*time.Millisecond)
		h.send("stop")
		h.expect("bestmove 0000", time.Second)
		h.send("go ponder wtime 1000 btime 1000")
		h.quiet("bestmove", 30*time.Millisecond)
		h.send("ponderhit")
		h.expect("bestmove 0000", time.Second)
		h.send("perft 1", "go perft 1", "eval")
		if errs := h.sync(); len(errs) != 3 || count(errs, "info string "+errRejected) != 3 {
			t.Errorf("%s: perft and eval: %q", bad, errs)
		}
		h.send("d")
		if l, _ := h.next(time.Second); !strings.Contains(l, "rejected") {
			t.Errorf("d: %q", l)
		}
		h.sync()
	}
	if n := len(h.fake.calls()); n != 1 {
		t.Errorf("%d searches, want only the first", n)
	}
	// A valid position ends it; "ucinewgame" does not.
	h.send("position startpos moves e2e4 e7e4", "ucinewgame", "go depth 1")
	h.expect("bestmove 0000", time.Second)
	h.send("position startpos moves d2d4", "go depth 1")
	h.expect("bestmove a7a6", time.Second)
	h.quit()
}

func TestSetOption(t *testing.T) {
	h := newHarness(t, nil)
	h.send(
		"setoption name Hash value 128",
		"setoption name hash value 0",
		"setoption name Hash value 65537",
		"setoption name Hash value lots",
		"setoption name Hash",
		"setoption name HASH value 8192", // the fake refuses > 4096
		"setoption name MultiPV value 3",
		"setoption name move  overhead value 50",
		"setoption name Driver value negascout",
		"setoption name Driver value Minimax",
		"setoption name ETC value FALSE",
		"setoption name ETC value maybe",
		"setoption name ETC Depth value 5",
		"setoption name Selective value false",
		"setoption name MTD Step value 10",
		"setoption name MTDf Guess2 value true",
		"setoption name MTDf Accel value false",
		"setoption name Eval Grain value 8",
		"setoption name Evaluation value material",
		"setoption name Evaluation value none",
		"setoption name Threads value 4",
		"setoption name Nonsense value 1",
		"setoption name",
		"setoption Hash 12",
		"setoption name Clear Hash",
		"setoption name Ponder value true",
	)
	before := h.sync()
	wantErrors := []string{
		"info string error: Hash: value 0 is out of range 1..65536",
		"info string error: Hash: value 65537 is out of range 1..65536",
		`info string error: Hash: value "lots" is not an integer`,
		"info string error: Hash: missing value",
		"info string error: Hash: fake: too big",
		`info string error: Driver: value "Minimax" is not one of MTDf NegaScout AlphaBeta SSS DUAL MTDbi MTDstep BNS`,
		`info string error: ETC: value "maybe" is not true or false`,
		`info string error: Evaluation: value "none" is not one of Full Hand Material Network`,
		`info string error: no such option "Nonsense"`,
		"info string error: setoption wants: setoption name <id> [value <x>]",
		"info string error: setoption wants: setoption name <id> [value <x>]",
	}
	if strings.Join(before, "\n") != strings.Join(wantErrors, "\n") {
		t.Errorf("output:\n%s\nwant:\n%s", strings.Join(before, "\n"), strings.Join(wantErrors, "\n"))
	}
	h.send("go depth 1")
	h.expect("bestmove", time.Second)
	opt := h.fake.calls()[0].opt
	want := search.Options{Driver: "NegaScout", ETC: false, ETCDepth: 5, Selective: false, MTDStep: 10, MTDfGuess2: true, Singular: true, PVPath: true, EvalGrain: 8, MultiPV: 3, Threads: 4, Eval: "Material",
		TBProbeLimit: 7, TBProbeDepth: 1, Elo: 1320, SkillLevel: 20}
	if opt != want {
		t.Errorf("options %+v, want %+v", opt, want)
	}
	h.fake.mu.Lock()
	if fmt.Sprint(h.fake.hashSizes) != "[128]" || h.fake.clears != 1 {
		t.Errorf("hash sizes %v clears %d", h.fake.hashSizes, h.fake.clears)
	}
	h.fake.mu.Unlock()
	if h.e.set.overhead() != 50*time.Millisecond || !h.e.set.ponder || h.e.searchOpt.Threads != 4 {
		t.Errorf("settings %+v %+v", h.e.set, h.e.searchOpt)
	}
	h.quit()
}

// TestHashBeyondMachine is issue 12's "setoption name Hash value 32768",
// which killed the engine: the Hash maximum is what the machine can hold
// (Config.MaxHashMiB), a bigger size is an error, the table keeps its size,
// and the engine goes on answering.
func TestHashBeyondMachine(t *testing.T) {
	h := newHarness(t, func(c *Config) { c.MaxHashMiB = 1000 })
	h.send("uci")
	l, _ := h.expect("option name Hash ", time.Second)
	if l != "option name Hash type spin default 64 min 1 max 1000" {
		t.Errorf("%q", l)
	}
	h.expect("uciok", time.Second)
	h.send("setoption name Hash value 32768", "setoption name Hash value 65536", "setoption name Hash value 1000")
	before := h.sync()
	want := []string{
		"info string error: Hash: value 32768 is out of range 1..1000",
		"info string error: Hash: value 65536 is out of range 1..1000",
	}
	if strings.Join(before, "\n") != strings.Join(want, "\n") {
		t.Errorf("got %q, want %q", before, want)
	}
	h.send("go depth 1")
	h.expect("bestmove", time.Second)
	h.fake.mu.Lock()
	if fmt.Sprint(h.fake.hashSizes) != "[1000]" {
		t.Errorf("hash sizes %v", h.fake.hashSizes)
	}
	h.fake.mu.Unlock()

	// On a machine too small for the default, the default is the maximum.
	h2 := newHarness(t, func(c *Config) { c.MaxHashMiB = 16 })
	h2.send("uci")
	if l, _ := h2.expect("option name Hash ", time.Second); l != "option name Hash type spin default 16 min 1 max 16" {
		t.Errorf("%q", l)
	}
	h2.quit()
	h.quit()
}

// TestThreadsIsSilent is issue 12's unsolicited "info string Threads: ..."
// after setoption, which made python-chess warn: Threads answers nothing,
// in debug mode too, and reaches the search's options.
func TestThreadsIsSilent(t *testing.T) {
	h := newHarness(t, nil)
	h.send("setoption name Threads value 4", "setoption name Threads value 1")
	if before := h.sync(); len(before) != 0 {
		t.Errorf("output %q", before)
	}
	h.send("debug on", "setoption name Threads value 2")
	for _, l := range h.sync() {
		if strings.Contains(l, "parallel") || strings.Contains(l, "one thread") {
			t.Errorf("debug output %q", l)
		}
	}
	if got := h.e.searchOptions().Threads; got != 2 {
		t.Errorf("search threads %d, want 2", got)
	}
	h.quit()
}

// Hash, Clear Hash and ucinewgame during a search wait for its end.
func TestOptionsDuringSearch(t *testing.T) {
	h := newHarness(t, nil)
	h.send("go infinite")
	h.expect("info depth 1", time.Second)
	h.send("setoption name Hash value 16", "setoption name Clear Hash", "ucinewgame", "setoption name MultiPV value 2")
	h.sync()
	h.fake.mu.Lock()
	if len(h.fake.hashSizes) != 0 || h.fake.clears != 0 {
		t.Error("applied during the search")
	}
	h.fake.mu.Unlock()
	if c := h.fake.calls(); c[0].opt.MultiPV != 1 {
		t.Error("MultiPV changed the running search")
	}
	h.send("stop")
	h.expect("bestmove", time.Second)
	h.sync()
	h.fake.mu.Lock()
	if fmt.Sprint(h.fake.hashSizes) != "[16]" || h.fake.clears != 1 || h.fake.overlap {
		t.Errorf("after: sizes %v clears %d overlap %v", h.fake.hashSizes, h.fake.clears, h.fake.overlap)
	}
	h.fake.mu.Unlock()
	h.send("go depth 1")
	h.expect("bestmove", time.Second)
	if c := h.fake.calls(); c[1].opt.MultiPV != 2 {
		t.Error("MultiPV not applied to the next search")
	}
	h.quit()
}

func TestPerft(t *testing.T) {
	h := newHarness(t, nil)
	h.send("go perft 2")
	l, before := h.expect("Nodes searched", replyWait)
	if l != "Nodes searched: 400" {
		t.Errorf("%q", l)
	}
	if len(before) != 21 || before[0] != "a2a3: 20" || before[20] != "" {
		t.Errorf("divide: %q", before)
	}
	h.send("position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "perft 3")
	l, before = h.expect("Nodes searched", 10*time.Second)
	if l != "Nodes searched: 97862" || len(before)-count(before, "info string") != 49 {
		t.Errorf("%q after %d lines", l, len(before))
	}
	h.send("perft 0", "perft x", "perft", "go perft 99", "go perft", "go perft 0", "go perft x")
	if n := count(h.sync(), "info string error: "); n != 7 {
		t.Errorf("%d errors", n)
	}
	// A long perft is stopped by stop, and quickly.
	h.send("position startpos", "perft 9")
	time.Sleep(20 * time.Millisecond)
	t0 := time.Now()
	h.send("stop")
	h.expect("info string perft stopped", 2*time.Second)
	if d := time.Since(t0); d > 500*time.Millisecond {
		t.Errorf("perft stopped after %v", d)
	}
	all := h.quit()
	if count(all, "bestmove") != 0 {
		t.Error("perft printed a bestmove")
	}
}

func TestBook(t *testing.T) {
	after := func(moves ...string) string {
		p := engine.NewPosition()
		if err := p.PlayMoves(moves); err != nil {
			t.Fatal(err)
		}
		return p.FEN()
	}
	book := &fakeBook{moves: map[string]string{
		engine.StartFEN:       "e2e4",
		after("e2e4"):         "c7c5",
		after("d2d4"):         "e2e5", // illegal
		after("e2e4", "c7c5"): "g1f3",
	}}
	fileBook := &fakeBook{moves: map[string]string{engine.StartFEN: "d2d4"}}
	var loaded []string
	h := newHarness(t, func(c *Config) {
		c.DefaultBook = func() Book { return book }
		c.LoadBook = func(path string) (Book, error) {
			loaded = append(loaded, path)
			if path == "my books/x.bin" {
				return fileBook, nil
			}
			return nil, errors.New("no such file")
		}
		c.OpeningName = func(p *engine.Position) (string, bool) {
			switch p.FEN() {
			case after("e2e4"):
				return "B00 King's Pawn Game", true
			case after("e2e4", "c7c5"):
				return "B20 Sicilian Defense", true
			case after("e2e4", "c7c5", "g1f3"):
				return "B27 Sicilian Defense", true
			}
			return "", false
		}
	})
	h.send("setoption name OwnBook value true", "go wtime 1000 btime 1000")
	bm, before := h.expect("bestmove", time.Second)
	if bm != "bestmove e2e4" || len(before) != 1 || before[0] != "info string book move e2e4 (weight 42, B00 King's Pawn Game)" {
		t.Errorf("%q after %q", bm, before)
	}
	h.send("position startpos moves e2e4")
	if l, _ := h.expect("info string", time.Second); l != "info string opening: B00 King's Pawn Game" {
		t.Errorf("%q", l)
	}
	h.send("position startpos moves e2e4") // same name: not repeated
	h.send("go wtime 1000 btime 1000")
	bm, before = h.expect("bestmove", time.Second)
	if bm != "bestmove c7c5" || len(before) != 1 {
		t.Errorf("%q after %q", bm, before)
	}
	// Illegal book moves are ignored: search.
	h.send("position startpos moves d2d4", "go wtime 1000 btime 1000")
	bm, _ = h.expect("bestmove", time.Second)
	if bm != "bestmove a7a6 ponder e1d2" {
		t.Errorf("%q", bm)
	}
	// go infinite does not use the book; OwnBook off and BookDepth neither.
	h.send("position startpos", "go infinite")
	h.expect("info depth 1", time.Second)
	h.send("stop")
	h.expect("bestmove a2a3", time.Second)
	h.send("setoption name OwnBook value false", "go wtime 1000 btime 1000")
	h.expect("bestmove a2a3", time.Second)
	h.send("setoption name OwnBook value true", "setoption name BookDepth value 1", "position startpos moves e2e4 c7c5")
	h.expect("info string opening: B20", time.Second)
	h.send("go wtime 1000 btime 1000")
	h.expect("bestmove e1e2", time.Second) // g1f3 is beyond ply 2: searched
	// searchmoves excluding the book move: search.
	h.send("setoption name BookDepth value 16", "position startpos", "go wtime 1000 btime 1000 searchmoves d2d4")
	h.expect("bestmove d2d4", time.Second)
	// Book in ponder mode: held until ponderhit.
	h.send("go ponder wtime 1000 btime 1000")
	h.quiet("bestmove", 30*time.Millisecond)
	h.send("ponderhit")
	h.expect("bestmove e2e4", time.Second)
	// BookFile.
	h.send("setoption name BookFile value nowhere.bin")
	if l, _ := h.expect("info string", time.Second); l != `info string error: BookFile: cannot load "nowhere.bin": no such file` {
		t.Errorf("%q", l)
	}
	h.send("setoption name bookfile value my books/x.bin", "go wtime 1000 btime 1000")
	if l, _ := h.expect("info string", time.Second); l != `info string book "my books/x.bin" loaded` {
		t.Errorf("%q", l)
	}
	h.expect("bestmove d2d4", time.Second)
	h.send("setoption name BookFile value <empty>", "go wtime 1000 btime 1000")
	h.expect("bestmove e2e4", time.Second)
	all := h.quit()
	if fmt.Sprint(loaded) != "[nowhere.bin my books/x.bin]" {
		t.Errorf("loaded %q", loaded)
	}
	if n := count(all, "bestmove"); n != 10 {
		t.Errorf("%d bestmoves", n)
	}
	if n := len(h.fake.calls()); n != 5 {
		t.Errorf("%d searches", n)
	}
}

// TestBookOnlyOnTheClock is issue 12's instant random book moves for
// analysis commands: OwnBook is off by default, and when on the book plays
// only in searches on the clock; depth, nodes, mate, movetime, infinite and
// MultiPV analysis always search.
func TestBookOnlyOnTheClock(t *testing.T) {
	book := &fakeBook{moves: map[string]string{engine.StartFEN: "e2e4"}}
	h := newHarness(t, func(c *Config) { c.DefaultBook = func() Book { return book } })
	h.send("go wtime 1000 btime 1000")
	h.expect("bestmove a2a3", time.Second) // OwnBook is off by default
	h.send("setoption name OwnBook value true")
	for _, cmd := range []string{
		"go depth 1", "go nodes 100", "go mate 1", "go movetime 20", "go depth 1 wtime 1000 btime 1000",
		"go movetime 20 wtime 1000 btime 1000", "go",
	} {
		h.send(cmd)
		if bm, before := h.expect("bestmove", replyWait); !strings.HasPrefix(bm, "bestmove a2a3") || count(before, "info string book") != 0 {
			t.Errorf("%s: %q after %q", cmd, bm, before)
		}
	}
	h.send("go infinite")
	h.expect("info depth 1", time.Second)
	h.send("stop")
	h.expect("bestmove a2a3", time.Second)
	h.send("setoption name MultiPV value 3", "go wtime 1000 btime 1000")
	h.expect("bestmove a2a3", time.Second)
	searches := len(h.fake.calls())
	h.send("setoption name MultiPV value 1", "go wtime 1000 btime 1000 winc 10 binc 10")
	h.expect("info string book move e2e4", time.Second)
	h.expect("bestmove e2e4", time.Second)
	if n := len(h.fake.calls()); n != searches || n != 10 {
		t.Errorf("%d searches, want 10 and none for the book move", n)
	}
	h.quit()
}

func TestRobustness(t *testing.T) {
	h := newHarness(t, nil)
	huge := strings.Repeat("x", 1<<20)
	garbage := string([]byte{0, 1, 2, 0xff, 0xfe, '\r', 0x1b, '[', '2', 'J', 0x80})
	h.send("", "   ", "\t", "frobnicate", garbage, huge, "position startpos moves "+strings.Repeat("e2e4 ", 50000),
		"stop", "ponderhit", "register later", "debug on", "debug off", "debug maybe",
		"position fen 8/8/8/8 w", "isready")
	_, before := h.expect("readyok", replyWait)
	for _, l := range before {
		if !strings.HasPrefix(l, "info string ") {
			t.Errorf("unexpected %q", l)
		}
		for _, r := range l {
			if r < ' ' {
				t.Errorf("control character in %q", l)
			}
		}
	}
	if len(before) < 5 || len(before) > 10 {
		t.Errorf("%d lines: %q", len(before), before)
	}
	// A long "go" is a short error list plus a search.
	h.send("go " + strings.Repeat("depth ", 40000))
	_, before = h.expect("bestmove", replyWait)
	if count(before, "info string error: go:") != 6 || before[5] != "info string error: go: 19995 more errors" {
		t.Errorf("go errors: %q", before)
	}
	io.WriteString(h.in, "quit\nquit\nisready\n") // fails once Run has returned
	select {
	case err := <-h.done:
		if err != nil {
			t.Error(err)
		}
		h.done <- nil
	case <-time.After(2 * time.Second):
		t.Fatal("quit did not end Run")
	}
}

func TestCRLFAndEOF(t *testing.T) {
	fake := newFake()
	e := New(Config{Searcher: fake})
	var out strings.Builder
	in := "uci\r\nposition startpos moves e2e4\r\ngo depth 3\r\n"
	if err := e.Run(strings.NewReader(in), &out); err != nil {
		t.Fatal(err)
	}
	// At the end of input the search was stopped and printed its bestmove.
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if last := lines[len(lines)-1]; last != "bestmove a7a6 ponder e1e2" {
		t.Errorf("last line %q", last)
	}
	if c := fake.calls(); len(c) != 1 || c[0].fen != "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1" {
		t.Errorf("calls %+v", c)
	}
	// An infinite search is stopped at EOF.
	out.Reset()
	e = New(Config{Searcher: newFake()})
	t0 := time.Now()
	if err := e.Run(strings.NewReader("go infinite"), &out); err != nil {
		t.Fatal(err)
	}
	if d := time.Since(t0); d > time.Second || !strings.Contains(out.String(), "bestmove a2a3") {
		t.Errorf("after %v: %q", d, out.String())
	}
}

// TestEOFStopsSearch is issue 12's "a finite search keeps running after
// stdin closes": at the end of input the search is stopped (not waited
// for), prints its bestmove, and Run returns.
func TestEOFStopsSearch(t *testing.T) {
	for _, cmd := range []string{"go depth 99", "go nodes 100000000", "go movetime 100000", "go wtime 100000 btime 100000", "go mate 40", "go"} {
		fake := newFake()
		fake.deaf = true // ends only when stopped (or, for depth 99, after 99 ticks)
		e := New(Config{Searcher: fake})
		var out strings.Builder
		if err := e.Run(strings.NewReader("position startpos moves e2e4\n"+cmd+"\n"), &out); err != nil {
			t.Fatal(err)
		}
		fake.mu.Lock()
		stops := fake.stops
		fake.mu.Unlock()
		if stops == 0 {
			t.Errorf("%s: the search was not stopped at the end of input", cmd)
		}
		if !strings.HasSuffix(out.String(), "bestmove a7a6 ponder e1e2\n") {
			t.Errorf("%s: output %q", cmd, out.String())
		}
	}
}

func TestQuitDuringSearch(t *testing.T) {
	h := newHarness(t, nil)
	h.send("go infinite")
	h.expect("info depth 1", time.Second)
	t0 := time.Now()
	all := h.quit()
	if d := time.Since(t0); d > 200*time.Millisecond {
		t.Errorf("quit took %v", d)
	}
	if count(all, "bestmove") != 1 {
		t.Errorf("bestmoves: %d", count(all, "bestmove"))
	}
}

type errWriter struct{}

func (errWriter) Write(p []byte) (int, error) { return 0, errors.New("closed") }

func TestWriteError(t *testing.T) {
	e := New(Config{Searcher: newFake()})
	if err := e.Run(strings.NewReader("uci\nisready\n"), errWriter{}); err == nil || !strings.Contains(err.Error(), "closed") {
		t.Errorf("Run: %v", err)
	}
}

func TestDisplayEvalBench(t *testing.T) {
	h := newHarness(t, func(c *Config) {
		c.EvalText = func(p *engine.Position, ev string) string {
			return "material 0\npsqt 12\ntotal +0.12 (white, " + ev + ")\n"
		}
		c.Bench = func(out io.Writer) {
			fmt.Fprintf(out, "position 1: 1000 nodes\n")
			fmt.Fprintf(out, "total: ")
			fmt.Fprintf(out, "1000 nodes")
		}
	})
	h.send("position fen 4k3/8/8/8/8/8/8/4K2R b K - 0 1 moves e8d8", "d")
	l, before := h.expect("Key: ", time.Second)
	if len(before) != 20 || before[19] != "Fen: 3k4/8/8/8/8/8/8/4K2R w K - 1 2" || len(l) != 21 {
		t.Errorf("d: %q %q", before, l)
	}
	// The default evaluation, the network, first.
	h.send("eval")
	pos, err := engine.ParseFEN("3k4/8/8/8/8/8/8/4K2R w K - 1 2")
	if err != nil {
		t.Fatal(err)
	}
	stm := nnue.Default().Evaluate(pos)
	h.expect(fmt.Sprintf("Network evaluation: %+.2f (white side), %+.2f (side to move, white); net %s", float64(stm)/100, float64(stm)/100, nnue.Default().Version), time.Second)
	h.expect("material 0", time.Second)
	h.expect("psqt 12", time.Second)
	h.expect("total +0.12 (white, Network)", time.Second)
	h.send("setoption name Evaluation value hand", "eval")
	h.expect("total +0.12 (white, Hand)", time.Second)
	h.send("setoption name Evaluation value Full", "eval")
	h.expect("total +0.12 (white, Full)", time.Second)
	h.send("bench")
	h.expect("position 1: 1000 nodes", time.Second)
	h.expect("total: 1000 nodes", time.Second)
	h.send("position fen 4k3/8/8/8/8/8/8/4K2R b K - 0 1 moves e8e7 h1h7", "d")
	if l, _ := h.expect("Checkers", time.Second); l != "Checkers: h7" {
		t.Errorf("%q", l)
	}
	h.quit()

	h = newHarness(t, nil)
	h.send("eval", "bench")
	if n := count(h.sync(), "info string error: "); n != 2 {
		t.Errorf("%d errors", n)
	}
	h.quit()
}

// TestProgressLines is issue 12's "no output for seconds during long
// iterations": the search's progress reports become "info nodes ... nps
// ... time ... hashfull ..." and "info currmove ... currmovenumber ..."
// lines.
func TestProgressLines(t *testing.T) {
	h := newHarness(t, nil)
	h.fake.progress = true
	h.send("position startpos moves e2e4", "go depth 2")
	_, before := h.expect("bestmove", replyWait)
	want := []string{
		"info depth 1",
		"info nodes 1500 nps 1500 time 1000 hashfull 1",
		"info currmove g8h6 currmovenumber 20",
		"info depth 2",
		"info nodes 2500 nps 1250 time 2000 hashfull 2",
		"info currmove g8h6 currmovenumber 20",
	}
	if len(before) != len(want) {
		t.Fatalf("got %q, want %q", before, want)
	}
	for i, l := range before {
		if !strings.HasPrefix(l, want[i]) || strings.HasPrefix(want[i], "info nodes") && l != want[i] {
			t.Errorf("line %d: %q, want %q", i, l, want[i])
		}
	}
	if c := h.fake.calls(); c[0].lim.Progress == nil {
		t.Error("no progress callback")
	}
	h.quit()
}

func TestFormatProgress(t *testing.T) {
	e4, _ := engine.NewPosition().ParseMove("e2e4")
	got := formatProgress(search.Progress{Nodes: 3_000_000, Elapsed: 1500 * time.Millisecond, Hashfull: 42, CurrMove: e4, CurrMoveNumber: 7}, engine.MoveText{})
	want := []string{"info nodes 3000000 nps 2000000 time 1500 hashfull 42", "info currmove e2e4 currmovenumber 7"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got %q, want %q", got, want)
	}
	if got := formatProgress(search.Progress{}, engine.MoveText{}); len(got) != 1 || got[0] != "info nodes 0 nps 0 time 0 hashfull 0" {
		t.Errorf("no move yet: %q", got)
	}
}

func TestFormatInfo(t *testing.T) {
	mv := func(s string) engine.Move {
		m, err := engine.NewPosition().ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	for _, c := range []struct {
		r    search.Report
		want string
	}{
		{search.Report{Depth: 5, SelDepth: 9, MultiPV: 1, Score: -35, Nodes: 12000, Elapsed: 30 * time.Millisecond, Hashfull: 7, PV: []engine.Move{mv("e2e4")}},
			"info depth 5 seldepth 9 multipv 1 score cp -35 nodes 12000 nps 400000 hashfull 7 time 30 pv e2e4"},
		{search.Report{Depth: 9, MultiPV: 2, Score: search.MateScore - 3, Bound: search.BoundLower},
			"info depth 9 multipv 2 score mate 2 lowerbound nodes 0 nps 0 hashfull 0 time 0"},
		{search.Report{Depth: 9, Score: -(search.MateScore - 4), Bound: search.BoundUpper, Nodes: 1},
			"info depth 9 multipv 1 score mate -2 upperbound nodes 1 nps 0 hashfull 0 time 0"},
	} {
		if got := formatInfo(c.r, engine.MoveText{}); got != c.want {
			t.Errorf("got  %q\nwant %q", got, c.want)
		}
	}
}
