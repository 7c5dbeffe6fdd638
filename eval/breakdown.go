package eval

import (
	"fmt"
	"strings"

	"github.com/bounder-chess/bounder/engine"
)

// TermLine is one term's middlegame and endgame score for each side
// (indexed by engine.Color), in centipawns, before tapering.
type TermLine struct {
	MG, EG [2]int
}

// Breakdown explains an evaluation term by term (the UCI "eval" command).
type Breakdown struct {
	Terms      [NumTerms]TermLine
	MG, EG     int // sums over the terms, white's view
	Phase      int // 0..MaxPhase
	Scale      int // drawish-ending scale applied after tapering, out of ScaleNorm
	Drawn      bool
	White      int // the final score from white's view
	Score      int // the final score from the side to move's view (Evaluate's result)
	SideToMove engine.Color
}

// Breakdown evaluates pos term by term with e's weights (for a
// material-only evaluator: material alone, at PieceValue, unscaled).
func (e *Evaluator) Breakdown(pos *engine.Position) Breakdown {
	t := Trace(pos)
	b := Breakdown{Phase: t.Phase, Drawn: t.Drawn, SideToMove: t.SideToMove}
	if e.material {
		return materialBreakdown(pos, b)
	}
	for _, c := range t.Coefs {
		w := e.w[c.Index]
		line := &b.Terms[termOf[c.Index]]
		line.MG[0] += int(w.MG) * c.White
		line.EG[0] += int(w.EG) * c.White
		line.MG[1] += int(w.MG) * c.Black
		line.EG[1] += int(w.EG) * c.Black
	}
	b.MG, b.EG = t.Sums(e.w)
	b.Scale = t.ScaleWhite
	if b.MG*b.Phase+b.EG*(MaxPhase-b.Phase) < 0 {
		b.Scale = t.ScaleBlack
	}
	b.White = t.WhiteScore(e.w)
	b.Score = t.Score(e.w)
	return b
}

func materialBreakdown(pos *engine.Position, b Breakdown) Breakdown {
	b.Drawn, b.Scale = false, ScaleNorm
	line := &b.Terms[TermMaterial]
	for c := engine.White; c <= engine.Black; c++ {
		for t := engine.Pawn; t <= engine.Queen; t++ {
			v := PieceValue[t] * engine.PopCount(pos.Pieces(c, t))
			line.MG[c] += v
			line.EG[c] += v
		}
	}
	b.MG = line.MG[0] - line.MG[1]
	b.EG = b.MG
	b.White, b.Score = b.MG, materialBalance(pos)
	return b
}

func pawns(cp int) string { return fmt.Sprintf("%6.2f", float64(cp)/100) }

// String renders the breakdown as a table, in pawns.
func (b Breakdown) String() string {
	var sb strings.Builder
	sb.WriteString("          Term |     White     |     Black     |     Total\n")
	sb.WriteString("               |   MG     EG   |   MG     EG   |   MG     EG\n")
	sb.WriteString("---------------+---------------+---------------+---------------\n")
	for t := Term(0); t < NumTerms; t++ {
		l := b.Terms[t]
		fmt.Fprintf(&sb, "%14s | %s %s | %s %s | %s %s\n", t,
			pawns(l.MG[0]), pawns(l.EG[0]), pawns(l.MG[1]), pawns(l.EG[1]),
			pawns(l.MG[0]-l.MG[1]), pawns(l.EG[0]-l.EG[1]))
	}
	sb.WriteString("---------------+---------------+---------------+---------------\n")
	fmt.Fprintf(&sb, "%14s |               |               | %s %s\n", "Total", pawns(b.MG), pawns(b.EG))
	fmt.Fprintf(&sb, "\nPhase %d/%d (middlegame weight), scale %d/%d\n", b.Phase, MaxPhase, b.Scale, ScaleNorm)
	if b.Drawn {
		sb.WriteString("Dead draw (insufficient material): score 0\n")
	}
	fmt.Fprintf(&sb, "Final evaluation: %+.2f (white side), %+.2f (side to move, %s)\n",
		float64(b.White)/100, float64(b.Score)/100, b.SideToMove)
	return sb.String()
}
