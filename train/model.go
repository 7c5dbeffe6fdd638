// Package train fits Bounder's network (package nnue) to self-play data
// (package trainset) in float32 and writes it quantised: "bounder train".
//
// The loss is the mean squared error between sigmoid(eval/K), eval the
// net's score in centipawns for the side to move, and the target
// lambda·sigmoid(score/K) + (1−lambda)·result, score the search's score and
// result the game's (1 win, ½ draw, 0 loss), both for the side to move.
// K is fitted to the data first (the scale at which the search's scores
// best predict the results), as bounder tune fits its K. The optimiser is
// Adam, or AdamW with a decoupled weight decay (Config.Decay), with a step
// decay of the learning rate; a mini-batch is split
// across the cores in fixed slices whose gradients are summed in a fixed
// order, so a run is deterministic for a given seed.
package train

import (
	"math"
	"math/rand"

	"github.com/bounder-chess/bounder/engine"
	"github.com/bounder-chess/bounder/nnue"
	"github.com/bounder-chess/bounder/trainset"
)

// weightClip bounds the transformer's weights so that the int16
// accumulator of the quantised net cannot overflow: 32 pieces times
// 1.98·QA plus the bias stays below 32767.
const weightClip = 1.98

// Model is the float network: the parameters, in one slice so that the
// optimiser sees one vector.
type Model struct {
	N      int
	B      int             // output buckets (nnue.Bucket; 0, in an older checkpoint, is 1)
	Act    nnue.Activation // CReLU (0, as older checkpoints have it) or SCReLU
	Params []float32       // FTW (Inputs·N), FTB (N), OutW (B·2N), OutB (B)
}

// paramCount is the number of parameters of hidden size n and b buckets.
func paramCount(n, b int) int { return nnue.Inputs*n + n + b*(2*n+1) }

// buckets is the model's number of output buckets.
func (m *Model) buckets() int { return max(m.B, 1) }

// NewModel returns a model of hidden size n and b output buckets with
// seeded random weights.
func NewModel(n, b int, seed int64) *Model {
	m := &Model{N: n, B: b, Params: make([]float32, paramCount(n, b))}
	rng := rand.New(rand.NewSource(seed))
	ftw, _, outw, _ := m.parts()
	for i := range ftw {
		ftw[i] = float32(rng.NormFloat64() * 0.05)
	}
	for i := range outw {
		outw[i] = float32(rng.NormFloat64() / math.Sqrt(float64(2*n)))
	}
	return m
}

func (m *Model) parts() (ftw, ftb, outw, outb []float32) {
	return split(m.Params, m.N, m.buckets())
}

func split(p []float32, n, b int) (ftw, ftb, outw, outb []float32) {
	a := nnue.Inputs * n
	o := a + n + b*2*n
	return p[:a], p[a : a+n], p[a+n : o], p[o : o+b]
}

// output is the output weights and bias of the bucket of sample s.
func (m *Model) output(p []float32, s *Sample) (w []float32, b *float32) {
	_, _, outw, outb := split(p, m.N, m.buckets())
	k := nnue.Bucket(s.Count, m.buckets())
	return outw[k*2*m.N : (k+1)*2*m.N], &outb[k]
}

// Sample is a position's features and its target.
type Sample struct {
	Feat   [2][32]uint16 // the features of each view (White's, Black's)
	Count  int
	Stm    engine.Color
	Target float32
}

// MakeSample turns a record into a sample with the given K and lambda.
func MakeSample(r *trainset.Record, k, lambda float64, s *Sample) {
	s.Count = 0
	r.ForEach(func(sq engine.Square, pc engine.Piece) {
		for v := uint8(0); v < 2; v++ {
			s.Feat[v][s.Count] = uint16(nnue.Feature(v, uint8(pc.Color()), uint8(pc.Type()), uint8(sq)))
		}
		s.Count++
	})
	s.Stm = r.Side()
	score, result := float64(r.Score()), float64(r.Result())/2
	if s.Stm == engine.Black {
		score, result = -score, 1-result
	}
	s.Target = float32(lambda*sigmoid(score/k) + (1-lambda)*result)
}

func sigmoid(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

// scratch is one goroutine's working memory.
type scratch struct {
	acc  [2][]float32
	d    []float32 // the gradient at an accumulator
	grad []float32
}

func newScratch(n, params int) *scratch {
	return &scratch{acc: [2][]float32{make([]float32, n), make([]float32, n)}, d: make([]float32, n), grad: make([]float32, params)}
}

// Forward returns the net's score of a sample in units of Scale
// centipawns, filling sc's accumulators.
func (m *Model) forward(s *Sample, sc *scratch) float32 {
	ftw, ftb, _, _ := m.parts()
	outw, outb := m.output(m.Params, s)
	n := m.N
	for v := 0; v < 2; v++ {
		a := sc.acc[v]
		copy(a, ftb)
		for _, f := range s.Feat[v][:s.Count] {
			addRow(a, ftw[int(f)*n:int(f)*n+n])
		}
	}
	us, them := sc.acc[s.Stm], sc.acc[s.Stm^1]
	out := *outb
	if m.Act == nnue.SCReLU {
		for j := 0; j < n; j++ {
			a, b := clip(us[j]), clip(them[j])
			out += outw[j]*a*a + outw[n+j]*b*b
		}
		return out
	}
	for j := 0; j < n; j++ {
		out += outw[j]*clip(us[j]) + outw[n+j]*clip(them[j])
	}
	return out
}

// addF32 adds src to dst, element by element: the plain Go row addition.
func addF32(dst, src []float32) {
	src = src[:len(dst)]
	for j := range dst {
		dst[j] += src[j]
	}
}

func clip(x float32) float32 {
	if x < 0 {
		return 0
	}
	if x > 1 {
		return 1
	}
	return x
}

// Eval is the float net's score of a sample in centipawns.
func (m *Model) Eval(s *Sample) float64 {
	sc := newScratch(m.N, 0)
	return float64(m.forward(s, sc)) * nnue.Scale
}

// lossGrad returns the loss of a sample's prediction and adds its gradient
// to sc.grad.
func (m *Model) lossGrad(s *Sample, k float64, sc *scratch) float64 {
	out := m.forward(s, sc)
	p := sigmoid(float64(out) * nnue.Scale / k)
	diff := p - float64(s.Target)
	g := float32(2 * diff * p * (1 - p) * nnue.Scale / k)
	if g == 0 {
		return diff * diff
	}
	outw, _ := m.output(m.Params, s)
	gftw, gftb, _, _ := split(sc.grad, m.N, m.buckets())
	goutw, goutb := m.output(sc.grad, s)
	n := m.N
	*goutb += g
	for side := 0; side < 2; side++ {
		view := int(s.Stm) ^ side
		a, d := sc.acc[view], sc.d
		w := outw[side*n : side*n+n]
		gw := goutw[side*n : side*n+n]
		sq := m.Act == nnue.SCReLU
		for j := 0; j < n; j++ {
			x := a[j]
			c := clip(x)
			switch {
			case x <= 0 || x >= 1:
				d[j] = 0
			case sq:
				d[j] = 2 * c * g * w[j]
			default:
				d[j] = g * w[j]
			}
			if sq {
				c *= c
			}
			gw[j] += g * c
			gftb[j] += d[j]
		}
		for _, f := range s.Feat[view][:s.Count] {
			addRow(gftw[int(f)*n:int(f)*n+n], d)
		}
	}
	return diff * diff
}
