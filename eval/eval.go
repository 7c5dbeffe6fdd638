// Package eval is Bounder's static evaluation: a score in centipawns from
// the side to move's view.
//
// The evaluation is tapered between a middlegame and an endgame score by
// the game phase, and it is linear in its weights (see features.go): every
// term is a weight times a feature count. Evaluate computes the score
// directly; Trace extracts the feature counts so that a tuner can fit the
// weights, and Breakdown explains a score term by term. One code path does
// all three, so they always agree (the trace counts the material and
// piece-square features, one of each per piece, from the board itself).
package eval

import (
	"math/bits"
	"strings"

	"github.com/bounder-chess/bounder/engine"
)

// PieceValue is the material value of each piece type in centipawns, for
// move ordering and exchange evaluation (fixed middlegame-ish values; the
// evaluation's own material weights are tuned separately).
var PieceValue = [7]int{0, 100, 320, 330, 500, 900, 0}

// Phase weights: the phase counts non-pawn material, from 0 (pawns and
// kings only) to MaxPhase (all pieces on the board, or more).
const (
	MaxPhase   = 24
	ScaleNorm  = 64    // scale factor of an ordinary (not drawish) position
	scoreLimit = 15000 // evaluations are clamped to ±scoreLimit
)

// King attack units by the type of a piece attacking the enemy king zone,
// and by the type of a piece that can give a safe check.
var (
	attackerUnits = [7]int{0, 0, 2, 2, 3, 5, 0}
	checkUnits    = [7]int{0, 0, 3, 2, 4, 4, 0}
)

// Evaluator evaluates positions. It keeps a pawn hash table, so each search
// thread owns one; results never depend on the table's content (entries
// are verified against both pawn bitboards).
type Evaluator struct {
	w        *Weights
	pw       *packedWeights // w packed
	pawns    []pawnEntry
	evals    []evalEntry // nil: no evaluation cache
	material bool        // material only (NewMaterial)
	st       state       // the evaluation in progress, reused rather than zeroed each time
}

const pawnTableSize = 1 << 14 // entries; a power of two

// New returns an Evaluator with the default weights.
func New() *Evaluator {
	return &Evaluator{w: &defaultWeights, pw: defaultPacked, pawns: make([]pawnEntry, pawnTableSize),
		evals: make([]evalEntry, evalTableSize)}
}

// NewWithWeights returns an Evaluator using a copy of the weights w, which
// must stay within ±1048576 (it panics otherwise).
func NewWithWeights(w *Weights) *Evaluator {
	c := *w
	return &Evaluator{w: &c, pw: mustPack(&c), pawns: make([]pawnEntry, pawnTableSize),
		evals: make([]evalEntry, evalTableSize)}
}

// NewMaterial returns an Evaluator that counts material only, at the fixed
// PieceValue values: the baseline against which the full evaluation's
// strength and cost are measured, and the coarse evaluation of the search
// papers' experiments.
func NewMaterial() *Evaluator { return &Evaluator{material: true} }

// Kinds names the evaluators NewKind makes: Full (New: the weights compiled
// in, tuned), Hand (the hand-set starting weights, HandWeights: the untuned
// evaluation) and Material (NewMaterial). Hand and Material are there to
// measure what the tuned evaluation is worth.
func Kinds() []string { return []string{"Full", "Hand", "Material"} }

// NewKind returns a new evaluator of the kind named (one of Kinds(),
// case-insensitively), and false for an unknown name.
func NewKind(name string) (*Evaluator, bool) {
	switch strings.ToLower(name) {
	case "full":
		return New(), true
	case "hand":
		w := HandWeights()
		return NewWithWeights(&w), true
	case "material":
		return NewMaterial(), true
	}
	return nil, false
}

// Evaluate scores pos from the side to move's view.
func (e *Evaluator) Evaluate(pos *engine.Position) int {
	if e.material {
		return materialBalance(pos)
	}
	var c *evalEntry
	if e.evals != nil {
		c = &e.evals[pos.Key()&(evalTableSize-1)]
		if v, ok := c.get(pos.Key()); ok {
			return v
		}
	}
	s := &e.st
	s.w = e.pw
	s.pawnTable = e.pawns
	s.reset()
	v := s.evaluate(pos)
	if c != nil {
		c.set(pos.Key(), v)
	}
	return v
}

// The evaluation cache: the last score of each slot's position, by Zobrist
// key. The drivers of the MTD framework search the same tree again and
// again with other bounds (and iterative deepening the tree of the last
// iteration), so a third of the evaluations in the bench are repeats (a
// 64Ki-entry table). An entry is one word: the key's high 48 bits, and the
// score offset by evalOffset in the low 16; the slot is the key's low 16
// bits, so a hit matches all 64 bits of the key, as exact as the
// transposition table. A zero word is an empty slot: no stored score is 0.
const (
	evalTableBits = 16
	evalTableSize = 1 << evalTableBits
	evalOffset    = 1 << 15 // scores are within ±scoreLimit, so v+evalOffset is in (0, 1<<16)
	evalScoreMask = 1<<16 - 1
)

const _ uint = evalTableBits - 16 // fewer slot bits would leave key bits unchecked

type evalEntry uint64

func (c *evalEntry) get(key uint64) (int, bool) {
	x := uint64(*c)
	if x == 0 || x&^evalScoreMask != key&^evalScoreMask {
		return 0, false
	}
	return int(x&evalScoreMask) - evalOffset, true
}

func (c *evalEntry) set(key uint64, v int) {
	*c = evalEntry(key&^evalScoreMask | uint64(v+evalOffset))
}

// MaterialPST is a cheap part of Evaluate, for lazy evaluation: the
// material and piece-square terms alone, tapered by the phase, from the
// side to move's view (no other term, no drawish scaling, no dead-draw
// rule). For a material-only evaluator it is Evaluate.
func (e *Evaluator) MaterialPST(pos *engine.Position) int {
	if e.material {
		return materialBalance(pos)
	}
	var sc [2]score
	for c := engine.White; c <= engine.Black; c++ {
		psq := &e.pw.psq[c]
		for pt := engine.Pawn; pt <= engine.King; pt++ {
			for b := pos.Pieces(c, pt); b != 0; {
				sc[c] += psq[pt][engine.PopLSB(&b)&63]
			}
		}
	}
	d, ph := sc[engine.White]-sc[engine.Black], gamePhase(pos)
	v := (d.mg()*ph + d.eg()*(MaxPhase-ph)) / MaxPhase
	if pos.SideToMove() == engine.Black {
		return -v
	}
	return v
}

// materialBalance is the side to move's material lead at PieceValue.
func materialBalance(pos *engine.Position) int {
	us, them := pos.SideToMove(), pos.SideToMove().Other()
	v := 0
	for t := engine.Pawn; t <= engine.Queen; t++ {
		v += PieceValue[t] * (bits.OnesCount64(pos.Pieces(us, t)) - bits.OnesCount64(pos.Pieces(them, t)))
	}
	return v
}

// state is one evaluation in progress. Scores are kept per side; tr, when
// set, records every feature count (trace mode). Evaluate reuses one state
// per Evaluator: evaluate sets every field before reading it, except those
// reset clears.
type state struct {
	w         *packedWeights
	pawnTable []pawnEntry
	pawnEntry *pawnEntry // the entry of pos's pawns, nil without a table or when tracing
	tr        *[NumWeights][2]int32

	score [2]score // by side

	pos        *engine.Position
	occ        uint64
	pawnAtt    [2]uint64
	attackedBy [2][7]uint64 // squares attacked by colour c's pieces of a type, knight to king
	attacked   [2]uint64    // squares attacked by colour c
	attacked2  [2]uint64    // squares attacked at least twice by colour c
	seen       [2]uint64    // squares attacked by the pieces of colour c counted so far
	kingAtkN   [2]int       // pieces of colour c attacking the enemy king zone
	kingUnits  [2]int       // attack units of colour c on the enemy king zone
	passed     [2]uint64

	// results kept for Trace and Breakdown
	phase          int
	scaleW, scaleB int
	drawn          bool
}

// reset clears what an evaluation accumulates or sets only in some
// positions, for a state that is reused.
func (s *state) reset() {
	s.score = [2]score{}
	s.attackedBy = [2][7]uint64{}
	s.attacked2 = [2]uint64{}
	s.seen = [2]uint64{}
	s.kingAtkN = [2]int{}
	s.kingUnits = [2]int{}
	s.pawnEntry = nil
	s.drawn = false
}

// add counts n of feature f for colour c.
func (s *state) add(c engine.Color, f int, n int) {
	s.score[c] += s.w.feat[f] * score(n)
	if s.tr != nil {
		s.tr[f][c] += int32(n)
	}
}

// evaluate runs the whole evaluation and returns the side to move's score.
func (s *state) evaluate(pos *engine.Position) int {
	s.pos = pos
	s.occ = pos.Occupied()
	if insufficientMaterial(pos) {
		s.drawn = true
		return 0
	}
	for c := engine.White; c <= engine.Black; c++ {
		s.pawnAtt[c] = engine.PawnAttacksBB(c, pos.Pieces(c, engine.Pawn))
	}
	s.evalPawns()
	for c := engine.White; c <= engine.Black; c++ {
		s.evalPieces(c)
	}
	for c := engine.White; c <= engine.Black; c++ {
		s.attacked2[c] |= s.attacked[c]&s.pawnAtt[c] | pawnAttacks2(c, pos.Pieces(c, engine.Pawn))
		s.attacked[c] |= s.pawnAtt[c]
	}
	for c := engine.White; c <= engine.Black; c++ {
		s.evalKing(c)
		s.evalPassed(c)
		s.evalThreats(c)
		s.evalMopUp(c)
	}
	s.add(pos.SideToMove(), fTempo, 1)

	s.phase = gamePhase(pos)
	sc := s.score[engine.White] - s.score[engine.Black]
	mg, eg := sc.mg(), sc.eg()
	var v int
	if s.tr != nil {
		s.scaleW = scaleFactor(pos, engine.White)
		s.scaleB = scaleFactor(pos, engine.Black)
		v = combine(mg, eg, s.phase, s.scaleW, s.scaleB)
	} else {
		// only the scale factor of the side the score favours counts
		strong := engine.White
		if mg*s.phase+eg*(MaxPhase-s.phase) < 0 {
			strong = engine.Black
		}
		scale := scaleFactor(pos, strong)
		v = combine(mg, eg, s.phase, scale, scale)
	}
	if pos.SideToMove() == engine.Black {
		return -v
	}
	return v
}

// combine tapers the middlegame and endgame scores (white's view) by the
// phase, then scales the result: by scaleW when it favours white, by scaleB
// when it favours black. The result is white's view, clamped.
func combine(mg, eg, phase, scaleW, scaleB int) int {
	v := mg*phase + eg*(MaxPhase-phase)
	sc := scaleW
	if v < 0 {
		sc = scaleB
	}
	v = v * sc / (MaxPhase * ScaleNorm)
	return min(max(v, -scoreLimit), scoreLimit)
}

// evalPieces scores colour c's knights, bishops, rooks, queens and king:
// material, piece squares, mobility, files, outposts, and attacks on the
// enemy king zone (counted here, scored in evalKing).
func (s *state) evalPieces(c engine.Color) {
	pos := s.pos
	them := c.Other()
	ourPawns := pos.Pieces(c, engine.Pawn)
	theirPawns := pos.Pieces(them, engine.Pawn)
	pa := pieceArea{
		mobility: ^(ourPawns | pos.Pieces(c, engine.King)) &^ s.pawnAtt[them],
		zone:     kingZone[pos.KingSquare(them)],
	}
	// Material and piece squares, one lookup per piece, summed here; Trace
	// counts these features from the board (tracePieces).
	psq := &s.w.psq[c]
	var material score
	var attacked uint64

	if b := pos.Pieces(c, engine.Knight) | pos.Pieces(c, engine.Bishop); b != 0 {
		// outposts: on ranks 4-6, never attackable by an enemy pawn
		outposts := outpostRanks[c] &^ rearFill(c, s.pawnAtt[them])
		var byType uint64
		for b := pos.Pieces(c, engine.Knight); b != 0; {
			sq := engine.PopLSB(&b)
			att := engine.KnightAttacks(sq)
			byType |= att
			material += psq[engine.Knight][sq&63]
			s.add(c, fMobN+pa.count(s, c, engine.Knight, att), 1)
			if outposts&engine.SquareBB(sq) != 0 {
				s.add(c, fOutpostN, 1)
			}
		}
		s.attackedBy[c][engine.Knight] = byType
		attacked |= byType
		byType = 0
		for b := pos.Pieces(c, engine.Bishop); b != 0; {
			sq := engine.PopLSB(&b)
			// through an own queen: a battery attacks what lies behind it
			att := engine.BishopAttacks(sq, s.occ&^pos.Pieces(c, engine.Queen))
			byType |= att
			material += psq[engine.Bishop][sq&63]
			s.add(c, fMobB+pa.count(s, c, engine.Bishop, att), 1)
			if outposts&engine.SquareBB(sq) != 0 {
				s.add(c, fOutpostB, 1)
			}
		}
		s.attackedBy[c][engine.Bishop] = byType
		attacked |= byType
		if bishops := pos.Pieces(c, engine.Bishop); bishops&(bishops-1) != 0 { // two or more
			s.add(c, fBishopPair, 1)
		}
		if n := engine.PopCount(b & pawnPush(them, ourPawns|theirPawns)); n != 0 {
			s.add(c, fMinorBehindPawn, n)
		}
		if bishops := pos.Pieces(c, engine.Bishop); bishops != 0 {
			// own pawns rammed by an enemy pawn, on the squares of each bishop's colour
			rammed := ourPawns & pawnPush(them, theirPawns)
			if bishops&darkSqBB != 0 {
				s.add(c, fBadBishop, engine.PopCount(bishops&darkSqBB)*engine.PopCount(rammed&darkSqBB))
			}
			if bishops&^darkSqBB != 0 {
				s.add(c, fBadBishop, engine.PopCount(bishops&^darkSqBB)*engine.PopCount(rammed&^darkSqBB))
			}
		}
	}

	if b := pos.Pieces(c, engine.Rook) | pos.Pieces(c, engine.Queen); b != 0 {
		// the seventh rank counts with the enemy king on the eighth or enemy pawns on the seventh
		seventh := rankBB[relRankToAbs(c, 6)]
		if relRank(c, pos.KingSquare(them)) != 7 && theirPawns&seventh == 0 {
			seventh = 0
		}
		var byType uint64
		for b := pos.Pieces(c, engine.Rook); b != 0; {
			sq := engine.PopLSB(&b)
			// through own rooks and queens: doubled on a file, both attack along it
			att := engine.RookAttacks(sq, s.occ&^pos.Pieces(c, engine.Rook)&^pos.Pieces(c, engine.Queen))
			byType |= att
			material += psq[engine.Rook][sq&63]
			s.add(c, fMobR+pa.count(s, c, engine.Rook, att), 1)
			if file := fileBB[sq.File()]; file&ourPawns == 0 {
				if file&theirPawns == 0 {
					s.add(c, fRookOpen, 1)
				} else {
					s.add(c, fRookSemi, 1)
				}
			}
			if seventh&engine.SquareBB(sq) != 0 {
				s.add(c, fRook7th, 1)
			}
		}
		s.attackedBy[c][engine.Rook] = byType
		attacked |= byType
		byType = 0
		for b := pos.Pieces(c, engine.Queen); b != 0; {
			sq := engine.PopLSB(&b)
			att := engine.RookAttacks(sq, s.occ) | engine.BishopAttacks(sq, s.occ) // QueenAttacks, inlined
			byType |= att
			material += psq[engine.Queen][sq&63]
			s.add(c, fMobQ+pa.count(s, c, engine.Queen, att), 1)
			if file := fileBB[sq.File()]; file&ourPawns == 0 {
				if file&theirPawns == 0 {
					s.add(c, fQueenOpen, 1)
				} else {
					s.add(c, fQueenSemi, 1)
				}
			}
			if seventh&engine.SquareBB(sq) != 0 {
				s.add(c, fQueen7th, 1)
			}
		}
		s.attackedBy[c][engine.Queen] = byType
		attacked |= byType
	}

	ksq := pos.KingSquare(c)
	s.score[c] += material + psq[engine.King][ksq&63]
	katt := engine.KingAttacks(ksq)
	s.attackedBy[c][engine.King] = katt
	s.attacked[c] = attacked | katt
	s.attacked2[c] |= attacked & katt
}

// pieceArea is what a piece's attacks are measured against: the squares
// that count for mobility (neither own pawns, nor the own king, nor attacked
// by enemy pawns: a square a piece of its own stands on is one it defends),
// and the enemy king zone.
type pieceArea struct{ mobility, zone uint64 }

// count records the attack att of a piece of colour c and type pt on the
// enemy king zone, and returns its mobility.
func (a pieceArea) count(s *state, c engine.Color, pt engine.PieceType, att uint64) int {
	s.attacked2[c] |= s.seen[c] & att
	s.seen[c] |= att
	if z := att & a.zone; z != 0 {
		s.kingAtkN[c]++
		s.kingUnits[c] += attackerUnits[pt] + engine.PopCount(z)
	}
	return engine.PopCount(att & a.mobility)
}

// relRankToAbs converts a rank relative to colour c to an absolute rank.
func relRankToAbs(c engine.Color, r int) int { return r ^ int(c)*7 }

// evalKing scores the safety of colour c's king: the enemy's attack units
// (credited to the enemy), and its pawn shelter (evalShelter, kept in the
// pawn table entry with the king square it was scored for).
func (s *state) evalKing(c engine.Color) {
	pos := s.pos
	them := c.Other()
	ksq := pos.KingSquare(c)

	if s.kingAtkN[them] > 0 {
		units := s.kingUnits[them]
		// A check is safe on a square we do not attack, or on one the
		// enemy attacks twice and we defend once, with the king or queen.
		weak := s.attacked[them] &^ s.attacked2[c] & (^s.attacked[c] | s.attackedBy[c][engine.Queen] | s.attackedBy[c][engine.King])
		safe := (^s.attacked[c] | weak&s.attacked2[them]) &^ pos.ColorPieces(them)
		// Each safe check square counts in full; a check the defence can
		// answer by capturing still counts one unit.
		bishopRays := engine.BishopAttacks(ksq, s.occ)
		rookRays := engine.RookAttacks(ksq, s.occ)
		checks := [...]struct {
			pt   engine.PieceType
			rays uint64
		}{
			{engine.Knight, engine.KnightAttacks(ksq)},
			{engine.Bishop, bishopRays},
			{engine.Rook, rookRays},
			{engine.Queen, bishopRays | rookRays},
		}
		for _, ch := range checks {
			b := ch.rays & s.attackedBy[them][ch.pt] &^ pos.ColorPieces(them)
			units += checkUnits[ch.pt]*engine.PopCount(b&safe) + engine.PopCount(b&^safe)
		}
		// zone squares the enemy attacks that only our king defends
		defended := s.attackedBy[c][engine.Knight] | s.attackedBy[c][engine.Bishop] |
			s.attackedBy[c][engine.Rook] | s.attackedBy[c][engine.Queen] | s.pawnAtt[c]
		units += engine.PopCount(kingZone[ksq] & s.attacked[them] &^ defended)
		// a unit for each of our pieces pinned to the king; one less when a
		// knight of ours guards the zone, the king's best defender
		units += engine.PopCount(pos.PinnedPieces(c))
		if s.attackedBy[c][engine.Knight]&kingZone[ksq] != 0 {
			units--
		}
		s.add(them, fKingAtk+min(units, kingUnitsMax), 1)
	}

	if e := s.pawnEntry; e != nil {
		if int(e.shelterKing[c]) == int(ksq) {
			s.score[c] += e.shelter[c]
			return
		}
		before := s.score[c]
		s.evalShelter(c, ksq)
		e.shelterKing[c], e.shelter[c] = int8(ksq), s.score[c]-before
		return
	}
	s.evalShelter(c, ksq)
}

// evalShelter scores the pawns in front of colour c's king on ksq: its
// shield, the enemy's pawn storm, and open files next to it.
func (s *state) evalShelter(c engine.Color, ksq engine.Square) {
	pos := s.pos
	them := c.Other()
	ourPawns := pos.Pieces(c, engine.Pawn)
	theirPawns := pos.Pieces(them, engine.Pawn)
	front := frontOrOnRank[c][relRank(c, ksq)]
	kf := min(max(ksq.File(), 1), 6)
	for f := kf - 1; f <= kf+1; f++ {
		file := fileBB[f]
		ff := foldFile(f) * 8
		ours := ourPawns & file & front
		theirs := theirPawns & file & front
		ourRank := 0
		if ours != 0 {
			ourRank = relRank(c, nearest(c, ours))
		}
		s.add(c, fShield+ff+ourRank, 1)
		if theirs != 0 {
			theirRank := relRank(c, nearest(c, theirs))
			if ourRank != 0 && ourRank == theirRank-1 {
				s.add(c, fStormBlk+theirRank, 1)
			} else {
				s.add(c, fStorm+ff+theirRank, 1)
			}
		} else {
			s.add(c, fStorm+ff, 1)
		}
		if file&ourPawns == 0 {
			if file&theirPawns == 0 {
				s.add(c, fKingOpen, 1)
			} else {
				s.add(c, fKingSemi, 1)
			}
		}
	}
}

// nearest is the square of b closest to colour c's first rank.
func nearest(c engine.Color, b uint64) engine.Square {
	if c == engine.White {
		return engine.LSB(b)
	}
	return engine.Square(63 - leadingZeros(b))
}

// evalPassed scores colour c's passed pawns beyond their pawn-structure
// bonus: an empty stop square, a free and safe path, and king distances.
func (s *state) evalPassed(c engine.Color) {
	pos := s.pos
	them := c.Other()
	ourKing, theirKing := pos.KingSquare(c), pos.KingSquare(them)
	for b := s.passed[c]; b != 0; {
		sq := engine.PopLSB(&b)
		r := relRank(c, sq)
		stop := stopSquare(c, sq)
		if s.occ&engine.SquareBB(stop) == 0 {
			s.add(c, fPassFree+r, 1)
			if path := forwardFile[c][sq]; path&s.occ == 0 && path&s.attacked[them]&^s.attacked[c] == 0 {
				s.add(c, fPassSafe+r, 1)
			}
		}
		s.add(c, fPassKUs+r, distance[ourKing][stop])
		s.add(c, fPassKThm+r, distance[theirKing][stop])
	}
}

// evalThreats credits colour c for enemy pieces attacked by pawns or by
// lesser pieces, and for undefended enemy pieces it attacks.
func (s *state) evalThreats(c engine.Color) {
	pos := s.pos
	them := c.Other()
	theirs := pos.ColorPieces(them)
	targets := theirs &^ pos.Pieces(them, engine.King)
	if s.pawnAtt[c]&targets&^pos.Pieces(them, engine.Pawn) != 0 {
		for pt := engine.Knight; pt <= engine.Queen; pt++ {
			if n := engine.PopCount(s.pawnAtt[c] & pos.Pieces(them, pt)); n != 0 {
				s.add(c, fThreatP+int(pt)-int(engine.Knight), n)
			}
		}
	}
	rooks, queens := pos.Pieces(them, engine.Rook), pos.Pieces(them, engine.Queen)
	if minors := s.attackedBy[c][engine.Knight] | s.attackedBy[c][engine.Bishop]; minors&(rooks|queens) != 0 {
		if n := engine.PopCount(minors & rooks); n != 0 {
			s.add(c, fThreatM, n)
		}
		if n := engine.PopCount(minors & queens); n != 0 {
			s.add(c, fThreatM+1, n)
		}
	}
	minorTargets := pos.Pieces(them, engine.Knight) | pos.Pieces(them, engine.Bishop)
	if minors := s.attackedBy[c][engine.Knight] | s.attackedBy[c][engine.Bishop]; minors&minorTargets != 0 {
		if n := engine.PopCount(minors & pos.Pieces(them, engine.Knight)); n != 0 {
			s.add(c, fThreatMinor, n)
		}
		if n := engine.PopCount(minors & pos.Pieces(them, engine.Bishop)); n != 0 {
			s.add(c, fThreatMinor+1, n)
		}
	}
	s.evalPushThreats(c)
	if b := s.attackedBy[c][engine.Rook] & queens; b != 0 {
		s.add(c, fThreatR, engine.PopCount(b))
	}
	// Weak: attacked and not defended, or attacked twice, defended once
	// and not by a pawn.
	if b := targets & s.attacked[c] & (^s.attacked[them] | s.attacked2[c]&^s.attacked2[them]&^s.pawnAtt[them]); b != 0 {
		s.add(c, fHanging, engine.PopCount(b))
	}
}

// evalPushThreats credits colour c for enemy pieces that one of its pawns
// would attack after a safe push (single, or double from its second rank):
// onto an empty square no enemy pawn attacks, and which c defends or the
// enemy does not attack. Pieces a pawn attacks already are not counted again.
func (s *state) evalPushThreats(c engine.Color) {
	pos := s.pos
	them := c.Other()
	targets := pos.ColorPieces(them) &^ pos.Pieces(them, engine.Pawn) &^ pos.Pieces(them, engine.King) &^ s.pawnAtt[c]
	if targets == 0 {
		return
	}
	push := pawnPush(c, pos.Pieces(c, engine.Pawn)) &^ s.occ
	push |= pawnPush(c, push&rankBB[relRankToAbs(c, 2)]) &^ s.occ
	push &^= s.pawnAtt[them]
	push &= s.attacked[c] | ^s.attacked[them]
	if n := engine.PopCount(engine.PawnAttacksBB(c, push) & targets); n != 0 {
		s.add(c, fThreatPush, n)
	}
}

// pawnAttacks2 is the squares two pawns of colour c attack.
func pawnAttacks2(c engine.Color, pawns uint64) uint64 {
	if c == engine.White {
		return ((pawns &^ fileABB) << 7) & ((pawns &^ fileHBB) << 9)
	}
	return ((pawns &^ fileABB) >> 9) & ((pawns &^ fileHBB) >> 7)
}
