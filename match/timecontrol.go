package match

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Defaults applied by TimeControl when the corresponding field is zero.
const (
	// DefaultMargin absorbs process start-up and pipe jitter: an engine is
	// only flagged when it exceeds its time by more than this.
	DefaultMargin = 60 * time.Millisecond
	// DefaultStallTimeout is how long an engine may stay silent past its
	// deadline (or, under a node limit, after "go") before it is declared
	// stalled.
	DefaultStallTimeout = 15 * time.Second

	// MaxTime is the longest time ParseTimeControl accepts for the base
	// time and the increment, and the command line for any of its times:
	// 10^7 seconds, about 116 days. Longer is a typing error, and keeping
	// times far below time.Duration's limit keeps the clock arithmetic
	// (a period's base added to what is left) from overflowing.
	MaxTime = 10_000_000 * time.Second
)

// TimeControl limits each engine's thinking. Exactly one of a clock (Base,
// with optional Increment and MovesToGo), MoveTime or Nodes is normally set;
// a node limit may also be combined with a clock.
type TimeControl struct {
	Base      time.Duration // initial clock of each side
	Increment time.Duration // added after every move
	MovesToGo int           // moves per period; 0 is sudden death
	MoveTime  time.Duration // fixed time per move ("go movetime")
	Nodes     int64         // node limit per move ("go nodes")

	// Margin is the tolerance beyond the allotted time before a loss on
	// time; zero means DefaultMargin.
	Margin time.Duration
	// StallTimeout bounds the wait for bestmove beyond the deadline; zero
	// means DefaultStallTimeout.
	StallTimeout time.Duration
}

// ParseTimeControl parses "[moves/]seconds[+increment]" such as "10+0.1",
// "60" or "40/60+0.5". The base time and the increment are each a number
// of seconds (which may be fractional) or a Go duration ("150ms"), at most
// MaxTime; the base time must be positive.
func ParseTimeControl(s string) (TimeControl, error) {
	var tc TimeControl
	rest := strings.TrimSpace(s)
	if rest == "" {
		return tc, errors.New("empty time control")
	}
	if i := strings.IndexByte(rest, '/'); i >= 0 {
		n, err := strconv.Atoi(rest[:i])
		if err != nil || n <= 0 {
			return tc, fmt.Errorf("time control %q: bad move count %q", s, rest[:i])
		}
		tc.MovesToGo = n
		rest = rest[i+1:]
	}
	base, inc, hasInc := strings.Cut(rest, "+")
	b, err := parseSeconds(base)
	if err != nil || b <= 0 {
		return tc, fmt.Errorf("time control %q: bad base time %q (want seconds, more than 0 and at most %s, e.g. 10+0.1)", s, base, secs(MaxTime))
	}
	tc.Base = b
	if hasInc {
		in, err := parseSeconds(inc)
		if err != nil || in < 0 {
			return tc, fmt.Errorf("time control %q: bad increment %q (want seconds, at most %s)", s, inc, secs(MaxTime))
		}
		tc.Increment = in
	}
	return tc, nil
}

// parseSeconds reads a decimal number of seconds, or a Go duration such as
// "150ms", from 0 to MaxTime. Both spellings meet the one range check
// below, on the number of seconds: Go durations used to skip it, so that
// "10000001s" was accepted where "10000001" was not.
func parseSeconds(s string) (time.Duration, error) {
	s = strings.TrimSpace(s)
	seconds, err := strconv.ParseFloat(s, 64)
	isFloat := err == nil
	var d time.Duration
	if !isFloat {
		if d, err = time.ParseDuration(s); err != nil {
			return 0, err
		}
		seconds = d.Seconds()
	}
	// Written so that NaN fails it too. A float is converted only once it
	// is known to fit in a time.Duration.
	if !(seconds >= 0 && seconds <= MaxTime.Seconds()) {
		return 0, fmt.Errorf("%q out of range (0 to %s seconds)", s, secs(MaxTime))
	}
	if isFloat {
		d = time.Duration(seconds * float64(time.Second))
	}
	return d, nil
}

// String renders the control in the PGN TimeControl tag's style.
func (tc TimeControl) String() string {
	switch {
	case tc.Base > 0:
		s := secs(tc.Base)
		if tc.MovesToGo > 0 {
			s = strconv.Itoa(tc.MovesToGo) + "/" + s
		}
		if tc.Increment > 0 {
			s += "+" + secs(tc.Increment)
		}
		return s
	case tc.MoveTime > 0:
		return "1/" + secs(tc.MoveTime)
	default:
		// Node limits have no time control in PGN terms.
		return "-"
	}
}

// Describe is a human summary, e.g. "10+0.1", "movetime 100ms", "nodes 5000".
func (tc TimeControl) Describe() string {
	var parts []string
	if tc.Base > 0 {
		parts = append(parts, tc.String())
	}
	if tc.MoveTime > 0 {
		parts = append(parts, "movetime "+tc.MoveTime.String())
	}
	if tc.Nodes > 0 {
		parts = append(parts, "nodes "+strconv.FormatInt(tc.Nodes, 10))
	}
	if len(parts) == 0 {
		return "unlimited"
	}
	return strings.Join(parts, ", ")
}

func secs(d time.Duration) string {
	return strconv.FormatFloat(d.Seconds(), 'f', -1, 64)
}

func (tc TimeControl) margin() time.Duration {
	if tc.Margin > 0 {
		return tc.Margin
	}
	return DefaultMargin
}

func (tc TimeControl) stallTimeout() time.Duration {
	if tc.StallTimeout > 0 {
		return tc.StallTimeout
	}
	return DefaultStallTimeout
}

// Clocks is the runner's own record of both sides' time, kept as the game
// is played and replayed from a PGN's move times by "bounder stats". Index 0
// is White.
type Clocks struct {
	tc        TimeControl
	remaining [2]time.Duration
	movesLeft [2]int
}

// NewClocks starts both clocks of a game under tc.
func NewClocks(tc TimeControl) *Clocks {
	c := &Clocks{tc: tc}
	for i := range c.remaining {
		c.remaining[i] = tc.Base
		c.movesLeft[i] = tc.MovesToGo
	}
	return c
}

// Left is the time side has on its clock before its next move.
func (c *Clocks) Left(side int) time.Duration { return c.remaining[side] }

// goCommand builds the "go" command for side and returns the time the side
// may use (zero when its search is not limited by time).
func (c *Clocks) goCommand(side int) (string, time.Duration) {
	var b strings.Builder
	b.WriteString("go")
	var allowed time.Duration
	if c.tc.Base > 0 {
		fmt.Fprintf(&b, " wtime %d btime %d winc %d binc %d",
			ms(c.remaining[0]), ms(c.remaining[1]), c.tc.Increment.Milliseconds(), c.tc.Increment.Milliseconds())
		if c.tc.MovesToGo > 0 {
			fmt.Fprintf(&b, " movestogo %d", c.movesLeft[side])
		}
		allowed = c.remaining[side]
	}
	if c.tc.MoveTime > 0 {
		fmt.Fprintf(&b, " movetime %d", ms(c.tc.MoveTime))
		if allowed == 0 || c.tc.MoveTime < allowed {
			allowed = c.tc.MoveTime
		}
	}
	if c.tc.Nodes > 0 {
		fmt.Fprintf(&b, " nodes %d", c.tc.Nodes)
	}
	if allowed == 0 && c.tc.Nodes == 0 {
		// Nothing limits the search: ask for a bounded one anyway rather
		// than "go infinite", which would need a stop to ever finish.
		b.WriteString(" depth 1")
	}
	return b.String(), allowed
}

// Spend charges elapsed to side and credits the increment and, at the end
// of a period, the next period's time.
func (c *Clocks) Spend(side int, elapsed time.Duration) {
	if c.tc.Base <= 0 {
		return
	}
	r := c.remaining[side] - elapsed
	if r < 0 {
		r = 0 // within the margin: the engine survived, barely
	}
	r += c.tc.Increment
	if c.tc.MovesToGo > 0 {
		c.movesLeft[side]--
		if c.movesLeft[side] == 0 {
			c.movesLeft[side] = c.tc.MovesToGo
			r += c.tc.Base
		}
	}
	c.remaining[side] = r
}

// ms renders a duration as whole milliseconds for UCI, never below 1 so that
// no engine reads "wtime 0" as "no clock".
func ms(d time.Duration) int64 {
	v := d.Milliseconds()
	if v < 1 {
		return 1
	}
	return v
}
