package eval

import "github.com/bounder-chess/bounder/engine"

// Endgame knowledge: dead draws, scale factors for drawish endings, and
// mop-up terms that drive a lone king to the edge.

// npm is colour c's non-pawn material in pawn-like units (3 a minor piece,
// 5 a rook, 9 a queen), for endgame rules.
func npm(pos *engine.Position, c engine.Color) int {
	return 3*engine.PopCount(pos.Pieces(c, engine.Knight)|pos.Pieces(c, engine.Bishop)) +
		5*engine.PopCount(pos.Pieces(c, engine.Rook)) + 9*engine.PopCount(pos.Pieces(c, engine.Queen))
}

// gamePhase counts non-pawn material, a minor piece 1, a rook 2, a queen 4:
// MaxPhase with every piece on the board.
func gamePhase(pos *engine.Position) int {
	ph := engine.PopCount(pos.PiecesOfType(engine.Knight)|pos.PiecesOfType(engine.Bishop)) +
		2*engine.PopCount(pos.PiecesOfType(engine.Rook)) + 4*engine.PopCount(pos.PiecesOfType(engine.Queen))
	return min(ph, MaxPhase)
}

// single reports whether b has exactly one square.
func single(b uint64) bool { return b != 0 && b&(b-1) == 0 }

// insufficientMaterial reports positions scored as dead draws: no pawns,
// and each side has at most one minor piece, or one side has two knights
// only against at most one minor piece (no forced mate).
func insufficientMaterial(pos *engine.Position) bool {
	if pos.PiecesOfType(engine.Pawn)|pos.PiecesOfType(engine.Rook)|pos.PiecesOfType(engine.Queen) != 0 {
		return false
	}
	minors := [2]int{}
	for c := engine.White; c <= engine.Black; c++ {
		minors[c] = engine.PopCount(pos.Pieces(c, engine.Knight) | pos.Pieces(c, engine.Bishop))
	}
	if minors[0] <= 1 && minors[1] <= 1 {
		return true
	}
	for c := engine.White; c <= engine.Black; c++ {
		if minors[c] == 2 && pos.Pieces(c, engine.Bishop) == 0 && minors[c.Other()] <= 1 {
			return true
		}
	}
	return false
}

// scaleFactor is the scale (out of ScaleNorm) applied to the tapered score
// when it favours strong. It depends on the material only, and counts it
// only in the rare positions where it matters.
func scaleFactor(pos *engine.Position, strong engine.Color) int {
	weak := strong.Other()
	if pos.Pieces(strong, engine.Pawn) == 0 {
		// Without pawns a single minor piece cannot win, and an advantage
		// of less than a rook (at most a minor piece) is a near draw.
		npmS, npmW := npm(pos, strong), npm(pos, weak)
		if npmS <= 3 {
			return 0
		}
		if npmS-npmW <= 3 {
			if npmW <= 3 {
				return 4
			}
			return 12
		}
	}
	bs, bw := pos.Pieces(strong, engine.Bishop), pos.Pieces(weak, engine.Bishop)
	if single(bs) && single(bw) && (bs&darkSqBB == 0) != (bw&darkSqBB == 0) {
		// opposite-coloured bishops
		if npm(pos, strong) == 3 && npm(pos, weak) == 3 {
			return 18
		}
		return 48
	}
	// With few pawns of its own the stronger side often cannot convert even
	// a clear edge: 36/64 without pawns, 7/64 more a pawn, no scaling from
	// four pawns. Not when the defence has no pawns and is more than a
	// minor piece down: those are wins (KQKR, KRK) that mop-up steers.
	pawns := engine.PopCount(pos.Pieces(strong, engine.Pawn))
	if pawns < 4 && (pos.Pieces(weak, engine.Pawn) != 0 || npm(pos, strong)-npm(pos, weak) < 4) {
		return 36 + 7*pawns
	}
	return ScaleNorm
}

// evalMopUp credits colour c, when the enemy has a bare king and c has
// mating material, for driving that king to the edge (to a corner of the
// bishop's colour in KBNK) and bringing its own king close.
func (s *state) evalMopUp(c engine.Color) {
	pos := s.pos
	them := c.Other()
	if pos.ColorPieces(them) != pos.Pieces(them, engine.King) {
		return
	}
	rooks := pos.Pieces(c, engine.Rook) | pos.Pieces(c, engine.Queen)
	bishops, knights := pos.Pieces(c, engine.Bishop), pos.Pieces(c, engine.Knight)
	if rooks == 0 && (bishops == 0 || bishops|knights == bishops && (bishops&darkSqBB == 0 || bishops&^darkSqBB == 0)) {
		return // no mating material (two same-coloured bishops cannot mate)
	}
	ours, theirs := pos.KingSquare(c), pos.KingSquare(them)
	s.add(c, fMopEdge, centreDist[theirs])
	s.add(c, fMopKings, 7-distance[ours][theirs])
	if rooks == 0 && engine.PopCount(bishops) == 1 && engine.PopCount(knights) == 1 &&
		pos.Pieces(c, engine.Pawn) == 0 {
		// corners a1, h8 are dark; a8, h1 light
		var d int
		if bishops&darkSqBB != 0 {
			d = min(manhattan(theirs, 0), manhattan(theirs, 63))
		} else {
			d = min(manhattan(theirs, 7), manhattan(theirs, 56))
		}
		s.add(c, fMopCorner, 14-d)
	}
}

func manhattan(a, b engine.Square) int {
	return abs(a.File()-b.File()) + abs(a.Rank()-b.Rank())
}
