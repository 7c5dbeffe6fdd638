package match

import (
	"fmt"
	"strconv"
)

// Chess960Positions is the number of Chess960 start positions.
const Chess960Positions = 960

// Chess960BackRank returns the back rank of Chess960 start position n
// (0..959) in Scharnagl's numbering, as piece letters from the a-file to
// the h-file ("RNBQKBNR" for 518, the standard position). The number is
// read digit by digit, each placing pieces on the squares still empty:
//
//   - n mod 4 puts the light-squared bishop on b, d, f or h; then n /= 4;
//   - n mod 4 puts the dark-squared bishop on a, c, e or g; then n /= 4;
//   - n mod 6 puts the queen on the first to sixth empty square; n /= 6;
//   - n (0..9) puts the two knights on a pair of the five empty squares,
//     the pairs in the order 12, 13, 14, 15, 23, 24, 25, 34, 35, 45;
//   - the three squares left take rook, king, rook, from a to h.
func Chess960BackRank(n int) (string, error) {
	if n < 0 || n >= Chess960Positions {
		return "", fmt.Errorf("Chess960 position %d: want 0 to %d", n, Chess960Positions-1)
	}
	var rank [8]byte
	rank[2*(n%4)+1] = 'B' // b, d, f, h: light squares on the first rank
	n /= 4
	rank[2*(n%4)] = 'B' // a, c, e, g: dark squares
	n /= 4
	putNth(&rank, n%6, 'Q')
	n /= 6
	// The knight pairs among five empty squares, in Scharnagl's order.
	knights := [10][2]int{{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}}[n]
	// The second knight first: placing the first would shift its count.
	putNth(&rank, knights[1], 'N')
	putNth(&rank, knights[0], 'N')
	putNth(&rank, 0, 'R')
	putNth(&rank, 0, 'K')
	putNth(&rank, 0, 'R')
	return string(rank[:]), nil
}

// putNth puts piece on the i-th (from 0) empty square of rank.
func putNth(rank *[8]byte, i int, piece byte) {
	for f := range rank {
		if rank[f] != 0 {
			continue
		}
		if i == 0 {
			rank[f] = piece
			return
		}
		i--
	}
}

// Chess960FEN returns the FEN of the Double Fischer random start position
// with White's back rank from Chess960 position white and Black's from
// black (Scharnagl's numbering); white == black is a Chess960 position.
// The castling rights are written in X-FEN, KQkq: at the start each side
// has one rook on either side of its king, the outermost one.
func Chess960FEN(white, black int) (string, error) {
	w, err := Chess960BackRank(white)
	if err != nil {
		return "", err
	}
	b, err := Chess960BackRank(black)
	if err != nil {
		return "", err
	}
	lower := []byte(b)
	for i := range lower {
		lower[i] += 'a' - 'A'
	}
	return string(lower) + "/pppppppp/8/8/8/8/PPPPPPPP/" + w + " w KQkq - 0 1", nil
}

// chess960Suite is the 960 start positions as openings, in Scharnagl's
// order, each with its number as ID ("chess960:518"): what a Chess960
// match plays without an opening file, shuffled by its seed.
func chess960Suite() []Opening {
	ops := make([]Opening, Chess960Positions)
	for n := range ops {
		fen, _ := Chess960FEN(n, n) // n is in range
		ops[n] = Opening{FEN: fen, ID: "chess960:" + strconv.Itoa(n), Variant: FischerRandom}
	}
	return ops
}
