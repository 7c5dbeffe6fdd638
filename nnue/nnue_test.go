package nnue

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"math/rand"
	"testing"

	"github.com/bounder-chess/bounder/engine"
	"github.com/stretchr/testify/require"
)

// randomNet is a net of b output buckets and random weights, large enough
// that every piece moves the output.
func randomNet(n, b int, seed int64) *Net {
	rng := rand.New(rand.NewSource(seed))
	net := &Net{N: n, B: b, FTW: make([]int16, Inputs*n), FTB: make([]int16, n), OutW: make([]int16, b*2*n), OutB: make([]int32, b)}
	for i := range net.OutB {
		net.OutB[i] = int32(rng.Intn(4001) - 2000)
	}
	for i := range net.FTW {
		net.FTW[i] = int16(rng.Intn(401) - 200)
	}
	for i := range net.FTB {
		net.FTB[i] = int16(rng.Intn(201))
	}
	for i := range net.OutW {
		net.OutW[i] = int16(rng.Intn(257) - 128)
	}
	return net
}

var treeFENs = []string{
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", // castling, en passant, promotions below
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
	"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
	// Chess960: castling with the king and rook on other squares.
	"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
}

// walk checks, at every node of the tree of depth plies below pos, that
// the stack's incremental accumulator scores as a fresh one.
func walk(t *testing.T, net *Net, s *Stack, pos *engine.Position, depth int, nodes *int) {
	*nodes++
	require.Equal(t, net.Evaluate(pos), s.Evaluate(pos), pos.FEN())
	if depth == 0 {
		return
	}
	var buf [256]engine.Move
	for _, m := range pos.GenerateMoves(buf[:0]) {
		s.Make(pos, m)
		walk(t, net, s, pos, depth-1, nodes)
		s.Unmake(pos)
	}
	if depth == 2 && !pos.InCheck() {
		s.PushNull()
		pos.MakeNull()
		walk(t, net, s, pos, 1, nodes)
		pos.UnmakeNull()
		s.Pop()
	}
}

// TestIncrementalMatchesFresh: over perft trees with castling (Chess960
// too), en passant, promotions and null moves, the updated accumulators
// equal the ones computed from the board.
// screluNet is randomNet with the squared activation.
func screluNet(n, b int, seed int64) *Net {
	net := randomNet(n, b, seed)
	net.Act = SCReLU
	return net
}

func TestIncrementalMatchesFresh(t *testing.T) {
	net := randomNet(16, 8, 1)
	if testing.Short() {
		net = screluNet(16, 8, 1) // the CReLU net's trees run in the full test
	}
	depth := 3
	if testing.Short() {
		depth = 2
	}
	for _, fen := range treeFENs {
		pos, err := engine.ParseFEN(fen)
		require.NoError(t, err)
		s := NewStack(net, 16)
		s.Reset(pos)
		nodes := 0
		walk(t, net, s, pos, depth, &nodes)
		require.Zero(t, s.Depth())
		require.Greater(t, nodes, 100)
	}
}

// TestIncrementalRandomGames plays long random games, never taking a move
// back, so the stack goes deep and meets every kind of move.
func TestIncrementalRandomGames(t *testing.T) {
	net := randomNet(24, 4, 2)
	rng := rand.New(rand.NewSource(3))
	var buf [256]engine.Move
	for g := 0; g < 20; g++ {
		pos, err := engine.ParseFEN(treeFENs[g%len(treeFENs)])
		require.NoError(t, err)
		s := NewStack(net, 201)
		s.Reset(pos)
		for ply := 0; ply < 200; ply++ {
			moves := pos.GenerateMoves(buf[:0])
			if len(moves) == 0 {
				break
			}
			s.Make(pos, moves[rng.Intn(len(moves))])
			require.Equal(t, net.Evaluate(pos), s.Evaluate(pos), pos.FEN())
		}
	}
}

// TestColourSymmetry: a position and its colour-flipped mirror score the
// same for the side to move.
func TestColourSymmetry(t *testing.T) {
	for _, net := range []*Net{randomNet(32, 8, 4), randomNet(32, 1, 4), screluNet(32, 4, 4), Default()} {
		for _, fen := range treeFENs[:5] {
			pos, err := engine.ParseFEN(fen)
			require.NoError(t, err)
			require.Equal(t, net.Evaluate(pos), net.Evaluate(pos.Mirror()), fen)
		}
	}
}

func TestFileRoundTrip(t *testing.T) {
	for _, b := range []int{1, 3, 8} {
		fileRoundTrip(t, randomNet(16, b, 5))
		fileRoundTrip(t, screluNet(16, b, 5))
	}
}

func fileRoundTrip(t *testing.T, net *Net) {
	data := net.Bytes()
	wantVersion := byte(2)
	switch {
	case net.Act == SCReLU:
		wantVersion = 3
	case net.Buckets() == 1:
		wantVersion = 1 // as before buckets
	}
	require.Equal(t, wantVersion, data[4])
	got, err := Parse(data)
	require.NoError(t, err)
	require.Equal(t, net.FTW, got.FTW)
	require.Equal(t, net.FTB, got.FTB)
	require.Equal(t, net.OutW, got.OutW)
	require.Equal(t, net.OutB, got.OutB)
	require.Equal(t, net.Buckets(), got.Buckets())
	require.Equal(t, net.Act, got.Act)
	got2, err := Read(bytes.NewReader(data))
	require.NoError(t, err)
	require.Equal(t, got.Version, got2.Version)
}

func TestParseRejects(t *testing.T) {
	good := randomNet(16, 8, 6).Bytes()
	spoil := func(f func(b []byte) []byte) []byte {
		return f(append([]byte(nil), good...))
	}
	cases := map[string][]byte{
		"too short": good[:10],
		"bad magic": spoil(func(b []byte) []byte { b[0] = 'X'; return b }),
		"version":   spoil(func(b []byte) []byte { b[4] = 9; return b }),
		"hidden size": spoil(func(b []byte) []byte {
			b[8] = 3
			return b
		}),
		"bytes": good[:len(good)-6],
		"buckets": spoil(func(b []byte) []byte {
			b[12] = 33
			return b
		}),
		"checksum": spoil(func(b []byte) []byte { b[100] ^= 1; return b }),
	}
	sq := screluNet(16, 2, 6)
	sq.Act = 7
	cases["activation"] = sq.Bytes()
	for name, data := range cases {
		_, err := Parse(data)
		require.Error(t, err, name)
		require.Contains(t, err.Error(), map[string]string{"too short": "too short", "bad magic": "magic", "version": "version",
			"hidden size": "hidden size", "bytes": "bytes", "checksum": "checksum", "buckets": "buckets", "activation": "activation 7"}[name], name)
	}
}

// TestEmbedded: the embedded net parses, and is the file docs/nnue.md
// names by its SHA-256.
func TestEmbedded(t *testing.T) {
	net := Default()
	require.GreaterOrEqual(t, net.N, minN)
	sum := sha256.Sum256(DefaultBytes())
	require.Equal(t, DefaultSHA256, hex.EncodeToString(sum[:]), "update DefaultSHA256 and docs/nnue.md with the new net's provenance")
}

// TestEmbeddedKnowsMaterial guards against building in a broken net (a
// sign error, a net of another scale): the embedded one must score the
// start position near level and a queen, a rook or a knight up as clearly
// won for the side that has it, whichever side is to move.
func TestEmbeddedKnowsMaterial(t *testing.T) {
	net := Default()
	cases := []struct {
		fen    string
		lo, hi int // White's view, centipawns
	}{
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", -100, 100},
		{"rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 500, 2000},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR b KQkq - 0 1", -2000, -500},
		{"1nbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQk - 0 1", 250, 1500},
		{"rnbqkb1r/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 150, 1000},
	}
	for _, c := range cases {
		pos, err := engine.ParseFEN(c.fen)
		require.NoError(t, err)
		v := net.Evaluate(pos)
		if pos.SideToMove() == engine.Black {
			v = -v
		}
		require.True(t, v >= c.lo && v <= c.hi, "%s: %d cp, want %d..%d", c.fen, v, c.lo, c.hi)
	}
}

func FuzzParse(f *testing.F) {
	f.Add(randomNet(8, 1, 7).Bytes())
	f.Add(randomNet(8, 4, 7).Bytes())
	f.Fuzz(func(t *testing.T, b []byte) {
		net, err := Parse(b)
		if err != nil {
			return
		}
		_ = net.Evaluate(engine.NewPosition())
	})
}

func BenchmarkIncremental(b *testing.B) {
	net := Default()
	pos, _ := engine.ParseFEN(treeFENs[1])
	s := NewStack(net, 4)
	s.Reset(pos)
	var buf [256]engine.Move
	moves := pos.GenerateMoves(buf[:0])
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		m := moves[i%len(moves)]
		s.Make(pos, m)
		_ = s.Evaluate(pos)
		s.Unmake(pos)
	}
}

// TestBucket: the buckets split the piece counts 2..32 into equal ranges,
// every bucket used, the fewest pieces first.
func TestBucket(t *testing.T) {
	for _, b := range []int{1, 2, 4, 8, 16} {
		seen := map[int]bool{}
		last := 0
		for pieces := 2; pieces <= 32; pieces++ {
			k := Bucket(pieces, b)
			require.GreaterOrEqual(t, k, last, "b %d pieces %d", b, pieces)
			require.Less(t, k, b, "b %d pieces %d", b, pieces)
			seen[k], last = true, k
		}
		require.Len(t, seen, b, "every bucket of %d used", b)
	}
	require.Equal(t, 0, Bucket(2, 8))
	require.Equal(t, 7, Bucket(32, 8))
}

// TestSCReLUOutput: an SCReLU net's score is the formula of the package
// doc, worked here in int64 from the accumulators, and not the CReLU
// net's.
func TestSCReLUOutput(t *testing.T) {
	net := screluNet(32, 4, 8)
	for i := range net.OutW {
		net.OutW[i] %= 128
	}
	differs := 0
	for _, fen := range treeFENs {
		pos, err := engine.ParseFEN(fen)
		require.NoError(t, err)
		s := NewStack(net, 1)
		s.Reset(pos)
		stm := int(pos.SideToMove())
		pieces := int(engine.PopCount(pos.Occupied()))
		b := Bucket(pieces, net.B)
		w := net.OutW[b*2*net.N : (b+1)*2*net.N]
		var sum int64
		for view, half := range [2]int{stm, stm ^ 1} {
			for i, x := range s.level(0, half) {
				c := int64(crelu(x))
				sum += c * c * int64(w[view*net.N+i])
			}
		}
		want := int((sum/QA + int64(net.OutB[b])) * Scale / (QA * QB))
		require.Equal(t, want, net.Evaluate(pos), fen)
		plain := *net
		plain.Act = CReLU
		if plain.Evaluate(pos) != want {
			differs++
		}
	}
	require.Greater(t, differs, len(treeFENs)/2)
}
