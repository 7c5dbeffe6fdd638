package eval

import (
	"sync"

	"github.com/bounder-chess/bounder/engine"
)

// Coef is the count of one feature for each side.
type Coef struct {
	Index        int // into Weights
	White, Black int
}

// TraceResult is the evaluation of a position as a linear function of the
// weights. With W and B the sums of weight × count per side, mg = W.MG -
// B.MG and eg = W.EG - B.EG (white's view), the score from white's view is
//
//	t = mg·Phase + eg·(MaxPhase-Phase)
//	score = t·scale / (MaxPhase·ScaleNorm)
//
// (integer division, clamped to ±15000), where scale is ScaleWhite when
// t >= 0 and ScaleBlack when t < 0. Drawn positions score 0 whatever the
// weights. Score computes it exactly as Evaluate does.
type TraceResult struct {
	Coefs                  []Coef // the non-zero features, by increasing Index
	Phase                  int    // 0 (bare endgame) .. MaxPhase
	ScaleWhite, ScaleBlack int    // endgame scale factors, out of ScaleNorm
	Drawn                  bool   // dead draw: the score is 0
	SideToMove             engine.Color
}

var tracePool = sync.Pool{New: func() any { return new([NumWeights][2]int32) }}

// Trace extracts the feature counts of pos.
func Trace(pos *engine.Position) TraceResult {
	buf := tracePool.Get().(*[NumWeights][2]int32)
	defer tracePool.Put(buf)
	*buf = [NumWeights][2]int32{}
	var s state
	s.w = defaultPacked // the weights do not change the counts
	s.tr = buf
	s.evaluate(pos)
	t := TraceResult{Phase: s.phase, ScaleWhite: s.scaleW, ScaleBlack: s.scaleB, Drawn: s.drawn, SideToMove: pos.SideToMove()}
	if s.drawn {
		return t
	}
	tracePieces(pos, buf)
	n := 0
	for i := range buf {
		if buf[i] != [2]int32{} {
			n++
		}
	}
	t.Coefs = make([]Coef, 0, n)
	for i := range buf {
		if buf[i] != [2]int32{} {
			t.Coefs = append(t.Coefs, Coef{Index: i, White: int(buf[i][0]), Black: int(buf[i][1])})
		}
	}
	return t
}

// tracePieces counts the material and piece-square features of every piece
// on the board: those the evaluation scores from packedWeights.psq.
func tracePieces(pos *engine.Position, tr *[NumWeights][2]int32) {
	for c := engine.White; c <= engine.Black; c++ {
		for pt := engine.Pawn; pt <= engine.King; pt++ {
			for b := pos.Pieces(c, pt); b != 0; {
				sq := engine.PopLSB(&b)
				if pt != engine.King {
					tr[fMaterial+int(pt)-1][c]++
				}
				tr[pstFeature(c, pt, sq)][c]++
			}
		}
	}
}

// Sums returns the middlegame and endgame scores (white's view, before
// tapering) that the weights w give the trace.
func (t *TraceResult) Sums(w *Weights) (mg, eg int) {
	for _, c := range t.Coefs {
		d := c.White - c.Black
		mg += int(w[c.Index].MG) * d
		eg += int(w[c.Index].EG) * d
	}
	return mg, eg
}

// WhiteScore is the evaluation from white's view with the weights w.
func (t *TraceResult) WhiteScore(w *Weights) int {
	if t.Drawn {
		return 0
	}
	mg, eg := t.Sums(w)
	return combine(mg, eg, t.Phase, t.ScaleWhite, t.ScaleBlack)
}

// Score is the evaluation from the side to move's view with the weights w:
// Evaluate's result when w are its weights.
func (t *TraceResult) Score(w *Weights) int {
	v := t.WhiteScore(w)
	if t.SideToMove == engine.Black {
		return -v
	}
	return v
}
