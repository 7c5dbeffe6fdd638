package match

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Timeouts of the UCI conversation outside of searching. They are generous
// because a real engine may allocate a large hash table or load network
// weights while it initialises.
const (
	uciTimeout   = 10 * time.Second // "uci" -> "uciok"
	readyTimeout = 15 * time.Second // "isready" -> "readyok"
	writeTimeout = 5 * time.Second  // one command written to the engine's stdin
	quitGrace    = 300 * time.Millisecond
)

var (
	// errEngineExited reports that the engine closed its output or its
	// input pipe broke: the process crashed or quit.
	errEngineExited = errors.New("engine process exited")
	// errTimeout reports that a deadline passed without the expected answer.
	errTimeout = errors.New("engine did not answer in time")
)

// line is one line of engine output, stamped when the reader goroutine saw it
// so that clock accounting does not include the game goroutine's latency.
type line struct {
	text string
	at   time.Time
}

// uciEngine is a running UCI engine process. It is used by one goroutine
// (the game's); the only concurrency is internal: one goroutine reads the
// engine's stdout and one reaps the process.
type uciEngine struct {
	spec   EngineSpec
	cmd    *exec.Cmd
	stdin  *os.File
	stdout *os.File
	stderr *tailBuffer // the last of its standard error

	lines  chan line     // closed when stdout reaches EOF
	quit   chan struct{} // closed by close() to release the reader
	exited chan struct{} // closed when the process has been reaped
	// waitErr is written before exited is closed and read only after.
	waitErr error

	offered  []engineOption // the options the engine offered before uciok
	chess960 bool           // UCI_Chess960 was set to true (see useVariant)

	closeOnce sync.Once
}

// startEngine launches spec and runs the UCI initialisation (uci, setoption,
// isready). The returned engine must be closed by the caller.
func startEngine(ctx context.Context, spec EngineSpec) (*uciEngine, error) {
	if spec.Cmd == "" {
		return nil, errors.New("engine command is empty")
	}
	// Pipes are created by hand (not StdinPipe/StdoutPipe) so that writes
	// can carry a deadline and so that cmd.Wait never closes the read end
	// under the reader goroutine's feet.
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		return nil, err
	}
	cmd := exec.Command(spec.Cmd, spec.Args...)
	cmd.Dir = spec.Dir
	cmd.Stdin = inR
	cmd.Stdout = outW
	// Only the tail of the standard error is kept, for a stall's diagnosis
	// (stall.go): engines are chatty there.
	stderr := &tailBuffer{max: stderrTail}
	cmd.Stderr = stderr
	cmd.WaitDelay = time.Second
	if err := cmd.Start(); err != nil {
		inR.Close()
		inW.Close()
		outR.Close()
		outW.Close()
		return nil, fmt.Errorf("start %s: %w", spec.Cmd, err)
	}
	// The child holds its own copies; ours must go so that EOF and EPIPE
	// are seen when the child dies.
	inR.Close()
	outW.Close()

	e := &uciEngine{
		spec:   spec,
		cmd:    cmd,
		stdin:  inW,
		stdout: outR,
		stderr: stderr,
		lines:  make(chan line, 256),
		quit:   make(chan struct{}),
		exited: make(chan struct{}),
	}
	go e.readLoop()
	go func() {
		e.waitErr = cmd.Wait()
		close(e.exited)
	}()

	if err := e.initialise(ctx); err != nil {
		e.close()
		return nil, err
	}
	return e, nil
}

func (e *uciEngine) readLoop() {
	defer close(e.lines)
	sc := bufio.NewScanner(e.stdout)
	sc.Buffer(make([]byte, 64*1024), 4*1024*1024)
	for sc.Scan() {
		l := line{text: strings.TrimSpace(sc.Text()), at: time.Now()}
		select {
		case e.lines <- l:
		case <-e.quit:
			return
		}
	}
}

func (e *uciEngine) initialise(ctx context.Context) error {
	if err := e.send("uci"); err != nil {
		return e.describe("uci", err)
	}
	offered, err := e.readOptions(ctx, time.Now().Add(uciTimeout))
	if err != nil {
		return e.describe("waiting for uciok", err)
	}
	e.offered = offered
	if err := e.setOptions(ctx, e.spec.Options); err != nil {
		return err
	}
	if err := e.isReady(ctx); err != nil {
		return e.describe("waiting for readyok", err)
	}
	return nil
}

// setOptions sets opts, in order. Every option is checked against what the
// engine offered before any is sent, so that a mistake is reported at once,
// not after the engine has resized its table for the options before it.
func (e *uciEngine) setOptions(ctx context.Context, opts []EngineOption) error {
	settings := make([]optionSetting, len(opts))
	for i, o := range opts {
		var err error
		if settings[i], err = e.checkOption(e.offered, o); err != nil {
			return err
		}
	}
	for _, s := range settings {
		if err := e.setOption(ctx, s); err != nil {
			return err
		}
		if strings.EqualFold(s.option, uciChess960) {
			e.chess960 = strings.EqualFold(strings.TrimSpace(s.value), "true")
		}
	}
	return nil
}

// optionSetting is a setoption command to send, with what an error about
// it names.
type optionSetting struct {
	cmd    string // "setoption name ..."
	option string // the option, in the engine's spelling
	value  string // the value, as given
}

// checkOption returns the setoption command for o, or an error when
// the engine did not offer the option (an *UnknownOptionError) or would
// refuse its value (an *OptionValueError). Sent anyway, either would be
// ignored without a word, as the UCI protocol has no error reply: the
// match would test something else than what was asked.
func (e *uciEngine) checkOption(offered []engineOption, o EngineOption) (optionSetting, error) {
	opt, ok := lookupOption(offered, o.Name)
	if !ok {
		names := make([]string, len(offered))
		for i, of := range offered {
			names[i] = of.name
		}
		return optionSetting{}, &UnknownOptionError{Engine: e.spec.displayName(), Option: o.Name, Offered: names}
	}
	value, reason := opt.check(o.Value)
	if reason != "" {
		return optionSetting{}, &OptionValueError{Engine: e.spec.displayName(), Option: opt.name, Value: o.Value, Reason: reason}
	}
	s := optionSetting{cmd: "setoption name " + opt.name, option: opt.name, value: o.Value}
	if value != "" {
		s.cmd += " value " + value
	}
	return s, nil
}

// setOption sends one setoption command and waits for the engine to be
// ready again, so that an "info string error" before its readyok answers
// this option and no other; it is an *OptionValueError. That is how an
// engine refuses what its option line cannot show (a book file that does
// not open, a table too large for the machine's memory).
func (e *uciEngine) setOption(ctx context.Context, s optionSetting) error {
	if err := e.send(s.cmd); err != nil {
		return e.describe("setoption", err)
	}
	if err := e.send("isready"); err != nil {
		return e.describe("isready", err)
	}
	deadline := time.Now().Add(readyTimeout)
	for {
		l, err := e.readLine(ctx, deadline)
		if err != nil {
			return e.describe(s.cmd+": waiting for readyok", err)
		}
		f := strings.Fields(l.text)
		switch {
		case len(f) == 0:
		case f[0] == "readyok":
			return nil
		case len(f) >= 3 && f[0] == "info" && f[1] == "string" && strings.HasPrefix(strings.ToLower(f[2]), "error"):
			// "info string error: ..." (Bounder), "ERROR ...": there is
			// no standard form, but a word beginning with error.
			return &OptionValueError{Engine: e.spec.displayName(), Option: s.option, Value: s.value, Reason: "refused: " + l.text}
		}
	}
}

// UnknownOptionError is an option of an engine spec (option.NAME=VALUE)
// that the engine does not offer: no "option name NAME ..." line came before
// its uciok. It is also an option the match itself needs and the engine does
// not offer: UCI_Chess960 for a Chess960 game (Needed says so).
type UnknownOptionError struct {
	Engine  string   // the engine's display name
	Option  string   // the name as given
	Offered []string // the engine's options, as it spells them
	Needed  string   // what needs the option, when the match asked for it: "to play Chess960"
}

func (e *UnknownOptionError) Error() string {
	offered := "none"
	if len(e.Offered) > 0 {
		offered = strings.Join(e.Offered, ", ")
	}
	if e.Needed != "" {
		return fmt.Sprintf("engine %s has no option %s, which it needs %s (its options: %s)", e.Engine, e.Option, e.Needed, offered)
	}
	return fmt.Sprintf("engine %s has no option %q (its options: %s)", e.Engine, e.Option, offered)
}

// useVariant switches the engine to v's rules where it is not in them yet:
// UCI_Chess960 true for a Chess960 game, false again for a standard game
// after one. An engine that does not offer UCI_Chess960 cannot play
// Chess960 (an *UnknownOptionError): its castling moves would be written,
// and read, as standard ones.
func (e *uciEngine) useVariant(ctx context.Context, v Variant) error {
	want := v == FischerRandom
	if e.chess960 == want {
		return nil
	}
	opt, ok := lookupOption(e.offered, uciChess960)
	if !ok {
		names := make([]string, len(e.offered))
		for i, of := range e.offered {
			names[i] = of.name
		}
		return &UnknownOptionError{Engine: e.spec.displayName(), Option: uciChess960, Offered: names,
			Needed: "to play Chess960 (--variant " + FischerRandom.String() + ")"}
	}
	value := strconv.FormatBool(want)
	s := optionSetting{cmd: "setoption name " + opt.name + " value " + value, option: opt.name, value: value}
	if err := e.setOption(ctx, s); err != nil {
		return err
	}
	e.chess960 = want
	return nil
}

// OptionValueError is an option of an engine spec whose value the engine
// refuses: outside the range or the choices its "option name ..." line
// offered, or answered with an "info string error". Sent anyway, most
// engines keep their default without a word.
type OptionValueError struct {
	Engine string // the engine's display name
	Option string // the option's name, as the engine spells it
	Value  string // the value as given
	Reason string // why, after the value: "is out of its range 1..64"
}

func (e *OptionValueError) Error() string {
	return fmt.Sprintf("engine %s: option %q value %q %s", e.Engine, e.Option, e.Value, e.Reason)
}

// readOptions reads the engine's answer to "uci" up to uciok and returns
// the options it offers, in its order and spelling.
func (e *uciEngine) readOptions(ctx context.Context, deadline time.Time) ([]engineOption, error) {
	var offered []engineOption
	for {
		l, err := e.readLine(ctx, deadline)
		if err != nil {
			return nil, err
		}
		f := strings.Fields(l.text)
		switch {
		case len(f) == 0:
		case f[0] == "uciok":
			return offered, nil
		case f[0] == "option":
			if o, ok := parseOption(f); ok {
				offered = append(offered, o)
			}
		}
	}
}

// engineOption is what an engine's "option name NAME type TYPE ..." line
// says about the values the option takes.
type engineOption struct {
	name           string
	typ            string // spin, check, combo, string or button
	min, max       int64  // a spin's bounds, where hasMin and hasMax
	hasMin, hasMax bool
	vars           []string // a combo's values
}

// parseOption reads the words of an option line. After the name come
// "type T", "default D", "min N", "max N" and "var V" (repeated), each
// value running to the next of those words: a combo's value may be
// several words ("var Very Risky").
func parseOption(f []string) (engineOption, bool) {
	name, ok := optionName(f)
	if !ok {
		return engineOption{}, false
	}
	o := engineOption{name: name}
	var key string
	var words []string
	flush := func() {
		v := strings.Join(words, " ")
		switch key {
		case "type":
			o.typ = strings.ToLower(v)
		case "min":
			o.min, o.hasMin = parseBound(v)
		case "max":
			o.max, o.hasMax = parseBound(v)
		case "var":
			o.vars = append(o.vars, v)
		}
	}
	// The name is f[2:i] where f[i] is the first "type".
	for _, w := range f[2+len(strings.Fields(name)):] {
		switch w {
		case "type", "default", "min", "max", "var":
			flush()
			key, words = w, nil
		default:
			words = append(words, w)
		}
	}
	flush()
	return o, true
}

// parseBound reads a spin's min or max. One too large for an int64 is
// read as the largest: no value can pass it anyway.
func parseBound(v string) (int64, bool) {
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil && !errors.Is(err, strconv.ErrRange) {
		return 0, false
	}
	return n, true
}

// check returns the value to send for v, in the engine's spelling where it
// has one, or the reason the engine would refuse v, in the words of an
// OptionValueError. Values of strings and buttons, and of types this
// client does not know, are the engine's to judge.
func (o engineOption) check(v string) (value, reason string) {
	switch o.typ {
	case "spin":
		n, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
		if err != nil && !errors.Is(err, strconv.ErrRange) {
			return "", "is not an integer"
		}
		// An integer too large for an int64 is past any bound too.
		if err != nil || o.hasMin && n < o.min || o.hasMax && n > o.max {
			r := ".."
			if o.hasMin {
				r = strconv.FormatInt(o.min, 10) + r
			}
			if o.hasMax {
				r += strconv.FormatInt(o.max, 10)
			}
			return "", "is out of its range " + r
		}
		return strconv.FormatInt(n, 10), ""
	case "check":
		// UCI spells them in lower case; some engines compare exactly.
		for _, b := range []string{"true", "false"} {
			if strings.EqualFold(strings.TrimSpace(v), b) {
				return b, ""
			}
		}
		return "", "is not true or false"
	case "combo":
		if len(o.vars) == 0 {
			return v, "" // nothing to check against
		}
		norm := strings.Join(strings.Fields(v), " ")
		for _, c := range o.vars {
			if strings.EqualFold(c, norm) {
				return c, ""
			}
		}
		return "", "is not one of " + strings.Join(o.vars, ", ")
	}
	return v, ""
}

// optionName returns NAME from the words of "option name NAME type ...":
// the words between "name" and "type", which may be several ("Clear Hash").
func optionName(f []string) (string, bool) {
	if len(f) < 3 || f[0] != "option" || f[1] != "name" {
		return "", false
	}
	end := len(f)
	for i := 2; i < len(f); i++ {
		if f[i] == "type" {
			end = i
			break
		}
	}
	if end == 2 {
		return "", false
	}
	return strings.Join(f[2:end], " "), true
}

// lookupOption finds name among the offered options. Option names are
// case-insensitive (UCI: "The name of the option ... should not be case
// sensitive"), and runs of spaces count as one; the option returned has
// the engine's own spelling, for engines that compare exactly anyway.
func lookupOption(offered []engineOption, name string) (engineOption, bool) {
	name = strings.Join(strings.Fields(name), " ")
	for _, o := range offered {
		if strings.EqualFold(o.name, name) {
			return o, true
		}
	}
	return engineOption{}, false
}

// CheckEngine starts the engine of spec, initialises it as a game would
// (uci, its options, isready) and ends it: a spec that cannot work (a
// command that is not a UCI engine, an option the engine does not offer,
// reported as an *UnknownOptionError, or a value it refuses, reported as
// an *OptionValueError) is found before any game starts.
func CheckEngine(ctx context.Context, spec EngineSpec) error {
	return checkEngine(ctx, spec, Standard)
}

// checkEngine is CheckEngine for games of variant v: a Chess960 match also
// needs the engine to take UCI_Chess960 (see useVariant).
func checkEngine(ctx context.Context, spec EngineSpec, v Variant) error {
	e, err := startEngine(ctx, spec)
	if err != nil {
		return err
	}
	defer e.close()
	return e.useVariant(ctx, v)
}

// describe adds the engine's name, the step and, for a dead process, its
// exit status to err, keeping err unwrappable.
func (e *uciEngine) describe(step string, err error) error {
	if errors.Is(err, errEngineExited) {
		return fmt.Errorf("engine %s: %s: %w (%s)", e.spec.displayName(), step, err, e.exitStatus())
	}
	return fmt.Errorf("engine %s: %s: %w", e.spec.displayName(), step, err)
}

// exitStatus waits briefly for the process to be reaped and describes how it
// ended. Used only for messages, so it never blocks for long.
func (e *uciEngine) exitStatus() string {
	select {
	case <-e.exited:
	case <-time.After(200 * time.Millisecond):
		return "still running"
	}
	if e.waitErr == nil {
		return "exit status 0"
	}
	return e.waitErr.Error()
}

func (e *uciEngine) isReady(ctx context.Context) error {
	if err := e.send("isready"); err != nil {
		return err
	}
	return e.waitFor(ctx, "readyok", time.Now().Add(readyTimeout))
}

// newGame tells the engine a new game starts and waits until it is ready.
func (e *uciEngine) newGame(ctx context.Context) error {
	if err := e.send("ucinewgame"); err != nil {
		return err
	}
	return e.isReady(ctx)
}

// send writes one command. A broken pipe or a write that cannot complete in
// writeTimeout (an engine no longer reading) counts as the engine being gone.
func (e *uciEngine) send(cmd string) error {
	_ = e.stdin.SetWriteDeadline(time.Now().Add(writeTimeout))
	if _, err := io.WriteString(e.stdin, cmd+"\n"); err != nil {
		if errors.Is(err, os.ErrDeadlineExceeded) {
			return errTimeout
		}
		return fmt.Errorf("%w: %v", errEngineExited, err)
	}
	return nil
}

// readLine returns the next line of output or an error when the deadline
// passes, the engine exits or ctx is cancelled.
func (e *uciEngine) readLine(ctx context.Context, deadline time.Time) (line, error) {
	t := time.NewTimer(time.Until(deadline))
	defer t.Stop()
	select {
	case l, ok := <-e.lines:
		if !ok {
			return line{}, errEngineExited
		}
		return l, nil
	case <-t.C:
		return line{}, errTimeout
	case <-ctx.Done():
		return line{}, ctx.Err()
	}
}

// waitFor reads lines until one whose first word is token.
func (e *uciEngine) waitFor(ctx context.Context, token string, deadline time.Time) error {
	for {
		l, err := e.readLine(ctx, deadline)
		if err != nil {
			return err
		}
		f := strings.Fields(l.text)
		if len(f) == 0 {
			continue
		}
		if f[0] == token {
			return nil
		}
	}
}

// searchResult is what the engine answered to one "go".
type searchResult struct {
	bestMove string
	score    Score
	depth    int
	elapsed  time.Duration // from "go" being written to "bestmove" being read
}

var errStall = errors.New("engine stalled: no bestmove")

// search sends the position and the go command and waits for bestmove.
//
// soft is the time after which the engine is over its limit (zero when the
// search is not limited by time); once it passes the runner sends "stop" and
// waits up to stall more for the move. hard bounds the whole wait: no
// bestmove by then is a stall (errStall).
func (e *uciEngine) search(ctx context.Context, position, goCmd string, soft time.Duration, stall time.Duration) (searchResult, error) {
	var res searchResult
	if err := e.send(position); err != nil {
		return res, err
	}
	// The clock starts before the write: the engine may answer, and the
	// reader stamp its reply, before this goroutine runs again.
	start := time.Now()
	if err := e.send(goCmd); err != nil {
		return res, err
	}
	deadline := start.Add(stall)
	stopSent := false
	if soft > 0 {
		deadline = start.Add(soft)
	}
	for {
		l, err := e.readLine(ctx, deadline)
		if errors.Is(err, errTimeout) {
			if soft > 0 && !stopSent {
				// Over the limit: ask for the move, and give the engine
				// the stall timeout to prove it is still alive.
				stopSent = true
				if err := e.send("stop"); err != nil {
					return res, err
				}
				deadline = time.Now().Add(stall)
				continue
			}
			return res, &stallError{e.diagnoseStall(ctx, time.Since(start))}
		}
		if err != nil {
			return res, err
		}
		f := strings.Fields(l.text)
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "info":
			parseInfo(f[1:], &res)
		case "bestmove":
			if len(f) > 1 {
				res.bestMove = f[1]
			}
			res.elapsed = l.at.Sub(start)
			return res, nil
		}
	}
}

// parseInfo updates res from the words of an "info" line. The last score
// reported before bestmove is what the engine believes about its move.
func parseInfo(f []string, res *searchResult) {
	for i := 0; i < len(f); i++ {
		switch f[i] {
		case "depth":
			if i+1 < len(f) {
				if d, err := strconv.Atoi(f[i+1]); err == nil {
					res.depth = d
				}
				i++
			}
		case "score":
			if i+2 < len(f) {
				v, err := strconv.Atoi(f[i+2])
				if err == nil {
					switch f[i+1] {
					case "cp":
						res.score = Score{Kind: ScoreCP, Value: v}
					case "mate":
						res.score = Score{Kind: ScoreMate, Value: v}
					}
				}
				i += 2
			}
		case "pv", "string", "refutation", "currline":
			// The rest of the line is moves or free text.
			return
		}
	}
}

// close asks the engine to quit, kills it if it does not, and releases every
// resource. Safe to call more than once.
func (e *uciEngine) close() {
	e.closeOnce.Do(func() {
		_ = e.stdin.SetWriteDeadline(time.Now().Add(quitGrace))
		_, _ = io.WriteString(e.stdin, "quit\n")
		t := time.NewTimer(quitGrace)
		select {
		case <-e.exited:
		case <-t.C:
			_ = e.cmd.Process.Kill()
			<-e.exited
		}
		t.Stop()
		close(e.quit)
		e.stdin.Close()
		e.stdout.Close()
	})
}
