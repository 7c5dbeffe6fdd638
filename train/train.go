package train

import (
	"context"
	"encoding/gob"
	"fmt"
	"github.com/bounder-chess/bounder/internal/golden"
	"math"
	"math/rand"
	"os"
	"runtime"
	"slices"
	"sync"

	"github.com/bounder-chess/bounder/nnue"
	"github.com/bounder-chess/bounder/trainset"
)

// Config is a training run's settings.
type Config struct {
	N          int             // hidden size
	Buckets    int             // output buckets (0: 1)
	Act        nnue.Activation // the hidden layer's activation
	Epochs     int             // passes over the training set
	Batch      int             // positions per step
	LR         float64         // Adam's learning rate at the start
	DropEvery  int             // the rate is multiplied by Drop every this many epochs (0: never)
	Drop       float64
	Decay      float64 // AdamW's decoupled weight decay, per unit of learning rate (0: plain Adam)
	Lambda     float64 // weight of the search score in the target
	K          float64 // the sigmoid's scale in centipawns (0: fitted to the data)
	Seed       int64
	Workers    int // goroutines per step (0: one per core)
	ValidEvery int // every ValidEvery-th game is the validation set (0: none)
}

// DefaultConfig is bounder train's defaults.
func DefaultConfig() Config {
	return Config{N: 128, Buckets: 1, Epochs: 10, Batch: 1024, LR: 0.002, DropEvery: 4, Drop: 0.3, Lambda: 1, Seed: 1, ValidEvery: 20}
}

// Split divides records by game (the records up to a game-end flag are one
// game) into a training and a validation set: every validEvery-th game is
// validation, so that no game has positions in both.
func Split(recs []trainset.Record, validEvery int) (trainRecs, validRecs []trainset.Record) {
	g, start := 0, 0
	for i := range recs {
		if !recs[i].GameEnd() && i != len(recs)-1 {
			continue
		}
		if validEvery > 0 && g%validEvery == validEvery-1 {
			validRecs = append(validRecs, recs[start:i+1]...)
		} else {
			trainRecs = append(trainRecs, recs[start:i+1]...)
		}
		g++
		start = i + 1
	}
	return trainRecs, validRecs
}

// DropOpponent returns the records of recs that the data's own evaluation
// scored, dropping those its opponent's search scored (selfplay
// --opponent), in place.
func DropOpponent(recs []trainset.Record) []trainset.Record {
	return slices.DeleteFunc(recs, func(r trainset.Record) bool { return r.Opponent() })
}

// FitK returns the scale K (centipawns) at which sigmoid(score/K) best
// predicts the results of the records, by golden-section search of the
// mean squared error over K in [50, 1000].
func FitK(recs []trainset.Record) float64 {
	errAt := func(k float64) float64 {
		var e float64
		for i := range recs {
			d := sigmoid(float64(recs[i].Score())/k) - float64(recs[i].Result())/2
			e += d * d
		}
		return e
	}
	return golden.Minimize(errAt, 50, 1000, 0.5)
}

// Samples turns records into samples.
func Samples(recs []trainset.Record, k, lambda float64) []Sample {
	s := make([]Sample, len(recs))
	for i := range recs {
		MakeSample(&recs[i], k, lambda, &s[i])
	}
	return s
}

// Mirrored returns, for each sample of a record without castling rights,
// its mirror image across the d/e file boundary with the same target:
// chess without castling is symmetric under that mirror, so the copies
// double the data the net learns from where it holds. recs and samples
// are parallel (samples made from recs).
func Mirrored(recs []trainset.Record, samples []Sample) []Sample {
	var out []Sample
	for i := range recs {
		if recs[i].Castling() != 0 {
			continue
		}
		m := samples[i]
		for v := range m.Feat {
			for j := range m.Feat[v][:m.Count] {
				m.Feat[v][j] ^= 7 // the file bits of the square
			}
		}
		out = append(out, m)
	}
	return out
}

// State is what a checkpoint holds: the model, the optimiser's moments, the
// epochs done and the losses so far.
type State struct {
	Config    Config
	Model     Model
	M, V      []float32
	Step      int
	Epoch     int
	TrainLoss []float64
	ValidLoss []float64
	K         float64
}

// NewState starts a run.
func NewState(cfg Config, k float64) *State {
	m := NewModel(cfg.N, max(cfg.Buckets, 1), cfg.Seed)
	m.Act = cfg.Act
	return &State{Config: cfg, Model: *m, M: make([]float32, len(m.Params)), V: make([]float32, len(m.Params)), K: k}
}

// SaveState writes a checkpoint, through a temporary file so that a stop
// never leaves a torn one.
func SaveState(path string, st *State) error {
	tmp := path + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return err
	}
	if err := gob.NewEncoder(f).Encode(st); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// LoadState reads a checkpoint.
func LoadState(path string) (*State, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var st State
	if err := gob.NewDecoder(f).Decode(&st); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if len(st.Model.Params) != paramCount(st.Model.N, st.Model.buckets()) || len(st.M) != len(st.Model.Params) || len(st.V) != len(st.Model.Params) {
		return nil, fmt.Errorf("%s: not a checkpoint of this trainer (wrong sizes)", path)
	}
	return &st, nil
}

// RunEpoch runs one pass over train in shuffled mini-batches and returns the
// mean training loss.
func (st *State) RunEpoch(ctx context.Context, train []Sample) (float64, error) {
	cfg := st.Config
	workers := cfg.Workers
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	rng := rand.New(rand.NewSource(cfg.Seed + int64(st.Epoch)*7919))
	order := rng.Perm(len(train))
	lr := cfg.LR
	if cfg.DropEvery > 0 {
		lr *= math.Pow(cfg.Drop, float64(st.Epoch/cfg.DropEvery))
	}
	m := &st.Model
	scr := make([]*scratch, workers)
	for i := range scr {
		scr[i] = newScratch(m.N, len(m.Params))
	}
	losses := make([]float64, workers)
	var total float64
	for start := 0; start < len(order); start += cfg.Batch {
		if err := ctx.Err(); err != nil {
			return 0, err
		}
		batch := order[start:min(start+cfg.Batch, len(order))]
		var wg sync.WaitGroup
		for w := 0; w < workers; w++ {
			lo, hi := len(batch)*w/workers, len(batch)*(w+1)/workers
			wg.Add(1)
			go func(w int, part []int) {
				defer wg.Done()
				sc := scr[w]
				clear(sc.grad)
				var l float64
				for _, i := range part {
					l += m.lossGrad(&train[i], st.K, sc)
				}
				losses[w] = l
			}(w, batch[lo:hi])
		}
		wg.Wait()
		g := scr[0].grad
		for w := 1; w < workers; w++ {
			for i, x := range scr[w].grad {
				g[i] += x
			}
		}
		for w := range losses {
			total += losses[w]
		}
		st.adam(g, float32(1/float64(len(batch))), lr, cfg.Decay)
	}
	st.Epoch++
	return total / float64(len(train)), nil
}

// adam takes one step on gradient g scaled by scale, with AdamW's
// decoupled weight decay when decay > 0: every weight (not the biases) is
// also shrunk by lr·decay of itself, whether or not its gradient is zero,
// meant to keep the rows of rarely seen features from growing on the few
// positions that have them.
func (st *State) adam(g []float32, scale float32, lr, decay float64) {
	const b1, b2, eps = 0.9, 0.999, 1e-8
	st.Step++
	c1 := 1 - math.Pow(b1, float64(st.Step))
	c2 := 1 - math.Pow(b2, float64(st.Step))
	step := float32(lr * math.Sqrt(c2) / c1)
	p, mo, v := st.Model.Params, st.M, st.V
	nftw := nnue.Inputs * st.Model.N
	// The weights are the transformer's (before nftw) and the output
	// layer's (from wLo to wHi); the biases sit between and after.
	wLo, wHi := nftw+st.Model.N, nftw+st.Model.N+st.Model.buckets()*2*st.Model.N
	shrink := float32(1 - lr*decay)
	// SCReLU's output weights are clipped too: the quantised net takes
	// c·w in int16 (nnue's package doc), so |w·QB| must stay within 127.
	clipOut := st.Model.Act == nnue.SCReLU
	for i := range p {
		gi := g[i] * scale
		mo[i] = b1*mo[i] + (1-b1)*gi
		v[i] = b2*v[i] + (1-b2)*gi*gi
		if decay > 0 && (i < nftw || i >= wLo && i < wHi) {
			p[i] *= shrink
		}
		p[i] -= step * mo[i] / (float32(math.Sqrt(float64(v[i]))) + eps)
		if i < nftw || clipOut && i >= wLo && i < wHi {
			p[i] = max(-weightClip, min(weightClip, p[i]))
		}
	}
}

// Loss is the mean loss of the model on samples, computed on every core.
func (m *Model) Loss(samples []Sample, k float64) float64 {
	workers := runtime.NumCPU()
	sums := make([]float64, workers)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		lo, hi := len(samples)*w/workers, len(samples)*(w+1)/workers
		wg.Add(1)
		go func(w int, part []Sample) {
			defer wg.Done()
			sc := newScratch(m.N, 0)
			for i := range part {
				p := sigmoid(float64(m.forward(&part[i], sc)) * nnue.Scale / k)
				d := p - float64(part[i].Target)
				sums[w] += d * d
			}
		}(w, samples[lo:hi])
	}
	wg.Wait()
	var t float64
	for _, s := range sums {
		t += s
	}
	return t / float64(max(1, len(samples)))
}

// Dequantise returns the float model of a quantised net, to continue
// training from it: each weight is the int one over its scale, so that
// Quantise gives the net back exactly.
func Dequantise(net *nnue.Net) *Model {
	m := &Model{N: net.N, B: net.Buckets(), Act: net.Act, Params: make([]float32, paramCount(net.N, net.Buckets()))}
	ftw, ftb, outw, outb := m.parts()
	for i, x := range net.FTW {
		ftw[i] = float32(x) / nnue.QA
	}
	for i, x := range net.FTB {
		ftb[i] = float32(x) / nnue.QA
	}
	for i, x := range net.OutW {
		outw[i] = float32(x) / nnue.QB
	}
	for i, x := range net.OutB {
		outb[i] = float32(x) / (nnue.QA * nnue.QB)
	}
	return m
}

// Grow returns m widened to hidden size n (at least m.N): the old units
// keep their weights and the new ones get random transformer weights (as
// NewModel's, from seed) and zero output weights, so the grown model
// computes exactly what m does and training goes on from there.
func Grow(m *Model, n int, seed int64) *Model {
	g := NewModel(n, m.buckets(), seed)
	g.Act = m.Act
	ftw, ftb, outw, outb := m.parts()
	gftw, gftb, goutw, goutb := g.parts()
	for f := 0; f < nnue.Inputs; f++ {
		copy(gftw[f*n:f*n+m.N], ftw[f*m.N:(f+1)*m.N])
	}
	clear(gftb)
	copy(gftb, ftb)
	clear(goutw)
	for k := 0; k < m.buckets(); k++ {
		o, o2 := outw[k*2*m.N:], goutw[k*2*n:]
		copy(o2[:m.N], o[:m.N])
		copy(o2[n:n+m.N], o[m.N:2*m.N])
	}
	copy(goutb, outb)
	return g
}

// Rebucket returns m, a model of one output bucket, with b buckets that
// each start as its one (the same weights and bias), so that it computes
// exactly what m does and training lets the buckets part.
func Rebucket(m *Model, b int) *Model {
	r := &Model{N: m.N, B: b, Act: m.Act, Params: make([]float32, paramCount(m.N, b))}
	ftw, ftb, outw, outb := m.parts()
	rftw, rftb, routw, routb := r.parts()
	copy(rftw, ftw)
	copy(rftb, ftb)
	for k := 0; k < b; k++ {
		copy(routw[k*2*m.N:(k+1)*2*m.N], outw)
		routb[k] = outb[0]
	}
	return r
}

// Quantise returns the integer network of the model.
func (m *Model) Quantise() *nnue.Net {
	ftw, ftb, outw, outb := m.parts()
	q := func(x float32, s float64) int16 {
		v := math.Round(float64(x) * s)
		return int16(max(-32767, min(32767, v)))
	}
	net := &nnue.Net{N: m.N, B: m.buckets(), Act: m.Act, FTW: make([]int16, len(ftw)), FTB: make([]int16, len(ftb)), OutW: make([]int16, len(outw)), OutB: make([]int32, len(outb))}
	for i, x := range ftw {
		net.FTW[i] = q(x, nnue.QA)
	}
	for i, x := range ftb {
		net.FTB[i] = q(x, nnue.QA)
	}
	for i, x := range outw {
		net.OutW[i] = q(x, nnue.QB)
	}
	for i, x := range outb {
		net.OutB[i] = int32(math.Round(float64(x) * nnue.QA * nnue.QB))
	}
	return net
}
