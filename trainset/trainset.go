// Package trainset is the binary format of the network's training data: one
// fixed-size record of 32 bytes per position, written by bounder selfplay
// and read by bounder train. docs/nnue.md describes the layout byte by
// byte; in short, little-endian:
//
//	0..7    occupancy: a bitboard of the occupied squares (a1 = bit 0)
//	8..23   pieces: one nibble per occupied square, in the order of the
//	        occupancy's bits, low nibble first; the nibble is engine.Piece
//	        (type | colour<<3: 1-6 white P N B R Q K, 9-14 black)
//	24..25  score: the search's score in centipawns, int16, White's view
//	26      result: the game's result, 0 Black won, 1 draw, 2 White won
//	27      flags: bit 0 Black to move; bit 1 the last record of its game;
//	        bit 2 scored by the opponent (bounder selfplay --opponent: the
//	        side to move was not the evaluation the data is for);
//	        bits 4-7 castling rights (White king side, White queen side,
//	        Black king side, Black queen side)
//	28      en-passant square (0-63), or 64 for none
//	29      half-move clock (plies since a capture or pawn move, at most 255)
//	30..31  full-move number, uint16
//
// A record is checked when it is read (Validate): at most 32 pieces, valid
// piece codes, one king of each colour, no pawn on the first or last rank,
// a result of 0-2, no unknown flag, an en-passant square on the third or
// sixth rank or none. A file of records is just the records one after
// another, with no header, so files can be joined with cat and a file cut
// off by a crash loses at most its last, torn, record (Repair removes it).
package trainset

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/bits"
	"strings"

	"github.com/bounder-chess/bounder/engine"
)

// Size is the length of one record in bytes.
const Size = 32

// Results, from White's view.
const (
	BlackWin = 0
	Draw     = 1
	WhiteWin = 2
)

const (
	flagBlack    = 1 << 0
	flagGameEnd  = 1 << 1
	flagOpponent = 1 << 2
	flagCastling = 0xF0
	noEP         = 64
)

// Record is one packed position with its labels.
type Record [Size]byte

// Position is a decoded record's position: the pieces, and the rest of what
// a FEN holds.
type Position struct {
	Board    [64]engine.Piece
	Side     engine.Color
	Castling uint8 // bit 0 White king side, 1 White queen side, 2 and 3 Black's
	EP       engine.Square
	Rule50   int
	MoveNo   int
}

// Pack makes a record of a position and its labels. score is in
// centipawns from White's view (clamped to int16), result one of BlackWin,
// Draw, WhiteWin.
func Pack(pos *engine.Position, score, result int, gameEnd bool) Record {
	var r Record
	occ := pos.Occupied()
	binary.LittleEndian.PutUint64(r[0:], occ)
	i := 0
	for b := occ; b != 0; b &= b - 1 {
		pc := byte(pos.PieceAt(engine.Square(bits.TrailingZeros64(b))))
		r[8+i/2] |= pc << (4 * (i & 1))
		i++
	}
	score = max(-32767, min(32767, score))
	binary.LittleEndian.PutUint16(r[24:], uint16(int16(score)))
	r[26] = byte(result)
	var f byte
	if pos.SideToMove() == engine.Black {
		f |= flagBlack
	}
	if gameEnd {
		f |= flagGameEnd
	}
	f |= castlingBits(pos) << 4
	r[27] = f
	r[28] = byte(pos.EnPassant())
	r[29] = byte(min(255, pos.Rule50()))
	binary.LittleEndian.PutUint16(r[30:], uint16(min(65535, pos.FullMoveNumber())))
	return r
}

// castlingBits reads the rights from the position's FEN castling field,
// which is the only place engine exposes them by side of the king.
func castlingBits(pos *engine.Position) byte {
	if pos.CastlingRights() == 0 {
		return 0
	}
	f := strings.Fields(pos.FEN())
	var b byte
	for _, c := range f[2] {
		switch {
		case c == 'K':
			b |= 1
		case c == 'Q':
			b |= 2
		case c == 'k':
			b |= 4
		case c == 'q':
			b |= 8
		case c >= 'A' && c <= 'H': // an inner Chess960 rook: by its side of the king
			if int(c-'A') > pos.KingSquare(engine.White).File() {
				b |= 1
			} else {
				b |= 2
			}
		case c >= 'a' && c <= 'h':
			if int(c-'a') > pos.KingSquare(engine.Black).File() {
				b |= 4
			} else {
				b |= 8
			}
		}
	}
	return b
}

// Occupancy is the bitboard of occupied squares.
func (r *Record) Occupancy() uint64 { return binary.LittleEndian.Uint64(r[0:]) }

// Score is the search score in centipawns, White's view.
func (r *Record) Score() int { return int(int16(binary.LittleEndian.Uint16(r[24:]))) }

// Result is BlackWin, Draw or WhiteWin.
func (r *Record) Result() int { return int(r[26]) }

// Side is the colour to move.
func (r *Record) Side() engine.Color { return engine.Color(r[27] & flagBlack) }

// Castling is the castling rights, bits as in the flags byte shifted
// down: 1 White king side, 2 White queen side, 4 Black king side, 8 Black
// queen side.
func (r *Record) Castling() uint8 { return r[27] >> 4 }

// GameEnd reports the last record of a game.
func (r *Record) GameEnd() bool { return r[27]&flagGameEnd != 0 }

// SetResult sets the game's result (for labelling a game's records once it
// has ended).
func (r *Record) SetResult(result int) { r[26] = byte(result) }

// SetGameEnd marks the last record of a game.
func (r *Record) SetGameEnd() { r[27] |= flagGameEnd }

// Opponent reports a record scored by the opponent's search (selfplay
// --opponent), not by the evaluation whose games these are.
func (r *Record) Opponent() bool { return r[27]&flagOpponent != 0 }

// SetOpponent marks a record scored by the opponent's search.
func (r *Record) SetOpponent() { r[27] |= flagOpponent }

// ForEach calls f with each piece and its square, in square order.
func (r *Record) ForEach(f func(sq engine.Square, pc engine.Piece)) {
	i := 0
	for b := r.Occupancy(); b != 0; b &= b - 1 {
		f(engine.Square(bits.TrailingZeros64(b)), engine.Piece(r[8+i/2]>>(4*(i&1))&15))
		i++
	}
}

// Validate reports what is wrong with a record, or nil.
func (r *Record) Validate() error {
	occ := r.Occupancy()
	n := bits.OnesCount64(occ)
	if n > 32 {
		return fmt.Errorf("%d pieces", n)
	}
	var kings [2]int
	var err error
	r.ForEach(func(sq engine.Square, pc engine.Piece) {
		t := pc.Type()
		switch {
		case err != nil:
		case t == engine.NoPieceType || t > engine.King:
			err = fmt.Errorf("bad piece code %d on %v", pc, sq)
		case t == engine.Pawn && (sq.Rank() == 0 || sq.Rank() == 7):
			err = fmt.Errorf("a pawn on %v", sq)
		case t == engine.King:
			kings[pc.Color()]++
		}
	})
	if err != nil {
		return err
	}
	// Nibbles past the last piece must be zero: a torn or shifted record
	// rarely keeps them so.
	for i := n; i < 32; i++ {
		if r[8+i/2]>>(4*(i&1))&15 != 0 {
			return errors.New("piece codes beyond the occupancy")
		}
	}
	if kings != [2]int{1, 1} {
		return fmt.Errorf("%d white and %d black kings", kings[0], kings[1])
	}
	if r[26] > WhiteWin {
		return fmt.Errorf("result %d", r[26])
	}
	if r[27]&^(flagBlack|flagGameEnd|flagOpponent|flagCastling) != 0 {
		return fmt.Errorf("unknown flags %#x", r[27])
	}
	if ep := r[28]; ep != noEP && (ep > 63 || (ep>>3 != 2 && ep>>3 != 5)) {
		return fmt.Errorf("en-passant square %d", ep)
	}
	return nil
}

// Decode unpacks a record's position.
func (r *Record) Decode() Position {
	var p Position
	r.ForEach(func(sq engine.Square, pc engine.Piece) { p.Board[sq] = pc })
	p.Side = r.Side()
	p.Castling = r.Castling()
	p.EP = engine.Square(r[28])
	p.Rule50 = int(r[29])
	p.MoveNo = int(binary.LittleEndian.Uint16(r[30:]))
	return p
}

// FEN writes a record's position in Forsyth-Edwards Notation.
func (r *Record) FEN() string {
	p := r.Decode()
	var b strings.Builder
	b.WriteString(engine.PlacementFEN(&p.Board))
	b.WriteString([]string{" w ", " b "}[p.Side])
	c := ""
	for i, l := range "KQkq" {
		if p.Castling&(1<<i) != 0 {
			c += string(l)
		}
	}
	if c == "" {
		c = "-"
	}
	b.WriteString(c)
	if p.EP == noEP {
		b.WriteString(" -")
	} else {
		b.WriteString(" " + p.EP.String())
	}
	fmt.Fprintf(&b, " %d %d", p.Rule50, max(1, p.MoveNo))
	return b.String()
}
