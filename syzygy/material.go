package syzygy

import (
	"strings"

	"github.com/bounder-chess/bounder/engine"
)

// matKey identifies a material balance: three bits per piece type (pawn to
// queen) and colour, white in the low 15 bits. Kings are implied. Positions
// and tables meet through it, so finding a position's table costs a few pop
// counts and one map look-up, without building a name.
type matKey uint32

// mirror swaps the colours.
func (k matKey) mirror() matKey { return k>>15 | (k&0x7fff)<<15 }

// keyOf is the material key of a position (white as white).
func keyOf(pos *engine.Position) matKey {
	var k matKey
	for c := engine.White; c <= engine.Black; c++ {
		for pt := engine.Pawn; pt <= engine.Queen; pt++ {
			k |= matKey(engine.PopCount(pos.Pieces(c, pt))&7) << (15*uint(c) + 3*uint(pt-engine.Pawn))
		}
	}
	return k
}

// pieceLetters maps a piece type to its letter in table names.
const pieceLetters = " PNBRQK"

// parseTableName reads a name like "KQvKR" (white's pieces, "v", black's),
// as Syzygy file names are written. Each side must have exactly one king,
// written first; the result is the material key with the left side as
// white and the number of pieces.
func parseTableName(name string) (matKey, int, bool) {
	w, b, ok := strings.Cut(name, "v")
	if !ok || len(w) == 0 || len(b) == 0 || w[0] != 'K' || b[0] != 'K' {
		return 0, 0, false
	}
	num := len(w) + len(b)
	if num < 3 || num > maxTablePieces {
		return 0, 0, false
	}
	var k matKey
	for c, side := range [2]string{w[1:], b[1:]} {
		for i := 0; i < len(side); i++ {
			pt := strings.IndexByte(pieceLetters, side[i])
			if pt < int(engine.Pawn) || pt > int(engine.Queen) {
				return 0, 0, false // unknown letter, or a second king
			}
			k += 1 << (15*uint(c) + 3*uint(pt-int(engine.Pawn)))
		}
	}
	return k, num, true
}

// codesKey is the material key of a list of the file's piece codes
// (type | colour<<3); ok is false unless there is exactly one king a side
// and every code is a piece.
func codesKey(codes []uint8) (matKey, bool) {
	var k matKey
	kings := [2]int{}
	for _, c := range codes {
		pt, col := engine.PieceType(c&7), uint(c>>3)
		switch {
		case c > 15 || pt == engine.NoPieceType || pt > engine.King:
			return 0, false
		case pt == engine.King:
			kings[col]++
		default:
			shift := 15*col + 3*uint(pt-engine.Pawn)
			if (k>>shift)&7 == 7 {
				return 0, false
			}
			k += 1 << shift
		}
	}
	return k, kings[0] == 1 && kings[1] == 1
}
