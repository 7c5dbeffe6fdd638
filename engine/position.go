package engine

// undo is what Unmake needs beyond the move itself.
type undo struct {
	move     Move
	captured Piece
	castle   uint8
	ep       Square
	rule50   int
	key      uint64
}

// Position is a chess position with its game history. The zero value is not
// usable: build one with NewPosition, ParseFEN or Clone.
//
// The history (previous keys and undo records) lives in slices whose
// capacity is reserved up front, so Make and Unmake do not allocate unless a
// game runs past that reserve.
type Position struct {
	board   [64]Piece
	byType  [7]uint64 // index NoPieceType = all pieces
	byColor [2]uint64
	side    Color
	castle  uint8
	ep      Square // set only when a pawn of the side to move could capture en passant
	rule50  int    // plies since the last capture or pawn move
	moveNo  int    // full-move number
	key     uint64
	kings   [2]Square

	// castling is where each castling right's king and rook start and go,
	// fixed by the setup for the whole game (Chess960 moves them off e1, a1
	// and h1).
	castling castling
	// chess960 asks for Chess960 move text: castling written as the king
	// taking its own rook (see MoveText).
	chess960 bool

	keys  []uint64 // keys of earlier positions of the game, oldest first
	stack []undo
}

const historyReserve = 1024

// Polyglot table offsets.
const (
	keyCastle = 768
	keyEP     = 772
	keyTurn   = 780
)

// pieceKey is the Polyglot number for piece p on square s.
func pieceKey(p Piece, s Square) uint64 {
	kind := 2*int(p.Type()-Pawn) + 1 - int(p.Color()) // black pawn 0, white pawn 1, ...
	return random64[64*kind+int(s)]
}

// castleKey is the XOR of the numbers of the castling rights in cr.
var castleKey [16]uint64

func init() {
	for cr := 0; cr < 16; cr++ {
		for i := 0; i < 4; i++ {
			if cr&(1<<i) != 0 {
				castleKey[cr] ^= random64[keyCastle+i]
			}
		}
	}
}

func newEmptyPosition() *Position {
	return &Position{
		ep:       NoSquare,
		moveNo:   1,
		castling: noCastling,
		keys:     make([]uint64, 0, historyReserve),
		stack:    make([]undo, 0, historyReserve),
	}
}

// NewPosition returns the standard starting position.
func NewPosition() *Position {
	p, err := ParseFEN(StartFEN)
	if err != nil {
		panic("engine: start FEN does not parse: " + err.Error())
	}
	return p
}

// StartFEN is the standard starting position.
const StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

// Clone returns an independent copy, history included.
func (p *Position) Clone() *Position {
	q := *p
	q.keys = make([]uint64, len(p.keys), max(cap(p.keys), historyReserve))
	copy(q.keys, p.keys)
	q.stack = make([]undo, len(p.stack), max(cap(p.stack), historyReserve))
	copy(q.stack, p.stack)
	return &q
}

func (p *Position) put(pc Piece, s Square) {
	b := SquareBB(s)
	p.board[s] = pc
	p.byType[pc.Type()] |= b
	p.byType[NoPieceType] |= b
	p.byColor[pc.Color()] |= b
	p.key ^= pieceKey(pc, s)
}

func (p *Position) remove(s Square) {
	pc := p.board[s]
	b := SquareBB(s)
	p.board[s] = NoPiece
	p.byType[pc.Type()] &^= b
	p.byType[NoPieceType] &^= b
	p.byColor[pc.Color()] &^= b
	p.key ^= pieceKey(pc, s)
}

func (p *Position) move(from, to Square) {
	pc := p.board[from]
	b := SquareBB(from) | SquareBB(to)
	p.board[to] = pc
	p.board[from] = NoPiece
	p.byType[pc.Type()] ^= b
	p.byType[NoPieceType] ^= b
	p.byColor[pc.Color()] ^= b
	p.key ^= pieceKey(pc, from) ^ pieceKey(pc, to)
}

// Accessors.

// SideToMove is the colour to move.
func (p *Position) SideToMove() Color { return p.side }

// Key is the Zobrist key of the position (equal to its Polyglot book key).
func (p *Position) Key() uint64 { return p.key }

// PieceAt is the piece on s (NoPiece when empty).
func (p *Position) PieceAt(s Square) Piece { return p.board[s] }

// Pieces is the bitboard of the pieces of colour c and type t.
func (p *Position) Pieces(c Color, t PieceType) uint64 { return p.byType[t] & p.byColor[c] }

// PiecesOfType is the bitboard of all pieces of type t, both colours.
func (p *Position) PiecesOfType(t PieceType) uint64 { return p.byType[t] }

// Occupied is the bitboard of every piece.
func (p *Position) Occupied() uint64 { return p.byType[NoPieceType] }

// ColorPieces is the bitboard of the pieces of colour c.
func (p *Position) ColorPieces(c Color) uint64 { return p.byColor[c] }

// KingSquare is where the king of colour c stands.
func (p *Position) KingSquare(c Color) Square { return p.kings[c] }

// CastlingRights are the Castle* bits still held.
func (p *Position) CastlingRights() uint8 { return p.castle }

// EnPassant is the en-passant target square when a capture there is
// possible for the side to move (pseudo-legally), else NoSquare.
func (p *Position) EnPassant() Square { return p.ep }

// Rule50 is the number of plies since the last capture or pawn move.
func (p *Position) Rule50() int { return p.rule50 }

// FullMoveNumber is the FEN full-move counter.
func (p *Position) FullMoveNumber() int { return p.moveNo }

// Ply is the number of moves made on this Position since it was set up.
func (p *Position) Ply() int { return len(p.stack) }

// LastMove is the last move made, or NullMove.
func (p *Position) LastMove() Move {
	if len(p.stack) == 0 {
		return NullMove
	}
	return p.stack[len(p.stack)-1].move
}

// LastCaptured is the piece captured by the last move made (NoPiece if none).
func (p *Position) LastCaptured() Piece {
	if len(p.stack) == 0 {
		return NoPiece
	}
	return p.stack[len(p.stack)-1].captured
}

// AttackersTo is the set of pieces of both colours attacking s with occupancy occ.
func (p *Position) AttackersTo(s Square, occ uint64) uint64 {
	return pawnAttacks[Black][s]&p.Pieces(White, Pawn) |
		pawnAttacks[White][s]&p.Pieces(Black, Pawn) |
		knightAttacks[s]&p.byType[Knight] |
		kingAttacks[s]&p.byType[King] |
		RookAttacks(s, occ)&(p.byType[Rook]|p.byType[Queen]) |
		BishopAttacks(s, occ)&(p.byType[Bishop]|p.byType[Queen])
}

// IsAttacked reports whether colour by attacks square s.
func (p *Position) IsAttacked(s Square, by Color) bool { return p.attackedWith(s, by, p.Occupied()) }

// attackedWith reports whether colour by attacks square s when the
// occupancy is occ (castling asks with its rook lifted off the board).
func (p *Position) attackedWith(s Square, by Color, occ uint64) bool {
	them := p.byColor[by]
	return pawnAttacks[by.Other()][s]&p.byType[Pawn]&them != 0 ||
		knightAttacks[s]&p.byType[Knight]&them != 0 ||
		kingAttacks[s]&p.byType[King]&them != 0 ||
		RookAttacks(s, occ)&(p.byType[Rook]|p.byType[Queen])&them != 0 ||
		BishopAttacks(s, occ)&(p.byType[Bishop]|p.byType[Queen])&them != 0
}

// Checkers is the set of enemy pieces giving check to the side to move.
func (p *Position) Checkers() uint64 {
	return p.AttackersTo(p.kings[p.side], p.Occupied()) & p.byColor[p.side.Other()]
}

// InCheck reports whether the side to move is in check.
func (p *Position) InCheck() bool { return p.IsAttacked(p.kings[p.side], p.side.Other()) }

// epCapturable reports whether a pawn of colour side could capture onto the
// en-passant target square t (legality aside), the Polyglot rule for keys.
func (p *Position) epCapturable(t Square, side Color) bool {
	return pawnAttacks[side.Other()][t]&p.Pieces(side, Pawn) != 0
}

// Make plays a legal move. Playing an illegal move corrupts the position:
// check text input with ParseMove first.
func (p *Position) Make(m Move) {
	from, to := m.From(), m.To()
	pc := p.board[from]
	us := p.side
	u := undo{move: m, castle: p.castle, ep: p.ep, rule50: p.rule50, key: p.key}
	p.keys = append(p.keys, p.key)

	if p.ep != NoSquare {
		p.key ^= random64[keyEP+p.ep.File()]
		p.ep = NoSquare
	}
	p.rule50++

	switch m.kind() {
	case kindCastle:
		r := &p.castling.rules[castleIndex(to)]
		if r.apart {
			p.move(from, to)
			p.move(r.rookFrom, r.rookTo)
		} else {
			// Lift both pieces before placing them: in Chess960 the king
			// may land on its rook's square, or stay where it is.
			rook := p.board[r.rookFrom]
			p.remove(from)
			p.remove(r.rookFrom)
			p.put(pc, to)
			p.put(rook, r.rookTo)
		}
	case kindEnPassant:
		capSq := to ^ 8
		u.captured = p.board[capSq]
		p.remove(capSq)
		p.move(from, to)
		p.rule50 = 0
	default:
		if cap := p.board[to]; cap != NoPiece {
			u.captured = cap
			p.remove(to)
			p.rule50 = 0
		}
		p.move(from, to)
		if pc.Type() == Pawn {
			p.rule50 = 0
			if m.kind() == kindPromotion {
				p.remove(to)
				p.put(MakePiece(us, m.Promotion()), to)
			} else if int(to)-int(from) == 16 || int(from)-int(to) == 16 {
				t := (from + to) / 2
				if p.epCapturable(t, us.Other()) {
					p.ep = t
					p.key ^= random64[keyEP+t.File()]
				}
			}
		}
	}
	if pc.Type() == King {
		p.kings[us] = to
	}
	if cr := p.castle & p.castling.mask[from] & p.castling.mask[to]; cr != p.castle {
		p.key ^= castleKey[p.castle] ^ castleKey[cr]
		p.castle = cr
	}
	if us == Black {
		p.moveNo++
	}
	p.side = us.Other()
	p.key ^= random64[keyTurn]
	p.stack = append(p.stack, u)
}

// Unmake takes back the last move made.
func (p *Position) Unmake() {
	u := p.stack[len(p.stack)-1]
	p.stack = p.stack[:len(p.stack)-1]
	p.keys = p.keys[:len(p.keys)-1]
	p.side = p.side.Other()
	us := p.side
	m := u.move
	from, to := m.From(), m.To()
	switch m.kind() {
	case kindCastle:
		r := &p.castling.rules[castleIndex(to)]
		if r.apart {
			p.move(r.rookTo, r.rookFrom)
			p.move(to, from)
		} else {
			king, rook := p.board[to], p.board[r.rookTo]
			p.remove(to)
			p.remove(r.rookTo)
			p.put(king, from)
			p.put(rook, r.rookFrom)
		}
	case kindEnPassant:
		p.move(to, from)
		p.put(u.captured, to^8)
	default:
		if m.kind() == kindPromotion {
			p.remove(to)
			p.put(MakePiece(us, Pawn), to)
		}
		p.move(to, from)
		if u.captured != NoPiece {
			p.put(u.captured, to)
		}
	}
	if p.board[from].Type() == King {
		p.kings[us] = from
	}
	if us == Black {
		p.moveNo--
	}
	p.castle, p.ep, p.rule50, p.key = u.castle, u.ep, u.rule50, u.key
}

// MakeNull passes the move (for null-move pruning); the side to move must not be in check.
func (p *Position) MakeNull() {
	u := undo{move: NullMove, castle: p.castle, ep: p.ep, rule50: p.rule50, key: p.key}
	p.keys = append(p.keys, p.key)
	p.stack = append(p.stack, u)
	if p.ep != NoSquare {
		p.key ^= random64[keyEP+p.ep.File()]
		p.ep = NoSquare
	}
	p.rule50++
	if p.side == Black {
		p.moveNo++
	}
	p.side = p.side.Other()
	p.key ^= random64[keyTurn]
}

// UnmakeNull takes back MakeNull.
func (p *Position) UnmakeNull() {
	u := p.stack[len(p.stack)-1]
	p.stack = p.stack[:len(p.stack)-1]
	p.keys = p.keys[:len(p.keys)-1]
	p.side = p.side.Other()
	if p.side == Black {
		p.moveNo--
	}
	p.castle, p.ep, p.rule50, p.key = u.castle, u.ep, u.rule50, u.key
}

// ChildKey is the key of the position after the legal move m, computed
// without making it (a few XORs): Enhanced Transposition Cutoffs probe the
// table with it.
func (p *Position) ChildKey(m Move) uint64 {
	from, to := m.From(), m.To()
	pc := p.board[from]
	us := p.side
	k := p.key ^ random64[keyTurn]
	if p.ep != NoSquare {
		k ^= random64[keyEP+p.ep.File()]
	}
	switch m.kind() {
	case kindCastle:
		r := &p.castling.rules[castleIndex(to)]
		rook := MakePiece(us, Rook)
		k ^= pieceKey(pc, from) ^ pieceKey(pc, to) ^ pieceKey(rook, r.rookFrom) ^ pieceKey(rook, r.rookTo)
	case kindEnPassant:
		k ^= pieceKey(pc, from) ^ pieceKey(pc, to) ^ pieceKey(p.board[to^8], to^8)
	default:
		if cap := p.board[to]; cap != NoPiece {
			k ^= pieceKey(cap, to)
		}
		k ^= pieceKey(pc, from)
		if m.kind() == kindPromotion {
			k ^= pieceKey(MakePiece(us, m.Promotion()), to)
		} else {
			k ^= pieceKey(pc, to)
			if pc.Type() == Pawn && (int(to)-int(from) == 16 || int(from)-int(to) == 16) {
				if t := (from + to) / 2; p.epCapturable(t, us.Other()) {
					k ^= random64[keyEP+t.File()]
				}
			}
		}
	}
	if cr := p.castle & p.castling.mask[from] & p.castling.mask[to]; cr != p.castle {
		k ^= castleKey[p.castle] ^ castleKey[cr]
	}
	return k
}

// computeKey rebuilds the key from scratch (setup and tests).
func (p *Position) computeKey() uint64 {
	var k uint64
	for s := Square(0); s < 64; s++ {
		if pc := p.board[s]; pc != NoPiece {
			k ^= pieceKey(pc, s)
		}
	}
	k ^= castleKey[p.castle]
	if p.ep != NoSquare {
		k ^= random64[keyEP+p.ep.File()]
	}
	if p.side == White {
		k ^= random64[keyTurn]
	}
	return k
}
