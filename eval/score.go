package eval

import "github.com/bounder-chess/bounder/engine"

// score packs a middlegame and an endgame value into one integer, the
// endgame value in the high 32 bits and the middlegame value in the low
// ones (eg·2³² + mg), so that one addition adds both and one
// multiplication by a count multiplies both. It is exact as long as each
// half stays within ±2³¹, which weightLimit guarantees for any evaluation.
type score int64

func makeScore(mg, eg int) score { return score(eg)<<32 + score(mg) }

// mg is the middlegame half: the low 32 bits, signed.
func (s score) mg() int { return int(int32(s)) }

// eg is the endgame half: what remains once the middlegame half is taken
// away is exactly eg·2³².
func (s score) eg() int { return int((s - score(int32(s))) >> 32) }

// weightLimit bounds the weights an Evaluator accepts: with every weight
// within ±weightLimit, no sum of an evaluation (a few hundred features,
// counts well under a hundred) comes near 2³¹.
const weightLimit = 1 << 20

// packedWeights are the weights as scores, for the evaluation's inner
// loop: every weight (feat), and the material and piece-square weights of
// each piece summed (psq), so that a piece's two features cost one lookup.
type packedWeights struct {
	feat [NumWeights]score
	psq  [2][7][64]score // by colour, piece type and square; the king has no material weight
}

// pack packs w, and reports false when a weight is out of ±weightLimit.
func pack(w *Weights) (*packedWeights, bool) {
	p := new(packedWeights)
	for i, s := range w {
		if s.MG < -weightLimit || s.MG > weightLimit || s.EG < -weightLimit || s.EG > weightLimit {
			return nil, false
		}
		p.feat[i] = makeScore(int(s.MG), int(s.EG))
	}
	for c := engine.White; c <= engine.Black; c++ {
		for pt := engine.Pawn; pt <= engine.King; pt++ {
			for sq := engine.Square(0); sq < 64; sq++ {
				v := p.feat[pstFeature(c, pt, sq)]
				if pt != engine.King {
					v += p.feat[fMaterial+int(pt)-1]
				}
				p.psq[c][pt][sq] = v
			}
		}
	}
	return p, true
}

// defaultPacked is defaultWeights packed, shared by New's evaluators and
// by Trace.
var defaultPacked = mustPack(&defaultWeights)

func mustPack(w *Weights) *packedWeights {
	p, ok := pack(w)
	if !ok {
		panic("eval: a weight is out of ±1048576")
	}
	return p
}
