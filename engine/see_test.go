package engine

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestSEEAtLeast(t *testing.T) {
	cases := []struct {
		fen, move string
		value     int // the exchange's exact value
	}{
		{"1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1", "e1e5", 100},           // pawn, undefended
		{"1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1", "d3e5", -200}, // NxP, NxN... loses
		{"4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5", 100},
		{"4k3/8/2p5/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5", 0},           // PxP PxP
		{"4k3/8/2p5/3p4/8/8/3Q4/4K3 w - - 0 1", "d2d5", 100 - 900},   // QxP PxQ
		{"4k3/3r4/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5", 100},        // x-ray: RxP RxR RxR
		{"3rk3/3r4/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5", 100 - 500}, // two defenders behind
		{"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8q", 800},            // free promotion
		{"1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7b8q", 500 + 800},     // capture-promotion
		{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", 100},           // en passant
		{"4k3/8/4p3/3p4/4K3/8/8/8 w - - 0 1", "e4d5", -20000 + 100},  // king can't take a defended pawn... (illegal, but SEE says so)
	}
	for _, c := range cases {
		p, err := ParseFEN(c.fen)
		require.NoError(t, err, c.fen)
		var m Move
		if c.move == "e4d5" && c.value < -1000 {
			m = newMove(MakeSquare(4, 3), MakeSquare(3, 4)) // not legal: built by hand
		} else {
			m, err = p.ParseMove(c.move)
			require.NoError(t, err, c.fen)
		}
		require.True(t, p.SEEAtLeast(m, c.value), "%s %s >= %d", c.fen, c.move, c.value)
		require.False(t, p.SEEAtLeast(m, c.value+1), "%s %s >= %d", c.fen, c.move, c.value+1)
	}
}
