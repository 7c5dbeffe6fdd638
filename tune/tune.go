// Package tune fits the evaluation's weights to game results by Texel's
// method ("bounder tune").
//
// The data is a text file with one quiet position per line: a FEN (4 or 6
// fields) and the result of the game it comes from, from white's view
// (and optionally a search score, below):
//
//	rnbqkb1r/pp2pppp/3p1n2/8/3NP3/2N5/PPP2PPP/R1BQKB1R b KQkq - 2 5 0.5
//	8/5pk1/6p1/8/3K4/8/5PP1/8 w - - 0 52 [1.0]
//	4k3/8/8/8/8/8/3q4/4K3 w - - c9 "0-1";
//
// Results are 1.0 (white won), 0.5 (draw) or 0.0 (black won); see ParseLine
// for every accepted spelling. Blank lines and lines starting with # are
// skipped. Positions should be quiet (not in check, no winning capture
// pending), as the static evaluation is fitted to them directly.
//
// A line may also carry a search score after the result (centipawns,
// white's view), as "bounder datagen" writes. With --lambda the target is
// then a blend, (1-lambda)·result + lambda·sigmoid(Ks·score), where Ks is
// fitted so that the scores best predict the results: a game result says
// little about one position (the game may be lost fifty moves later), a
// good engine's search score much more.
//
// The tuner minimises the mean squared error between the targets (the
// results, or the blend) and 1/(1+10^(-K·score/400)), where score is the
// static evaluation from white's view. It first fits K with the starting
// weights, then runs Adam on the weights (mini-batches, exact gradients:
// the evaluation is linear in its weights, see eval.TraceResult), and
// writes eval/weights.go. One position
// in ten (chosen by a hash of its FEN) is held out to measure the error
// before and after. The mop-up weights (eval.Group.Frozen) are not tuned.
//
// Adam moves every weight at the same pace whatever its feature's
// frequency, so a weight the data hardly determines (a rare feature, or the
// middlegame half of a feature seen only in endgames) drifts with the noise.
// --l2 counters that with an L2 penalty toward the starting weights: a
// weight moves only as far as the data insists. The default, 3e-7, won the
// matches of docs/tuning.md (weaker penalties fitted the data better and
// played worse); --min-count keeps fixed the weights few positions determine
// (a middlegame half counts a position by its phase), and --freeze whole
// groups.
//
// After a change of the weight layout (eval/features.go), eval/weights.go
// no longer fits; rewrite it from eval.HandWeights with
//
//	BOUNDER_WRITE_HAND_WEIGHTS=1 go test ./tune -run TestWriteHandWeights
//
// and tune again.
package tune

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/bounder-chess/bounder/eval"
	"github.com/bounder-chess/bounder/internal/gz"
	"github.com/bounder-chess/bounder/internal/usage"
)

const usageText = `usage: bounder tune --data FILE [flags]

Fits the evaluation weights to game results (Texel's method) and writes
them as Go source (eval/weights.go). FILE has one position per line: a FEN,
the result from white's view: 1.0, 0.5, 0.0 ([1.0] and c9 "1-0"; are
accepted too), and optionally a search score in centipawns from white's
view, as "bounder datagen" writes ("FEN 0.5 -23"); a gzip-compressed FILE
is read as well. The target blends the
result with the score (--lambda); the fit starts from, and is pulled toward
(--l2), the hand-set weights. Every flag is checked, and --out is tried,
before the data is read; weights that come out non-finite or beyond
±30000 centipawns are never written. Exit status: 0 on success; 2 for bad
flags, an unwritable --out, unreadable or malformed data; 1 when the
tuning diverges or the weights cannot be written.
`

// Ranges of the numeric flags. The bounds are far beyond any useful value:
// they are there to refuse NaN, infinities and values that can only end in
// overflow (a learning rate of 1e308 makes every weight infinite).
const (
	maxEpochs  = 1_000_000
	maxLR      = 1000 // centipawns per step
	maxK       = 10   // FitK searches K in [0.05, 10]
	maxL2      = 1
	maxThreads = 1024
)

// maxTunedWeight bounds the weights written: the evaluation's scores must
// stay below the search's mate scores (31000), so a weight beyond 30000
// centipawns can only come from a fit gone wrong.
const maxTunedWeight = 30000

// Main runs "bounder tune" with the arguments after the command name and
// returns the exit status: 0 on success, 2 for bad flags (an unwritable
// --out included) or unreadable or malformed data, 1 when the fit diverges
// or the weights cannot be written.
func Main(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("tune", flag.ContinueOnError)
	fs.SetOutput(io.Discard) // errors are reported below, on one line
	data := fs.String("data", "", "the tuning data `FILE` (required)")
	epochs := fs.Int("epochs", 100, "passes over the training data, up to 1000000 (0: only fit K and report the error)")
	out := fs.String("out", filepath.Join("eval", "weights.go"), "the `FILE` the tuned weights are written to")
	lr := fs.Float64("lr", 1.0, "Adam learning rate, in centipawns per step: more than 0, at most 1000")
	decay := fs.Float64("lr-decay", 0.98, "learning rate multiplier after each epoch: more than 0, at most 1")
	batch := fs.Int("batch", 16384, "mini-batch size (0: the whole training set)")
	kFlag := fs.Float64("k", 0, "scaling constant K, at most 10 (0: fit it)")
	initFrom := fs.String("init", "hand", "the starting weights, and the anchor of --l2: `hand|current`, eval.HandWeights or eval/weights.go as compiled in")
	threads := fs.Int("threads", 0, "worker goroutines, up to 1024 (0: GOMAXPROCS)")
	seed := fs.Int64("seed", 1, "shuffling seed")
	dryRun := fs.Bool("dry-run", false, "tune but do not write the weights")
	freeze := fs.String("freeze", "", "comma-separated weight `GROUPS` (as named in eval/weights.go) to keep at their starting values")
	l2 := fs.Float64("l2", 3e-7, "L2 regularisation toward the starting weights, at most 1: adds L2/2·Σ(w-start)² (w in centipawns) to the error (0: none)")
	lambda := fs.Float64("lambda", 0.5, "weight of the data's search scores in the target, in [0, 1]: (1-lambda)·result + lambda·sigmoid(Ks·score), Ks fitted to the results; lines without a score keep their result (0: results only)")
	classes := fs.Int("classes", 0, "print the `N` material classes whose evaluation bias weighs most: of all positions with --epochs 0, else of the validation positions after the fit (0: none)")
	scales := fs.Bool("scales", false, "fit one middlegame and one endgame multiplier per term of the breakdown instead of every weight (material and mop-up stay at 1), --epochs full-batch steps; --l2, --freeze, --min-count and --batch do not apply")
	minCount := fs.Int("min-count", 0, "keep the starting value of every weight (a feature's middlegame or endgame half) that fewer training positions determine, a position counting toward a middlegame weight by its phase (phase/24) and toward an endgame weight by the rest (0: tune all)")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			usage.Print(stdout, usageText, fs)
			return 0
		}
		fmt.Fprintf(stderr, "bounder tune: %v (see bounder tune --help)\n", err)
		return 2
	}
	bad := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "bounder tune: "+format+"\n", a...)
		return 2
	}
	// inRange: finite and within [lo, hi] (NaN fails every comparison, so
	// "v < lo" alone would let it through).
	inRange := func(v, lo, hi float64) bool { return v >= lo && v <= hi }
	switch {
	case fs.NArg() > 0:
		return bad("unexpected arguments %q", fs.Args())
	case *data == "":
		return bad("--data FILE is required (see bounder tune --help)")
	case *epochs < 0 || *epochs > maxEpochs:
		return bad("--epochs %d: want 0 to %d", *epochs, maxEpochs)
	case !inRange(*lr, 0, maxLR) || *lr == 0:
		return bad("--lr %g: want more than 0 and at most %d", *lr, maxLR)
	case !inRange(*decay, 0, 1) || *decay == 0:
		return bad("--lr-decay %g: want more than 0 and at most 1", *decay)
	case *batch < 0:
		return bad("--batch %d: want 0 or more", *batch)
	case !inRange(*kFlag, 0, maxK):
		return bad("--k %g: want 0 (fit it) to %d", *kFlag, maxK)
	case *threads < 0 || *threads > maxThreads:
		return bad("--threads %d: want 0 (GOMAXPROCS) to %d", *threads, maxThreads)
	case !inRange(*l2, 0, maxL2):
		return bad("--l2 %g: want 0 to %d", *l2, maxL2)
	case *minCount < 0:
		return bad("--min-count %d: want 0 or more", *minCount)
	case *classes < 0:
		return bad("--classes %d: want 0 or more", *classes)
	case !inRange(*lambda, 0, 1):
		return bad("--lambda %g: want 0 to 1", *lambda)
	}
	var w eval.Weights
	switch *initFrom {
	case "current":
		w = eval.DefaultWeights()
	case "hand":
		w = eval.HandWeights()
	default:
		return bad("--init must be current or hand, not %q", *initFrom)
	}
	writes := *epochs > 0 && !*dryRun
	if writes {
		// Found out now, not after an hour of tuning.
		if err := checkWritable(*out); err != nil {
			return bad("--out: %v", err)
		}
	}

	start := time.Now()
	f, err := os.Open(*data)
	if err != nil {
		return bad("%v", err)
	}
	r, err := gz.MaybeGzip(f) // the sets in docs/data are kept gzipped
	if err != nil {
		f.Close()
		return bad("%s: %v", *data, err)
	}
	train, valid, err := Load(r, LoadOptions{Name: *data, Holdout: 10, Threads: *threads})
	f.Close()
	if err != nil {
		return bad("%v", err)
	}
	if train.Len() == 0 {
		return bad("%s: no positions to train on", *data)
	}
	fmt.Fprintf(stderr, "loaded %d positions (%d training, %d validation, %d features) in %.1fs\n",
		train.Len()+valid.Len(), train.Len(), valid.Len(), len(train.coefs)+len(valid.coefs), time.Since(start).Seconds())

	lambdaSet := false
	fs.Visit(func(f *flag.Flag) { lambdaSet = lambdaSet || f.Name == "lambda" })
	if *lambda > 0 && train.Scored() == 0 {
		if lambdaSet {
			return bad("--lambda: %s has no search scores", *data)
		}
		fmt.Fprintln(stderr, "no search scores in the data: fitting the results alone")
		*lambda = 0
	}
	var ks float64
	if *lambda > 0 || *classes > 0 {
		ks = train.FitScoreK()
	}
	if *lambda > 0 {
		fmt.Fprintf(stderr, "search scores on %d of %d positions; their K = %.4f\n",
			train.Scored()+valid.Scored(), train.Len()+valid.Len(), ks)
		train.Blend(*lambda, ks)
		valid.Blend(*lambda, ks)
	}

	p := fromWeights(&w)
	k := *kFlag
	if k == 0 {
		t := time.Now()
		k = train.FitK(p, *threads)
		fmt.Fprintf(stderr, "fitted K = %.4f in %.1fs\n", k, time.Since(t).Seconds())
		if k < 0.06 || k > 9.9 {
			fmt.Fprintln(stderr, "warning: K is at the end of its search range: the results hardly follow the evaluation")
		}
	}
	trainBefore, validBefore := train.Error(p, k, *threads), valid.Error(p, k, *threads)
	fmt.Fprintf(stderr, "start     train %.6f  valid %.6f\n", trainBefore, validBefore)

	if *scales {
		conflict := ""
		fs.Visit(func(f *flag.Flag) {
			switch f.Name {
			case "l2", "freeze", "min-count", "batch":
				conflict = f.Name
			}
		})
		if conflict != "" {
			return bad("--%s does not apply with --scales", conflict)
		}
		sc := train.FitScales(p, k, *epochs, *threads)
		writeScales(stdout, &sc)
		p = sc.apply(p)
	}
	opt := newAdam(*lr, *threads)
	if *l2 > 0 {
		opt.regularize(*l2, p)
	}
	if *freeze != "" {
		if err := opt.freezeGroups(strings.Split(*freeze, ",")); err != nil {
			return bad("--freeze: %v", err)
		}
	}
	if *minCount > 0 {
		fmt.Fprintf(stderr, "froze %d weights (middlegame or endgame halves) that fewer than %d training positions determine\n",
			opt.freezeRare(train, *minCount), *minCount)
	}
	rng := rand.New(rand.NewSource(*seed))
	for e := 1; e <= *epochs && !*scales; e++ {
		t := time.Now()
		opt.epoch(train, p, k, *batch, rng)
		opt.lr *= *decay
		trainErr := train.Error(p, k, *threads)
		fmt.Fprintf(stderr, "epoch %3d train %.6f  valid %.6f  %.1fs\n", e,
			trainErr, valid.Error(p, k, *threads), time.Since(t).Seconds())
		if math.IsNaN(trainErr) || math.IsInf(trainErr, 0) {
			fmt.Fprintf(stderr, "bounder tune: the fit diverged at epoch %d (training error %g): try a smaller --lr; nothing written\n", e, trainErr)
			return 1
		}
	}
	if err := p.check(); err != nil {
		fmt.Fprintf(stderr, "bounder tune: the fit went wrong: %v; nothing written\n", err)
		return 1
	}

	tuned := p.weights()
	rounded := fromWeights(&tuned)
	trainAfter, validAfter := train.Error(rounded, k, *threads), valid.Error(rounded, k, *threads)
	fmt.Fprintf(stdout, "K %.4f, %d epochs, lambda %g\n", k, *epochs, *lambda)
	fmt.Fprintf(stdout, "training error   %.6f -> %.6f (%d positions)\n", trainBefore, trainAfter, train.Len())
	fmt.Fprintf(stdout, "validation error %.6f -> %.6f (%d positions)\n", validBefore, validAfter, valid.Len())
	if *lambda > 0 {
		// The error against the results alone, comparable across lambdas.
		valid.Blend(0, 0)
		resultsError := func(p *params) float64 { return valid.Error(p, valid.FitK(p, *threads), *threads) }
		validBefore, validAfter = resultsError(fromWeights(&w)), resultsError(rounded)
		fmt.Fprintf(stdout, "validation error against the results alone (K refitted) %.6f -> %.6f\n", validBefore, validAfter)
	}
	if *classes > 0 {
		// The evaluation's prediction with K fitted to the results alone,
		// the search scores' with their own K, beside the results: over
		// every position when nothing was fitted, else over the held-out
		// ones.
		sets, which := []*Dataset{valid}, "validation positions"
		if *epochs == 0 {
			train.Blend(0, 0)
			sets, which = []*Dataset{train, valid}, "positions"
		}
		valid.Blend(0, 0)
		kr := goldenSection(func(k float64) float64 {
			e := 0.0
			for _, d := range sets {
				e += d.Error(rounded, k, *threads) * float64(d.Len())
			}
			return e
		})
		rows := Classes(sets, rounded, kr, ks, classMin)
		n := min(*classes, len(rows))
		fmt.Fprintf(stdout, "\nthe %d material classes of the %s whose evaluation bias weighs most, of those with %d or more (K %.4f; the search scores' K %.4f):\n\n",
			n, which, classMin, kr, ks)
		writeClasses(stdout, rows[:n])
	}
	if !writes {
		return 0
	}
	how := "Tuned"
	if *scales {
		how = "Scaled by term"
	}
	note := fmt.Sprintf("%s by bounder tune from %s weights on %d positions of %s\n"+
		"(K %.4f, %d epochs, lambda %g, l2 %g): validation error against the\n"+
		"results %.6f -> %.6f on %d held-out positions.",
		how, *initFrom, train.Len(), filepath.Base(*data), k, *epochs, *lambda, *l2, validBefore, validAfter, valid.Len())
	src, err := WeightsSource(&tuned, note)
	if err != nil {
		fmt.Fprintf(stderr, "bounder tune: %v\n", err)
		return 1
	}
	if err := writeFile(*out, src); err != nil {
		fmt.Fprintf(stderr, "bounder tune: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "wrote %s\n", *out)
	return 0
}

// classMin is the fewest positions of a class --classes reports.
const classMin = 100

// check reports a parameter that cannot be written as a weight: not finite,
// or beyond ±maxTunedWeight.
func (p *params) check() error {
	for j, v := range p {
		if math.IsNaN(v) || math.IsInf(v, 0) || math.Abs(v) > maxTunedWeight {
			half := "middlegame"
			if j%2 == 1 {
				half = "endgame"
			}
			return fmt.Errorf("weight %d (%s) is %g", j/2, half, v)
		}
	}
	return nil
}

// checkWritable checks that a file can be created beside path (where
// writeFile puts it first) and that path is not a directory.
func checkWritable(path string) error {
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return fmt.Errorf("%s is a directory", path)
	}
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	f.Close()
	return os.Remove(f.Name())
}

// writeFile writes data to a new file beside path and renames it to path,
// so that path holds either its old content or all of data.
func writeFile(path string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	tmp := f.Name()
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp, 0o644) // CreateTemp makes it private
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
	}
	return err
}
