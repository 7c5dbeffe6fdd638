package match

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Analyser is one running UCI engine that searches positions on request:
// the labeller of "bounder datagen --relabel". Like the game player it is
// used by one goroutine.
type Analyser struct {
	e *uciEngine
}

// StartAnalyser launches spec and initialises it (uci, its options,
// isready, ucinewgame). Close it when done.
func StartAnalyser(ctx context.Context, spec EngineSpec) (*Analyser, error) {
	e, err := startEngine(ctx, spec)
	if err != nil {
		return nil, err
	}
	if err := e.newGame(ctx); err != nil {
		e.close()
		return nil, e.describe("ucinewgame", err)
	}
	return &Analyser{e: e}, nil
}

// Analyse searches the position fen for nodes nodes and returns the last
// score the engine reported, from the side to move's view (Kind ScoreNone
// when it reported none). An engine that does not answer within the stall
// timeout is an error.
func (a *Analyser) Analyse(ctx context.Context, fen string, nodes int64) (Score, error) {
	if nodes <= 0 {
		return Score{}, errors.New("analyse: the node count must be positive")
	}
	if strings.ContainsAny(fen, "\n\r") {
		return Score{}, errors.New("analyse: FEN contains a line break")
	}
	res, err := a.e.search(ctx, "position fen "+fen, "go nodes "+strconv.FormatInt(nodes, 10), 0, DefaultStallTimeout)
	if err != nil {
		return Score{}, a.e.describe(fmt.Sprintf("analysing %q", fen), err)
	}
	return res.score, nil
}

// Close ends the engine process.
func (a *Analyser) Close() { a.e.close() }
