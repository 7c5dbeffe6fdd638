package spsa

import (
	"context"
	"fmt"
	"strconv"
	"sync"

	"github.com/bounder-chess/bounder/match"
)

// PairPlayer plays SPSA's game pairs between two processes of one engine
// per worker (a match.Pair, kept from game to game and started again only
// when a game broke it). Before each game the White and the Black process
// get the values of their side; the pair's first game has the plus side
// White, the second the minus side, both from the same opening.
type PairPlayer struct {
	Engine       match.EngineSpec
	Params       []Param // the names of the options to set, in order
	Openings     []match.Opening
	TimeControl  match.TimeControl
	Adjudication match.Adjudication
	// Seed orders the openings: iteration k plays the k-th of a seeded
	// shuffle, so that no opening repeats before all have been played.
	Seed uint64
	// Games, if set, is called with every game played (for a PGN file),
	// possibly from several workers at once.
	Games func(match.GameRecord)

	once  sync.Once
	order []int
	mu    sync.Mutex
	pairs map[int]*match.Pair
}

// Close ends every worker's engines.
func (pp *PairPlayer) Close() {
	pp.mu.Lock()
	defer pp.mu.Unlock()
	for _, p := range pp.pairs {
		p.Close()
	}
	pp.pairs = nil
}

// PlayPair implements Player.
func (pp *PairPlayer) PlayPair(ctx context.Context, worker, k int, plus, minus []int) (float64, error) {
	if len(pp.Openings) == 0 {
		return 0, fmt.Errorf("spsa: no openings")
	}
	pp.once.Do(func() {
		pp.order = shuffled(len(pp.Openings), pp.Seed)
	})
	opening := pp.Openings[pp.order[(k-1)%len(pp.order)]]
	var plusPoints float64
	for game, white := range [2][]int{plus, minus} {
		black := minus
		if game == 1 {
			black = plus
		}
		rec, err := pp.playOne(ctx, worker, opening, white, black)
		if err != nil {
			return 0, err
		}
		w, err := whitePoints(rec.Result)
		if err != nil {
			return 0, fmt.Errorf("spsa: iteration %d: %v", k, err)
		}
		if game == 0 {
			plusPoints += w
		} else {
			plusPoints += 1 - w
		}
	}
	return 2*plusPoints - 2, nil
}

// playOne plays one game with the given values for White and Black on the
// worker's pair, starting it when it has none or the last game broke it.
func (pp *PairPlayer) playOne(ctx context.Context, worker int, opening match.Opening, white, black []int) (match.GameRecord, error) {
	p, err := pp.pair(ctx, worker)
	if err != nil {
		return match.GameRecord{}, err
	}
	for side, values := range [2][]int{white, black} {
		if err := p.SetOptions(ctx, side, pp.options(values)); err != nil {
			return match.GameRecord{}, err
		}
	}
	rec, err := p.Play(ctx, opening, pp.TimeControl, pp.Adjudication)
	if err != nil {
		return rec, err
	}
	if pp.Games != nil {
		pp.Games(rec)
	}
	if p.Broken() {
		// The game counts as it ended (a loss on time is a loss), but the
		// engines are not trusted with another.
		pp.drop(worker)
	}
	return rec, nil
}

func (pp *PairPlayer) options(values []int) []match.EngineOption {
	opts := make([]match.EngineOption, len(pp.Params))
	for i, p := range pp.Params {
		opts[i] = match.EngineOption{Name: p.Name, Value: strconv.Itoa(values[i])}
	}
	return opts
}

func (pp *PairPlayer) pair(ctx context.Context, worker int) (*match.Pair, error) {
	pp.mu.Lock()
	p := pp.pairs[worker]
	pp.mu.Unlock()
	if p != nil {
		return p, nil
	}
	p, err := match.StartPair(ctx, pp.Engine, pp.Engine)
	if err != nil {
		return nil, err
	}
	pp.mu.Lock()
	defer pp.mu.Unlock()
	if pp.pairs == nil {
		pp.pairs = map[int]*match.Pair{}
	}
	pp.pairs[worker] = p
	return p, nil
}

func (pp *PairPlayer) drop(worker int) {
	pp.mu.Lock()
	defer pp.mu.Unlock()
	if p := pp.pairs[worker]; p != nil {
		p.Close()
		delete(pp.pairs, worker)
	}
}

// whitePoints is White's points in a finished game.
func whitePoints(result string) (float64, error) {
	switch result {
	case match.ResultWhiteWins:
		return 1, nil
	case match.ResultDraw:
		return 0.5, nil
	case match.ResultBlackWins:
		return 0, nil
	}
	return 0, fmt.Errorf("a game ended without a result (%q)", result)
}

// shuffled is a seeded permutation of 0..n-1.
func shuffled(n int, seed uint64) []int {
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	rng := newRand(seed, 0)
	rng.Shuffle(n, func(i, j int) { order[i], order[j] = order[j], order[i] })
	return order
}
