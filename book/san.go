package book

import "github.com/bounder-chess/bounder/engine"

// san is the Standard Algebraic Notation of the legal move m in pos, in the
// form Polyglot prints: "O-O", "Nbd7", "R1e2", "Qh4e1", "exd6", "bxa8=Q",
// with "+" for check and "#" for mate. pos is unchanged on return.
func san(pos *engine.Position, m engine.Move) string {
	var s []byte
	from, to := m.From(), m.To()
	pc := pos.PieceAt(from)
	switch {
	case m.IsCastle():
		if to.File() > from.File() {
			s = append(s, "O-O"...)
		} else {
			s = append(s, "O-O-O"...)
		}
	case pc.Type() == engine.Pawn:
		if m.IsEnPassant() || pos.PieceAt(to) != engine.NoPiece {
			s = append(s, byte('a'+from.File()), 'x')
		}
		s = append(s, to.String()...)
		if p := m.Promotion(); p != engine.NoPieceType {
			s = append(s, '=', " PNBRQK"[p])
		}
	default:
		s = append(s, " PNBRQK"[pc.Type()])
		// Disambiguation: nothing if no other piece of the kind can go to
		// the square, else the file if that tells them apart, else the
		// rank, else both.
		var buf [engine.MaxMoves]engine.Move
		same, sameFile, sameRank := 0, 0, 0
		for _, o := range pos.GenerateMoves(buf[:]) {
			if o.To() != to || pos.PieceAt(o.From()) != pc {
				continue
			}
			same++
			if o.From().File() == from.File() {
				sameFile++
			}
			if o.From().Rank() == from.Rank() {
				sameRank++
			}
		}
		switch {
		case same == 1:
		case sameFile == 1:
			s = append(s, byte('a'+from.File()))
		case sameRank == 1:
			s = append(s, byte('1'+from.Rank()))
		default:
			s = append(s, from.String()...)
		}
		if pos.PieceAt(to) != engine.NoPiece {
			s = append(s, 'x')
		}
		s = append(s, to.String()...)
	}
	pos.Make(m)
	if pos.InCheck() {
		if pos.HasLegalMove() {
			s = append(s, '+')
		} else {
			s = append(s, '#')
		}
	}
	pos.Unmake()
	return string(s)
}
