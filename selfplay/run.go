package selfplay

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"

	"github.com/bounder-chess/bounder/trainset"
	"github.com/vbauerster/mpb/v8"
	"github.com/vbauerster/mpb/v8/decor"
)

// FileName is the name of seed's file in an output directory.
func FileName(seed int64) string { return fmt.Sprintf("selfplay-%d.bin", seed) }

// Totals count what a run played and wrote.
type Totals struct {
	Games, Positions int64
	Nodes, Plies     int64
	// Eval's wins, draws and losses (against Config.Opponent; without
	// one, White's).
	Wins, Draws, Losses int64
}

// Run plays games in dir until each seed's file holds games games, one
// worker per seed, and returns what this run added. A file already there
// is continued (see the package doc); the games it holds count towards
// games. progress, when not nil, gets a progress bar. Run returns when
// every worker is done or ctx is cancelled (a game in progress is then
// dropped, so every file ends on a whole game).
func Run(ctx context.Context, dir string, seeds []int64, games int64, cfg Config, progress io.Writer) (Totals, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return Totals{}, err
	}
	type job struct {
		seed int64
		f    *os.File
		done int64
	}
	var jobs []job
	var already int64
	for _, s := range seeds {
		path := filepath.Join(dir, FileName(s))
		f, _, dropped, err := trainset.Repair(path)
		if err != nil {
			for _, j := range jobs {
				j.f.Close()
			}
			return Totals{}, err
		}
		done, err := countGames(path)
		if err != nil {
			f.Close()
			for _, j := range jobs {
				j.f.Close()
			}
			return Totals{}, err
		}
		if dropped > 0 && progress != nil {
			fmt.Fprintf(progress, "%s: dropped a torn record of %d bytes at its end\n", path, dropped)
		}
		jobs = append(jobs, job{s, f, done})
		already += min(done, games)
	}
	var tot Totals
	var bar *mpb.Bar
	var p *mpb.Progress
	if progress != nil {
		p = mpb.New(mpb.WithOutput(progress), mpb.WithWidth(30))
		bar = p.AddBar(games*int64(len(seeds)),
			mpb.PrependDecorators(
				decor.Name("selfplay ", decor.WC{W: 9}),
				decor.CountersNoUnit("%d/%d games", decor.WCSyncWidth),
			),
			mpb.AppendDecorators(
				decor.Any(func(decor.Statistics) string {
					return fmt.Sprintf("%d positions ", atomic.LoadInt64(&tot.Positions))
				}),
				decor.Percentage(decor.WC{W: 5}),
				decor.Name(" "),
				decor.OnComplete(decor.AverageETA(decor.ET_STYLE_GO), "done"),
			),
		)
		bar.SetCurrent(already)
		bar.SetTotal(games*int64(len(seeds)), false)
	}
	var wg sync.WaitGroup
	errs := make([]error, len(jobs))
	for i, j := range jobs {
		wg.Add(1)
		go func(i int, j job) {
			defer wg.Done()
			defer j.f.Close()
			pl := NewPlayer(cfg)
			for g := j.done; g < games; g++ {
				game, ok := pl.Play(ctx, GameSeed(j.seed, g))
				if !ok {
					return
				}
				if err := trainset.Write(j.f, game.Records); err != nil {
					errs[i] = err
					return
				}
				atomic.AddInt64(&tot.Games, 1)
				atomic.AddInt64(&tot.Positions, int64(len(game.Records)))
				atomic.AddInt64(&tot.Nodes, int64(game.Nodes))
				atomic.AddInt64(&tot.Plies, int64(game.Plies))
				switch game.EvalScore() {
				case 1:
					atomic.AddInt64(&tot.Wins, 1)
				case 0:
					atomic.AddInt64(&tot.Draws, 1)
				default:
					atomic.AddInt64(&tot.Losses, 1)
				}
				if bar != nil {
					bar.Increment()
				}
			}
		}(i, j)
	}
	wg.Wait()
	if p != nil {
		if ctx.Err() != nil {
			bar.Abort(false)
		}
		p.Wait()
	}
	for _, err := range errs {
		if err != nil {
			return tot, err
		}
	}
	return tot, nil
}

// countGames counts the games of a file: its records that end a game.
func countGames(path string) (int64, error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	rd := trainset.NewReader(f, path)
	var n int64
	var rec trainset.Record
	for {
		err := rd.Next(&rec)
		if err == io.EOF {
			return n, nil
		}
		if err != nil {
			return 0, err
		}
		if rec.GameEnd() {
			n++
		}
	}
}
