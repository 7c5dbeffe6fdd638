package engine

import (
	"errors"
	"fmt"
	"math/bits"
	"strconv"
	"strings"
)

// ParseFEN reads a position in Forsyth-Edwards Notation. The move counters
// may be omitted (as in EPD); everything else is checked, and an impossible
// position is an error, never a panic: wrong field count, bad piece letters
// or rank lengths, not exactly one king per side, pawns on the first or last
// rank, the side not to move in check, castling rights without king and rook
// in place, an en-passant square that no double push can explain.
//
// The castling field may be written three ways, for standard chess and
// Chess960 (Fischer random, Double Fischer random) alike: standard FEN's
// KQkq; Shredder-FEN's file letters, the files of the castling rooks (HAha
// is the standard KQkq); and X-FEN, where K and Q name the outermost rook
// on their side of the king and a file letter is used only for an inner
// rook. A right needs the king on its back rank and a rook of its colour on
// that rank on the named file, or on the named side of the king. A position
// whose castling king or rooks start off the standard squares is set to
// Chess960 mode (see SetChess960). FEN writes X-FEN (see FEN).
//
// An en-passant square is kept only when a pawn of the side to move could
// capture there (the Polyglot rule), so that transpositions share a key.
func ParseFEN(fen string) (*Position, error) {
	f := strings.Fields(fen)
	if len(f) != 4 && len(f) != 6 {
		return nil, fmt.Errorf("fen: want 4 or 6 fields, got %d", len(f))
	}
	p := newEmptyPosition()
	if err := p.parseBoard(f[0]); err != nil {
		return nil, err
	}
	switch f[1] {
	case "w":
		p.side = White
	case "b":
		p.side = Black
	default:
		return nil, fmt.Errorf("fen: side to move %q is not w or b", f[1])
	}
	if err := p.parseEnPassant(f[3]); err != nil {
		return nil, err
	}
	if len(f) == 6 {
		n, err := strconv.Atoi(f[4])
		if err != nil || n < 0 || n > 10000 {
			return nil, fmt.Errorf("fen: bad halfmove clock %q", f[4])
		}
		p.rule50 = n
		n, err = strconv.Atoi(f[5])
		if err != nil || n < 1 || n > 100000 {
			return nil, fmt.Errorf("fen: bad fullmove number %q", f[5])
		}
		p.moveNo = n
	}
	if err := p.validate(); err != nil {
		return nil, err
	}
	// After validate, which finds the kings that the rights need.
	if err := p.parseCastling(f[2]); err != nil {
		return nil, err
	}
	p.chess960 = p.castling.needs960
	p.key = p.computeKey()
	return p, nil
}

func (p *Position) parseBoard(s string) error {
	ranks := strings.Split(s, "/")
	if len(ranks) != 8 {
		return fmt.Errorf("fen: want 8 ranks, got %d", len(ranks))
	}
	for i, r := range ranks {
		rank, file := 7-i, 0
		for j := 0; j < len(r); j++ {
			c := r[j]
			if c >= '1' && c <= '8' {
				file += int(c - '0')
				continue
			}
			idx := strings.IndexByte(pieceLetters, c)
			if idx <= 0 || c == ' ' {
				return fmt.Errorf("fen: bad piece letter %q", c)
			}
			if file > 7 {
				return fmt.Errorf("fen: rank %d has more than 8 squares", rank+1)
			}
			p.board[MakeSquare(file, rank)] = Piece(idx)
			file++
		}
		if file != 8 {
			return fmt.Errorf("fen: rank %d has %d squares, want 8", rank+1, file)
		}
	}
	for s := Square(0); s < 64; s++ {
		if pc := p.board[s]; pc != NoPiece {
			p.board[s] = NoPiece
			p.put(pc, s)
		}
	}
	return nil
}

// parseCastling reads the castling field (see ParseFEN) and sets up the
// castling rules; the kings are known.
func (p *Position) parseCastling(s string) error {
	if s == "-" {
		return nil
	}
	if len(s) > 4 {
		return fmt.Errorf("fen: castling field %q has more than four rights", s)
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		color, lower := White, c|0x20
		if c == lower {
			color = Black
		}
		if lower != 'k' && lower != 'q' && (lower < 'a' || lower > 'h') {
			return fmt.Errorf("fen: bad castling field %q", s)
		}
		rank := 7 * int(color)
		king := p.kings[color]
		if king.Rank() != rank {
			return fmt.Errorf("fen: castling right %c without the %s king on rank %d", c, color, rank+1)
		}
		rooks := p.Pieces(color, Rook) & (rank1 << (8 * rank))
		var rook Square
		switch lower {
		case 'k': // the outermost rook toward h
			hSide := rooks &^ (SquareBB(king)<<1 - 1)
			if hSide == 0 {
				return fmt.Errorf("fen: castling right %c without a %s rook on rank %d right of the king", c, color, rank+1)
			}
			rook = Square(63 - bits.LeadingZeros64(hSide))
		case 'q': // the outermost rook toward a
			aSide := rooks & (SquareBB(king) - 1)
			if aSide == 0 {
				return fmt.Errorf("fen: castling right %c without a %s rook on rank %d left of the king", c, color, rank+1)
			}
			rook = LSB(aSide)
		default: // the rook on that file
			rook = MakeSquare(int(lower-'a'), rank)
			if rooks&SquareBB(rook) == 0 {
				return fmt.Errorf("fen: castling right %c without a %s rook on %s", c, color, rook)
			}
		}
		bit := uint8(CastleWK)
		side := "king-side (h)"
		if rook < king {
			bit, side = CastleWQ, "queen-side (a)"
		}
		bit <<= 2 * color
		if p.castle&bit != 0 {
			return fmt.Errorf("fen: castling field %q repeats the %s %s right", s, color, side)
		}
		p.addCastleRight(color, rook)
	}
	return nil
}

func (p *Position) parseEnPassant(s string) error {
	if s == "-" {
		return nil
	}
	sq, ok := ParseSquare(s)
	if !ok {
		return fmt.Errorf("fen: bad en-passant square %q", s)
	}
	// The square must lie behind a pawn of the side not to move that just
	// advanced two squares: rank 6 with White to move, rank 3 with Black.
	wantRank, pusher := 5, Black
	if p.side == Black {
		wantRank, pusher = 2, White
	}
	if sq.Rank() != wantRank {
		return fmt.Errorf("fen: en-passant square %s is on the wrong rank", s)
	}
	behind, origin := sq^8, sq
	if pusher == Black {
		origin = sq + 8
	} else {
		origin = sq - 8
	}
	if p.board[behind] != MakePiece(pusher, Pawn) || p.board[sq] != NoPiece || p.board[origin] != NoPiece {
		return fmt.Errorf("fen: en-passant square %s without a pawn that just advanced two squares", s)
	}
	if p.epCapturable(sq, p.side) {
		p.ep = sq
	}
	return nil
}

// validate checks that the position could arise in a game, as far as the
// rest of the package relies on it.
func (p *Position) validate() error {
	for c := White; c <= Black; c++ {
		k := p.Pieces(c, King)
		if PopCount(k) != 1 {
			return fmt.Errorf("fen: %s has %d kings, want 1", c, PopCount(k))
		}
		p.kings[c] = LSB(k)
		if PopCount(p.byColor[c]) > 16 || PopCount(p.Pieces(c, Pawn)) > 8 {
			return fmt.Errorf("fen: %s has too many pieces", c)
		}
	}
	if p.byType[Pawn]&(rank1|rank8) != 0 {
		return errors.New("fen: pawn on the first or last rank")
	}
	if p.IsAttacked(p.kings[p.side.Other()], p.side) {
		return errors.New("fen: the side not to move is in check")
	}
	if PopCount(p.Checkers()) > 2 {
		return errors.New("fen: the side to move is in check from more than two pieces")
	}
	return nil
}

// FEN writes the position in Forsyth-Edwards Notation, the castling
// rights in X-FEN (see writeCastling): standard FEN for standard chess.
func (p *Position) FEN() string {
	var b strings.Builder
	b.WriteString(PlacementFEN(&p.board))
	if p.side == White {
		b.WriteString(" w ")
	} else {
		b.WriteString(" b ")
	}
	p.writeCastling(&b)
	fmt.Fprintf(&b, " %s %d %d", p.ep, p.rule50, p.moveNo)
	return b.String()
}

// PlacementFEN is FEN's first field, the pieces rank by rank from the
// eighth, of board (indexed by Square).
func PlacementFEN(board *[64]Piece) string {
	var b strings.Builder
	for rank := 7; rank >= 0; rank-- {
		empty := 0
		for file := 0; file < 8; file++ {
			pc := board[MakeSquare(file, rank)]
			if pc == NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteByte(byte('0' + empty))
				empty = 0
			}
			b.WriteByte(pc.Letter())
		}
		if empty > 0 {
			b.WriteByte(byte('0' + empty))
		}
		if rank > 0 {
			b.WriteByte('/')
		}
	}
	return b.String()
}

// writeCastling writes the castling field in X-FEN: KQkq for each right
// whose rook is the outermost one on its side of the king, which is every
// right of standard chess and of a Chess960 game's start, so that
// standard FEN readers read them; the rook's file letter (upper case for
// White) for a right whose rook has another rook of its colour beyond it.
// X-FEN rather than Shredder-FEN, so that the FEN of every standard
// position is standard FEN, whatever the mode.
func (p *Position) writeCastling(b *strings.Builder) {
	if p.castle == 0 {
		b.WriteByte('-')
		return
	}
	for i := 0; i < 4; i++ {
		if p.castle&(1<<i) == 0 {
			continue
		}
		color := Color(i / 2)
		r := &p.castling.rules[i]
		rooks := p.Pieces(color, Rook) & (rank1 << (8 * 7 * int(color)))
		beyond := rooks &^ (SquareBB(r.rookFrom)<<1 - 1) // toward h
		if i%2 == 1 {
			beyond = rooks & (SquareBB(r.rookFrom) - 1) // toward a
		}
		c := "KQkq"[i]
		if beyond != 0 {
			c = byte('A'+r.rookFrom.File()) | byte(color)*0x20
		}
		b.WriteByte(c)
	}
}

// String draws the board for the UCI "d" command.
func (p *Position) String() string {
	var b strings.Builder
	b.WriteString(" +---+---+---+---+---+---+---+---+\n")
	for rank := 7; rank >= 0; rank-- {
		for file := 0; file < 8; file++ {
			c := p.board[MakeSquare(file, rank)].Letter()
			if c == '.' {
				c = ' '
			}
			fmt.Fprintf(&b, " | %c", c)
		}
		fmt.Fprintf(&b, " | %d\n +---+---+---+---+---+---+---+---+\n", rank+1)
	}
	b.WriteString("   a   b   c   d   e   f   g   h\n\n")
	fmt.Fprintf(&b, "Fen: %s\nKey: %016X\n", p.FEN(), p.key)
	return b.String()
}
