package eval

import (
	"testing"

	"github.com/bounder-chess/bounder/engine"
)

// Straightforward reference versions of what the evaluation computes in a
// faster way: the phase and scale factors from the position, with a
// popcount per use, as the evaluation first did.

var (
	npmUnitValue = [7]int{0, 0, 3, 3, 5, 9, 0}
	phaseWeight  = [7]int{0, 0, 1, 1, 2, 4, 0}
)

func refNPM(pos *engine.Position, c engine.Color) int {
	n := 0
	for pt := engine.Knight; pt <= engine.Queen; pt++ {
		n += npmUnitValue[pt] * engine.PopCount(pos.Pieces(c, pt))
	}
	return n
}

func refGamePhase(pos *engine.Position) int {
	ph := 0
	for pt := engine.Knight; pt <= engine.Queen; pt++ {
		ph += phaseWeight[pt] * engine.PopCount(pos.PiecesOfType(pt))
	}
	return min(ph, MaxPhase)
}

func refScaleFactor(pos *engine.Position, strong engine.Color) int {
	weak := strong.Other()
	npmS, npmW := refNPM(pos, strong), refNPM(pos, weak)
	if pos.Pieces(strong, engine.Pawn) == 0 {
		if npmS <= 3 {
			return 0
		}
		if npmS-npmW <= 3 {
			if npmW <= 3 {
				return 4
			}
			return 12
		}
	}
	bs, bw := pos.Pieces(strong, engine.Bishop), pos.Pieces(weak, engine.Bishop)
	if engine.PopCount(bs) == 1 && engine.PopCount(bw) == 1 &&
		(bs&darkSqBB == 0) != (bw&darkSqBB == 0) {
		if npmS == 3 && npmW == 3 {
			return 18
		}
		return 48
	}
	return ScaleNorm
}

// The phase and scale factors agree with the reference versions.
func TestMaterialMatchesReference(t *testing.T) {
	for _, fen := range allFENs(t) {
		pos := mustParse(t, fen)
		for c := engine.White; c <= engine.Black; c++ {
			if npm(pos, c) != refNPM(pos, c) {
				t.Fatalf("%s: npm %d, want %d", fen, npm(pos, c), refNPM(pos, c))
			}
			if got, want := scaleFactor(pos, c), refScaleFactor(pos, c); got != want {
				t.Fatalf("%s: scale factor for %v %d, want %d", fen, c, got, want)
			}
		}
		if got, want := gamePhase(pos), refGamePhase(pos); got != want {
			t.Fatalf("%s: phase %d, want %d", fen, got, want)
		}
	}
}
