package eval

import "github.com/bounder-chess/bounder/engine"

// pawnEntry caches the terms that depend on the pawns alone: pawn material
// and squares, isolated, doubled, backward, connected and passed pawns; and
// per side the king's shelter (shield, storm and open files next to the
// king), which depends on the pawns and that side's king square only. An
// entry holds both pawn bitboards, and the shelter its king square, so a
// hit is exact (no collisions).
type pawnEntry struct {
	white, black uint64
	valid        bool
	shelterKing  [2]int8  // the king square each shelter was scored for, noShelter if none
	score        [2]score // pawn structure, by side
	shelter      [2]score // king shelter, by side
	passed       [2]uint64
}

const noShelter = -1

// pawnIndex hashes the two pawn bitboards to a table slot.
func pawnIndex(white, black uint64, size int) int {
	h := white*0x9E3779B97F4A7C15 ^ (black+0x632BE59BD9B4E019)*0xC2B2AE3D27D4EB4F
	h ^= h >> 29
	return int(h>>40) & (size - 1)
}

// evalPawns adds the pawn-structure terms, from the pawn table when the
// state has one and is not tracing, and sets s.passed, and s.pawnEntry to
// the table entry of the position's pawns.
func (s *state) evalPawns() {
	pos := s.pos
	white, black := pos.Pieces(engine.White, engine.Pawn), pos.Pieces(engine.Black, engine.Pawn)
	if s.pawnTable == nil || s.tr != nil {
		s.computePawns()
		return
	}
	e := &s.pawnTable[pawnIndex(white, black, len(s.pawnTable))]
	s.pawnEntry = e
	if !e.valid || e.white != white || e.black != black {
		before := s.score
		s.computePawns()
		*e = pawnEntry{white: white, black: black, valid: true, passed: s.passed,
			shelterKing: [2]int8{noShelter, noShelter}}
		for c := 0; c < 2; c++ {
			e.score[c] = s.score[c] - before[c]
		}
		return
	}
	for c := 0; c < 2; c++ {
		s.score[c] += e.score[c]
	}
	s.passed = e.passed
}

// computePawns scores the pawn structure of both sides.
func (s *state) computePawns() {
	for c := engine.White; c <= engine.Black; c++ {
		them := c.Other()
		ours := s.pos.Pieces(c, engine.Pawn)
		theirs := s.pos.Pieces(them, engine.Pawn)
		if ours == 0 {
			s.passed[c] = 0
			continue
		}
		var passed uint64
		psq := &s.w.psq[c][engine.Pawn] // material and piece squares (traced by tracePieces)
		var material score
		for b := ours; b != 0; {
			sq := engine.PopLSB(&b)
			r := relRank(c, sq)
			f := sq.File()
			material += psq[sq&63]

			isolated := ours&adjacentFiles[f] == 0
			if isolated {
				s.add(c, fIsolated, 1)
			}
			doubled := forwardFile[c][sq]&ours != 0
			if doubled {
				s.add(c, fDoubled, 1)
			}
			bb := engine.SquareBB(sq)
			if ((bb<<1)&^fileABB|(bb>>1)&^fileHBB)&ours != 0 {
				s.add(c, fPhalanx+r, 1)
			}
			if engine.PawnAttacks(them, sq)&ours != 0 {
				s.add(c, fSupport+r, 1)
			}
			if !isolated && supportMask[c][sq]&ours == 0 &&
				engine.PawnAttacks(c, stopSquare(c, sq))&theirs != 0 {
				s.add(c, fBackward, 1)
			}
			if !doubled && passedMask[c][sq]&theirs == 0 {
				passed |= bb
				s.add(c, fPassed+r, 1)
			}
		}
		s.passed[c] = passed
		s.score[c] += material
	}
}
