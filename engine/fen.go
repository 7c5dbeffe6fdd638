package engine

import (
	"errors"
	"fmt"
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
	if err := p.parseCastling(f[2]); err != nil {
		return nil, err
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

func (p *Position) parseCastling(s string) error {
	if s == "-" {
		return nil
	}
	for i := 0; i < len(s); i++ {
		var bit uint8
		switch s[i] {
		case 'K':
			bit = CastleWK
		case 'Q':
			bit = CastleWQ
		case 'k':
			bit = CastleBK
		case 'q':
			bit = CastleBQ
		default:
			return fmt.Errorf("fen: bad castling field %q", s)
		}
		if p.castle&bit != 0 {
			return fmt.Errorf("fen: castling field %q repeats a right", s)
		}
		p.castle |= bit
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
	need := []struct {
		bit        uint8
		king, rook Piece
		ks, rs     Square
	}{
		{CastleWK, MakePiece(White, King), MakePiece(White, Rook), E1, H1},
		{CastleWQ, MakePiece(White, King), MakePiece(White, Rook), E1, A1},
		{CastleBK, MakePiece(Black, King), MakePiece(Black, Rook), E8, H8},
		{CastleBQ, MakePiece(Black, King), MakePiece(Black, Rook), E8, A8},
	}
	for _, n := range need {
		if p.castle&n.bit != 0 && (p.board[n.ks] != n.king || p.board[n.rs] != n.rook) {
			return fmt.Errorf("fen: castling right without king on %s and rook on %s", n.ks, n.rs)
		}
	}
	if PopCount(p.Checkers()) > 2 {
		return errors.New("fen: the side to move is in check from more than two pieces")
	}
	return nil
}

// FEN writes the position in Forsyth-Edwards Notation.
func (p *Position) FEN() string {
	var b strings.Builder
	for rank := 7; rank >= 0; rank-- {
		empty := 0
		for file := 0; file < 8; file++ {
			pc := p.board[MakeSquare(file, rank)]
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
	if p.side == White {
		b.WriteString(" w ")
	} else {
		b.WriteString(" b ")
	}
	if p.castle == 0 {
		b.WriteByte('-')
	}
	for i, c := range "KQkq" {
		if p.castle&(1<<i) != 0 {
			b.WriteRune(c)
		}
	}
	fmt.Fprintf(&b, " %s %d %d", p.ep, p.rule50, p.moveNo)
	return b.String()
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
