package engine

import (
	"fmt"
	"testing"

	"github.com/dylhunn/dragontoothmg"
	"github.com/stretchr/testify/require"
)

// benchPositions are the CPW perft positions at depths that take a few
// milliseconds to a second.
var benchPositions = []struct {
	name  string
	fen   string
	depth int
	nodes uint64
}{
	{"start", StartFEN, 5, 4865609},
	{"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4, 4085603},
	{"pos3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 6, 11030083},
	{"pos4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 5, 15833292},
	{"pos5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 4, 2103487},
	{"pos6", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 4, 3894594},
}

// BenchmarkPerft runs Bounder's perft and dragontoothmg's on the same
// positions and depths. Both count the moves at depth 1 without making
// them (dragontoothmg.Perft returns len(GenerateLegalMoves()) at n == 1),
// so the node rates compare like with like.
func BenchmarkPerft(b *testing.B) {
	for _, bp := range benchPositions {
		name := fmt.Sprintf("%s-d%d", bp.name, bp.depth)
		b.Run("bounder/"+name, func(b *testing.B) {
			p, err := ParseFEN(bp.fen)
			require.NoError(b, err)
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if n := p.Perft(bp.depth); n != bp.nodes {
					b.Fatalf("perft %d, want %d", n, bp.nodes)
				}
			}
			b.ReportMetric(float64(bp.nodes)*float64(b.N)/b.Elapsed().Seconds()/1e6, "Mnps")
		})
		b.Run("dragontoothmg/"+name, func(b *testing.B) {
			board := dragontoothmg.ParseFen(bp.fen)
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if n := dragontoothmg.Perft(&board, bp.depth); uint64(n) != bp.nodes {
					b.Fatalf("perft %d, want %d", n, bp.nodes)
				}
			}
			b.ReportMetric(float64(bp.nodes)*float64(b.N)/b.Elapsed().Seconds()/1e6, "Mnps")
		})
	}
}

var (
	benchKiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
	sinkMoves     []Move
	sinkKey       uint64
)

// BenchmarkMakeUnmake makes and unmakes each of Kiwipete's 48 moves in turn.
func BenchmarkMakeUnmake(b *testing.B) {
	p, err := ParseFEN(benchKiwipete)
	require.NoError(b, err)
	moves := p.GenerateMoves(nil)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		p.Make(moves[i%len(moves)])
		p.Unmake()
	}
}

// BenchmarkMakeUnmakeNull is the null move's pair.
func BenchmarkMakeUnmakeNull(b *testing.B) {
	p, err := ParseFEN(benchKiwipete)
	require.NoError(b, err)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		p.MakeNull()
		p.UnmakeNull()
	}
}

func benchGenerate(b *testing.B, captures bool) {
	for _, bp := range benchPositions {
		b.Run(bp.name, func(b *testing.B) {
			p, err := ParseFEN(bp.fen)
			require.NoError(b, err)
			var buf [MaxMoves]Move
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if captures {
					sinkMoves = p.GenerateCaptures(buf[:])
				} else {
					sinkMoves = p.GenerateMoves(buf[:])
				}
			}
		})
	}
}

// BenchmarkGenerateMoves generates all legal moves into a reused buffer.
func BenchmarkGenerateMoves(b *testing.B) { benchGenerate(b, false) }

// BenchmarkGenerateCaptures generates the legal captures and promotions.
func BenchmarkGenerateCaptures(b *testing.B) { benchGenerate(b, true) }

// BenchmarkDragontoothGenerate is dragontoothmg's GenerateLegalMoves on the
// same positions, for comparison (it allocates its list).
func BenchmarkDragontoothGenerate(b *testing.B) {
	for _, bp := range benchPositions {
		b.Run(bp.name, func(b *testing.B) {
			board := dragontoothmg.ParseFen(bp.fen)
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				_ = board.GenerateLegalMoves()
			}
		})
	}
}

// BenchmarkChildKey computes the key after each of Kiwipete's moves.
func BenchmarkChildKey(b *testing.B) {
	p, err := ParseFEN(benchKiwipete)
	require.NoError(b, err)
	moves := p.GenerateMoves(nil)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		sinkKey ^= p.ChildKey(moves[i%len(moves)])
	}
}

// TestHotPathAllocs: perft, make/unmake, generation into a buffer and
// ChildKey allocate nothing.
func TestHotPathAllocs(t *testing.T) {
	p, err := ParseFEN(benchKiwipete)
	require.NoError(t, err)
	moves := p.GenerateMoves(nil)
	var buf [MaxMoves]Move
	checks := map[string]func(){
		"Perft(3)":         func() { p.Perft(3) },
		"Make+Unmake":      func() { p.Make(moves[7]); p.Unmake() },
		"MakeNull+Unmake":  func() { p.MakeNull(); p.UnmakeNull() },
		"GenerateMoves":    func() { sinkMoves = p.GenerateMoves(buf[:]) },
		"GenerateCaptures": func() { sinkMoves = p.GenerateCaptures(buf[:]) },
		"ChildKey":         func() { sinkKey ^= p.ChildKey(moves[3]) },
		"HasLegalMove":     func() { _ = p.HasLegalMove() },
		"IsLegal":          func() { _ = p.IsLegal(moves[5]) },
		"IsRepetition":     func() { _ = p.IsRepetition() },
		"InCheck":          func() { _ = p.InCheck() },
	}
	for name, f := range checks {
		require.Zero(t, testing.AllocsPerRun(20, f), name)
	}
}
