package train

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"math/rand"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/bounder-chess/bounder/engine"
	"github.com/bounder-chess/bounder/nnue"
	"github.com/bounder-chess/bounder/trainset"
	"github.com/stretchr/testify/require"
)

// records plays random games and labels each position with a made-up
// score that a net can learn: the material balance, White's view.
func records(t testing.TB, n int, seed int64) []trainset.Record {
	t.Helper()
	rng := rand.New(rand.NewSource(seed))
	value := [7]int{0, 100, 300, 300, 500, 900, 0}
	var out []trainset.Record
	var buf [256]engine.Move
	for len(out) < n {
		pos := engine.NewPosition()
		var game []trainset.Record
		for ply := 0; ply < 120 && len(out)+len(game) < n; ply++ {
			moves := pos.GenerateMoves(buf[:0])
			if len(moves) == 0 {
				break
			}
			pos.Make(moves[rng.Intn(len(moves))])
			bal := 0
			for sq := engine.Square(0); sq < 64; sq++ {
				if pc := pos.PieceAt(sq); pc != engine.NoPiece {
					v := value[pc.Type()]
					if pc.Color() == engine.Black {
						v = -v
					}
					bal += v
				}
			}
			res := trainset.Draw
			if bal > 150 {
				res = trainset.WhiteWin
			} else if bal < -150 {
				res = trainset.BlackWin
			}
			game = append(game, trainset.Pack(pos, bal, res, false))
		}
		if len(game) > 0 {
			game[len(game)-1].SetGameEnd()
		}
		out = append(out, game...)
	}
	return out
}

// TestGradient checks the analytic gradient against central finite
// differences, in float64 arithmetic on the float32 model's loss, with
// one output bucket and with several.
func TestGradient(t *testing.T) {
	for _, b := range []int{1, 4} {
		gradient(t, NewModel(8, b, 3))
	}
	m := NewModel(8, 2, 3)
	m.Act = nnue.SCReLU
	gradient(t, m)
}

func gradient(t *testing.T, m *Model) {
	recs := records(t, 200, 1)
	samples := Samples(recs, 150, 0.5)
	k := 150.0
	sc := newScratch(m.N, len(m.Params))
	loss := func() float64 {
		var l float64
		for i := range samples {
			p := sigmoid(float64(m.forward(&samples[i], sc)) * nnue.Scale / k)
			d := p - float64(samples[i].Target)
			l += d * d
		}
		return l
	}
	clear(sc.grad)
	for i := range samples {
		m.lossGrad(&samples[i], k, sc)
	}
	grad := append([]float32(nil), sc.grad...)
	rng := rand.New(rand.NewSource(4))
	checked := 0
	for tries := 0; checked < 60 && tries < 5000; tries++ {
		i := rng.Intn(len(m.Params))
		if tries%3 == 0 {
			i = len(m.Params) - 1 - rng.Intn(m.buckets()*(2*m.N+1)+m.N) // the biases and the output layer
		}
		if grad[i] == 0 && tries%3 != 0 {
			continue // a feature no sample has
		}
		const h = 1e-4
		old := m.Params[i]
		m.Params[i] = old + h
		up := loss()
		m.Params[i] = old - h
		down := loss()
		m.Params[i] = old
		num := (up - down) / (2 * h)
		require.InDelta(t, num, float64(grad[i]), 2e-3+0.02*math.Abs(num), "parameter %d", i)
		checked++
	}
	require.Equal(t, 60, checked)
}

// TestFitsMaterial: the trainer fits a small synthetic set, positions
// labelled by their material: the training loss falls to a small part of
// the start's, the quantised net scores the sign of the material right on
// the positions with a clear balance, and it agrees with the float net.
// (768 inputs on a few thousand random positions do not generalise: the
// test is that the data is fitted, not held-out skill.)
func TestFitsMaterial(t *testing.T) {
	for _, b := range []int{1, 4} {
		t.Run(fmt.Sprintf("%d buckets", b), func(t *testing.T) { fitsMaterial(t, b, nnue.CReLU) })
	}
	t.Run("SCReLU", func(t *testing.T) { fitsMaterial(t, 1, nnue.SCReLU) })
}

func fitsMaterial(t *testing.T, buckets int, act nnue.Activation) {
	recs := records(t, 3000, 2)
	cfg := DefaultConfig()
	cfg.N, cfg.Batch, cfg.LR, cfg.Lambda, cfg.DropEvery, cfg.Buckets, cfg.Act = 16, 256, 0.01, 1, 0, buckets, act
	st := NewState(cfg, 150)
	samples := Samples(recs, 150, 1)
	before := st.Model.Loss(samples, 150)
	for e := 0; e < 20; e++ {
		_, err := st.RunEpoch(context.Background(), samples)
		require.NoError(t, err)
	}
	after := st.Model.Loss(samples, 150)
	require.Less(t, after, before/10, "training loss %.5f -> %.5f", before, after)

	net := st.Model.Quantise()
	require.Equal(t, act, net.Act)
	require.Equal(t, net.Bytes(), Dequantise(net).Quantise().Bytes(), "dequantised exactly")
	right, clear := 0, 0
	for i := range recs {
		if b := recs[i].Score(); b >= 300 || b <= -300 {
			pos, err := engine.ParseFEN(recs[i].FEN())
			require.NoError(t, err)
			v := net.Evaluate(pos)
			if pos.SideToMove() == engine.Black {
				v = -v
			}
			clear++
			if (v > 0) == (b > 0) {
				right++
			}
		}
	}
	require.Greater(t, clear, 300)
	require.Greater(t, float64(right)/float64(clear), 0.95, "%d of %d", right, clear)

	// Quantised and float agree within a few centipawns.
	mean, worst := QuantisationError(&st.Model, net, recs, 1000)
	require.Less(t, mean, 4.0)
	require.Less(t, worst, 25.0)
}

// TestDeterministic: the same seed trains the same weights.
func TestDeterministic(t *testing.T) {
	recs := records(t, 2000, 5)
	run := func() []float32 {
		cfg := DefaultConfig()
		cfg.N, cfg.Batch, cfg.Workers = 8, 128, 2
		st := NewState(cfg, 150)
		_, err := st.RunEpoch(context.Background(), Samples(recs, 150, 0.5))
		require.NoError(t, err)
		return st.Model.Params
	}
	require.Equal(t, run(), run())
}

func TestFitK(t *testing.T) {
	// Results drawn from sigmoid(score/200) give K near 200.
	rng := rand.New(rand.NewSource(6))
	pos := engine.NewPosition()
	var recs []trainset.Record
	for i := 0; i < 20000; i++ {
		s := rng.Intn(1601) - 800
		r := trainset.BlackWin
		if rng.Float64() < sigmoid(float64(s)/200) {
			r = trainset.WhiteWin
		}
		recs = append(recs, trainset.Pack(pos, s, r, false))
	}
	require.InDelta(t, 200, FitK(recs), 20)
}

// TestMainCheckpointAndCorrupt: bounder train writes a net the engine
// loads, continues from its checkpoint, and on a corrupt file names the
// record and leaves the earlier net alone.
func TestMainCheckpointAndCorrupt(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "d.bin")
	f, err := os.Create(data)
	require.NoError(t, err)
	require.NoError(t, trainset.Write(f, records(t, 1500, 7)))
	require.NoError(t, f.Close())
	out, ckpt := filepath.Join(dir, "n.nnue"), filepath.Join(dir, "c.ckpt")
	var so, se bytes.Buffer
	args := []string{"--out", out, "--checkpoint", ckpt, "--hidden", "16", "--batch", "256", "--epochs", "2", "--plot", filepath.Join(dir, "l.png"), data}
	require.Equal(t, 0, Main(args, &so, &se), se.String())
	raw, err := os.ReadFile(out)
	require.NoError(t, err)
	_, err = nnue.Parse(raw)
	require.NoError(t, err)
	st, err := LoadState(ckpt)
	require.NoError(t, err)
	require.Equal(t, 2, st.Epoch)

	so.Reset()
	args[9] = "3"
	require.Equal(t, "--epochs", args[8])
	require.Equal(t, 0, Main(args, &so, &se), se.String())
	require.Contains(t, so.String(), "continuing")
	require.Contains(t, so.String(), "epoch   3")
	require.NotContains(t, so.String(), "epoch   1 ")

	bad := filepath.Join(dir, "bad.bin")
	recs := records(t, 10, 8)
	recs[4][26] = 7
	f, err = os.Create(bad)
	require.NoError(t, err)
	require.NoError(t, trainset.Write(f, recs))
	require.NoError(t, f.Close())
	before, err := os.ReadFile(out)
	require.NoError(t, err)
	se.Reset()
	require.Equal(t, 1, Main([]string{"--out", out, "--epochs", "1", bad}, &so, &se))
	require.Contains(t, se.String(), "record 4")
	after, err := os.ReadFile(out)
	require.NoError(t, err)
	require.Equal(t, before, after, "the earlier net is left as it was")

	se.Reset()
	require.Equal(t, 2, Main([]string{"--out", out, "--activation", "tanh", data}, &so, &se))
	require.Contains(t, se.String(), `unknown --activation "tanh"`)
	so.Reset()
	sq := filepath.Join(dir, "sq.nnue")
	require.Equal(t, 0, Main([]string{"--out", sq, "--hidden", "16", "--epochs", "1", "--activation", "screlu", data}, &so, &se), se.String())
	require.Contains(t, so.String(), "SCReLU")
	raw, err = os.ReadFile(sq)
	require.NoError(t, err)
	net, err := nnue.Parse(raw)
	require.NoError(t, err)
	require.Equal(t, nnue.SCReLU, net.Act)
}

// BenchmarkEpoch measures a training pass over 16,384 positions at hidden
// size 128 in batches of 1,024 (ns/op is one pass).
func BenchmarkEpoch(b *testing.B) {
	recs := records(b, 16384, 1)
	cfg := DefaultConfig()
	cfg.Batch = 1024
	st := NewState(cfg, 150)
	samples := Samples(recs, 150, 0.75)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := st.RunEpoch(context.Background(), samples); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(samples)*b.N)/b.Elapsed().Seconds(), "positions/s")
}

// TestAddRow checks the row addition (the assembly kernel where the CPU has
// it) against the plain Go loop, at every length up to 64.
func TestAddRow(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	for n := 0; n <= 64; n++ {
		a, b := make([]float32, n), make([]float32, n)
		for i := range a {
			a[i], b[i] = rng.Float32()-0.5, rng.Float32()-0.5
		}
		want := make([]float32, n)
		copy(want, a)
		addF32(want, b)
		addRow(a, b)
		require.Equal(t, want, a, "n=%d", n)
	}
}

// TestInitFromNet checks the warm start: dequantising a net and quantising
// it again gives the same net, so that --init with no epochs to run writes
// its net back byte for byte; and an --init file that is not a net is an
// error that leaves NET alone.
func TestInitFromNet(t *testing.T) {
	def := nnue.Default()
	require.Equal(t, def.Bytes(), Dequantise(def).Quantise().Bytes())

	dir := t.TempDir()
	data := filepath.Join(dir, "d.bin")
	f, err := os.Create(data)
	require.NoError(t, err)
	require.NoError(t, trainset.Write(f, records(t, 400, 9)))
	require.NoError(t, f.Close())
	init := filepath.Join(dir, "init.nnue")
	require.NoError(t, os.WriteFile(init, def.Bytes(), 0o644))
	out := filepath.Join(dir, "n.nnue")
	var so, se bytes.Buffer
	require.Equal(t, 0, Main([]string{"--out", out, "--init", init, "--epochs", "0", data}, &so, &se), se.String())
	require.Contains(t, so.String(), "starting from")
	got, err := os.ReadFile(out)
	require.NoError(t, err)
	require.Equal(t, def.Bytes(), got)

	require.Equal(t, 0, Main([]string{"--out", out, "--init", init, "--epochs", "1", "--batch", "64", data}, &so, &se), se.String())
	trained, err := os.ReadFile(out)
	require.NoError(t, err)
	require.NotEqual(t, def.Bytes(), trained, "an epoch moves the weights")

	se.Reset()
	// Sizes relative to the embedded net's, whatever its width.
	require.Equal(t, 2, Main([]string{"--out", out, "--init", init, "--hidden", fmt.Sprint(def.N / 2), data}, &so, &se))
	require.Contains(t, se.String(), "not shrink")
	grown := filepath.Join(dir, "g.nnue")
	require.Equal(t, 0, Main([]string{"--out", grown, "--init", init, "--hidden", fmt.Sprint(def.N + 32), "--epochs", "0", data}, &so, &se), se.String())
	raw, err := os.ReadFile(grown)
	require.NoError(t, err)
	g, err := nnue.Parse(raw)
	require.NoError(t, err)
	require.Equal(t, def.N+32, g.N)
	for _, r := range records(t, 50, 11) {
		pos, err := engine.ParseFEN(r.FEN())
		require.NoError(t, err)
		require.Equal(t, def.Evaluate(pos), g.Evaluate(pos), r.FEN())
	}

	// --buckets on a one-bucket net: every bucket starts as its output, so
	// the net scores as before; and a net of buckets cannot be rebucketed.
	bucketed := filepath.Join(dir, "b.nnue")
	require.Equal(t, 0, Main([]string{"--out", bucketed, "--init", init, "--buckets", "8", "--epochs", "0", data}, &so, &se), se.String())
	raw, err = os.ReadFile(bucketed)
	require.NoError(t, err)
	bn, err := nnue.Parse(raw)
	require.NoError(t, err)
	require.Equal(t, 8, bn.Buckets())
	for _, r := range records(t, 50, 12) {
		pos, err := engine.ParseFEN(r.FEN())
		require.NoError(t, err)
		require.Equal(t, def.Evaluate(pos), bn.Evaluate(pos), r.FEN())
	}
	se.Reset()
	require.Equal(t, 2, Main([]string{"--out", out, "--init", bucketed, "--buckets", "4", data}, &so, &se))
	require.Contains(t, se.String(), "buckets")
	se.Reset()
	require.Equal(t, 2, Main([]string{"--out", out, "--buckets", "0", data}, &so, &se))
	require.Contains(t, se.String(), "--buckets")

	require.NoError(t, os.WriteFile(init, []byte("not a net"), 0o644))
	se.Reset()
	require.Equal(t, 1, Main([]string{"--out", out, "--init", init, "--epochs", "1", data}, &so, &se))
	require.Contains(t, se.String(), "init.nnue")
	after, err := os.ReadFile(out)
	require.NoError(t, err)
	require.Equal(t, trained, after, "NET is left as it was")
}

// TestMirrored checks the augmentation against positions mirrored by
// hand: the mirror of a record's sample is the sample of the mirrored
// position, with the same target, and records with castling rights get
// none.
func TestMirrored(t *testing.T) {
	fens := []string{
		"4k3/1p4p1/8/3Pp3/8/2N5/PP3PPP/R5K1 w - e6 0 30", // mirrored below
		"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",           // castling: no mirror
	}
	mirror := "3k4/1p4p1/8/3pP3/8/5N2/PPP3PP/1K5R w - d6 0 30"
	var recs []trainset.Record
	for _, f := range append(fens, mirror) {
		pos, err := engine.ParseFEN(f)
		require.NoError(t, err)
		recs = append(recs, trainset.Pack(pos, 57, trainset.WhiteWin, false))
	}
	samples := Samples(recs, 150, 0.5)
	got := Mirrored(recs[:2], samples[:2])
	require.Len(t, got, 1)
	want := samples[2]
	for v := range want.Feat {
		a := append([]uint16(nil), got[0].Feat[v][:got[0].Count]...)
		b := append([]uint16(nil), want.Feat[v][:want.Count]...)
		require.ElementsMatch(t, b, a, "view %d", v)
	}
	require.Equal(t, want.Target, got[0].Target)
	require.Equal(t, want.Stm, got[0].Stm)
}

// TestGrow checks that a grown net computes what the net it grew from
// does, in float and once quantised, on positions of random games.
func TestGrow(t *testing.T) {
	m := NewModel(16, 3, 4)
	for i := range m.Params {
		m.Params[i] += float32(i%7) * 0.01 // biases and outputs not zero
	}
	g := Grow(m, 40, 9)
	require.Equal(t, 40, g.N)
	samples := Samples(records(t, 200, 3), 150, 0.5)
	a, b := newScratch(m.N, 0), newScratch(g.N, 0)
	for i := range samples {
		require.InDelta(t, m.forward(&samples[i], a), g.forward(&samples[i], b), 1e-5, "sample %d", i)
	}
	qm, qg := m.Quantise(), g.Quantise()
	for _, r := range records(t, 200, 5) {
		pos, err := engine.ParseFEN(r.FEN())
		require.NoError(t, err)
		require.Equal(t, qm.Evaluate(pos), qg.Evaluate(pos), r.FEN())
	}
}

// TestRebucket: a one-bucket model given buckets computes what it did, in
// float and quantised, and its buckets then train apart.
func TestRebucket(t *testing.T) {
	m := NewModel(16, 1, 6)
	for i := range m.Params {
		m.Params[i] += float32(i%5) * 0.01
	}
	r := Rebucket(m, 8)
	require.Equal(t, 8, r.B)
	recs := records(t, 300, 7)
	samples := Samples(recs, 150, 1)
	a, b := newScratch(m.N, 0), newScratch(r.N, 0)
	for i := range samples {
		require.InDelta(t, m.forward(&samples[i], a), r.forward(&samples[i], b), 1e-6, "sample %d", i)
	}
	qm, qr := m.Quantise(), r.Quantise()
	require.Equal(t, 8, qr.Buckets())
	for _, rec := range recs[:100] {
		pos, err := engine.ParseFEN(rec.FEN())
		require.NoError(t, err)
		require.Equal(t, qm.Evaluate(pos), qr.Evaluate(pos), rec.FEN())
	}
	cfg := DefaultConfig()
	cfg.N, cfg.Buckets = 16, 8
	st := NewState(cfg, 150)
	st.Model = *r
	st.M, st.V = make([]float32, len(r.Params)), make([]float32, len(r.Params))
	_, err := st.RunEpoch(context.Background(), samples)
	require.NoError(t, err)
	_, _, outw, _ := st.Model.parts()
	n2 := 2 * st.Model.N
	differ := false
	for k := 1; k < 8; k++ {
		for j := 0; j < n2; j++ {
			differ = differ || outw[k*n2+j] != outw[j]
		}
	}
	require.True(t, differ, "the buckets trained apart")
}

// --skip-opponent drops the positions the opponent scored, from both sets,
// and refuses data that is all the opponent's.
func TestSkipOpponent(t *testing.T) {
	recs := records(t, 600, 3)
	for i := range recs {
		if i%3 == 0 {
			recs[i].SetOpponent()
		}
	}
	kept := DropOpponent(append([]trainset.Record(nil), recs...))
	require.Len(t, kept, 400)
	for _, r := range kept {
		require.False(t, r.Opponent())
	}

	dir := t.TempDir()
	write := func(name string, rs []trainset.Record) string {
		path := filepath.Join(dir, name)
		f, err := os.Create(path)
		require.NoError(t, err)
		require.NoError(t, trainset.Write(f, rs))
		require.NoError(t, f.Close())
		return path
	}
	data := write("d.bin", recs)
	out := filepath.Join(dir, "n.nnue")
	var so, se bytes.Buffer
	require.Equal(t, 0, Main([]string{"--out", out, "--hidden", "16", "--epochs", "0", "--valid-every", "0", "--skip-opponent", data}, &so, &se), se.String())
	require.Contains(t, so.String(), "400 training")

	for i := range recs {
		recs[i].SetOpponent()
	}
	so.Reset()
	se.Reset()
	require.Equal(t, 1, Main([]string{"--out", out, "--skip-opponent", write("all.bin", recs)}, &so, &se))
	require.Contains(t, se.String(), "leaves no position")
}

// TestWeightDecay checks AdamW's decoupled decay on a zero gradient, where
// Adam alone moves nothing: every weight shrinks by lr·decay of itself and
// no bias moves.
func TestWeightDecay(t *testing.T) {
	const lr, decay = 0.01, 0.5
	for _, d := range []float64{0, decay} {
		st := NewState(Config{N: 8, Buckets: 2, Seed: 3}, 100)
		_, ftb, _, outb := st.Model.parts()
		for i := range ftb {
			ftb[i] = 0.25 // biases start at 0, where a shrink would not show
		}
		outb[0], outb[1] = 0.5, -0.5
		before := slices.Clone(st.Model.Params)
		st.adam(make([]float32, len(before)), 1, lr, d)
		nftw := nnue.Inputs * 8
		wLo, wHi := nftw+8, nftw+8+2*2*8
		for i, x := range st.Model.Params {
			want := before[i]
			if d > 0 && (i < nftw || i >= wLo && i < wHi) {
				want *= float32(1 - lr*d)
			}
			if x != want {
				t.Fatalf("decay %g: parameter %d is %g after a zero-gradient step, want %g", d, i, x, want)
			}
		}
	}
}
