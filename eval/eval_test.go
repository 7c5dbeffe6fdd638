package eval

import (
	"math/rand"
	"strings"
	"testing"

	"github.com/bounder-chess/bounder/engine"
)

func TestWeightsFileMatchesLayout(t *testing.T) {
	if generatedWeights != NumWeights {
		t.Fatalf("weights.go was generated for %d weights, the layout has %d: regenerate it with bounder tune", generatedWeights, NumWeights)
	}
}

func TestPlayoutsAreVaried(t *testing.T) {
	fens := playouts(t)
	if len(fens) < 2000 {
		t.Fatalf("only %d playout positions", len(fens))
	}
	phases := map[int]int{}
	for _, fen := range fens {
		phases[Trace(mustParse(t, fen)).Phase/6]++
	}
	for band := 0; band < 4; band++ {
		if phases[band] < 50 {
			t.Errorf("phase band %d has %d positions: %v", band, phases[band], phases)
		}
	}
}

// The trace reproduces Evaluate exactly, with the default weights and
// with random weights (which also exercises the pawn table).
func TestTraceMatchesEvaluate(t *testing.T) {
	fens := allFENs(t)
	e := New()
	rng := rand.New(rand.NewSource(7))
	var rw Weights
	for i := range rw {
		rw[i] = S{int32(rng.Intn(401) - 200), int32(rng.Intn(401) - 200)}
	}
	re := NewWithWeights(&rw)
	for i, fen := range fens {
		pos := mustParse(t, fen)
		tr := Trace(pos)
		w := DefaultWeights()
		if got, want := e.Evaluate(pos), tr.Score(&w); got != want {
			t.Fatalf("%s: Evaluate %d, trace %d", fen, got, want)
		}
		if i%3 == 0 {
			if got, want := re.Evaluate(pos), tr.Score(&rw); got != want {
				t.Fatalf("%s: random weights: Evaluate %d, trace %d", fen, got, want)
			}
		}
	}
	t.Logf("%d positions", len(fens))
}

func TestColourSymmetry(t *testing.T) {
	e := New()
	n := 0
	for _, fen := range allFENs(t) {
		pos := mustParse(t, fen)
		mfen := colourFlipFEN(fen)
		mpos := mustParse(t, mfen)
		if got, want := e.Evaluate(mpos), e.Evaluate(pos); got != want {
			t.Fatalf("%s: %d, colour-flipped %s: %d\n%s\n%s", fen, want, mfen, got,
				e.Breakdown(pos), e.Breakdown(mpos))
		}
		// Feature by feature: white's counts become black's.
		a, b := Trace(pos), Trace(mpos)
		if len(a.Coefs) != len(b.Coefs) || a.Phase != b.Phase || a.ScaleWhite != b.ScaleBlack || a.ScaleBlack != b.ScaleWhite {
			t.Fatalf("%s: traces differ from the colour flip's", fen)
		}
		for i := range a.Coefs {
			if x, y := a.Coefs[i], b.Coefs[i]; x.Index != y.Index || x.White != y.Black || x.Black != y.White {
				t.Fatalf("%s: feature %d: %+v vs flipped %+v", fen, x.Index, x, y)
			}
		}
		n++
	}
	t.Logf("%d positions", n)
}

// foldedPST returns w with each piece-square table made the same on both
// wings (each pair of mirrored squares set to its mean, rounded toward
// zero). Every other term is left-right symmetric by construction.
func foldedPST(w Weights) *Weights {
	for pt := 0; pt < 6; pt++ {
		for r := 0; r < 8; r++ {
			for f := 0; f < 4; f++ {
				a, b := fPST+pt*64+r*8+f, fPST+pt*64+r*8+7-f
				m := S{(w[a].MG + w[b].MG) / 2, (w[a].EG + w[b].EG) / 2}
				w[a], w[b] = m, m
			}
		}
	}
	return &w
}

// Without castling rights, mirroring the board a-h changes nothing but the
// piece-square tables, which may tell the wings apart.
func TestFileSymmetry(t *testing.T) {
	e := NewWithWeights(foldedPST(defaultWeights))
	n := 0
	for _, fen := range allFENs(t) {
		if strings.Fields(fen)[2] != "-" {
			continue
		}
		pos := mustParse(t, fen)
		ffen := fileFlipFEN(fen)
		fpos := mustParse(t, ffen)
		if got, want := e.Evaluate(fpos), e.Evaluate(pos); got != want {
			t.Fatalf("%s: %d, a-h flipped %s: %d\n%s\n%s", fen, want, ffen, got,
				e.Breakdown(pos), e.Breakdown(fpos))
		}
		n++
	}
	if n < 1000 {
		t.Fatalf("only %d positions without castling rights", n)
	}
	t.Logf("%d positions", n)
}

// The piece-square tables are indexed by the square itself, not folded: a
// weight on g1 reaches a king on g1 and not one on b1.
func TestPSTByWing(t *testing.T) {
	var w Weights
	w[fPST+5*64+6] = S{50, 50} // white's view of g1 for the king; black's g8
	e := NewWithWeights(&w)
	for _, c := range []struct {
		fen  string
		want int
	}{
		{"6k1/8/8/8/8/8/8/6K1 w - - 0 1", 0},   // both on their g-square
		{"1k6/8/8/8/8/8/8/6K1 w - - 0 1", 50},  // white's g1 only
		{"6k1/8/8/8/8/8/8/1K6 w - - 0 1", -50}, // black's g8 only
		{"6k1/8/8/8/8/8/8/1K6 b - - 0 1", 50},
	} {
		pos := mustParse(t, c.fen)
		if got := e.MaterialPST(pos); got != c.want {
			t.Errorf("%s: MaterialPST %d, want %d", c.fen, got, c.want)
		}
	}
}

// The pawn table never changes a result: no table (the trace), fresh,
// warmed and thrashed (one-entry) tables give the same scores, and so does
// evaluating twice.
func TestDeterminismAndPawnCache(t *testing.T) {
	fens := allFENs(t)
	warm := New()
	for _, fen := range fens {
		warm.Evaluate(mustParse(t, fen))
	}
	tiny := &Evaluator{w: &defaultWeights, pw: defaultPacked, pawns: make([]pawnEntry, 1)}
	w := DefaultWeights()
	for i, fen := range fens {
		pos := mustParse(t, fen)
		tr := Trace(pos) // no pawn table at all
		want := tr.Score(&w)
		if i%20 == 0 {
			if got := New().Evaluate(pos); got != want {
				t.Fatalf("%s: fresh evaluator %d, trace %d", fen, got, want)
			}
		}
		for _, got := range []int{warm.Evaluate(pos), warm.Evaluate(pos), tiny.Evaluate(pos)} {
			if got != want {
				t.Fatalf("%s: fresh evaluator %d, cached %d", fen, want, got)
			}
		}
	}
}

func TestScoresBounded(t *testing.T) {
	e := New()
	for _, fen := range allFENs(t) {
		if v := e.Evaluate(mustParse(t, fen)); v < -5000 || v > 5000 {
			t.Errorf("%s: %d", fen, v)
		}
	}
	// Extreme material stays within the clamp, far from mate scores.
	pos := mustParse(t, "k7/8/8/1QQQQQQQ/QQQQQQQQ/8/8/7K b - - 0 1")
	if v := e.Evaluate(pos); v > -10000 || v < -scoreLimit {
		t.Errorf("15 queens: %d", v)
	}
	if v := combine(1<<40, 1<<40, 12, 64, 64); v != scoreLimit {
		t.Errorf("clamp: %d", v)
	}
	if v := combine(-1<<40, -1<<40, 12, 64, 64); v != -scoreLimit {
		t.Errorf("clamp: %d", v)
	}
}

func TestStartPosition(t *testing.T) {
	e := New()
	pos := engine.NewPosition()
	w := e.Evaluate(pos)
	tempo := defaultWeights[fTempo].MG
	if w != int(tempo) {
		t.Errorf("start position: %d, want the tempo bonus %d", w, tempo)
	}
	b := mustParse(t, strings.Replace(engine.StartFEN, " w ", " b ", 1))
	if v := e.Evaluate(b); v != w {
		t.Errorf("start position with black to move: %d, want %d", v, w)
	}
}

func TestEvaluateAllocs(t *testing.T) {
	e := New()
	positions := []*engine.Position{engine.NewPosition()}
	for _, fen := range loadFENs(t)[:50] {
		positions = append(positions, mustParse(t, fen))
	}
	allocs := testing.AllocsPerRun(20, func() {
		for _, p := range positions {
			e.Evaluate(p)
		}
	})
	if allocs != 0 {
		t.Errorf("Evaluate allocates: %v per run", allocs)
	}
}

func BenchmarkEvaluate(b *testing.B) {
	fens := loadFENs(b)
	positions := make([]*engine.Position, 0, 512)
	for i := 0; i < len(fens) && len(positions) < cap(positions); i += len(fens) / cap(positions) {
		positions = append(positions, mustParse(b, fens[i]))
	}
	// Without the evaluation cache, which would answer all but the first
	// 512 evaluations: BenchmarkEvaluateCached measures a hit.
	e := New()
	e.evals = nil
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		e.Evaluate(positions[i%len(positions)])
	}
}

func BenchmarkEvaluateCached(b *testing.B) {
	pos := mustParse(b, "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8")
	e := New()
	e.Evaluate(pos)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		e.Evaluate(pos)
	}
}

func BenchmarkTrace(b *testing.B) {
	pos := mustParse(b, "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8")
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		Trace(pos)
	}
}

// The material-only evaluator: known answers, and colour symmetry over the
// suite positions (the flip negates nothing: the side to move flips too).
func TestMaterialOnly(t *testing.T) {
	m := NewMaterial()
	for _, c := range []struct {
		fen  string
		want int
	}{
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1", -900},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR b KQkq - 0 1", 900},
		{"4k3/8/8/8/8/8/3B4/R3K3 w - - 0 1", 830},
		{"4k3/2n5/1p6/8/8/8/8/4K3 w - - 0 1", -420},
	} {
		if got := m.Evaluate(mustParse(t, c.fen)); got != c.want {
			t.Errorf("%s: %d, want %d", c.fen, got, c.want)
		}
	}
	for _, fen := range allFENs(t) {
		pos := mustParse(t, fen)
		a, b := m.Evaluate(pos), m.Evaluate(mustParse(t, colourFlipFEN(fen)))
		if a != b {
			t.Fatalf("%s: %d, colour-flipped %d", fen, a, b)
		}
		if bd := m.Breakdown(pos); bd.Score != a || bd.Terms[TermMaterial].MG[0]-bd.Terms[TermMaterial].MG[1] != bd.White {
			t.Fatalf("%s: breakdown %+v, Evaluate %d", fen, bd, a)
		}
	}
}

// NewKind makes every kind Kinds names, whatever the case, and nothing else:
// Full evaluates as New, Hand as the hand weights, Material as NewMaterial.
func TestNewKind(t *testing.T) {
	// The first of these positions on which the three evaluations differ
	// (with retuned weights two of them may agree on one by chance).
	hw := HandWeights()
	var pos *engine.Position
	var want map[string]int
	for _, fen := range []string{
		"rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2", // 1.e4 d5 2.exd5
		"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
		"r2q1rk1/pp2bppp/2n1pn2/3p4/3P4/2NBPN2/PP3PPP/R2Q1RK1 w - - 0 10",
	} {
		pos = mustParse(t, fen)
		want = map[string]int{
			"Full": New().Evaluate(pos), "Hand": NewWithWeights(&hw).Evaluate(pos), "Material": NewMaterial().Evaluate(pos),
		}
		if want["Full"] != want["Hand"] && want["Hand"] != want["Material"] && want["Full"] != want["Material"] {
			break
		}
		want = nil
	}
	if want == nil {
		t.Fatal("on every test position two of the three evaluations agree: the test cannot tell them apart")
	}
	for _, k := range Kinds() {
		for _, name := range []string{k, strings.ToUpper(k)} {
			e, ok := NewKind(name)
			if !ok || e.Evaluate(pos) != want[k] {
				t.Errorf("NewKind(%q): ok %v", name, ok)
			}
		}
	}
	if _, ok := NewKind("neural"); ok {
		t.Error("NewKind accepted an unknown name")
	}
}

// The evaluation cache returns what it stored for the key it was stored
// with only: slot mates, an empty slot and key 0 miss; every score in range
// comes back as it went in.
func TestEvalEntry(t *testing.T) {
	var c evalEntry
	if _, ok := c.get(0); ok {
		t.Fatal("an empty slot hits key 0")
	}
	keys := []uint64{0, 1, 0xffff, 1 << 16, 0x9E3779B97F4A7C15, ^uint64(0)}
	for _, key := range keys {
		for _, v := range []int{-scoreLimit, -1, 0, 1, 123, scoreLimit} {
			c.set(key, v)
			if got, ok := c.get(key); !ok || got != v {
				t.Fatalf("key %#x: stored %d, got %d %v", key, v, got, ok)
			}
			for _, other := range []uint64{key ^ 1<<16, key ^ 1<<63, key ^ 1<<40} {
				if _, ok := c.get(other); ok {
					t.Fatalf("key %#x hits the entry of %#x", other, key)
				}
			}
		}
	}
}

// An evaluator with its cache gives the trace's scores, on the first
// evaluation of each position and on the second (mostly from the cache).
func TestEvalCacheExact(t *testing.T) {
	fens := allFENs(t)
	warm := New()
	w := DefaultWeights()
	for round := 0; round < 2; round++ {
		for _, fen := range fens {
			pos := mustParse(t, fen)
			tr := Trace(pos)
			if got, want := warm.Evaluate(pos), tr.Score(&w); got != want {
				t.Fatalf("round %d, %s: cached evaluator %d, trace %d", round, fen, got, want)
			}
		}
	}
	n := 0
	for _, c := range warm.evals {
		if c != 0 {
			n++
		}
	}
	if n == 0 {
		t.Fatal("nothing cached")
	}
}
