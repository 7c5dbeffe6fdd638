package tune

import (
	"fmt"
	"github.com/bounder-chess/bounder/internal/golden"
	"math"
	"math/rand"
	"runtime"
	"sync"

	"github.com/bounder-chess/bounder/eval"
)

// nParams is the number of tuned values: a middlegame and an endgame value per weight.
const nParams = 2 * eval.NumWeights

// params are weights as floats: params[2i] is weight i's middlegame value,
// params[2i+1] its endgame value.
type params [nParams]float64

func fromWeights(w *eval.Weights) *params {
	var p params
	for i, s := range w {
		p[2*i], p[2*i+1] = float64(s.MG), float64(s.EG)
	}
	return &p
}

func (p *params) weights() eval.Weights {
	var w eval.Weights
	for i := range w {
		w[i] = eval.S{MG: int32(math.Round(p[2*i])), EG: int32(math.Round(p[2*i+1]))}
	}
	return w
}

const taperNorm = eval.MaxPhase * eval.ScaleNorm

// score is the evaluation of s from white's view (as a float: the integer
// evaluation without its rounding and clamp), and the scale it used.
func (d *Dataset) score(s *sample, p *params) (v float64, scale float64) {
	var mg, eg float64
	for _, c := range d.coefs[s.start : s.start+uint32(s.n)] {
		mg += p[2*int(c.idx)] * float64(c.val)
		eg += p[2*int(c.idx)+1] * float64(c.val)
	}
	t := mg*float64(s.phase) + eg*float64(eval.MaxPhase-int(s.phase))
	scale = float64(s.scaleW)
	if t < 0 {
		scale = float64(s.scaleB)
	}
	return t * scale / taperNorm, scale
}

// sigmoid maps a white-view score to an expected result: Texel's
// 1/(1+10^(-K·score/400)).
func sigmoid(k, v float64) float64 { return 1 / (1 + math.Pow(10, -k*v/400)) }

// parallel runs f over [0,n) split into contiguous ranges, one per worker.
func parallel(n, threads int, f func(worker, lo, hi int)) {
	if threads <= 0 {
		threads = runtime.GOMAXPROCS(0)
	}
	threads = max(1, min(threads, n/256+1))
	var wg sync.WaitGroup
	chunk := (n + threads - 1) / threads
	for w := 0; w < threads; w++ {
		lo, hi := min(w*chunk, n), min((w+1)*chunk, n)
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			f(w, lo, hi)
		}(w)
	}
	wg.Wait()
}

// Error is the mean squared error between the targets (the results unless
// Blend changed them) and the sigmoid of the scores with scaling constant k.
func (d *Dataset) Error(p *params, k float64, threads int) float64 {
	if len(d.samples) == 0 {
		return 0
	}
	sums := make([]float64, max(threads, runtime.GOMAXPROCS(0))+1)
	parallel(len(d.samples), threads, func(w, lo, hi int) {
		sum := 0.0
		for i := lo; i < hi; i++ {
			s := &d.samples[i]
			v, _ := d.score(s, p)
			e := float64(s.target) - sigmoid(k, v)
			sum += e * e
		}
		sums[w] = sum
	})
	total := 0.0
	for _, s := range sums {
		total += s
	}
	return total / float64(len(d.samples))
}

// Scored is the number of samples that carry a search score.
func (d *Dataset) Scored() int {
	n := 0
	for i := range d.samples {
		if d.samples[i].hasScore {
			n++
		}
	}
	return n
}

// FitScoreK fits the scaling constant of the data's own search scores: the
// K that makes sigmoid(K, score) predict the results best, over the samples
// that carry a score (0 if none do). The scores come from another engine,
// whose centipawns need not be Bounder's.
func (d *Dataset) FitScoreK() float64 {
	if d.Scored() == 0 {
		return 0
	}
	return goldenSection(func(k float64) float64 {
		sum := 0.0
		for i := range d.samples {
			if s := &d.samples[i]; s.hasScore {
				e := float64(s.result) - sigmoid(k, float64(s.score))
				sum += e * e
			}
		}
		return sum
	})
}

// Blend sets every sample's target to (1-lambda)·result +
// lambda·sigmoid(kScore, score) where it has a score, and to its result
// where it has none. lambda 0 restores the results.
func (d *Dataset) Blend(lambda, kScore float64) {
	for i := range d.samples {
		s := &d.samples[i]
		s.target = s.result
		if s.hasScore && lambda > 0 {
			s.target = float32((1-lambda)*float64(s.result) + lambda*sigmoid(kScore, float64(s.score)))
		}
	}
}

// FitK finds the scaling constant that minimises the error with the
// weights p: a golden-section search over [0.05, 10] (the error is
// unimodal in K in practice).
func (d *Dataset) FitK(p *params, threads int) float64 {
	return goldenSection(func(k float64) float64 { return d.Error(p, k, threads) })
}

// goldenSection minimises f over K in [0.05, 10] (f unimodal).
func goldenSection(f func(k float64) float64) float64 { return golden.Minimize(f, 0.05, 10, 1e-4) }

// gradient adds to grad the gradient of the summed squared error of the
// samples idx[lo:hi] (sample indices) with respect to the parameters.
func (d *Dataset) gradient(p *params, k float64, idx []int32, grad *params) {
	c := -2 * math.Ln10 * k / 400 / taperNorm
	for _, i := range idx {
		s := &d.samples[i]
		v, scale := d.score(s, p)
		if scale == 0 {
			continue
		}
		sg := sigmoid(k, v)
		// d(r-σ)²/dv = -2(r-σ)·σ(1-σ)·ln10·k/400; dv/dmg_i = c_i·phase·scale/taperNorm
		g := c * (float64(s.target) - sg) * sg * (1 - sg) * scale
		gmg, geg := g*float64(s.phase), g*float64(eval.MaxPhase-int(s.phase))
		for _, cf := range d.coefs[s.start : s.start+uint32(s.n)] {
			grad[2*int(cf.idx)] += gmg * float64(cf.val)
			grad[2*int(cf.idx)+1] += geg * float64(cf.val)
		}
	}
}

// adam is the Adam optimiser's state.
type adam struct {
	m, v   params
	t      int
	b1, b2 float64
	eps    float64
	frozen [nParams]bool
	lr     float64
	// l2 > 0 adds l2/2·Σ(w-anchor)² to the error: a weight the data hardly
	// determines (a rare feature, or the middlegame half of an endgame-only
	// one) stays near its starting value instead of drifting with the noise.
	l2       float64
	anchor   params
	gradBufs []params
}

func newAdam(lr float64, threads int) *adam {
	a := &adam{b1: 0.9, b2: 0.999, eps: 1e-8, lr: lr}
	for _, g := range eval.Groups() {
		if g.Frozen {
			for i := g.Offset; i < g.Offset+g.Size; i++ {
				a.frozen[2*i], a.frozen[2*i+1] = true, true
			}
		}
	}
	if threads <= 0 {
		threads = runtime.GOMAXPROCS(0)
	}
	a.gradBufs = make([]params, threads)
	return a
}

// step computes the mean gradient over the samples batch and moves p.
func (a *adam) step(d *Dataset, p *params, k float64, batch []int32) {
	threads := len(a.gradBufs)
	for i := range a.gradBufs {
		a.gradBufs[i] = params{}
	}
	parallel(len(batch), threads, func(w, lo, hi int) {
		d.gradient(p, k, batch[lo:hi], &a.gradBufs[w])
	})
	a.t++
	n := float64(len(batch))
	c1 := 1 - math.Pow(a.b1, float64(a.t))
	c2 := 1 - math.Pow(a.b2, float64(a.t))
	for j := range p {
		if a.frozen[j] {
			continue
		}
		g := 0.0
		for w := range a.gradBufs {
			g += a.gradBufs[w][j]
		}
		g /= n
		if a.l2 > 0 {
			g += a.l2 * (p[j] - a.anchor[j])
		}
		a.m[j] = a.b1*a.m[j] + (1-a.b1)*g
		a.v[j] = a.b2*a.v[j] + (1-a.b2)*g*g
		p[j] -= a.lr * (a.m[j] / c1) / (math.Sqrt(a.v[j]/c2) + a.eps)
	}
}

// epoch runs one pass of mini-batch Adam over d in a shuffled order.
func (a *adam) epoch(d *Dataset, p *params, k float64, batchSize int, rng *rand.Rand) {
	order := make([]int32, len(d.samples))
	for i := range order {
		order[i] = int32(i)
	}
	rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	if batchSize <= 0 {
		batchSize = len(order)
	}
	for lo := 0; lo < len(order); lo += batchSize {
		a.step(d, p, k, order[lo:min(lo+batchSize, len(order))])
	}
}

// weightCounts is how many positions of d determine each weight, indexed
// as params (2i the middlegame half of feature i, 2i+1 the endgame half):
// a position in which the feature does not cancel out (white's count
// differs from black's) counts phase/MaxPhase toward its middlegame
// weight and the rest toward its endgame weight, the share of the gradient
// each half gets from it. A feature seen only in endgames thus leaves its
// middlegame weight with a count near zero.
func (d *Dataset) weightCounts() []float64 {
	counts := make([]float64, nParams)
	for _, s := range d.samples {
		mg := float64(s.phase) / eval.MaxPhase
		for _, c := range d.coefs[s.start : s.start+uint32(s.n)] {
			counts[2*int(c.idx)] += mg
			counts[2*int(c.idx)+1] += 1 - mg
		}
	}
	return counts
}

// freezeRare freezes the weights fewer than min positions of d determine
// (weightCounts): Adam's steps do not shrink with a feature's frequency, so
// a rarely seen weight would follow the noise of its few positions. It
// returns how many weights (halves) it froze.
func (a *adam) freezeRare(d *Dataset, min int) int {
	n := 0
	for i, c := range d.weightCounts() {
		if c < float64(min) && !a.frozen[i] {
			a.frozen[i] = true
			n++
		}
	}
	return n
}

// freezeGroups freezes the named weight groups (eval.Group.Name) and
// returns an error naming any unknown group.
func (a *adam) freezeGroups(names []string) error {
	groups := eval.Groups()
	for _, name := range names {
		found := false
		for _, g := range groups {
			if g.Name == name {
				found = true
				for i := g.Offset; i < g.Offset+g.Size; i++ {
					a.frozen[2*i], a.frozen[2*i+1] = true, true
				}
			}
		}
		if !found {
			return fmt.Errorf("unknown weight group %q", name)
		}
	}
	return nil
}

// regularize makes the optimiser pull every weight toward its value in
// anchor with strength l2 (see adam.l2).
func (a *adam) regularize(l2 float64, anchor *params) {
	a.l2, a.anchor = l2, *anchor
}
