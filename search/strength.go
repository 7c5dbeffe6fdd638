package search

import (
	"math"
	"math/rand/v2"

	"github.com/bounder-chess/bounder/engine"
)

// Strength limiting (issue 21, part 3): weaker play, for people, behind the
// UCI options UCI_LimitStrength, UCI_Elo and Skill Level (the Options
// fields LimitStrength, Elo and SkillLevel, read with PlayingElo).
//
// A limited search is the ordinary search with three changes, all read
// from strengthTable at the Elo asked for:
//
//  1. it sees less: a node cap and a depth cap (and searches at depth
//     strengthPureDepth or less in pure mode, see there);
//  2. it knows a few moves, not one: it searches the root with MultiPV
//     (strengthSettings.lines, at least the caller's MultiPV);
//  3. it does not always play the best of them: once the search is over
//     (once per move, never in the tree), it picks one of the lines whose
//     score is within a margin of the best line's, line i with weight
//     exp(-(best-score_i)/T), a softmax whose temperature T, like the
//     margin, grows as the Elo falls. A line further below the best than
//     the margin is never played, so a move that loses much more than the
//     best one is never chosen when the search saw the difference (at Elo
//     2000 the margin is well under a minor piece: TestStrengthNeverHangsQueen).
//
// So the weak play is that of a short-sighted player who mostly plays a
// good move and sometimes a slightly worse one, not of a random mover.
// Its time it plans as if its clock held only a share of what it holds,
// half up to Elo 1800, rising to all of it at 2500 (a limited engine has
// no use for the whole clock, and the node cap usually ends it much sooner
// anyway), and it runs on one thread, so that its play depends only on the
// position, the seed and the limits.
//
// The chosen line is reported last, as a whole set of lines (as
// iterativeDeepening's reports are) that begins with it: multipv 1 is the
// move played, so that bestmove is still the first move of the last PV
// reported; while the search runs, only the caller's MultiPV lines are
// reported.
//
// The randomness is seedable: with Options.StrengthSeed set, the choice
// depends only on the seed and the position (and the search, which with
// a node cap and no clock is deterministic); with 0 it is drawn afresh.

// The range of Options.Elo (UCI_Elo) and of Options.SkillLevel (Skill
// Level).
const (
	MinElo        = 1320
	MaxElo        = 2800
	MaxSkillLevel = 20 // full strength
	// skillEloStep is the Elo of one Skill Level: level L < MaxSkillLevel
	// plays at MinElo + skillEloStep*L, 1320 to 2726.
	skillEloStep = (MaxElo - MinElo) / MaxSkillLevel
)

// SkillElo is the Elo that Skill Level level plays at: MinElo +
// 74·level for levels 0 to 19, 0 (full strength) for MaxSkillLevel and
// above; levels below 0 are level 0.
func SkillElo(level int) int {
	if level >= MaxSkillLevel {
		return 0
	}
	return MinElo + skillEloStep*max(level, 0)
}

// PlayingElo is the Elo the strength options ask for: with
// UCI_LimitStrength (limit) on, UCI_Elo (elo, brought into MinElo to
// MaxElo); with it off, SkillElo of Skill Level (skill). 0 is full
// strength.
func PlayingElo(limit bool, elo, skill int) int {
	if limit {
		return min(max(elo, MinElo), MaxElo)
	}
	return SkillElo(skill)
}

// strengthPoint is one row of the calibration table: at elo, the node cap,
// the depth cap, the MultiPV lines, the margin and the temperature (both
// in centipawns). Between rows every column is interpolated linearly in
// Elo, the node cap in its logarithm.
type strengthPoint struct {
	elo    int
	nodes  float64
	depth  float64
	lines  float64
	margin float64
	temp   float64
	clock  float64 // the share of its clock it plans with
}

// strengthTable is the Elo → settings mapping, calibrated against
// Stockfish 15.1's UCI_Elo at 5+0.05 (docs/strength.md has the games and
// the command). Bounder at full strength measured about UCI_Elo 2400
// there, so from 2500 on the rows are full strength. Rows in increasing
// Elo, the first at MinElo and the last at MaxElo.
var strengthTable = [...]strengthPoint{
	{elo: MinElo, nodes: 10000, depth: 2, lines: 4, margin: 170, temp: 45, clock: 0.5},
	{elo: 1400, nodes: 12000, depth: 2, lines: 4, margin: 130, temp: 30, clock: 0.5},
	{elo: 1800, nodes: 16000, depth: 10, lines: 4, margin: 100, temp: 22, clock: 0.5},
	{elo: 2200, nodes: 1e6, depth: 40, lines: 1, margin: 15, temp: 3, clock: 0.8},
	{elo: 2500, nodes: 1e7, depth: MaxDepth, lines: 1, margin: 0, temp: 0, clock: 1},
	{elo: MaxElo, nodes: 1e7, depth: MaxDepth, lines: 1, margin: 0, temp: 0, clock: 1},
}

// strengthPureDepth: a limited search capped at this depth or less runs in
// pure mode (Options.Selective off). The selective search's pruning is
// made for deep searches and misjudges shallow ones: after 1. e4 c5 2. Nh3
// e6 3. d3 d6 it scored 4. Bg5 as winning the queen (+9.42) at depths 2 and
// 3, where the queen simply steps away; pure mode's full-width search with
// quiescence sees that at depth 2. A short-sighted player, not a blind one.
const strengthPureDepth = 4

// strengthSettings are what a limited search does at one Elo.
type strengthSettings struct {
	nodes  uint64 // node cap
	depth  int    // iteration cap
	lines  int    // MultiPV lines searched at the root
	margin int    // centipawns: lines further below the best are never played
	temp   int    // centipawns: the softmax's temperature (0: the best line)
	clock  float64
}

// strengthAt interpolates strengthTable at elo (brought into MinElo to
// MaxElo).
func strengthAt(elo int) strengthSettings {
	elo = min(max(elo, MinElo), MaxElo)
	i := 1
	for i < len(strengthTable)-1 && strengthTable[i].elo < elo {
		i++
	}
	a, b := strengthTable[i-1], strengthTable[i]
	f := float64(elo-a.elo) / float64(b.elo-a.elo)
	lerp := func(x, y float64) float64 { return x + f*(y-x) }
	return strengthSettings{
		nodes:  uint64(math.Round(math.Exp(lerp(math.Log(a.nodes), math.Log(b.nodes))))),
		depth:  int(math.Round(lerp(a.depth, b.depth))),
		lines:  max(1, int(math.Round(lerp(a.lines, b.lines)))),
		margin: int(math.Round(lerp(a.margin, b.margin))),
		temp:   int(math.Round(lerp(a.temp, b.temp))),
		clock:  lerp(a.clock, b.clock),
	}
}

// strength is one search's strength limit; the zero value is full
// strength.
type strength struct {
	elo    int
	set    strengthSettings
	lines  int          // the MultiPV lines the caller asked for
	report func(Report) // the caller's report callback
	random uint64       // the random bits of this move's choice
}

// limitStrength returns, for a search of pos whose options ask for less
// than full strength (PlayingElo), its strength limit and the limits, options and report callback the
// search must run with instead of the caller's; at full strength it
// returns them unchanged.
func limitStrength(pos *engine.Position, lim Limits, opt Options, onReport func(Report)) (strength, Limits, Options, func(Report)) {
	elo := PlayingElo(opt.LimitStrength, opt.Elo, opt.SkillLevel)
	if elo == 0 {
		return strength{}, lim, opt, onReport
	}
	st := strength{elo: elo, lines: opt.MultiPV, report: onReport}
	st.set = strengthAt(st.elo)
	if opt.StrengthSeed != 0 {
		st.random = strengthMix(opt.StrengthSeed ^ pos.Key())
	} else {
		st.random = rand.Uint64()
	}

	if lim.Nodes == 0 || lim.Nodes > st.set.nodes {
		lim.Nodes = st.set.nodes
	}
	if lim.Depth == 0 || lim.Depth > st.set.depth {
		lim.Depth = st.set.depth
	}
	if lim.Clock != nil {
		c := *lim.Clock
		c.Time = scaleDuration(c.Time, st.set.clock)
		c.Inc = scaleDuration(c.Inc, st.set.clock)
		lim.Clock = &c
	}
	opt.Threads = 1
	opt.MultiPV = max(opt.MultiPV, st.set.lines)
	if st.set.depth <= strengthPureDepth {
		opt.Selective = false
	}
	if onReport != nil && opt.MultiPV > st.lines {
		lines := st.lines
		onReport = func(r Report) {
			if r.MultiPV <= lines {
				st.report(r)
			}
		}
	}
	return st, lim, opt, onReport
}

// choose plays, for a limited search, one of the lines of the last set id
// reported instead of its best, and reports the set again with the chosen
// line first when that is another line; at full strength it returns res.
func (st *strength) choose(id *iterativeDeepening, res Result) Result {
	if st.elo == 0 || len(id.lines) == 0 {
		return res
	}
	i := pickLine(id.lines, st.set.margin, st.set.temp, st.random)
	if i == 0 {
		return res
	}
	c := id.lines[i]
	res.BestMove, res.Score, res.Bound = c.PV[0], c.Score, c.Bound
	res.PV, res.PonderMove = c.PV, engine.NullMove
	if len(c.PV) > 1 {
		res.PonderMove = c.PV[1]
	}
	if st.report == nil {
		return res
	}
	set := make([]Report, 0, len(id.lines))
	set = append(set, c)
	set = append(set, id.lines[:i]...)
	set = append(set, id.lines[i+1:]...)
	hashfull := id.s.tt.Hashfull()
	for k, r := range set[:min(len(set), st.lines)] {
		r.MultiPV, r.Nodes, r.Elapsed, r.Hashfull, r.Stats = k+1, res.Stats.Nodes, res.Elapsed, hashfull, res.Stats
		st.report(r)
	}
	return res
}

// pickLine chooses among lines (lines[0] the search's best) with the
// random bits r: line i, if its score is within margin of lines[0]'s and
// it is not an upper bound, with weight exp(-(best-score_i)/temp).
func pickLine(lines []Report, margin, temp int, r uint64) int {
	if temp <= 0 || len(lines) < 2 {
		return 0
	}
	best := lines[0].Score
	if best > MateBound {
		return 0 // a mate found is played: a slower one, chosen again and again, might never mate
	}
	var weights [8]float64 // the first lines only: a limited search has few
	n := min(len(lines), len(weights))
	sum := 0.0
	for i := range n {
		l := lines[i]
		if d := best - l.Score; i == 0 || (d <= margin && l.Bound != BoundUpper && len(l.PV) > 0) {
			weights[i] = math.Exp(-float64(max(d, 0)) / float64(temp))
			sum += weights[i]
		}
	}
	u := float64(r>>11) / (1 << 53) * sum
	for i := range n {
		if u < weights[i] {
			return i
		}
		u -= weights[i]
	}
	return 0
}

// strengthMix is SplitMix64's finaliser: a seed and a position key to
// well mixed bits.
func strengthMix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}

// scaleDuration is d·f.
func scaleDuration[D ~int64](d D, f float64) D { return D(float64(d) * f) }
