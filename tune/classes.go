package tune

import (
	"fmt"
	"io"
	"math"
	"sort"
	"strings"

	"github.com/bounder-chess/bounder/engine"
)

// Material classes: where the evaluation's misjudgements lie. A linear fit
// cannot mend a bias confined to one kind of ending (a rook pawn with the
// wrong bishop, four pawns against three on one wing); grouping the
// positions by material and comparing the evaluation's prediction with the
// results, and with the data's search scores, shows such biases. Each
// class is seen from the side with more material (pieces, then pawns;
// white when level): "RB2-R1" is a rook, a bishop and two pawns against a
// rook and a pawn.

// materialClass names pos's material from the stronger side, and reports
// whether that side is black.
func materialClass(pos *engine.Position) (string, bool) {
	side := func(c engine.Color) (string, int) {
		var b strings.Builder
		units := 0
		for _, p := range []struct {
			t     engine.PieceType
			name  byte
			value int
		}{{engine.Queen, 'Q', 9}, {engine.Rook, 'R', 5}, {engine.Bishop, 'B', 3}, {engine.Knight, 'N', 3}} {
			n := engine.PopCount(pos.Pieces(c, p.t))
			for range n {
				b.WriteByte(p.name)
			}
			units += n * p.value
		}
		pawns := engine.PopCount(pos.Pieces(c, engine.Pawn))
		fmt.Fprintf(&b, "%d", pawns)
		return b.String(), units*100 + pawns
	}
	w, wu := side(engine.White)
	b, bu := side(engine.Black)
	if bu > wu {
		return b + "-" + w, true
	}
	return w + "-" + b, false
}

// ClassRow is one material class: its positions, the mean result, and the
// mean predictions of the evaluation and of the data's search scores, all
// from the stronger side's view.
type ClassRow struct {
	Class        string
	N            int
	Result, Eval float64
	Score        float64 // NaN when no position of the class has a score
	scored       int     // positions with a score, summed into Score
}

// Bias is how far the evaluation's prediction is from the results.
func (r ClassRow) Bias() float64 { return r.Eval - r.Result }

// Classes groups the positions of the sets by material class and compares
// the predictions of the weights p (with scaling constant k) and of the
// search scores (with ks) to the results. It returns the classes with at
// least minN positions, those whose evaluation bias weighs most (|bias|·√n)
// first.
func Classes(sets []*Dataset, p *params, k, ks float64, minN int) []ClassRow {
	rows := map[string]*ClassRow{}
	for _, d := range sets {
		d.addClasses(rows, p, k, ks)
	}
	var out []ClassRow
	for _, r := range rows {
		if r.N < minN {
			continue
		}
		n := float64(r.N)
		r.Result /= n
		r.Eval /= n
		if r.scored > 0 {
			r.Score /= float64(r.scored)
		} else {
			r.Score = math.NaN()
		}
		out = append(out, *r)
	}
	sort.Slice(out, func(i, j int) bool {
		wi, wj := math.Abs(out[i].Bias())*math.Sqrt(float64(out[i].N)), math.Abs(out[j].Bias())*math.Sqrt(float64(out[j].N))
		if wi != wj {
			return wi > wj
		}
		return out[i].Class < out[j].Class
	})
	return out
}

func (d *Dataset) addClasses(rows map[string]*ClassRow, p *params, k, ks float64) {
	for i := range d.samples {
		s := &d.samples[i]
		if int(s.class) >= len(d.classNames) {
			continue
		}
		name := d.classNames[s.class]
		r := rows[name]
		if r == nil {
			r = &ClassRow{Class: name}
			rows[name] = r
		}
		v, _ := d.score(s, p)
		res, ev, sc := float64(s.result), sigmoid(k, v), sigmoid(ks, float64(s.score))
		if s.blackStrong {
			res, ev, sc = 1-res, 1-ev, 1-sc
		}
		r.N++
		r.Result += res
		r.Eval += ev
		if s.hasScore {
			r.scored++
			r.Score += sc
		}
	}
}

// writeClasses prints rows as a Markdown table.
func writeClasses(w io.Writer, rows []ClassRow) {
	fmt.Fprintln(w, "| material (stronger side first) | positions | result | evaluation | search score | bias |")
	fmt.Fprintln(w, "|---|--:|--:|--:|--:|--:|")
	for _, r := range rows {
		score := "—"
		if !math.IsNaN(r.Score) {
			score = fmt.Sprintf("%.3f", r.Score)
		}
		fmt.Fprintf(w, "| %s | %d | %.3f | %.3f | %s | %+.3f |\n", r.Class, r.N, r.Result, r.Eval, score, r.Bias())
	}
}
