package match

import (
	"fmt"
	"strconv"
	"strings"
)

// coreWarning returns a warning when a timed match asks for more cores than
// the machine can give it with one to spare (empty when it fits, or when no
// clock is involved). Each game needs as many cores as the larger of its
// two engines' Threads options (1 when a spec does not set it: an engine's
// own default is not known here; pondering is never asked for), and the
// runner, the operating system and anything else on the machine need the
// last one. Without it the scheduler takes an engine's core away for
// hundreds of milliseconds now and then, long enough to lose a fast game
// on time (docs/testing.md, row 56), and such losses say nothing about the
// engines.
func coreWarning(cfg *Config, cpus int) string {
	tc := cfg.TimeControl
	if tc.Base <= 0 && tc.MoveTime <= 0 {
		return "" // node or depth limits: a slow core costs time, not games
	}
	perGame := 1
	for _, e := range cfg.Engines {
		perGame = max(perGame, specThreads(e))
	}
	need := cfg.concurrency() * perGame
	if cpus <= 1 || need <= cpus-1 {
		return ""
	}
	return fmt.Sprintf("warning: %d game(s) at once with up to %d thread(s) each need %d cores, and this machine has %d; "+
		"leave one core free (--concurrency %d) or expect losses on time that are the machine's, not the engines'",
		cfg.concurrency(), perGame, need, cpus, max(1, (cpus-1)/perGame))
}

// specThreads is the Threads option a spec sets, 1 when it sets none or
// one that is not a positive number.
func specThreads(e EngineSpec) int {
	for _, o := range e.Options {
		if strings.EqualFold(o.Name, "Threads") {
			if n, err := strconv.Atoi(strings.TrimSpace(o.Value)); err == nil && n > 0 {
				return n
			}
		}
	}
	return 1
}
