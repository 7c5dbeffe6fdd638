package search

import (
	"fmt"
	"testing"
	"time"
)

const ms = time.Millisecond

func TestTimeBudgetInvariants(t *testing.T) {
	times := []time.Duration{-5 * ms, 0, 1 * ms, 10 * ms, 29 * ms, 31 * ms, 50 * ms, 100 * ms, 500 * ms,
		time.Second, 10 * time.Second, time.Minute, time.Hour, 100 * time.Hour}
	incs := []time.Duration{-1, 0, 10 * ms, 100 * ms, time.Second, 30 * time.Second}
	for _, left := range times {
		for _, inc := range incs {
			for _, mtg := range []int{-1, 0, 1, 2, 5, 40, 1000} {
				for _, ov := range []time.Duration{-ms, 0, 30 * ms, time.Second} {
					tc := TimeControl{Time: left, Inc: inc, MovesToGo: mtg}
					soft, hard := TimeBudget(tc, ov)
					name := fmt.Sprintf("%+v overhead %v: soft %v hard %v", tc, ov, soft, hard)
					if soft < MinBudget || hard < MinBudget {
						t.Fatalf("%s: below MinBudget", name)
					}
					if soft > hard {
						t.Fatalf("%s: soft > hard", name)
					}
					// soft == hard means an exact budget (movetime) to
					// iterativeDeepening.done: a clock's never is one.
					if hard > MinBudget && soft >= hard {
						t.Fatalf("%s: a clock budget that looks exact", name)
					}
					// Never plan past the clock minus the overhead, as long
					// as there is more than the overhead left.
					if left-ov >= left/10 && left >= 10*ms && hard > left-ov {
						t.Fatalf("%s: hard past clock minus overhead", name)
					}
					// And never the whole clock, whatever the overhead.
					if left >= 10*ms && hard >= left {
						t.Fatalf("%s: hard uses the whole clock", name)
					}
				}
			}
		}
	}
}

func TestTimeBudgetShape(t *testing.T) {
	// Sudden death, one minute, no increment, move 1: a thirtieth.
	soft, hard := TimeBudget(TimeControl{Time: time.Minute}, 30*ms)
	if soft < 1900*ms || soft > 2*time.Second {
		t.Errorf("60s sudden death: soft %v, want about 2s", soft)
	}
	// With an increment, a twentieth and three quarters of the increment.
	if soft, _ := TimeBudget(TimeControl{Time: 10 * time.Second, Inc: 100 * ms}, 30*ms); soft < 565*ms || soft > 570*ms {
		t.Errorf("10+0.1: soft %v, want about 567ms", soft)
	}
	if hard < 3*soft || hard > 6*soft {
		t.Errorf("60s sudden death: hard %v not a few times soft %v", hard, soft)
	}

	// The increment adds most of itself.
	s0, _ := TimeBudget(TimeControl{Time: time.Minute, Inc: ms}, 30*ms)
	s1, _ := TimeBudget(TimeControl{Time: time.Minute, Inc: time.Second}, 30*ms)
	if d := s1 - s0; d < 600*ms || d > time.Second {
		t.Errorf("1s increment adds %v to soft, want about 750ms", d)
	}

	// More time, more budget (monotone).
	prevS, prevH := time.Duration(0), time.Duration(0)
	for left := 10 * ms; left < time.Hour; left = left * 3 / 2 {
		s, h := TimeBudget(TimeControl{Time: left, Inc: 100 * ms}, 30*ms)
		if s < prevS || h < prevH {
			t.Fatalf("not monotone at %v: %v/%v after %v/%v", left, s, h, prevS, prevH)
		}
		prevS, prevH = s, h
	}

	// Moves to go: the last move before the control may use most of the clock.
	soft, hard = TimeBudget(TimeControl{Time: 10 * time.Second, MovesToGo: 1}, 30*ms)
	if hard < 8*time.Second || hard > 9*time.Second || soft < 5*time.Second {
		t.Errorf("movestogo 1: soft %v hard %v", soft, hard)
	}
	s10, _ := TimeBudget(TimeControl{Time: 10 * time.Second, MovesToGo: 10}, 30*ms)
	s20, _ := TimeBudget(TimeControl{Time: 10 * time.Second, MovesToGo: 20}, 30*ms)
	if !(s10 > s20) {
		t.Errorf("movestogo 10 soft %v should exceed movestogo 20 soft %v", s10, s20)
	}
	// A movestogo beyond the horizon is planned with the horizon.
	sBig, _ := TimeBudget(TimeControl{Time: 10 * time.Second, MovesToGo: 500}, 30*ms)
	sDef, _ := TimeBudget(TimeControl{Time: 10 * time.Second}, 30*ms)
	if sBig != sDef {
		t.Errorf("movestogo 500 soft %v, sudden death soft %v", sBig, sDef)
	}

	// Tiny clocks still give a positive budget, within what is left.
	soft, hard = TimeBudget(TimeControl{Time: 20 * ms}, 30*ms)
	if soft <= 0 || hard > 20*ms {
		t.Errorf("20ms left, 30ms overhead: soft %v hard %v", soft, hard)
	}
}

// Playing a whole game never runs the clock out, with a GUI latency below
// the overhead charged on top of every move. The search is assumed to spend
// the target on most moves and run to the hard deadline on every fifth. A
// fixed latency per move that the increment does not pay for must flag
// eventually (the clock only shrinks), so in sudden death without increment
// games last 60 moves, and increments exceed the latency.
func TestTimeBudgetNeverFlags(t *testing.T) {
	type tcase struct {
		base, inc, latency time.Duration
		mtg, plies         int
	}
	for _, c := range []tcase{
		{5 * time.Second, 0, 2 * ms, 0, 120}, {10 * time.Second, 0, 5 * ms, 0, 120},
		{time.Second, 20 * ms, 15 * ms, 0, 600}, {200 * ms, 100 * ms, 29 * ms, 0, 600},
		{2 * time.Second, 30 * ms, 25 * ms, 0, 600}, {100 * ms, 10 * ms, 5 * ms, 0, 600},
		{60 * time.Second, 0, 20 * ms, 40, 600}, {10 * time.Second, 0, 20 * ms, 5, 600},
		{time.Second, 0, 29 * ms, 1, 600},
	} {
		left := c.base
		for ply := 0; ply < c.plies; ply += 2 {
			mtg := 0
			if c.mtg > 0 {
				mtg = c.mtg - (ply/2)%c.mtg
			}
			soft, hard := TimeBudget(TimeControl{Time: left, Inc: c.inc, MovesToGo: mtg}, 30*ms)
			spend := hard
			if ply%10 != 0 {
				spend = soft
			}
			left -= spend + c.latency
			if left < 0 {
				t.Fatalf("%+v: flagged at ply %d", c, ply)
			}
			left += c.inc
			if c.mtg > 0 && mtg == 1 {
				left += c.base
			}
		}
	}
}

func TestMoveTimeBudget(t *testing.T) {
	for _, c := range []struct{ mt, ov, want time.Duration }{
		{100 * ms, 30 * ms, 70 * ms},
		{100 * ms, 0, 100 * ms},
		{time.Second, 30 * ms, 970 * ms},
		{20 * ms, 30 * ms, 2 * ms},
		{0, 30 * ms, MinBudget},
		{-5 * ms, 30 * ms, MinBudget},
		{100 * ms, -5 * ms, 100 * ms},
	} {
		if got := MoveTimeBudget(c.mt, c.ov); got != c.want {
			t.Errorf("MoveTimeBudget(%v, %v) = %v, want %v", c.mt, c.ov, got, c.want)
		}
	}
}
