// Package spsa tunes numeric engine parameters by simultaneous perturbation
// stochastic approximation (Spall, 1992) over engine-vs-engine games: the
// method fishtest uses for Stockfish's search parameters, and what issue 22
// asks of Bounder's margins, reduction tables and history scales
// (search.ParamTable).
//
// Every iteration k draws a random sign Δᵢ = ±1 per parameter and plays a
// pair of games from one opening, colours reversed, between θ + c_k·Δ and
// θ − c_k·Δ (each rounded to the integers a UCI spin option takes). The
// pair's result r ∈ [−2, 2] is the points of the plus side minus those of
// the minus side, and every parameter moves by a_k·r·Δᵢ/c_k, within its
// range. The gains shrink over the run as Spall recommends:
//
//	c_k = c / k^γ,  a_k = a / (A + k)^α,  γ = 0.101, α = 0.602, A = N/10,
//
// with c and a chosen so that at the last iteration N the perturbation is
// the parameter's CEnd and a_N = REnd·CEnd² (fishtest's c_end and r_end).
//
// Run does the arithmetic and calls a Player for the games; PairPlayer
// plays them with match.Pair, two engine processes per worker whose options
// are set before every game. With one worker a run is a function of its
// seed and the game results.
package spsa

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"sync"
)

// Spall's exponents and the share of the run that is A.
const (
	alpha     = 0.602
	gamma     = 0.101
	stability = 0.1
)

// Param is one parameter to tune: a UCI spin option of the engine.
type Param struct {
	Name     string
	Start    float64 // the value the run starts from
	Min, Max float64 // the values the engine accepts
	// CEnd is the perturbation at the last iteration, in the parameter's
	// units: about what a game pair can tell apart (search.ParamSpec.Step).
	CEnd float64
	// REnd is the learning rate at the last iteration: a_N / CEnd².
	REnd float64
}

func (p Param) validate() error {
	switch {
	case p.Name == "":
		return errors.New("a parameter has no name")
	case !(p.Min <= p.Start && p.Start <= p.Max):
		return fmt.Errorf("%s: start %g outside [%g, %g]", p.Name, p.Start, p.Min, p.Max)
	case !(p.CEnd > 0) || !(p.REnd > 0) || math.IsInf(p.CEnd, 0) || math.IsInf(p.REnd, 0):
		return fmt.Errorf("%s: c_end %g and r_end %g must be positive and finite", p.Name, p.CEnd, p.REnd)
	case p.CEnd > p.Max-p.Min:
		return fmt.Errorf("%s: c_end %g is wider than its range [%g, %g]", p.Name, p.CEnd, p.Min, p.Max)
	}
	return nil
}

// Gains are one parameter's gains at an iteration.
type Gains struct{ C, A float64 }

// GainsAt returns p's c_k and a_k at iteration k (1-based) of a run of n.
func GainsAt(p Param, k, n int) Gains {
	bigA := stability * float64(n)
	c := p.CEnd * math.Pow(float64(n), gamma)
	a := p.REnd * p.CEnd * p.CEnd * math.Pow(bigA+float64(n), alpha)
	return Gains{C: c / math.Pow(float64(k), gamma), A: a / math.Pow(bigA+float64(k), alpha)}
}

// Player plays iteration k's game pair between the values plus and minus
// (one per parameter, in Config.Params' order) and returns the plus side's
// points minus the minus side's, in [−2, 2]. worker tells concurrent calls
// apart (0 ≤ worker < Config.Workers): each may keep its own engines.
type Player interface {
	PlayPair(ctx context.Context, worker, k int, plus, minus []int) (float64, error)
}

// Config is a run.
type Config struct {
	Params     []Param
	Iterations int // N, game pairs in all
	// Done is how many of them an earlier run played (Params' Start are
	// then where it left them): this run plays Done+1..N on the same
	// schedule, so that a run of many hours can be resumed.
	Done    int
	Workers int    // game pairs played at once; 0 means 1
	Seed    uint64 // the perturbations' signs are a function of it and k
	Player  Player
	// Observe, if set, is called after every iteration's update, one call
	// at a time, in the order the updates happen (the iteration order with
	// one worker).
	Observe func(Iteration)
}

// Iteration is what one iteration did.
type Iteration struct {
	K           int       // 1-based
	Gains       []Gains   // per parameter
	Delta       []int     // the signs, ±1
	Plus, Minus []int     // the values the games were played with
	Result      float64   // plus's points minus minus's, [−2, 2]
	Theta       []float64 // the parameters after the update
}

// Result is the end of a run.
type Result struct {
	Theta      []float64 // the parameters after the last finished iteration
	Iterations int       // iterations this run finished
	Points     float64   // sum of the results: plus's lead over the run
}

// ValidateParams checks a run's parameters: each sound, none twice.
func ValidateParams(ps []Param) error {
	if len(ps) == 0 {
		return errors.New("no parameters to tune")
	}
	seen := map[string]bool{}
	for _, p := range ps {
		if err := p.validate(); err != nil {
			return err
		}
		if seen[p.Name] {
			return fmt.Errorf("parameter %s given twice", p.Name)
		}
		seen[p.Name] = true
	}
	return nil
}

func (c *Config) validate() error {
	if err := ValidateParams(c.Params); err != nil {
		return err
	}
	switch {
	case c.Iterations <= 0:
		return errors.New("the run needs at least one iteration")
	case c.Done < 0 || c.Done >= c.Iterations:
		return fmt.Errorf("%d of %d iterations done: nothing to play", c.Done, c.Iterations)
	case c.Workers < 0:
		return errors.New("workers must not be negative")
	case c.Player == nil:
		return errors.New("no player")
	}
	return nil
}

// Run tunes cfg.Params. Cancelling ctx ends it after the games being
// played; the result then holds the iterations finished, with the error.
func Run(ctx context.Context, cfg Config) (Result, error) {
	if err := cfg.validate(); err != nil {
		return Result{}, err
	}
	workers := max(cfg.Workers, 1)
	s := &state{cfg: cfg, theta: make([]float64, len(cfg.Params)), next: cfg.Done}
	for i, p := range cfg.Params {
		s.theta[i] = p.Start
	}
	var wg sync.WaitGroup
	errs := make([]error, workers)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			errs[w] = s.work(ctx, w)
		}(w)
	}
	wg.Wait()
	res := Result{Theta: s.theta, Iterations: s.done, Points: s.points}
	return res, errors.Join(errs...)
}

// state is a run's shared state, guarded by mu.
type state struct {
	cfg    Config
	mu     sync.Mutex
	theta  []float64
	next   int // the last iteration handed out
	done   int
	points float64
	failed bool
}

// work plays iterations until the run is over.
func (s *state) work(ctx context.Context, w int) error {
	for {
		it, ok := s.start()
		if !ok {
			return nil
		}
		if err := ctx.Err(); err != nil {
			s.fail()
			return err
		}
		r, err := s.cfg.Player.PlayPair(ctx, w, it.K, it.Plus, it.Minus)
		if err == nil && !(r >= -2 && r <= 2) {
			err = fmt.Errorf("spsa: iteration %d: result %g outside [-2, 2]", it.K, r)
		}
		if err != nil {
			s.fail()
			return err
		}
		s.finish(it, r)
	}
}

// start hands out the next iteration: its signs and the values to play.
func (s *state) start() (Iteration, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.failed || s.next >= s.cfg.Iterations {
		return Iteration{}, false
	}
	s.next++
	k := s.next
	n := len(s.cfg.Params)
	it := Iteration{K: k, Gains: make([]Gains, n), Delta: make([]int, n), Plus: make([]int, n), Minus: make([]int, n)}
	// The signs depend only on the seed and k, whatever the order in
	// which workers come for iterations.
	rng := newRand(s.cfg.Seed, uint64(k))
	for i, p := range s.cfg.Params {
		g := GainsAt(p, k, s.cfg.Iterations)
		d := 1
		if rng.IntN(2) == 0 {
			d = -1
		}
		it.Gains[i], it.Delta[i] = g, d
		it.Plus[i] = toInt(s.theta[i]+g.C*float64(d), p)
		it.Minus[i] = toInt(s.theta[i]-g.C*float64(d), p)
	}
	return it, true
}

// finish applies iteration it's result r.
func (s *state) finish(it Iteration, r float64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for i, p := range s.cfg.Params {
		g := it.Gains[i]
		s.theta[i] = clamp(s.theta[i]+g.A*r*float64(it.Delta[i])/g.C, p)
	}
	s.done++
	s.points += r
	if s.cfg.Observe != nil {
		it.Result = r
		it.Theta = append([]float64(nil), s.theta...)
		s.cfg.Observe(it)
	}
}

func (s *state) fail() {
	s.mu.Lock()
	s.failed = true
	s.mu.Unlock()
}

func clamp(v float64, p Param) float64 { return math.Min(math.Max(v, p.Min), p.Max) }

// toInt is the value an engine is given for v: rounded, within range.
func toInt(v float64, p Param) int {
	return int(math.Round(clamp(v, p)))
}

// newRand is the generator of one stream of a seed: stream k > 0 gives
// iteration k's signs, stream 0 the opening order.
func newRand(seed, stream uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, stream)) }
