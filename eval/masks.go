package eval

import (
	"math/bits"

	"github.com/bounder-chess/bounder/engine"
)

const (
	fileABB  uint64 = 0x0101010101010101
	fileHBB         = fileABB << 7
	rank1BB  uint64 = 0xFF
	darkSqBB uint64 = 0xAA55AA55AA55AA55 // a1 is dark
)

var (
	fileBB        [8]uint64
	rankBB        [8]uint64
	adjacentFiles [8]uint64
	forwardFile   [2][64]uint64 // squares in front of s on its file, from colour c's view
	passedMask    [2][64]uint64 // squares in front of s on its and the adjacent files
	attackSpan    [2][64]uint64 // squares in front of s on the adjacent files
	supportMask   [2][64]uint64 // adjacent files, same rank or behind: pawns that can support s
	frontOrOnRank [2][8]uint64  // the ranks from rank r (relative) forward
	kingZone      [64]uint64    // the 3x3 block around the king, moved off the edge (kingZoneCentre)
	distance      [64][64]int   // Chebyshev distance
	centreDist    [64]int       // Manhattan distance to the four centre squares
	outpostRanks  [2]uint64     // the relative ranks 4 to 6, where outposts count
)

func init() {
	for f := 0; f < 8; f++ {
		fileBB[f] = fileABB << uint(f)
		rankBB[f] = rank1BB << uint(8*f)
	}
	for f := 0; f < 8; f++ {
		if f > 0 {
			adjacentFiles[f] |= fileBB[f-1]
		}
		if f < 7 {
			adjacentFiles[f] |= fileBB[f+1]
		}
	}
	for r := 0; r < 8; r++ {
		for q := r; q < 8; q++ {
			frontOrOnRank[engine.White][r] |= rankBB[q]
			frontOrOnRank[engine.Black][r] |= rankBB[7-q]
		}
	}
	for s := 0; s < 64; s++ {
		f, r := s&7, s>>3
		for q := 0; q < 8; q++ {
			if q > r {
				forwardFile[engine.White][s] |= fileBB[f] & rankBB[q]
				attackSpan[engine.White][s] |= adjacentFiles[f] & rankBB[q]
			}
			if q < r {
				forwardFile[engine.Black][s] |= fileBB[f] & rankBB[q]
				attackSpan[engine.Black][s] |= adjacentFiles[f] & rankBB[q]
			}
			if q <= r {
				supportMask[engine.White][s] |= adjacentFiles[f] & rankBB[q]
			}
			if q >= r {
				supportMask[engine.Black][s] |= adjacentFiles[f] & rankBB[q]
			}
		}
		for c := 0; c < 2; c++ {
			passedMask[c][s] = forwardFile[c][s] | attackSpan[c][s]
		}
		z := kingZoneCentre(f, r)
		kingZone[s] = engine.KingAttacks(z) | engine.SquareBB(z)
		for t := 0; t < 64; t++ {
			distance[s][t] = max(abs(f-t&7), abs(r-t>>3))
		}
		centreDist[s] = max(3-f, f-4) + max(3-r, r-4)
	}
	for c := engine.White; c <= engine.Black; c++ {
		for r := 3; r <= 5; r++ {
			outpostRanks[c] |= rankBB[r^int(c)*7]
		}
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// relRank is the rank of s seen from colour c's side (0 = c's first rank).
func relRank(c engine.Color, s engine.Square) int {
	return s.Rank() ^ int(c)*7
}

// relSq flips s for black so that tables are written from white's view.
func relSq(c engine.Color, s engine.Square) engine.Square {
	return s ^ engine.Square(int(c)*56)
}

// foldFile maps files e-h onto d-a, so that the shield and storm tables are
// the same on both wings (the piece-square tables are not folded).
func foldFile(f int) int {
	if f > 3 {
		return 7 - f
	}
	return f
}

// pstIndex is the index into a piece's 64-entry table: the square from
// c's view, rank by rank from c's first. The tables are not folded onto
// files a-d: a castled king and the pawns of either wing are not worth the
// same on both sides of the board.
func pstIndex(c engine.Color, s engine.Square) int {
	r := relSq(c, s)
	return r.Rank()*8 + r.File()
}

// rearFill extends every square of b backwards from colour c's view (toward
// c's first rank) to the board's edge: for the attacks of the enemy's pawns,
// every square an enemy pawn can ever attack as it advances.
func rearFill(c engine.Color, b uint64) uint64 {
	if c == engine.White {
		b |= b >> 8
		b |= b >> 16
		return b | b>>32
	}
	b |= b << 8
	b |= b << 16
	return b | b<<32
}

// pstFeature is the piece-square feature of a piece of colour c and type pt on s.
func pstFeature(c engine.Color, pt engine.PieceType, s engine.Square) int {
	return fPST + (int(pt)-1)*64 + pstIndex(c, s)
}

// pawnPush advances a pawn bitboard one rank for colour c.
func pawnPush(c engine.Color, b uint64) uint64 {
	if c == engine.White {
		return b << 8
	}
	return b >> 8
}

// stopSquare is the square in front of a pawn of colour c on s.
func stopSquare(c engine.Color, s engine.Square) engine.Square {
	if c == engine.White {
		return s + 8
	}
	return s - 8
}

func leadingZeros(b uint64) int { return bits.LeadingZeros64(b) }

// kingZoneCentre is the centre of the king zone of a king on file f, rank r:
// the king's square moved off the board's edge (files b-g, ranks 2-7), so
// that every zone has nine squares. A castled king's zone then reaches the
// third rank, where the attacks on it gather, which its neighbours alone
// (four to six squares on the edge) do not.
func kingZoneCentre(f, r int) engine.Square {
	return engine.Square(min(max(r, 1), 6)*8 + min(max(f, 1), 6))
}
