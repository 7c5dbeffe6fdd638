package match

import (
	"fmt"
	"strings"

	eng "github.com/bounder-chess/bounder/engine"
)

// board960 is the referee of Chess960 games (see Variant): the game's
// position in Bounder's engine package, in Chess960 mode, so that castling
// is read and written as the king taking its own rook ("e1h1"), and the
// castling rooks are those the start position fixes (X-FEN or Shredder-FEN
// rights). The engine package keeps the game's history of keys, which the
// repetition rule reads.
type board960 struct {
	startFEN string // as the engine writes it: X-FEN castling rights
	pos      *eng.Position
	moves    []string
}

// newBoard960 sets up fen ("" for the standard start, position 518) in
// Chess960 mode. The FEN needs its six fields, as in standard games.
func newBoard960(fen string) (*board960, error) {
	if strings.TrimSpace(fen) == "" {
		fen = StartFEN
	}
	if n := len(strings.Fields(fen)); n != 6 {
		return nil, fmt.Errorf("FEN %q: want 6 fields, have %d", fen, n)
	}
	pos, err := eng.ParseFEN(fen)
	if err != nil {
		return nil, fmt.Errorf("FEN %q: %v", fen, err)
	}
	pos.SetChess960(true)
	return &board960{startFEN: pos.FEN(), pos: pos}, nil
}

// needsChess960 reports whether fen parses (by the engine package) to a
// position whose castling king or rook starts off the standard squares.
func needsChess960(fen string) bool {
	pos, err := eng.ParseFEN(fen)
	return err == nil && pos.Chess960()
}

func (b *board960) start() string { return b.startFEN }

func (b *board960) play(uci string) error {
	m, err := b.pos.ParseMove(uci)
	if err != nil {
		return fmt.Errorf("%w %q in %s", ErrIllegal, uci, b.pos.FEN())
	}
	b.pos.Make(m)
	b.moves = append(b.moves, uci)
	return nil
}

func (b *board960) sideToMove() int { return int(b.pos.SideToMove()) }

func (b *board960) fullMoveNumber() int { return b.pos.FullMoveNumber() }

// positionCommand always sends the start FEN, even for position 518: the
// castling rights it names are what the engine's Chess960 mode reads.
func (b *board960) positionCommand() string {
	return positionLine(b.startFEN, false, b.moves)
}

// outcome applies the same rules, in the same order and with the same
// reasons, as the standard board's.
func (b *board960) outcome() (result, reason string, over bool) {
	p := b.pos
	if !p.HasLegalMove() {
		if !p.InCheck() {
			return ResultDraw, "Draw by stalemate", true
		}
		if p.SideToMove() == eng.White {
			return ResultBlackWins, "Black mates", true
		}
		return ResultWhiteWins, "White mates", true
	}
	if p.IsInsufficientMaterial() {
		return ResultDraw, "Draw by insufficient mating material", true
	}
	if p.Rule50() >= 100 {
		return ResultDraw, "Draw by fifty moves rule", true
	}
	if p.IsThreefold() {
		return ResultDraw, "Draw by 3-fold repetition", true
	}
	return "", "", false
}

// canMate is the standard board's rule: a queen, rook or pawn, or two
// pieces, or one piece against any enemy piece (a helpmate exists).
func (b *board960) canMate(side int) bool {
	c := eng.Color(side)
	p := b.pos
	if p.Pieces(c, eng.Queen)|p.Pieces(c, eng.Rook)|p.Pieces(c, eng.Pawn) != 0 {
		return true
	}
	own := eng.PopCount(p.ColorPieces(c)) - 1
	opp := eng.PopCount(p.ColorPieces(c.Other())) - 1
	return own > 1 || (own == 1 && opp > 0)
}

// sanLetters are the SAN piece letters by eng.PieceType.
var sanLetters = map[eng.PieceType]string{
	eng.Knight: "N", eng.Bishop: "B", eng.Rook: "R", eng.Queen: "Q", eng.King: "K",
}

// san writes m, a legal move of pos, in Standard Algebraic Notation as the
// PGN standard has it, castling as O-O (king side, toward h) and O-O-O
// whatever the files of the king and rook: in Chess960 the king may castle
// to a square it could also reach by a plain king move, which SAN then
// writes Kg1. A check is marked "+", a mate "#". pos is left as it was.
func san(pos *eng.Position, m eng.Move) string {
	var s strings.Builder
	from, to := m.From(), m.To()
	pt := pos.PieceAt(from).Type()
	switch {
	case m.IsCastle():
		if to.File() == 6 {
			s.WriteString("O-O")
		} else {
			s.WriteString("O-O-O")
		}
	case pt == eng.Pawn:
		if from.File() != to.File() {
			s.WriteByte(byte('a' + from.File()))
			s.WriteByte('x')
		}
		s.WriteString(to.String())
		if pr := m.Promotion(); pr != eng.NoPieceType {
			s.WriteByte('=')
			s.WriteString(sanLetters[pr])
		}
	default:
		s.WriteString(sanLetters[pt])
		s.WriteString(disambiguation(pos, m, pt))
		if pos.PieceAt(to) != eng.NoPiece {
			s.WriteByte('x')
		}
		s.WriteString(to.String())
	}
	pos.Make(m)
	if pos.InCheck() {
		if pos.HasLegalMove() {
			s.WriteByte('+')
		} else {
			s.WriteByte('#')
		}
	}
	pos.Unmake()
	return s.String()
}

// disambiguation is what SAN adds after the piece letter when another
// piece of the same type can also go to m's square: the origin's file if
// that tells them apart, else its rank, else both.
func disambiguation(pos *eng.Position, m eng.Move, pt eng.PieceType) string {
	from, to := m.From(), m.To()
	var buf [eng.MaxMoves]eng.Move
	others, sameFile, sameRank := false, false, false
	for _, o := range pos.GenerateMoves(buf[:]) {
		if o.To() != to || o.From() == from || o.IsCastle() || pos.PieceAt(o.From()).Type() != pt {
			continue
		}
		others = true
		sameFile = sameFile || o.From().File() == from.File()
		sameRank = sameRank || o.From().Rank() == from.Rank()
	}
	switch {
	case !others:
		return ""
	case !sameFile:
		return from.String()[:1]
	case !sameRank:
		return from.String()[1:]
	}
	return from.String()
}

// movetext960 is GameRecord.movetext for a Chess960 game.
func (g *GameRecord) movetext960(result string) []string {
	fen := g.StartFEN
	if fen == "" {
		fen = StartFEN
	}
	b, err := newBoard960(fen)
	if err != nil {
		return []string{"{invalid start position}", result}
	}
	pos := b.pos
	moveNo := pos.FullMoveNumber()
	var toks []string
	for i, mv := range g.Moves {
		m, err := pos.ParseMove(mv.UCI)
		if err != nil {
			toks = append(toks, "{illegal move "+mv.UCI+"}")
			break
		}
		if pos.SideToMove() == eng.White {
			toks = append(toks, fmt.Sprintf("%d.", moveNo))
		} else {
			if i == 0 {
				toks = append(toks, fmt.Sprintf("%d...", moveNo))
			}
			moveNo++
		}
		toks = append(toks, san(pos, m))
		if c := mv.comment(); c != "" {
			toks = append(toks, "{"+c+"}")
		}
		pos.Make(m)
	}
	if g.Reason != "" && len(g.Moves) > 0 {
		toks = append(toks, "{"+sanitizeComment(g.Reason)+"}")
	}
	return append(toks, result)
}
