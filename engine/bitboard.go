package engine

import (
	"math/bits"

	"github.com/dylhunn/dragontoothmg"
)

// Bitboard helpers and attack tables. Sliding attacks use dragontoothmg's
// magic bitboards, which share our square numbering (bit 0 = a1).

const (
	fileA uint64 = 0x0101010101010101
	fileH        = fileA << 7
	rank1 uint64 = 0xFF
	rank8        = rank1 << 56
)

var (
	knightAttacks [64]uint64
	kingAttacks   [64]uint64
	pawnAttacks   [2][64]uint64
	between       [64][64]uint64 // squares strictly between two aligned squares
	line          [64][64]uint64 // the full line through two aligned squares
)

func init() {
	for s := 0; s < 64; s++ {
		f, r := s&7, s>>3
		for _, d := range [8][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}} {
			if onBoard(f+d[0], r+d[1]) {
				knightAttacks[s] |= 1 << uint((r+d[1])*8+f+d[0])
			}
		}
		for df := -1; df <= 1; df++ {
			for dr := -1; dr <= 1; dr++ {
				if (df != 0 || dr != 0) && onBoard(f+df, r+dr) {
					kingAttacks[s] |= 1 << uint((r+dr)*8+f+df)
				}
			}
		}
		for _, df := range [2]int{-1, 1} {
			if onBoard(f+df, r+1) {
				pawnAttacks[White][s] |= 1 << uint((r+1)*8+f+df)
			}
			if onBoard(f+df, r-1) {
				pawnAttacks[Black][s] |= 1 << uint((r-1)*8+f+df)
			}
		}
	}
	for a := 0; a < 64; a++ {
		for b := 0; b < 64; b++ {
			if a == b {
				continue
			}
			sa, sb := Square(a), Square(b)
			if RookAttacks(sa, 0)&(1<<uint(b)) != 0 {
				between[a][b] = RookAttacks(sa, 1<<uint(b)) & RookAttacks(sb, 1<<uint(a))
				line[a][b] = (RookAttacks(sa, 0)&RookAttacks(sb, 0) | 1<<uint(a) | 1<<uint(b))
			} else if BishopAttacks(sa, 0)&(1<<uint(b)) != 0 {
				between[a][b] = BishopAttacks(sa, 1<<uint(b)) & BishopAttacks(sb, 1<<uint(a))
				line[a][b] = (BishopAttacks(sa, 0)&BishopAttacks(sb, 0) | 1<<uint(a) | 1<<uint(b))
			}
		}
	}
}

func onBoard(f, r int) bool { return f >= 0 && f < 8 && r >= 0 && r < 8 }

// SquareBB is the bitboard of one square.
func SquareBB(s Square) uint64 { return 1 << s }

// PopCount counts the set bits.
func PopCount(b uint64) int { return bits.OnesCount64(b) }

// LSB is the lowest set square of a non-empty bitboard.
func LSB(b uint64) Square { return Square(bits.TrailingZeros64(b)) }

// PopLSB removes and returns the lowest set square.
func PopLSB(b *uint64) Square {
	s := Square(bits.TrailingZeros64(*b))
	*b &= *b - 1
	return s
}

// KnightAttacks is the set of squares a knight on s attacks.
func KnightAttacks(s Square) uint64 { return knightAttacks[s] }

// KingAttacks is the set of squares a king on s attacks.
func KingAttacks(s Square) uint64 { return kingAttacks[s] }

// PawnAttacks is the set of squares a pawn of colour c on s attacks.
func PawnAttacks(c Color, s Square) uint64 { return pawnAttacks[c][s] }

// RookAttacks is the set of squares a rook on s attacks given occupancy occ.
func RookAttacks(s Square, occ uint64) uint64 {
	return dragontoothmg.CalculateRookMoveBitboard(uint8(s), occ)
}

// BishopAttacks is the set of squares a bishop on s attacks given occupancy occ.
func BishopAttacks(s Square, occ uint64) uint64 {
	return dragontoothmg.CalculateBishopMoveBitboard(uint8(s), occ)
}

// QueenAttacks is the union of rook and bishop attacks.
func QueenAttacks(s Square, occ uint64) uint64 { return RookAttacks(s, occ) | BishopAttacks(s, occ) }

// Between is the set of squares strictly between a and b when they share a
// rank, file or diagonal, else empty.
func Between(a, b Square) uint64 { return between[a][b] }

// Line is the whole rank, file or diagonal through a and b, else empty.
func Line(a, b Square) uint64 { return line[a][b] }

// PawnAttacksBB returns the squares attacked by all pawns of colour c in pawns.
func PawnAttacksBB(c Color, pawns uint64) uint64 {
	if c == White {
		return (pawns&^fileA)<<7 | (pawns&^fileH)<<9
	}
	return (pawns&^fileA)>>9 | (pawns&^fileH)>>7
}
