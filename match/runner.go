package match

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"strconv"
	"sync"
)

// Config describes a match: every pair of engines plays Games games per
// round for Rounds rounds. With two engines, Engines[0] is the one under
// test and all results are from its point of view.
type Config struct {
	Engines     []EngineSpec
	TimeControl TimeControl
	Games       int // games per pairing and round; default 2
	Rounds      int // default 1
	Concurrency int // games played at once; default 1
	Openings    []Opening
	// Variant is the rules of every game: Standard, or FischerRandom
	// (Chess960 and Double Fischer random), whose games start from
	// Openings or, without any, from the 960 start positions shuffled by
	// Seed. Each opening's own Variant is replaced by this one.
	Variant      Variant
	Repeat       bool  // play each opening twice, colours reversed
	Seed         int64 // fixes the shuffled order of Openings
	SPRT         *SPRT // nil: no test; needs exactly two engines
	Adjudication Adjudication
	PGN          *PGNWriter // receives every finished game; may be nil
	Progress     io.Writer  // one line per finished game; may be nil
	Event, Site  string
}

func (c *Config) games() int {
	if c.Games <= 0 {
		return 2
	}
	return c.Games
}

func (c *Config) rounds() int {
	if c.Rounds <= 0 {
		return 1
	}
	return c.Rounds
}

func (c *Config) concurrency() int {
	if c.Concurrency <= 0 {
		return 1
	}
	return c.Concurrency
}

// perPairing is how many games each pair of engines plays.
func (c *Config) perPairing() int { return c.games() * c.rounds() }

// Validate checks the configuration, including every opening the match will
// use, so that bad input is reported before any game starts.
func (c *Config) Validate() error {
	if len(c.Engines) < 2 {
		return fmt.Errorf("need at least two engines, have %d", len(c.Engines))
	}
	for i, e := range c.Engines {
		if e.Cmd == "" {
			return fmt.Errorf("engine %d has no command", i+1)
		}
	}
	if c.SPRT != nil {
		if len(c.Engines) != 2 {
			return errors.New("an SPRT needs exactly two engines")
		}
		if err := c.SPRT.Validate(); err != nil {
			return fmt.Errorf("sprt: %w", err)
		}
	}
	if c.Variant > FischerRandom {
		return fmt.Errorf("unknown variant %d", c.Variant)
	}
	if suite := c.suite(); len(suite) > 0 {
		used := c.perPairing()
		if c.Repeat {
			used = (used + 1) / 2
		}
		order := openingOrder(len(suite), c.Seed)
		for u := 0; u < used && u < len(order); u++ {
			if _, err := suite[order[u]].setup(); err != nil {
				return err
			}
		}
	}
	return nil
}

// suite is the openings the match draws from, each with the match's
// variant: Openings, or for Chess960 without any, the 960 start positions.
// Empty means every game starts from the standard position.
func (c *Config) suite() []Opening {
	if len(c.Openings) == 0 {
		if c.Variant == FischerRandom {
			return chess960Suite()
		}
		return nil
	}
	ops := make([]Opening, len(c.Openings))
	for i, o := range c.Openings {
		o.Variant = c.Variant
		ops[i] = o
	}
	return ops
}

// PairingResult is the outcome of all games between two engines, from the
// first one's point of view.
type PairingResult struct {
	First, Second string
	WDL           WDL
	Penta         Pentanomial // complete pairs only; meaningful with Repeat
	Paired        bool        // games were played in pairs (Repeat)
	Terminations  map[Termination]int
	Use           [2]TimeUse // First's and Second's thinking time
}

// AddGame counts one game: First's points, how it ended, and both sides'
// thinking time (use is by colour).
func (p *PairingResult) AddGame(pts float64, term Termination, use [2]TimeUse, firstWhite bool) {
	switch pts {
	case 1:
		p.WDL.Wins++
	case 0.5:
		p.WDL.Draws++
	default:
		p.WDL.Losses++
	}
	p.Terminations[term]++
	first := 1
	if firstWhite {
		first = 0
	}
	p.Use[0].Add(use[first])
	p.Use[1].Add(use[1-first])
}

// Estimate uses the pentanomial model when the games were paired.
func (p *PairingResult) Estimate() Estimate {
	if p.Paired && p.Penta.Pairs() > 0 {
		return p.Penta.Estimate()
	}
	return p.WDL.Estimate()
}

// LLR of the pairing under test s, with the model matching the schedule.
func (p *PairingResult) LLR(s SPRT) float64 {
	if p.Paired {
		return s.LLR(p.Penta)
	}
	return s.LLRTrinomial(p.WDL)
}

// Summary is the state of a match, final once Run returns.
type Summary struct {
	Pairings    []*PairingResult
	Played      int // finished games
	Scheduled   int
	TimeControl TimeControl
	SPRT        *SPRT
	LLR         float64
	Decision    Decision
	Stopped     string // why the match ended early, if it did
}

// job is one scheduled game.
type job struct {
	seq        int // 0-based position in the schedule
	pairing    int
	k          int // index of the game within its pairing
	white      int // engine index
	black      int
	firstWhite bool // the pairing's first engine has White
	opening    Opening
}

type gameOutcome struct {
	job job
	rec GameRecord
	err error
}

// pairings lists the engine pairs (i < j) in a fixed order.
func pairings(n int) [][2]int {
	var out [][2]int
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			out = append(out, [2]int{i, j})
		}
	}
	return out
}

// schedule sends every game of the match to jobs, round by round, until
// done or ctx ends. Game k of a pairing uses opening k (k/2 with Repeat)
// of the shuffled suite, and colours alternate so each engine has White in
// half the games; with Repeat both games of an opening are a pair.
func (c *Config) schedule(ctx context.Context, jobs chan<- job) {
	defer close(jobs)
	suite := c.suite()
	var order []int
	if len(suite) > 0 {
		order = openingOrder(len(suite), c.Seed)
	}
	pairs := pairings(len(c.Engines))
	next := make([]int, len(pairs))
	seq := 0
	for r := 0; r < c.rounds(); r++ {
		for p, pr := range pairs {
			for g := 0; g < c.games(); g++ {
				k := next[p]
				next[p]++
				j := job{seq: seq, pairing: p, k: k, firstWhite: k%2 == 0}
				seq++
				j.white, j.black = pr[0], pr[1]
				if !j.firstWhite {
					j.white, j.black = pr[1], pr[0]
				}
				if order != nil {
					u := k
					if c.Repeat {
						u = k / 2
					}
					j.opening = suite[order[u%len(order)]]
				}
				select {
				case jobs <- j:
				case <-ctx.Done():
					return
				}
			}
		}
	}
}

// Run plays the match and returns its summary. Games run concurrently,
// each with its own engine processes; results are gathered here, in one
// goroutine, which alone writes the PGN and the progress lines. The match
// ends when every game is played, the SPRT reaches a decision, ctx is
// cancelled (the error is then ctx.Err()), or a game cannot be played at all
// (an engine fails to start: that error is returned). Games cut short are
// not counted. The summary is valid in every case.
func Run(ctx context.Context, cfg Config) (*Summary, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	names := uniqueNames(cfg.Engines)
	engines := make([]EngineSpec, len(cfg.Engines))
	for i, e := range cfg.Engines {
		e.Name = names[i]
		engines[i] = e
	}
	pairs := pairings(len(engines))
	sum := &Summary{
		Scheduled:   cfg.perPairing() * len(pairs),
		TimeControl: cfg.TimeControl,
		SPRT:        cfg.SPRT,
	}
	for _, pr := range pairs {
		sum.Pairings = append(sum.Pairings, &PairingResult{
			First: names[pr[0]], Second: names[pr[1]], Paired: cfg.Repeat,
			Terminations: map[Termination]int{},
		})
	}

	runCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	jobs := make(chan job)
	results := make(chan gameOutcome)
	go cfg.schedule(runCtx, jobs)
	var wg sync.WaitGroup
	for w := 0; w < cfg.concurrency(); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				rec, err := PlayGame(runCtx, engines[j.white], engines[j.black], j.opening, cfg.TimeControl, cfg.Adjudication)
				results <- gameOutcome{job: j, rec: rec, err: err}
			}
		}()
	}
	go func() {
		wg.Wait()
		close(results)
	}()

	// firstPoints holds, per pairing and opening pair, the first game's
	// points until its partner finishes.
	type pairKey struct{ pairing, pair int }
	firstPoints := map[pairKey]float64{}
	var fatal error
	for out := range results {
		if out.err != nil {
			if runCtx.Err() == nil && fatal == nil {
				fatal = fmt.Errorf("game %d: %w", out.job.seq+1, out.err)
				sum.Stopped = "error: " + fatal.Error()
				cancel()
			}
			continue
		}
		rec := out.rec
		rec.Event, rec.Site, rec.Round = cfg.Event, cfg.Site, fmt.Sprint(out.job.seq+1)
		if cfg.PGN != nil {
			if err := cfg.PGN.WriteGame(&rec); err != nil && fatal == nil {
				fatal = fmt.Errorf("writing PGN: %w", err)
				sum.Stopped = "error: " + fatal.Error()
				cancel()
			}
		}
		sum.Played++
		pr := sum.Pairings[out.job.pairing]
		pts := PointsForFirst(rec.Result, out.job.firstWhite)
		pr.AddGame(pts, rec.Termination, rec.Use, out.job.firstWhite)
		if cfg.Repeat {
			key := pairKey{out.job.pairing, out.job.k / 2}
			if prev, ok := firstPoints[key]; ok {
				pr.Penta[int(math.Round((prev+pts)*2))]++
				delete(firstPoints, key)
			} else {
				firstPoints[key] = pts
			}
		}
		if cfg.SPRT != nil {
			sum.LLR = pr.LLR(*cfg.SPRT)
			sum.Decision = cfg.SPRT.Decide(sum.LLR)
		}
		if cfg.Progress != nil {
			fmt.Fprintln(cfg.Progress, progressLine(sum, pr, &rec))
			if rec.Diagnosis != "" {
				fmt.Fprintln(cfg.Progress, rec.Diagnosis)
			}
		}
		if sum.Decision != Continue && sum.Stopped == "" {
			sum.Stopped = "SPRT: " + sum.Decision.String()
			cancel()
		}
	}
	if fatal != nil {
		return sum, fatal
	}
	if err := ctx.Err(); err != nil {
		if sum.Stopped == "" {
			sum.Stopped = "interrupted"
		}
		return sum, err
	}
	return sum, nil
}

// PointsForFirst is what the pairing's first engine scored in a game.
func PointsForFirst(result string, firstWhite bool) float64 {
	var white float64
	switch result {
	case ResultWhiteWins:
		white = 1
	case ResultDraw:
		white = 0.5
	case ResultBlackWins:
		white = 0
	}
	if firstWhite {
		return white
	}
	return 1 - white
}

// uniqueNames gives each engine a distinct display name, so that a match of
// a binary against itself (or two builds with one file name) stays readable.
func uniqueNames(specs []EngineSpec) []string {
	names := make([]string, len(specs))
	count := map[string]int{}
	for i, s := range specs {
		names[i] = s.Name
		if names[i] == "" {
			names[i] = filepath.Base(s.Cmd)
		}
		count[names[i]]++
	}
	seen := map[string]int{}
	for i, n := range names {
		if count[n] > 1 {
			seen[n]++
			names[i] = n + "#" + strconv.Itoa(seen[n])
		}
	}
	return names
}
