package selfplay

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/bits"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/bounder-chess/bounder/internal/term"
	"github.com/bounder-chess/bounder/internal/usage"
	"github.com/bounder-chess/bounder/search"
	"github.com/bounder-chess/bounder/syzygy"
	"github.com/bounder-chess/bounder/trainset"
)

const usageText = `usage: bounder selfplay --out DIR [flags]
       bounder selfplay summary FILE...
       bounder selfplay dump FILE

Plays games of Bounder against itself in process, at a fixed node count per
move, and writes the quiet positions of each game with the search's score
and the game's result to DIR in the network's training format (package
trainset, docs/nnue.md): one file per worker, selfplay-SEED.bin, worker i
seeded --seed+i. Each worker plays until its file holds --games games, so
the same command continues a run that was stopped (a torn last record is
cut off first); Ctrl-C stops it between writes. "summary" reads files and
prints their positions, games and the distributions of results, scores
and piece counts; "dump" prints a file's records as "FEN score result".
With --opponent, --eval plays that evaluation instead of itself (each
side its own table), and every position is written with the score of the
side that searched it; the run's W/D/L for --eval is printed at its end.
Exit status: 0, 1 on an error, 2 for a usage error.`

// Main is "bounder selfplay".
func Main(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && (args[0] == "summary" || args[0] == "dump") {
		return readMain(args[0], args[1:], stdout, stderr)
	}
	def := DefaultConfig()
	fs := flag.NewFlagSet("selfplay", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	out := fs.String("out", "", "the output `DIR` (required)")
	workers := fs.Int("workers", runtime.NumCPU(), "games played at once, each by a worker with its own seed and file")
	seed := fs.Int64("seed", 1, "the first worker's seed; worker i has seed+i")
	games := fs.Int64("games", 1000, "games each worker's file is to hold")
	nodes := fs.Uint64("nodes", def.Nodes, "nodes per move")
	random := fs.Int("random-plies", def.RandomPlies, "random moves at the start of each game (one more in half of them)")
	maxOpening := fs.Int("max-opening", def.MaxOpening, "draw another opening when the first search scores it beyond N centipawns")
	hash := fs.Int("hash", def.HashMiB, "transposition table of each worker, MiB")
	evalName := fs.String("eval", "", "the evaluation that plays, one of "+strings.Join(search.Evals(), ", ")+" (default the engine's)")
	opponent := fs.String("opponent", "", "the other side's evaluation, so that --eval plays it, White drawn at random each game (default --eval's: self-play)")
	winScore := fs.Int("win-score", def.WinScore, "adjudicate a win once the score is beyond N centipawns for --win-plies plies in a row")
	winPlies := fs.Int("win-plies", def.WinPlies, "see --win-score (0: no win adjudication)")
	drawScore := fs.Int("draw-score", def.DrawScore, "adjudicate a draw once the score stays within N centipawns for --draw-plies plies from ply --draw-from on")
	drawPlies := fs.Int("draw-plies", def.DrawPlies, "see --draw-score")
	drawFrom := fs.Int("draw-from", def.DrawFrom, "see --draw-score (0: no draw adjudication)")
	maxPlies := fs.Int("max-plies", def.MaxPlies, "a game this long is a draw")
	tbPath := fs.String("syzygy", "", "Syzygy tables (a `DIR`, or a list as for SyzygyPath) that end a game as soon as it reaches them, with their result")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			usage.Print(stdout, usageText, fs)
			return 0
		}
		fmt.Fprintf(stderr, "bounder selfplay: %v (see bounder selfplay --help)\n", err)
		return 2
	}
	bad := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "bounder selfplay: "+format+"\n", a...)
		return 2
	}
	switch {
	case *out == "":
		return bad("--out is required")
	case fs.NArg() > 0:
		return bad("unexpected argument %q", fs.Arg(0))
	case *workers < 1:
		return bad("--workers must be at least 1")
	case *nodes < 1:
		return bad("--nodes must be at least 1")
	case *games < 0:
		return bad("--games must not be negative")
	case *random < 0:
		return bad("--random-plies must not be negative")
	case *hash < 1 || *hash > search.MaxHashMiB():
		return bad("--hash must be 1 to %d", search.MaxHashMiB())
	}
	for _, e := range [][2]string{{"eval", *evalName}, {"opponent", *opponent}} {
		if _, ok := search.LookupEval(e[1]); e[1] != "" && !ok {
			return bad("unknown --%s %q (want one of %s)", e[0], e[1], strings.Join(search.Evals(), ", "))
		}
	}
	cfg := Config{Nodes: *nodes, RandomPlies: *random, MaxOpening: *maxOpening, HashMiB: *hash, Eval: *evalName, Opponent: *opponent,
		WinScore: *winScore, WinPlies: *winPlies, DrawScore: *drawScore, DrawPlies: *drawPlies, DrawFrom: *drawFrom, MaxPlies: *maxPlies}
	if *tbPath != "" {
		t, err := syzygy.Open(filepath.SplitList(*tbPath)...)
		if err != nil {
			fmt.Fprintf(stderr, "bounder selfplay: %v\n", err)
			return 1
		}
		cfg.Tables = t
	}
	seeds := make([]int64, *workers)
	for i := range seeds {
		seeds[i] = *seed + int64(i)
	}
	ctx, cancel := signal.NotifyContext(context.Background(), os.Interrupt)
	defer cancel()
	var progress io.Writer
	if term.Is(stderr) {
		progress = stderr
	}
	tot, err := Run(ctx, *out, seeds, *games, cfg, progress)
	if tot.Games > 0 {
		fmt.Fprintf(stdout, "this run: %d games, %d positions (%.1f a game), %.1f plies a game, %.0f nodes a searched move\n",
			tot.Games, tot.Positions, float64(tot.Positions)/float64(tot.Games), float64(tot.Plies)/float64(tot.Games),
			float64(tot.Nodes)/float64(max(1, tot.Plies-tot.Games*int64(*random))))
		if *opponent != "" {
			fmt.Fprintf(stdout, "--eval against --opponent: %d/%d/%d (W/D/L), %.1f%%\n", tot.Wins, tot.Draws, tot.Losses,
				100*(float64(tot.Wins)+float64(tot.Draws)/2)/float64(tot.Games))
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "bounder selfplay: %v\n", err)
		return 1
	}
	return 0
}

func readMain(cmd string, args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || cmd == "dump" && len(args) != 1 {
		fmt.Fprintf(stderr, "bounder selfplay %s: want %s (see bounder selfplay --help)\n", cmd, map[string]string{"summary": "one FILE or more", "dump": "one FILE"}[cmd])
		return 2
	}
	if cmd == "dump" {
		if err := Dump(stdout, args[0]); err != nil {
			fmt.Fprintf(stderr, "bounder selfplay dump: %v\n", err)
			return 1
		}
		return 0
	}
	var s Summary
	for _, path := range args {
		if err := s.AddFile(path); err != nil {
			fmt.Fprintf(stderr, "bounder selfplay summary: %v\n", err)
			return 1
		}
	}
	s.Write(stdout)
	return 0
}

// Dump writes a file's records as "FEN score result" lines, the score
// White's view and the result 1.0, 0.5 or 0.0 (as the tuner's text data).
func Dump(w io.Writer, path string) error {
	return eachRecord(path, func(r *trainset.Record) {
		fmt.Fprintf(w, "%s %d %s\n", r.FEN(), r.Score(), [3]string{"0.0", "0.5", "1.0"}[r.Result()])
	})
}

func eachRecord(path string, f func(*trainset.Record)) error {
	file, err := os.Open(path)
	if err != nil {
		return err
	}
	defer file.Close()
	rd := trainset.NewReader(file, path)
	var rec trainset.Record
	for {
		err := rd.Next(&rec)
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		f(&rec)
	}
}

// Summary holds the distributions of a data set.
type Summary struct {
	Positions, Games int64
	Results          [3]int64  // Black won, draw, White won
	Scores           [7]int64  // |score| in scoreEdges' buckets
	Pieces           [33]int64 // by the number of pieces on the board
	BlackToMove      int64
	Opponent         int64 // scored by the opponent (selfplay --opponent)
}

var scoreEdges = [6]int{25, 100, 250, 500, 1000, 2000}

// AddFile adds a file's records.
func (s *Summary) AddFile(path string) error {
	return eachRecord(path, s.Add)
}

// Add adds a record.
func (s *Summary) Add(r *trainset.Record) {
	s.Positions++
	if r.GameEnd() {
		s.Games++
	}
	s.Results[r.Result()]++
	a := r.Score()
	if a < 0 {
		a = -a
	}
	b := 0
	for b < len(scoreEdges) && a >= scoreEdges[b] {
		b++
	}
	s.Scores[b]++
	s.Pieces[bits.OnesCount64(r.Occupancy())]++
	if r.Side() == 1 {
		s.BlackToMove++
	}
	if r.Opponent() {
		s.Opponent++
	}
}

// Write prints the summary.
func (s *Summary) Write(w io.Writer) {
	pct := func(n int64) float64 { return 100 * float64(n) / float64(max(1, s.Positions)) }
	fmt.Fprintf(w, "positions %d, games %d (%.1f positions a game), Black to move %.1f%%\n",
		s.Positions, s.Games, float64(s.Positions)/float64(max(1, s.Games)), pct(s.BlackToMove))
	fmt.Fprintf(w, "results (of positions): White won %.1f%%, draw %.1f%%, Black won %.1f%%\n",
		pct(s.Results[2]), pct(s.Results[1]), pct(s.Results[0]))
	if s.Opponent > 0 {
		fmt.Fprintf(w, "scored by the opponent %d (%.1f%%)\n", s.Opponent, pct(s.Opponent))
	}
	fmt.Fprint(w, "|score| cp:")
	lo := 0
	for i, n := range s.Scores {
		if i < len(scoreEdges) {
			fmt.Fprintf(w, " %d-%d %.1f%%", lo, scoreEdges[i]-1, pct(n))
			lo = scoreEdges[i]
		} else {
			fmt.Fprintf(w, " %d+ %.1f%%", lo, pct(n))
		}
	}
	fmt.Fprintln(w)
	fmt.Fprint(w, "pieces:")
	for lo := 2; lo <= 32; lo += 5 {
		var n int64
		for k := lo; k < lo+5 && k <= 32; k++ {
			n += s.Pieces[k]
		}
		fmt.Fprintf(w, " %d-%d %.1f%%", lo, min(32, lo+4), pct(n))
	}
	fmt.Fprintln(w)
}
