package eval

import (
	"testing"

	"github.com/bounder-chess/bounder/engine"
)

// Known answers for single terms: the feature counts Trace gives a position
// built to show one of them, for white and black.
func TestTermCounts(t *testing.T) {
	tests := []struct {
		name         string
		fen          string
		feature      int
		white, black int
	}{
		{"push threat", "4k3/8/8/3n4/8/4P3/8/4K3 w - - 0 1", fThreatPush, 1, 0},
		{"double-push threat through an unsafe square", "4k3/8/8/5n2/8/8/4P3/4K3 w - - 0 1", fThreatPush, 1, 0},
		{"push onto a square an enemy pawn attacks", "4k3/8/8/3n1p2/8/4P3/8/4K3 w - - 0 1", fThreatPush, 0, 0},
		{"blocked push", "4k3/8/8/3n4/4p3/4P3/8/4K3 w - - 0 1", fThreatPush, 0, 0},
		{"black push threat", "4k3/8/4p3/8/3N4/8/8/4K3 b - - 0 1", fThreatPush, 0, 1},
		{"outpost without a pawn to defend it", "4k3/7p/8/3N4/8/8/P7/4K3 w - - 0 1", fOutpostN, 1, 0},
		{"no outpost where an enemy pawn can attack", "4k3/4p3/8/3N4/8/8/P7/4K3 w - - 0 1", fOutpostN, 0, 0},
		{"hanging: attacked twice, defended once by a piece", "3r3k/8/8/3n4/5N2/2N1P3/1P1P4/4K3 w - - 0 1", fHanging, 1, 0},
		{"not hanging: attacked twice, defended by a pawn", "7k/8/2p5/3n4/5N2/2N1P3/1P1P4/4K3 w - - 0 1", fHanging, 0, 0},
		{"knight behind its own pawn", "4k3/8/8/8/8/4P3/4N3/4K3 w - - 0 1", fMinorBehindPawn, 1, 0},
		{"knight behind an enemy pawn", "4k3/8/8/4p3/4N3/8/8/4K3 w - - 0 1", fMinorBehindPawn, 1, 0},
		{"black bishop behind its pawn", "4k3/3b4/3p4/8/8/8/8/4K3 w - - 0 1", fMinorBehindPawn, 0, 1},
		{"bishop in front of a pawn", "4k3/8/8/8/4B3/4P3/8/4K3 w - - 0 1", fMinorBehindPawn, 0, 0},
		{"dark bishop, rammed pawn on dark", "4k3/8/8/3p4/3P4/8/8/2B1K3 w - - 0 1", fBadBishop, 1, 0},
		{"light bishop, rammed pawn on dark", "4k3/8/8/3p4/3P4/8/8/3BK3 w - - 0 1", fBadBishop, 0, 0},
		{"two rammed pawns, unrammed one ignored", "4k3/8/8/2pp4/2PP1P2/8/8/3BK3 w - - 0 1", fBadBishop, 1, 0},
		{"both sides, two rammed pawns each", "4kb2/8/3p4/2pP4/2P5/8/8/3BK3 w - - 0 1", fBadBishop, 2, 2},
		{"knights attack each other", "4k3/p7/8/3n4/8/4N3/P7/4K3 w - - 0 1", fThreatMinor, 1, 1},
		{"bishops attack each other", "4k3/7p/8/3b4/8/1B6/7P/4K3 w - - 0 1", fThreatMinor + 1, 1, 1},
		{"knight attacks a bishop", "4k3/7p/8/3b4/8/4N3/7P/4K3 w - - 0 1", fThreatMinor + 1, 1, 0},
		// King attack units on h8 from the knight on e5: 2 for the attacker
		// + 2 zone squares it hits (f7, g6) + the checks + 1 for each zone
		// square only the king defends.
		{"two safe knight checks: 4 + 2×3 + 2", "7k/p7/8/4N3/8/8/P7/K7 w - - 0 1", fKingAtk + 12, 1, 0},
		{"one safe, one defended knight check: 4 + 3 + 1 + 1", "5r1k/8/8/4N3/8/8/8/K7 w - - 0 1", fKingAtk + 9, 1, 0},
		{"a knight guards the zone: 12 - 1", "7k/p7/5n2/4N3/8/8/P7/K7 w - - 0 1", fKingAtk + 11, 1, 0},
		// the bishop on a1 hits f6 and g7 (2 + 2), checks by taking on g7
		// (defended: 1), g7 is weak (1), and the bishop there is pinned (1)
		{"a pinned defender: 4 + 1 + 1 + 1", "7k/p5b1/8/8/8/8/P7/B3K3 w - - 0 1", fKingAtk + 7, 1, 0},
	}
	for _, tc := range tests {
		tr := Trace(mustParse(t, tc.fen))
		var w, b int
		for _, c := range tr.Coefs {
			if c.Index == tc.feature {
				w, b = c.White, c.Black
			}
		}
		if w != tc.white || b != tc.black {
			t.Errorf("%s (%s): counts %d/%d, want %d/%d", tc.name, tc.fen, w, b, tc.white, tc.black)
		}
	}
}

// TestKingZone checks the king zone's known answers: nine squares around
// the king, moved off the edge, so a castled king's zone reaches its third
// rank and a cornered king's holds the squares in front of it.
func TestKingZone(t *testing.T) {
	sq := func(s string) engine.Square { return engine.Square(int(s[1]-'1')*8 + int(s[0]-'a')) }
	bb := func(names ...string) uint64 {
		var b uint64
		for _, n := range names {
			b |= engine.SquareBB(sq(n))
		}
		return b
	}
	tests := []struct {
		king string
		zone uint64
	}{
		{"g1", bb("f1", "g1", "h1", "f2", "g2", "h2", "f3", "g3", "h3")},
		{"h8", bb("f8", "g8", "h8", "f7", "g7", "h7", "f6", "g6", "h6")},
		{"a1", bb("a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3")},
		{"e4", bb("d3", "e3", "f3", "d4", "e4", "f4", "d5", "e5", "f5")},
		{"e8", bb("d8", "e8", "f8", "d7", "e7", "f7", "d6", "e6", "f6")},
	}
	for _, tc := range tests {
		if got := kingZone[sq(tc.king)]; got != tc.zone {
			t.Errorf("king on %s: zone %#x, want %#x", tc.king, got, tc.zone)
		}
	}
	for s := 0; s < 64; s++ {
		if z := kingZone[s]; engine.PopCount(z) != 9 || z&engine.SquareBB(engine.Square(s)) == 0 {
			t.Errorf("square %d: zone %#x should hold nine squares and the king's", s, z)
		}
	}
}
