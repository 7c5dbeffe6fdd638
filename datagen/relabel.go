package datagen

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/bounder-chess/bounder/engine"
	"github.com/bounder-chess/bounder/match"
	"github.com/bounder-chess/bounder/syzygy"
	"github.com/bounder-chess/bounder/tune"
)

// RelabelConfig is one relabelling run ("bounder datagen --relabel").
type RelabelConfig struct {
	Engine      match.EngineSpec
	Nodes       int64          // nodes per position
	Concurrency int            // engine processes
	MaxScore    int            // drop positions scored beyond this (or mate); 0: keep all but mates
	Tables      *syzygy.Tables // endgame tables whose outcome replaces the result of the positions they hold; nil for none
	Progress    io.Writer
	ProgressGap time.Duration
}

// ErrBadInput marks Relabel's errors about its input: a malformed line.
var ErrBadInput = errors.New("malformed tuning data")

// RelabelStats counts what a relabelling run did.
type RelabelStats struct {
	Read, Written, Dropped int // positions read, written, dropped (decided, or no score given)
	TBChanged              int // positions read whose result the tables changed
}

// Relabel gives every position of in (tuning data, as package tune reads
// it) the score of a search by cfg.Engine, and writes it to out, in input
// order, as "FEN result score" with the score in white's view; a score the
// line had is replaced. Positions the engine scores as a mate or beyond
// cfg.MaxScore are dropped, as datagen drops decided positions, and so are
// those it gives no score. With cfg.Tables, a position the tables hold
// gets their outcome as its result (as datagen labels such positions; the
// lines carry no game to label the positions before it). Blank lines
// and # comments are skipped. A malformed line stops the run before any
// engine is started. When ctx is cancelled the lines finished before the
// first unfinished one are written and ctx's error is returned.
func Relabel(ctx context.Context, cfg RelabelConfig, in io.Reader, out io.Writer) (RelabelStats, error) {
	var st RelabelStats
	type item struct {
		fen    string
		labels tune.Labels
		white  bool
	}
	var items []item
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	for no := 1; sc.Scan(); no++ {
		t := strings.TrimSpace(sc.Text())
		if t == "" || t[0] == '#' {
			continue
		}
		fen, l, err := tune.ParseLabels(t)
		if err != nil {
			return st, fmt.Errorf("%w: line %d: %v", ErrBadInput, no, err)
		}
		pos, err := engine.ParseFEN(fen)
		if err != nil {
			return st, fmt.Errorf("%w: line %d: %v", ErrBadInput, no, err)
		}
		if cfg.Tables != nil {
			if label, ok := probeLabel(cfg.Tables, pos); ok {
				if r := labelResult(label); r != l.Result {
					l.Result = r
					st.TBChanged++
				}
			}
		}
		items = append(items, item{pos.FEN(), l, pos.SideToMove() == engine.White})
	}
	if err := sc.Err(); err != nil {
		return st, err
	}
	st.Read = len(items)

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	type done struct {
		i     int
		score match.Score
		err   error
	}
	jobs, results := make(chan int), make(chan done)
	var wg sync.WaitGroup
	for w := 0; w < max(cfg.Concurrency, 1); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			a, err := match.StartAnalyser(ctx, cfg.Engine)
			if err != nil {
				results <- done{i: -1, err: err}
				return
			}
			defer a.Close()
			for i := range jobs {
				s, err := a.Analyse(ctx, items[i].fen, cfg.Nodes)
				results <- done{i, s, err}
				if err != nil {
					return
				}
			}
		}()
	}
	go func() {
		defer close(jobs)
		for i := range items {
			select {
			case jobs <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() {
		wg.Wait()
		close(results)
	}()

	// Results arrive out of order; write them in order as the gaps close.
	scores := make([]match.Score, len(items))
	finished := make([]bool, len(items))
	next, start, last := 0, time.Now(), time.Now()
	var firstErr error
	w := bufio.NewWriter(out)
	for r := range results {
		if r.err != nil {
			if firstErr == nil && ctx.Err() == nil {
				firstErr = r.err
			}
			cancel()
			continue
		}
		scores[r.i], finished[r.i] = r.score, true
		for ; next < len(items) && finished[next]; next++ {
			it, s := items[next], scores[next]
			if decided(s, cfg.MaxScore) || s.Kind != match.ScoreCP {
				st.Dropped++
				continue
			}
			v := s.Value
			if !it.white {
				v = -v
			}
			if _, err := fmt.Fprintf(w, "%s %s %d\n", it.fen, resultText(it.labels.Result), v); err != nil && firstErr == nil {
				firstErr = err
				cancel()
			}
			st.Written++
		}
		if cfg.Progress != nil && time.Since(last) >= cfg.ProgressGap {
			last = time.Now()
			fmt.Fprintf(cfg.Progress, "relabelled %d/%d  %.0f positions/s\n", next, len(items),
				float64(next)/time.Since(start).Seconds())
		}
	}
	if err := w.Flush(); err != nil && firstErr == nil {
		firstErr = err
	}
	if firstErr != nil {
		return st, firstErr
	}
	if next < len(items) {
		if err := ctx.Err(); err != nil {
			return st, err
		}
		return st, errors.New("relabel: the engines stopped early")
	}
	return st, nil
}

// labelResult is the result a label stands for.
func labelResult(label string) float64 {
	switch label {
	case "1.0":
		return 1
	case "0.0":
		return 0
	}
	return 0.5
}

// resultText writes a result as datagen does.
func resultText(r float64) string {
	switch r {
	case 1:
		return "1.0"
	case 0:
		return "0.0"
	}
	return "0.5"
}
