package uci

import (
	"strings"
	"testing"
	"time"

	"github.com/bounder-chess/bounder/search"
)

// TestStrengthOptions: UCI_LimitStrength, UCI_Elo and Skill Level as uci
// prints them, their range checks, and what the search gets.
func TestStrengthOptions(t *testing.T) {
	h := newHarness(t, nil)
	h.send("uci")
	_, before := h.expect("uciok", time.Second)
	for _, want := range []string{
		"option name UCI_LimitStrength type check default false",
		"option name UCI_Elo type spin default 1320 min 1320 max 2800",
		"option name Skill Level type spin default 20 min 0 max 20",
	} {
		found := false
		for _, l := range before {
			found = found || l == want
		}
		if !found {
			t.Errorf("no %q in the answer to uci", want)
		}
	}

	h.send(
		"setoption name UCI_Elo value 99999",
		"setoption name UCI_Elo value 1319",
		"setoption name UCI_Elo value strong",
		"setoption name Skill Level value 21",
		"setoption name Skill Level value -1",
		"setoption name UCI_LimitStrength value yes",
	)
	wantErrors := []string{
		"info string error: UCI_Elo: value 99999 is out of range 1320..2800",
		"info string error: UCI_Elo: value 1319 is out of range 1320..2800",
		`info string error: UCI_Elo: value "strong" is not an integer`,
		"info string error: Skill Level: value 21 is out of range 0..20",
		"info string error: Skill Level: value -1 is out of range 0..20",
		`info string error: UCI_LimitStrength: value "yes" is not true or false`,
	}
	if got := h.sync(); strings.Join(got, "\n") != strings.Join(wantErrors, "\n") {
		t.Errorf("output:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(wantErrors, "\n"))
	}

	// Each step sets one option, then searches; want is the Elo the
	// search plays at (search.PlayingElo; 0 = full strength).
	steps := []struct {
		set  string
		want int
	}{
		{"", 0}, // the defaults (and the refused values changed nothing)
		{"setoption name UCI_Elo value 2000", 0},
		{"setoption name UCI_LimitStrength value true", 2000},
		{"setoption name Skill Level value 3", 2000}, // UCI_Elo rules with UCI_LimitStrength
		{"setoption name UCI_LimitStrength value false", search.SkillElo(3)},
		{"setoption name Skill Level value 10", 2060},
		{"setoption name Skill Level value 0", 1320},
		{"setoption name Skill Level value 20", 0},
		{"setoption name UCI_LimitStrength value true", 2000},
		{"setoption name UCI_Elo value 2800", 2800},
	}
	for i, s := range steps {
		if s.set != "" {
			h.send(s.set)
		}
		h.send("go depth 1")
		h.expect("bestmove", time.Second)
		calls := h.fake.calls()
		o := calls[len(calls)-1].opt
		if got := search.PlayingElo(o.LimitStrength, o.Elo, o.SkillLevel); got != s.want || len(calls) != i+1 {
			t.Errorf("after %q: Elo %d (options %v %d %d), want %d", s.set, got, o.LimitStrength, o.Elo, o.SkillLevel, s.want)
		}
	}
	h.quit()
}

// TestStrengthProtocol: a limited engine, with a real search, keeps the
// protocol's promise: bestmove is the first move of the last set's
// multipv 1 line, the last PV reported, and no more lines are reported than
// MultiPV asks for, whatever line the random choice takes.
func TestStrengthProtocol(t *testing.T) {
	h := newHarness(t, func(c *Config) { c.Searcher = search.NewSearcher(1) })
	h.send("uci")
	h.expect("uciok", time.Second)
	h.send("setoption name UCI_LimitStrength value true", "setoption name UCI_Elo value 1320")
	positions := []string{
		"position startpos",
		"position startpos moves e2e4 e7e5 g1f3",
		"position fen r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
	}
	for _, multiPV := range []int{1, 2} {
		h.send("setoption name MultiPV value " + string(rune('0'+multiPV)))
		for round := range 8 {
			for _, p := range positions {
				h.send("ucinewgame", p, "isready")
				h.expect("readyok", replyWait)
				goCmd := "go wtime 10000 btime 10000 winc 100 binc 100"
				if round%2 == 1 {
					goCmd = "go nodes 100000"
				}
				h.send(goCmd)
				line, before := h.expect("bestmove", 10*time.Second)
				var lastSet []string
				for _, l := range before {
					if !strings.HasPrefix(l, "info depth") {
						continue
					}
					if strings.Contains(l, " multipv 1 ") {
						lastSet = lastSet[:0]
					}
					lastSet = append(lastSet, l)
					if mp := fieldAfter(l, "multipv"); mp > string(rune('0'+multiPV)) {
						t.Fatalf("MultiPV %d: line %q", multiPV, l)
					}
				}
				if len(lastSet) == 0 {
					t.Fatalf("%s, %s: no info before %q", p, goCmd, line)
				}
				best := strings.Fields(line)[1]
				if pv := fieldAfter(lastSet[0], "pv"); pv != best {
					t.Fatalf("%s, %s: bestmove %s, last set begins with %q", p, goCmd, best, lastSet[0])
				}
				if multiPV == 1 {
					if pv := fieldAfter(before[len(before)-1], "pv"); pv != best {
						t.Fatalf("%s, %s: bestmove %s, last line %q", p, goCmd, best, before[len(before)-1])
					}
				}
			}
		}
	}
	h.quit()
}

// fieldAfter is the field after the first field key of an info line.
func fieldAfter(line, key string) string {
	f := strings.Fields(line)
	for i := 0; i+1 < len(f); i++ {
		if f[i] == key {
			return f[i+1]
		}
	}
	return ""
}
