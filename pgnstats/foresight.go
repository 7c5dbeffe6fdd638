package pgnstats

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/bounder-chess/bounder/match"
)

// Foresight: which engine of a pair saw a decisive game's result coming
// first. Each engine's move comments carry its score from its own side; the
// winner "sees" the result at its first move scored at least +1.00 (or a
// mate for it), the loser at its first move scored at most −1.00. How many
// plies the loser's moment trails the winner's, in the games each engine
// lost, separates the losses an engine never understood until late (a slow
// squeeze, or a tactic beyond its horizon: a long trail) from those it saw
// as soon as its opponent did (a trail near zero). Between two engines of
// like search depth, a long trail in one's losses and a short one in the
// other's points at the evaluation (docs/testing.md, "Who sees it first").

// foresightCP is the score, in centipawns from the mover's side, past which
// an engine is taken to have seen the result.
const foresightCP = 100

// foresight is when each colour of one game first scored past ±foresightCP
// in the direction of the result: the ply (moves from the game's first,
// book moves included) of its move, −1 for never or a drawn game.
type foresight [2]int

// noForesight is the foresight of a game no side saw.
var noForesight = foresight{-1, -1}

// see records the score of colour side's move at ply in a game whose
// winner is winner (0 White, 1 Black, −1 a draw), and reports whether this
// move is the side's first past the threshold. A mate score counts as
// beyond the threshold in its direction.
func (f *foresight) see(side, winner, ply int, comment string) bool {
	if winner < 0 || f[side] >= 0 {
		return false
	}
	cp, kind := commentScore(comment)
	switch kind {
	case scoreNone:
		return false
	case scoreMate:
		cp = 100 * foresightCP
		if commentMate(comment) < 0 {
			cp = -cp
		}
	}
	if side == winner && cp >= foresightCP || side != winner && cp <= -foresightCP {
		f[side] = ply
		return true
	}
	return false
}

// resultWinner is the colour that won (0 White, 1 Black), −1 for a draw or
// an unfinished game.
func resultWinner(result string) int {
	switch result {
	case match.ResultWhiteWins:
		return 0
	case match.ResultBlackWins:
		return 1
	}
	return -1
}

// trail is how many plies the loser's moment trails the winner's, when
// both saw the result.
func (f foresight) trail(winner int) (int, bool) {
	if winner < 0 || f[winner] < 0 || f[1-winner] < 0 {
		return 0, false
	}
	return f[1-winner] - f[winner], true
}

// Trails are the foresight trails of a pair of engines' decisive games
// (bounder stats): Trails[0] in the games First lost, Trails[1] in those
// Second lost, each in plies (negative when the loser saw it first).
type Trails [2][]int

// writeTrails prints a pairing's foresight line, when it has trails.
func writeTrails(w io.Writer, first, second string, t Trails) {
	if len(t[0])+len(t[1]) == 0 {
		return
	}
	part := func(loser, winner string, trails []int) string {
		if len(trails) == 0 {
			return fmt.Sprintf("no game lost by %s with both scores past ±1.00", loser)
		}
		s := slices.Clone(trails)
		slices.Sort(s)
		median := float64(s[len(s)/2])
		if len(s)%2 == 0 {
			median = float64(s[len(s)/2-1]+s[len(s)/2]) / 2
		}
		atOnce := 0
		for _, v := range s {
			if v <= 1 {
				atOnce++
			}
		}
		when := plies(median) + " earlier"
		if median < 0 { // in most of these games the loser saw it first
			when = plies(-median) + " later"
		}
		return fmt.Sprintf("in %s lost by %s, %s saw it a median of %s (at most a ply earlier in %d)",
			count(len(s), "game"), loser, winner, when, atOnce)
	}
	fmt.Fprintf(w, "  Foresight (first score past ±1.00): %s; %s\n",
		part(first, second, t[0]), part(second, first, t[1]))
}

// plies prints a median count of plies: "1 ply", "13 plies", "12.5 plies".
func plies(v float64) string {
	switch {
	case v == 1 || v == -1:
		return fmt.Sprintf("%g ply", v)
	case v == float64(int(v)):
		return fmt.Sprintf("%d plies", int(v))
	}
	return fmt.Sprintf("%.1f plies", v)
}

// Decided counts a pair of engines' decisive games by the stage of the game
// (match.StageStarts, the move numbers of the time line) in which the winner first
// scored +1.00 or more: Decided[0] the games First lost, Decided[1] those
// Second lost (bounder stats). Beside the time spent by stage it shows
// whether the losses come from the opening, the middlegame or the ending.
type Decided [2][len(match.StageStarts)]int

// writeDecided prints a pairing's line of decisive moments, when it has any.
func writeDecided(w io.Writer, first, second string, d Decided) {
	total := func(c [len(match.StageStarts)]int) (n int) {
		for _, v := range c {
			n += v
		}
		return n
	}
	if total(d[0])+total(d[1]) == 0 {
		return
	}
	counts := func(c [len(match.StageStarts)]int) string {
		parts := make([]string, len(c))
		for i, v := range c {
			parts[i] = strconv.Itoa(v)
		}
		return strings.Join(parts, " ")
	}
	fmt.Fprintf(w, "  Decided (the winner's first score past +1.00) by move number (%s): in %s lost by %s %s, in %s lost by %s %s\n",
		match.StageNames(), count(total(d[0]), "game"), first, counts(d[0]), count(total(d[1]), "game"), second, counts(d[1]))
}
