package eval

// The evaluation is linear in its weights: every term is a weight (a
// middlegame and an endgame value) times an integer feature count, summed
// per side, tapered by the game phase and then scaled for drawish endings.
// This file lays the weights out in one flat array so that a tuner can treat
// them as a vector; Trace extracts the feature counts of a position.

// S is one weight: its middlegame and endgame values in centipawns.
type S struct{ MG, EG int32 }

// Weights is every weight of the evaluation, indexed by the f* constants.
type Weights [NumWeights]S

// Offsets of the weight groups in Weights. Arrays indexed by rank use the
// rank relative to the side owning the feature (0 = its first rank).
const (
	fMaterial = 0             // [5] pawn, knight, bishop, rook, queen
	fPST      = fMaterial + 5 // [6][64] per piece type from pawn to king: relative rank*8 + file
	fMobN     = fPST + 6*64   // [9] knight: safe squares attacked
	fMobB     = fMobN + 9     // [14] bishop
	fMobR     = fMobB + 14    // [15] rook
	fMobQ     = fMobR + 15    // [28] queen
	fIsolated = fMobQ + 28    // isolated pawn
	fDoubled  = fIsolated + 1 // pawn with a friendly pawn in front on its file
	fBackward = fDoubled + 1  // backward pawn
	fPhalanx  = fBackward + 1 // [8] by rank: pawn with a friendly pawn beside it
	fSupport  = fPhalanx + 8  // [8] by rank: pawn defended by a friendly pawn
	fPassed   = fSupport + 8  // [8] by rank: passed pawn
	fPassFree = fPassed + 8   // [8] by rank: passed pawn whose stop square is empty
	fPassSafe = fPassFree + 8 // [8] by rank: passed pawn whose path is empty, no square of it attacked and undefended
	fPassKUs  = fPassSafe + 8 // [8] by rank: × distance of the own king to the stop square
	fPassKThm = fPassKUs + 8  // [8] by rank: × distance of the enemy king to the stop square
	fKingAtk  = fPassKThm + 8 // [kingUnitsMax+1] attacker's bonus by attack units on the enemy king zone
	fShield   = fKingAtk + kingUnitsMax + 1
	// fShield: [4][8] per folded file next to the king: relative rank of the
	// nearest own pawn in front of the king (0 = none).
	fStorm = fShield + 32 // [4][8] the same for the nearest enemy pawn, when not blocked
	// fStormBlk: [8] by relative rank: enemy pawn blocked by an own pawn in front of the king.
	fStormBlk   = fStorm + 32
	fKingOpen   = fStormBlk + 8   // file next to the king with no pawn
	fKingSemi   = fKingOpen + 1   // file next to the king with enemy pawns only
	fBishopPair = fKingSemi + 1   // two bishops or more
	fRookOpen   = fBishopPair + 1 // rook on a file with no pawn
	fRookSemi   = fRookOpen + 1   // rook on a file with enemy pawns only
	fQueenOpen  = fRookSemi + 1
	fQueenSemi  = fQueenOpen + 1
	fRook7th    = fQueenSemi + 1 // rook on the seventh with the enemy king on the eighth or pawns on the seventh
	fQueen7th   = fRook7th + 1
	fOutpostN   = fQueen7th + 1 // knight on ranks 4-6, never attackable by enemy pawns
	fOutpostB   = fOutpostN + 1 // the same for a bishop
	fThreatP    = fOutpostB + 1 // [4] enemy knight, bishop, rook, queen attacked by a pawn
	fThreatM    = fThreatP + 4  // [2] enemy rook, queen attacked by a knight or bishop
	fThreatR    = fThreatM + 2  // enemy queen attacked by a rook
	fHanging    = fThreatR + 1  // enemy piece or pawn attacked and not defended
	fTempo      = fHanging + 1  // side to move
	fMopEdge    = fTempo + 1    // won pawnless ending: × distance of the lone king from the centre
	fMopKings   = fMopEdge + 1  // × closeness of the kings (7 - distance)
	fMopCorner  = fMopKings + 1 // KBNK: × closeness of the lone king to a corner of the bishop's colour
	// Terms added after the first tunes, at the end so that older weight
	// files keep their layout up to here.
	fThreatMinor     = fMopCorner + 1       // [2] enemy knight, bishop attacked by a knight or bishop
	fThreatPush      = fThreatMinor + 2     // enemy piece a safe pawn push would attack
	fMinorBehindPawn = fThreatPush + 1      // knight or bishop right behind a pawn (either colour's)
	fBadBishop       = fMinorBehindPawn + 1 // × own pawns on the bishop's colour blocked by an enemy pawn
	NumWeights       = fBadBishop + 1       // the number of weights
)

// kingUnitsMax caps the king attack units (the king attack table's last index).
const kingUnitsMax = 63

// Term is a line of the breakdown: a set of weight groups.
type Term int

// The terms of the breakdown.
const (
	TermMaterial Term = iota
	TermPST
	TermMobility
	TermPawns
	TermPassed
	TermKing
	TermPieces
	TermThreats
	TermTempo
	TermEndgame
	NumTerms
)

var termNames = [NumTerms]string{"Material", "Piece squares", "Mobility", "Pawns", "Passed pawns", "King safety", "Pieces", "Threats", "Tempo", "Endgame"}

func (t Term) String() string { return termNames[t] }

// Group is a named run of weights, for the tuner's generated source and the
// breakdown. Cols is how many weights a line of the generated source holds.
type Group struct {
	Name   string
	Offset int
	Size   int
	Cols   int
	Term   Term
	// Frozen groups are not tuned: they guide the search in won endings
	// rather than predict results, and tuning data has almost none of them.
	Frozen bool
}

var groups = []Group{
	{"Material", fMaterial, 5, 5, TermMaterial, false},
	{"PSTPawn", fPST + 0*64, 64, 8, TermPST, false},
	{"PSTKnight", fPST + 1*64, 64, 8, TermPST, false},
	{"PSTBishop", fPST + 2*64, 64, 8, TermPST, false},
	{"PSTRook", fPST + 3*64, 64, 8, TermPST, false},
	{"PSTQueen", fPST + 4*64, 64, 8, TermPST, false},
	{"PSTKing", fPST + 5*64, 64, 8, TermPST, false},
	{"MobilityKnight", fMobN, 9, 5, TermMobility, false},
	{"MobilityBishop", fMobB, 14, 5, TermMobility, false},
	{"MobilityRook", fMobR, 15, 5, TermMobility, false},
	{"MobilityQueen", fMobQ, 28, 5, TermMobility, false},
	{"Isolated", fIsolated, 1, 1, TermPawns, false},
	{"Doubled", fDoubled, 1, 1, TermPawns, false},
	{"Backward", fBackward, 1, 1, TermPawns, false},
	{"Phalanx", fPhalanx, 8, 4, TermPawns, false},
	{"Supported", fSupport, 8, 4, TermPawns, false},
	{"Passed", fPassed, 8, 4, TermPassed, false},
	{"PassedFree", fPassFree, 8, 4, TermPassed, false},
	{"PassedSafe", fPassSafe, 8, 4, TermPassed, false},
	{"PassedKingUs", fPassKUs, 8, 4, TermPassed, false},
	{"PassedKingThem", fPassKThm, 8, 4, TermPassed, false},
	{"KingAttack", fKingAtk, kingUnitsMax + 1, 8, TermKing, false},
	{"Shield", fShield, 32, 4, TermKing, false},
	{"Storm", fStorm, 32, 4, TermKing, false},
	{"StormBlocked", fStormBlk, 8, 4, TermKing, false},
	{"KingOpenFile", fKingOpen, 1, 1, TermKing, false},
	{"KingSemiOpenFile", fKingSemi, 1, 1, TermKing, false},
	{"BishopPair", fBishopPair, 1, 1, TermPieces, false},
	{"RookOpenFile", fRookOpen, 1, 1, TermPieces, false},
	{"RookSemiOpenFile", fRookSemi, 1, 1, TermPieces, false},
	{"QueenOpenFile", fQueenOpen, 1, 1, TermPieces, false},
	{"QueenSemiOpenFile", fQueenSemi, 1, 1, TermPieces, false},
	{"RookOnSeventh", fRook7th, 1, 1, TermPieces, false},
	{"QueenOnSeventh", fQueen7th, 1, 1, TermPieces, false},
	{"KnightOutpost", fOutpostN, 1, 1, TermPieces, false},
	{"BishopOutpost", fOutpostB, 1, 1, TermPieces, false},
	{"ThreatByPawn", fThreatP, 4, 4, TermThreats, false},
	{"ThreatByMinor", fThreatM, 2, 2, TermThreats, false},
	{"ThreatByRook", fThreatR, 1, 1, TermThreats, false},
	{"Hanging", fHanging, 1, 1, TermThreats, false},
	{"Tempo", fTempo, 1, 1, TermTempo, false},
	{"MopUpEdge", fMopEdge, 1, 1, TermEndgame, true},
	{"MopUpKings", fMopKings, 1, 1, TermEndgame, true},
	{"MopUpCorner", fMopCorner, 1, 1, TermEndgame, true},
	{"ThreatMinorByMinor", fThreatMinor, 2, 2, TermThreats, false},
	{"ThreatByPawnPush", fThreatPush, 1, 1, TermThreats, false},
	{"MinorBehindPawn", fMinorBehindPawn, 1, 1, TermPieces, false},
	{"BadBishop", fBadBishop, 1, 1, TermPieces, false},
}

// Groups lists the weight groups in order; they cover Weights exactly.
func Groups() []Group { return append([]Group(nil), groups...) }

// termOf maps each weight to its breakdown term.
var termOf [NumWeights]Term

// TermOf is the breakdown term of weight i (an index into Weights).
func TermOf(i int) Term { return termOf[i] }

func init() {
	next := 0
	for _, g := range groups {
		if g.Offset != next {
			panic("eval: weight groups out of order at " + g.Name)
		}
		for i := 0; i < g.Size; i++ {
			termOf[g.Offset+i] = g.Term
		}
		next += g.Size
	}
	if next != NumWeights {
		panic("eval: weight groups do not cover the weights")
	}
}

// DefaultWeights returns a copy of the weights Evaluate uses.
func DefaultWeights() Weights { return defaultWeights }
