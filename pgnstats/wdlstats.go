package pgnstats

import (
	"fmt"
	"io"

	"github.com/bounder-chess/bounder/match"
	"github.com/bounder-chess/bounder/wdl"
)

// writeWDLCalibration writes the expected-against-actual table of
// "bounder stats": the finished games' positions with a score, grouped
// into tenths of the expected score the compiled WDL model gives them.
// Nothing is written when no position has a score.
func writeWDLCalibration(w io.Writer, games []statGame) {
	var samples []wdl.Sample
	scored, unreplayed := 0, 0
	for _, g := range games {
		if g.result != match.ResultWhiteWins && g.result != match.ResultBlackWins && g.result != match.ResultDraw {
			continue
		}
		if !g.replayed {
			unreplayed++
			continue
		}
		samples = append(samples, g.wdl...)
		if len(g.wdl) > 0 {
			scored++
		}
	}
	if len(samples) == 0 {
		return
	}
	m := wdl.Default()
	fmt.Fprintf(w, "\nExpected against actual results (the WDL model on the scores in the move comments): %s of %s",
		count(len(samples), "position"), count(scored, "game"))
	if unreplayed > 0 {
		fmt.Fprintf(w, " (%s not replayed)", count(unreplayed, "game"))
	}
	fmt.Fprintf(w, ", log-likelihood %.4f per position (constant model %.4f)\n", m.LogLikelihood(samples), wdl.BaselineLogLikelihood(samples))
	_ = wdl.WriteCalibration(w, "expected score", m.CalibrateByExpected(samples, 10))
}
