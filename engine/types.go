package engine

// Color is the side: White or Black.
type Color uint8

// The two colours.
const (
	White Color = iota
	Black
)

// Other returns the opposite colour.
func (c Color) Other() Color { return c ^ 1 }

func (c Color) String() string {
	if c == White {
		return "white"
	}
	return "black"
}

// PieceType is a kind of piece without colour.
type PieceType uint8

// Piece types; NoPieceType marks an empty square.
const (
	NoPieceType PieceType = iota
	Pawn
	Knight
	Bishop
	Rook
	Queen
	King
)

// Piece is a coloured piece: type | colour<<3. NoPiece is an empty square.
type Piece uint8

// NoPiece is the empty square's content.
const NoPiece Piece = 0

// MakePiece combines a colour and a type.
func MakePiece(c Color, t PieceType) Piece { return Piece(t) | Piece(c)<<3 }

// Type returns the piece's type.
func (p Piece) Type() PieceType { return PieceType(p & 7) }

// Color returns the piece's colour (meaningless for NoPiece).
func (p Piece) Color() Color { return Color(p >> 3) }

const pieceLetters = " PNBRQK  pnbrqk"

// Letter is the FEN letter of the piece ('P' for a white pawn, 'n' for a black knight).
func (p Piece) Letter() byte {
	if p == NoPiece || int(p) >= len(pieceLetters) {
		return '.'
	}
	return pieceLetters[p]
}

// Square is a board square, 0 = a1, 7 = h1, 63 = h8.
type Square uint8

// NoSquare marks an absent square (no en-passant target).
const NoSquare Square = 64

// Some squares used by castling and tests.
const (
	A1 Square = 0
	C1 Square = 2
	D1 Square = 3
	E1 Square = 4
	F1 Square = 5
	G1 Square = 6
	H1 Square = 7
	A8 Square = 56
	C8 Square = 58
	D8 Square = 59
	E8 Square = 60
	F8 Square = 61
	G8 Square = 62
	H8 Square = 63
)

// MakeSquare builds a square from file and rank (0-based).
func MakeSquare(file, rank int) Square { return Square(rank*8 + file) }

// File is 0 for the a-file.
func (s Square) File() int { return int(s) & 7 }

// Rank is 0 for the first rank.
func (s Square) Rank() int { return int(s) >> 3 }

// Mirror flips the square vertically (a1 <-> a8).
func (s Square) Mirror() Square { return s ^ 56 }

func (s Square) String() string {
	if s >= NoSquare {
		return "-"
	}
	return string([]byte{byte('a' + s.File()), byte('1' + s.Rank())})
}

// ParseSquare reads "e4".
func ParseSquare(s string) (Square, bool) {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8' {
		return NoSquare, false
	}
	return MakeSquare(int(s[0]-'a'), int(s[1]-'1')), true
}

// Move is a 16-bit move: from (bits 0-5), to (6-11), promotion piece
// (12-13: knight, bishop, rook, queen) and a kind (14-15: normal, promotion,
// en passant, castling). Castling is encoded as the king's two-square move.
// NullMove (0) is never a legal move.
type Move uint16

// NullMove is the absent move.
const NullMove Move = 0

// Move kinds.
const (
	kindNormal    = 0
	kindPromotion = 1
	kindEnPassant = 2
	kindCastle    = 3
)

func newMove(from, to Square) Move { return Move(from) | Move(to)<<6 }

func newPromotion(from, to Square, pt PieceType) Move {
	return newMove(from, to) | Move(pt-Knight)<<12 | kindPromotion<<14
}

// From is the origin square.
func (m Move) From() Square { return Square(m & 63) }

// To is the destination square.
func (m Move) To() Square { return Square(m >> 6 & 63) }

func (m Move) kind() int { return int(m >> 14) }

// Promotion is the piece a pawn promotes to, or NoPieceType.
func (m Move) Promotion() PieceType {
	if m.kind() != kindPromotion {
		return NoPieceType
	}
	return PieceType(m>>12&3) + Knight
}

// IsCastle reports a castling move.
func (m Move) IsCastle() bool { return m.kind() == kindCastle }

// IsEnPassant reports an en-passant capture.
func (m Move) IsEnPassant() bool { return m.kind() == kindEnPassant }

// String is the UCI form ("e2e4", "e7e8q", "0000" for the null move).
func (m Move) String() string {
	if m == NullMove {
		return "0000"
	}
	s := m.From().String() + m.To().String()
	if p := m.Promotion(); p != NoPieceType {
		s += string(" pnbrqk"[p])
	}
	return s
}

// Castling-right bits.
const (
	CastleWK uint8 = 1 << iota
	CastleWQ
	CastleBK
	CastleBQ
)

// MaxMoves bounds the legal moves of any position (the known maximum is 218).
const MaxMoves = 256
