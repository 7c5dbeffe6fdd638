package train

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"time"

	"github.com/bounder-chess/bounder/engine"
	"github.com/bounder-chess/bounder/eval"
	"github.com/bounder-chess/bounder/internal/usage"
	"github.com/bounder-chess/bounder/nnue"
	"github.com/bounder-chess/bounder/trainset"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

const usageText = `usage: bounder train --out NET [flags] FILE...

Fits the network evaluation (768 → N) × 2 → B to the training data FILEs
(bounder selfplay's) and writes it quantised to NET, the file the
EvalFile option loads. Every --valid-every-th game is held out for
validation; the training and validation losses are printed each epoch
(and plotted with --plot). With --checkpoint the state is saved after
each epoch and a run started again with the same checkpoint continues
from it; --init starts from the weights of an earlier NET instead of
random ones, to go on training it on new data. The hand-crafted
evaluation's loss on the validation set is printed first, as the
yardstick for the net's. NET is written only when training ends, through
a temporary file, so a stopped run or a corrupt FILE (named with its
record) leaves an earlier NET as it was. Exit status: 0, 1 on an error,
2 for a usage error.`

// Main is "bounder train".
func Main(args []string, stdout, stderr io.Writer) int {
	def := DefaultConfig()
	fs := flag.NewFlagSet("train", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	out := fs.String("out", "", "the network `FILE` to write (required)")
	ckpt := fs.String("checkpoint", "", "a checkpoint `FILE`: saved after each epoch, continued from when it exists")
	plotPath := fs.String("plot", "", "plot the losses by epoch to this PNG `FILE`")
	n := fs.Int("hidden", def.N, "hidden neurons per view, N")
	buckets := fs.Int("buckets", def.Buckets, "output buckets B, by the number of pieces on the board, 1 to 32; with --init of a one-bucket net, each starts as its output")
	actName := fs.String("activation", def.Act.String(), "the hidden layer's activation: CReLU, clamp(x, 0, 1), or SCReLU, its square; with --init, the net's unless given")
	epochs := fs.Int("epochs", def.Epochs, "passes over the training data")
	batch := fs.Int("batch", def.Batch, "positions per step")
	lr := fs.Float64("lr", def.LR, "Adam's learning rate at the start")
	decay := fs.Float64("weight-decay", def.Decay, "AdamW's decoupled weight decay of the weights, per unit of learning rate (0: Adam)")
	dropEvery := fs.Int("drop-every", def.DropEvery, "multiply the learning rate by --drop every N epochs (0: never)")
	drop := fs.Float64("drop", def.Drop, "see --drop-every")
	lambda := fs.Float64("lambda", def.Lambda, "weight of the search score in the target, in [0, 1] (the rest is the game's result)")
	k := fs.Float64("k", 0, "the sigmoid's scale in centipawns (0: fitted to the data)")
	seed := fs.Int64("seed", def.Seed, "seed of the initial weights and the order of the positions")
	validEvery := fs.Int("valid-every", def.ValidEvery, "hold out every N-th game for validation (0: none)")
	initNet := fs.String("init", "", "start from the weights of this network `FILE` instead of random ones, to go on training it on new data; its hidden size is used, or a larger --hidden grows it")
	mirror := fs.Bool("mirror", true, "add the mirror image (files a-h reversed) of each training position without castling rights")
	skipOpp := fs.Bool("skip-opponent", false, "train and validate only on the positions the data's own evaluation scored, not those of its --opponent in bounder selfplay")
	maxTrain := fs.Int("max-train", 0, "train on the first N training positions only, for learning curves (0: all); the validation set is unchanged")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			usage.Print(stdout, usageText, fs)
			return 0
		}
		fmt.Fprintf(stderr, "bounder train: %v (see bounder train --help)\n", err)
		return 2
	}
	bad := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "bounder train: "+format+"\n", a...)
		return 2
	}
	switch {
	case *out == "":
		return bad("--out is required")
	case fs.NArg() == 0:
		return bad("no training data FILE")
	case *n < 8 || *n > 2048:
		return bad("--hidden must be 8 to 2048")
	case *buckets < 1 || *buckets > 32:
		return bad("--buckets must be 1 to 32")
	case *batch < 1 || *epochs < 0:
		return bad("--batch must be positive and --epochs not negative")
	case *decay < 0 || *decay*(*lr) >= 1:
		return bad("--weight-decay must be at least 0 and below 1/--lr")
	case *lambda < 0 || *lambda > 1:
		return bad("--lambda must be in [0, 1]")
	case *maxTrain < 0:
		return bad("--max-train must not be negative")
	case *validEvery == 1:
		return bad("--valid-every 1 would leave nothing to train on")
	}
	act, ok := nnue.ParseActivation(*actName)
	if !ok {
		return bad("unknown --activation %q (want CReLU or SCReLU)", *actName)
	}
	fail := func(err error) int {
		fmt.Fprintf(stderr, "bounder train: %v\n", err)
		return 1
	}
	var recs []trainset.Record
	for _, path := range fs.Args() {
		r, err := trainset.ReadFile(path)
		if err != nil {
			return fail(err)
		}
		recs = append(recs, r...)
	}
	if len(recs) == 0 {
		return fail(errors.New("the data holds no position"))
	}
	cfg := Config{N: *n, Buckets: *buckets, Act: act, Epochs: *epochs, Batch: *batch, LR: *lr, Decay: *decay, DropEvery: *dropEvery, Drop: *drop,
		Lambda: *lambda, K: *k, Seed: *seed, ValidEvery: *validEvery}
	var st *State
	if *ckpt != "" {
		if _, err := os.Stat(*ckpt); err == nil {
			s, err := LoadState(*ckpt)
			if err != nil {
				return fail(err)
			}
			st = s
			st.Config.Epochs = cfg.Epochs // a continued run may be given more epochs
			fmt.Fprintf(stdout, "continuing %s after epoch %d\n", *ckpt, st.Epoch)
		}
	}
	trainRecs, validRecs := Split(recs, cfg.ValidEvery)
	if *skipOpp {
		trainRecs, validRecs = DropOpponent(trainRecs), DropOpponent(validRecs)
		if len(trainRecs) == 0 {
			return fail(errors.New("--skip-opponent leaves no position to train on"))
		}
	}
	if *maxTrain > 0 && *maxTrain < len(trainRecs) {
		trainRecs = trainRecs[:*maxTrain]
	}
	if st == nil {
		kk := cfg.K
		if kk == 0 {
			kk = FitK(trainRecs)
		}
		st = NewState(cfg, kk)
		if *initNet != "" {
			raw, err := os.ReadFile(*initNet)
			if err != nil {
				return fail(err)
			}
			net, err := nnue.Parse(raw)
			if err != nil {
				return fail(fmt.Errorf("%s: %v", *initNet, err))
			}
			m := Dequantise(net)
			hiddenSet, bucketsSet, actSet := false, false, false
			fs.Visit(func(f *flag.Flag) {
				hiddenSet = hiddenSet || f.Name == "hidden"
				bucketsSet = bucketsSet || f.Name == "buckets"
				actSet = actSet || f.Name == "activation"
			})
			if actSet && act != m.Act {
				m.Act = act
				fmt.Fprintf(stdout, "the net's %s becomes %s (its scores change until it is trained)\n", net.Act, act)
			}
			switch {
			case bucketsSet && cfg.Buckets != net.Buckets() && net.Buckets() != 1:
				return bad("--buckets %d: --init's net has %d buckets (only a one-bucket net can be given buckets)", cfg.Buckets, net.Buckets())
			case bucketsSet && cfg.Buckets != net.Buckets():
				m = Rebucket(m, cfg.Buckets)
				fmt.Fprintf(stdout, "giving the net %d output buckets, each starting as its one\n", cfg.Buckets)
			}
			switch {
			case hiddenSet && cfg.N < net.N:
				return bad("--hidden %d is below the hidden size %d of --init's net (a net can grow, not shrink)", cfg.N, net.N)
			case hiddenSet && cfg.N > net.N:
				m = Grow(m, cfg.N, cfg.Seed)
				fmt.Fprintf(stdout, "growing the net from hidden size %d to %d (the new units start silent)\n", net.N, cfg.N)
			}
			st.Config.N, st.Config.Buckets, st.Config.Act = m.N, m.buckets(), m.Act
			st.Model = *m
			st.M, st.V = make([]float32, len(st.Model.Params)), make([]float32, len(st.Model.Params))
			fmt.Fprintf(stdout, "starting from %s (%s, hidden size %d)\n", *initNet, net.Version, net.N)
		}
	}
	cfg = st.Config
	fmt.Fprintf(stdout, "%d positions: %d training, %d validation; K %.1f, lambda %g, hidden %d, buckets %d, %s\n",
		len(recs), len(trainRecs), len(validRecs), st.K, cfg.Lambda, cfg.N, st.Model.buckets(), st.Model.Act)
	trainS := Samples(trainRecs, st.K, cfg.Lambda)
	if *mirror {
		m := Mirrored(trainRecs, trainS)
		fmt.Fprintf(stdout, "mirrored: %d more training positions\n", len(m))
		trainS = append(trainS, m...)
	}
	validS := Samples(validRecs, st.K, cfg.Lambda)
	if len(validRecs) > 0 {
		fmt.Fprintf(stdout, "the hand-crafted evaluation (Full) on the validation set: loss %.6f\n", HandLoss(validRecs, st.K, cfg.Lambda))
	}
	if len(validS) > 0 && st.Epoch == 0 && *initNet != "" {
		fmt.Fprintf(stdout, "the --init net on the validation set: loss %.6f\n", st.Model.Loss(validS, st.K))
	}
	ctx, cancel := signal.NotifyContext(context.Background(), os.Interrupt)
	defer cancel()
	for st.Epoch < cfg.Epochs {
		t0 := time.Now()
		tl, err := st.RunEpoch(ctx, trainS)
		if err != nil {
			return fail(err)
		}
		vl := math.NaN()
		if len(validS) > 0 {
			vl = st.Model.Loss(validS, st.K)
		}
		st.TrainLoss = append(st.TrainLoss, tl)
		st.ValidLoss = append(st.ValidLoss, vl)
		fmt.Fprintf(stdout, "epoch %3d  train %.6f  valid %.6f  %.1fs\n", st.Epoch, tl, vl, time.Since(t0).Seconds())
		if *ckpt != "" {
			if err := SaveState(*ckpt, st); err != nil {
				return fail(err)
			}
		}
	}
	if *plotPath != "" {
		if err := PlotLoss(*plotPath, st); err != nil {
			return fail(err)
		}
	}
	net := st.Model.Quantise()
	mean, worst := QuantisationError(&st.Model, net, validRecs, 20000)
	fmt.Fprintf(stdout, "quantised: mean |float - int| %.2f cp, largest %.1f cp over %d validation positions\n", mean, worst, min(20000, len(validRecs)))
	if err := writeAtomic(*out, net.Bytes()); err != nil {
		return fail(err)
	}
	fmt.Fprintf(stdout, "wrote %s (%s)\n", *out, nnue.MustParse(net.Bytes()).Version)
	return 0
}

// HandLoss is the loss of the hand-crafted evaluation (Full) on recs, in
// the trainer's terms: the yardstick a net's validation loss is read
// against.
func HandLoss(recs []trainset.Record, k, lambda float64) float64 {
	ev := eval.New()
	var s Sample
	var sum float64
	n := 0
	for i := range recs {
		pos, err := engine.ParseFEN(recs[i].FEN())
		if err != nil {
			continue
		}
		MakeSample(&recs[i], k, lambda, &s)
		d := sigmoid(float64(ev.Evaluate(pos))/k) - float64(s.Target)
		sum += d * d
		n++
	}
	return sum / float64(max(1, n))
}

// QuantisationError compares the float model with its quantised net on up
// to limit records: the mean and the largest absolute difference, in
// centipawns.
func QuantisationError(m *Model, net *nnue.Net, recs []trainset.Record, limit int) (mean, worst float64) {
	var s Sample
	n := 0
	for i := range recs {
		if n == limit {
			break
		}
		pos, err := engine.ParseFEN(recs[i].FEN())
		if err != nil {
			continue
		}
		MakeSample(&recs[i], 400, 0, &s)
		d := math.Abs(m.Eval(&s) - float64(net.Evaluate(pos)))
		mean += d
		worst = max(worst, d)
		n++
	}
	return mean / float64(max(1, n)), worst
}

func writeAtomic(path string, data []byte) error {
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// PlotLoss draws the training and validation losses by epoch.
func PlotLoss(path string, st *State) error {
	p := plot.New()
	p.Title.Text = fmt.Sprintf("Training the network: hidden %d, lambda %g", st.Config.N, st.Config.Lambda)
	p.X.Label.Text = "epoch"
	p.Y.Label.Text = "mean squared error"
	for _, c := range []struct {
		name string
		l    []float64
	}{{"training", st.TrainLoss}, {"validation", st.ValidLoss}} {
		var xy plotter.XYs
		for i, v := range c.l {
			if !math.IsNaN(v) {
				xy = append(xy, plotter.XY{X: float64(i + 1), Y: v})
			}
		}
		if len(xy) == 0 {
			continue
		}
		line, err := plotter.NewLine(xy)
		if err != nil {
			return err
		}
		if c.name == "validation" {
			line.Dashes = []vg.Length{vg.Points(4), vg.Points(2)}
		}
		p.Add(line)
		p.Legend.Add(c.name, line)
	}
	p.Legend.Top = true // the losses fall from the top left: the top right stays clear
	return p.Save(7*vg.Inch, 4*vg.Inch, path)
}
