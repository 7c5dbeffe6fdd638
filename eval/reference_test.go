package eval

import (
	"bufio"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"sync"
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
	if n := engine.PopCount(pos.Pieces(strong, engine.Pawn)); n <= 3 {
		if engine.PopCount(pos.Pieces(weak, engine.Pawn)) > 0 || npmS-npmW <= 3 {
			return 36 + 7*n
		}
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

// referenceFENs is every position the other tests use, the positions of the
// repository's EPD suites, and positions from random capture-heavy games
// played from all of them down to bare endgames; each with white to move
// and with black to move where that is legal.
func referenceFENs(t *testing.T) []string {
	t.Helper()
	referenceOnce.Do(func() { referenceList = makeReferenceFENs(t) })
	if len(referenceList) == 0 {
		t.Fatal("no reference positions")
	}
	return referenceList
}

var (
	referenceOnce sync.Once
	referenceList []string
)

func makeReferenceFENs(t *testing.T) []string {
	start := allFENs(t)
	paths, err := filepath.Glob("../testdata/epd/*.epd")
	if err != nil || len(paths) == 0 {
		t.Errorf("no EPD suites in ../testdata/epd (%v)", err)
		return nil
	}
	for _, path := range paths {
		f, err := os.Open(path)
		if err != nil {
			t.Error(err)
			return nil
		}
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			if fields := strings.Fields(sc.Text()); len(fields) >= 4 {
				start = append(start, strings.Join(fields[:4], " "))
			}
		}
		f.Close()
	}
	rng := rand.New(rand.NewSource(11))
	var buf, caps [engine.MaxMoves]engine.Move
	var fens []string
	for i, fen := range start {
		fens = append(fens, fen)
		if i%6 != 0 {
			continue
		}
		pos := mustParse(t, fen)
		for ply := 0; ply < 300; ply++ {
			moves := pos.GenerateMoves(buf[:])
			if len(moves) == 0 || pos.IsInsufficientMaterial() {
				break
			}
			captures := pos.GenerateCaptures(caps[:])
			m := moves[rng.Intn(len(moves))]
			if len(captures) > 0 && rng.Intn(4) > 0 {
				m = captures[rng.Intn(len(captures))]
			}
			pos.Make(m)
			if ply%8 == 7 {
				fens = append(fens, pos.FEN())
			}
		}
		fens = append(fens, pos.FEN()) // the final, usually bare, ending
	}
	n := len(fens)
	for _, fen := range fens[:n] {
		f := strings.Fields(fen)
		f[1] = map[string]string{"w": "b", "b": "w"}[f[1]]
		f[3] = "-"
		if flipped := strings.Join(f, " "); engineAccepts(flipped) {
			fens = append(fens, flipped)
		}
	}
	return fens
}

// engineAccepts reports whether fen is a legal position (the side not to
// move is not in check).
func engineAccepts(fen string) bool {
	_, err := engine.ParseFEN(fen)
	return err == nil
}

// Evaluate, with its packed weights, pawn and shelter cache, and only the
// favoured side's scale factor, equals the straightforward evaluation: the
// trace's features times the weights, summed in plain integers, tapered
// and scaled by the reference phase and scale factors. Checked for the
// tuned, the hand and random weights (some at the weight limit), with
// cached and fresh evaluators, over tens of thousands of positions.
func TestEvaluateMatchesReference(t *testing.T) {
	fens := referenceFENs(t)
	if len(fens) < 30000 {
		t.Fatalf("only %d reference positions", len(fens))
	}
	rng := rand.New(rand.NewSource(5))
	var random, extreme Weights
	for i := range random {
		random[i] = S{int32(rng.Intn(801) - 400), int32(rng.Intn(801) - 400)}
		extreme[i] = S{int32(rng.Intn(2*weightLimit+1) - weightLimit), int32(rng.Intn(2*weightLimit+1) - weightLimit)}
	}
	hand := HandWeights()
	weights := []*Weights{&defaultWeights, &hand, &random, &extreme}
	evs := make([]*Evaluator, len(weights))
	for i, w := range weights {
		evs[i] = NewWithWeights(w)
	}
	tiny := NewWithWeights(&defaultWeights)
	tiny.pawns = tiny.pawns[:1] // every pawn structure evicts the last
	counts := map[string]int{}
	for i, fen := range fens {
		pos := mustParse(t, fen)
		tr := Trace(pos)
		if tr.Drawn != insufficientMaterial(pos) {
			t.Fatalf("%s: drawn %v", fen, tr.Drawn)
		}
		if !tr.Drawn && (tr.Phase != refGamePhase(pos) || tr.ScaleWhite != refScaleFactor(pos, engine.White) ||
			tr.ScaleBlack != refScaleFactor(pos, engine.Black)) {
			t.Fatalf("%s: phase %d, scales %d %d; want %d, %d %d", fen, tr.Phase, tr.ScaleWhite, tr.ScaleBlack,
				refGamePhase(pos), refScaleFactor(pos, engine.White), refScaleFactor(pos, engine.Black))
		}
		for j, w := range weights {
			want := referenceScore(&tr, w)
			if got := evs[j].Evaluate(pos); got != want {
				t.Fatalf("%s: weights %d: Evaluate %d, reference %d", fen, j, got, want)
			}
			if j == 0 && i%7 == 0 {
				if got := tiny.Evaluate(pos); got != want {
					t.Fatalf("%s: one-entry pawn table: Evaluate %d, reference %d", fen, got, want)
				}
				if got := New().Evaluate(pos); got != want {
					t.Fatalf("%s: fresh evaluator: Evaluate %d, reference %d", fen, got, want)
				}
			}
		}
		switch {
		case tr.Drawn:
			counts["drawn"]++
		case pos.PiecesOfType(engine.Pawn) == 0:
			counts["pawnless"]++
		case tr.Phase <= 6:
			counts["endgame"]++
		}
		counts[pos.SideToMove().String()]++
	}
	t.Logf("%d positions: %v", len(fens), counts)
	for _, k := range []string{"drawn", "pawnless", "endgame", engine.White.String(), engine.Black.String()} {
		if counts[k] < 500 {
			t.Errorf("only %d positions of kind %q", counts[k], k)
		}
	}
}

// referenceScore is the evaluation of a trace with the weights w, from the
// side to move's view, computed plainly: int sums of weight × count.
func referenceScore(tr *TraceResult, w *Weights) int {
	if tr.Drawn {
		return 0
	}
	mg, eg := 0, 0
	for _, c := range tr.Coefs {
		mg += int(w[c.Index].MG) * (c.White - c.Black)
		eg += int(w[c.Index].EG) * (c.White - c.Black)
	}
	v := mg*tr.Phase + eg*(MaxPhase-tr.Phase)
	scale := tr.ScaleWhite
	if v < 0 {
		scale = tr.ScaleBlack
	}
	v = min(max(v*scale/(MaxPhase*ScaleNorm), -15000), 15000)
	if tr.SideToMove == engine.Black {
		return -v
	}
	return v
}

// MaterialPST is the material and piece-square part of the trace's dot
// product with the weights, tapered; and a material-only evaluator's
// MaterialPST is its Evaluate.
func TestMaterialPST(t *testing.T) {
	hand := HandWeights()
	weights := []*Weights{&defaultWeights, &hand}
	evs := []*Evaluator{New(), NewWithWeights(&hand)}
	m := NewMaterial()
	for i, fen := range referenceFENs(t) {
		if i%3 != 0 {
			continue
		}
		pos := mustParse(t, fen)
		tr := Trace(pos)
		if tr.Drawn {
			continue // the trace has no features
		}
		for j, w := range weights {
			mg, eg := 0, 0
			for _, c := range tr.Coefs {
				if c.Index < fPST+6*64 { // material and piece squares
					mg += int(w[c.Index].MG) * (c.White - c.Black)
					eg += int(w[c.Index].EG) * (c.White - c.Black)
				}
			}
			want := (mg*tr.Phase + eg*(MaxPhase-tr.Phase)) / MaxPhase
			if pos.SideToMove() == engine.Black {
				want = -want
			}
			if got := evs[j].MaterialPST(pos); got != want {
				t.Fatalf("%s: MaterialPST %d, want %d", fen, got, want)
			}
		}
		if a, b := m.MaterialPST(pos), m.Evaluate(pos); a != b {
			t.Fatalf("%s: material-only MaterialPST %d, Evaluate %d", fen, a, b)
		}
	}
	e := New()
	pos := mustParse(t, "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8")
	if n := testing.AllocsPerRun(100, func() { e.MaterialPST(pos) }); n != 0 {
		t.Errorf("MaterialPST allocates: %v per run", n)
	}
}
