package wdl

import (
	"fmt"
	"io"
	"math"
	"strconv"
)

// Bucket is one row of a calibration table: the samples of a range, what
// the model predicts for them on average and what happened.
type Bucket struct {
	Label  string
	N      int
	Pred   [3]float64 // mean predicted win, draw, loss chances
	Actual [3]float64 // the fractions of wins, draws and losses
}

// Predicted is the mean expected score the model gives the bucket's
// samples (win + draw/2, in [0, 1]); Scored is the score they made.
func (b Bucket) Predicted() float64 { return b.Pred[0] + b.Pred[1]/2 }

// Scored is the mean score the bucket's samples made: wins + draws/2.
func (b Bucket) Scored() float64 { return b.Actual[0] + b.Actual[1]/2 }

// ScoreEdges are the default centipawn edges of CalibrateByScore.
var ScoreEdges = []int{-400, -200, -100, -50, -20, 20, 50, 100, 200, 400}

// CalibrateByScore groups the samples by score, between the edges (in
// increasing order; the first and last buckets are open-ended), and tells
// for each group the model's mean prediction and the actual results. Empty
// groups are left out.
func (m *Model) CalibrateByScore(samples []Sample, edges []int) []Bucket {
	buckets := make([]Bucket, len(edges)+1)
	for i := range buckets {
		switch {
		case len(edges) == 0:
			buckets[i].Label = "all"
		case i == 0:
			buckets[i].Label = "< " + strconv.Itoa(edges[0])
		case i == len(edges):
			buckets[i].Label = ">= " + strconv.Itoa(edges[i-1])
		default:
			buckets[i].Label = strconv.Itoa(edges[i-1]) + " .. " + strconv.Itoa(edges[i]-1)
		}
	}
	for _, s := range samples {
		i := 0
		for i < len(edges) && s.Score >= edges[i] {
			i++
		}
		m.add(&buckets[i], s)
	}
	return finish(buckets)
}

// CalibrateByExpected groups the samples by the model's expected score
// (win + draw/2) into n equal ranges of [0, 1], as "bounder stats" does.
func (m *Model) CalibrateByExpected(samples []Sample, n int) []Bucket {
	n = max(n, 1)
	buckets := make([]Bucket, n)
	for i := range buckets {
		buckets[i].Label = fmt.Sprintf("%.2f .. %.2f", float64(i)/float64(n), float64(i+1)/float64(n))
	}
	for _, s := range samples {
		// 0.5 + (W-L)/2 is W + D/2, and exactly 0.5 for a score of 0
		// (whose W and L are the same number), whatever the rounding of
		// the coefficients: such positions all fall above the middle edge.
		w, _, l := m.Probs(s.Score, s.Material)
		i := min(int(math.Floor((0.5+(w-l)/2)*float64(n))), n-1)
		m.add(&buckets[max(i, 0)], s)
	}
	return finish(buckets)
}

// add counts s into b (sums, made means by finish); a sample whose result
// is not -1, 0 or 1 is left out.
func (m *Model) add(b *Bucket, s Sample) {
	if s.Result < -1 || s.Result > 1 {
		return
	}
	w, d, l := m.Probs(s.Score, s.Material)
	b.N++
	b.Pred[0] += w
	b.Pred[1] += d
	b.Pred[2] += l
	b.Actual[1-s.Result]++
}

// finish turns the buckets' sums into means and drops the empty ones.
func finish(buckets []Bucket) []Bucket {
	out := buckets[:0]
	for _, b := range buckets {
		if b.N == 0 {
			continue
		}
		for k := range 3 {
			b.Pred[k] /= float64(b.N)
			b.Actual[k] /= float64(b.N)
		}
		out = append(out, b)
	}
	return out
}

// WriteCalibration writes the buckets as a Markdown table, percentages to
// one decimal: the bucket (headed by what it groups by), the positions,
// the predicted and the actual W/D/L, and the predicted and actual score.
func WriteCalibration(w io.Writer, by string, buckets []Bucket) error {
	pct := func(v [3]float64) string {
		return fmt.Sprintf("%.1f / %.1f / %.1f", 100*v[0], 100*v[1], 100*v[2])
	}
	if _, err := fmt.Fprintf(w, "| %s | positions | predicted W / D / L %% | actual W / D / L %% | predicted score | actual score |\n|---|--:|--:|--:|--:|--:|\n", by); err != nil {
		return err
	}
	for _, b := range buckets {
		if _, err := fmt.Fprintf(w, "| %s | %d | %s | %s | %.3f | %.3f |\n", b.Label, b.N, pct(b.Pred), pct(b.Actual), b.Predicted(), b.Scored()); err != nil {
			return err
		}
	}
	return nil
}
