package search

import (
	"testing"

	"github.com/bounder-chess/bounder/engine"
	"github.com/stretchr/testify/require"
)

// TestCorrectionHistory: the correction of a position converges to the
// mean error the searches report, deeper searches move it faster, half of
// it is shared by positions with the same pawns and side to move, half by
// those with the same pieces, and it never exceeds corrMax nor pushes a
// score into the mates.
func TestCorrectionHistory(t *testing.T) {
	fen := func(s string) *engine.Position {
		p, err := engine.ParseFEN(s)
		require.NoError(t, err)
		return p
	}
	a := fen("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
	samePawns := fen("rnbqkb1r/pppp1ppp/5n2/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR w KQkq - 2 3")
	otherSide := fen("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPPBPPP/RNBQK2R b KQkq - 3 3")
	samePieces := fen("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PP1/RNBQKB1R w KQkq - 2 3")
	otherPawns := fen("rnbqkbnr/pppp1ppp/8/4p3/3PP3/8/PPP2PPP/RNBQKBNR b KQkq - 0 2")
	require.NotEqual(t, corrIndex(a), corrIndex(otherPawns), "the test needs two slots")

	var c corrTable
	require.Equal(t, 17, c.corrected(a, 17), "an empty table corrects nothing")

	for i := 0; i < 400; i++ {
		c.update(a, 10, 10+40, 15) // the search finds 40 more than the evaluation
	}
	require.InDelta(t, 57, c.corrected(a, 17), 1, "converges to the mean error")
	require.InDelta(t, 37, c.corrected(samePawns, 17), 1, "same pawns, same side, other pieces: half")
	require.InDelta(t, 37, c.corrected(samePieces, 17), 1, "same pieces, same side, other pawns: half")
	require.Equal(t, 17, c.corrected(otherSide, 17), "the other side to move has its own")
	require.Equal(t, 17, c.corrected(otherPawns, 17), "other pawns have their own")

	var shallow, deep corrTable
	for i := 0; i < 20; i++ {
		shallow.update(a, 0, -100, 1)
		deep.update(a, 0, -100, 12)
	}
	require.Less(t, deep.corrected(a, 0), shallow.corrected(a, 0), "a deeper search weighs more")
	require.Less(t, shallow.corrected(a, 0), 0)

	var big corrTable
	for i := 0; i < 1000; i++ {
		big.update(a, 0, 5000, 20)
	}
	require.LessOrEqual(t, big.corrected(a, 0), corrMax)
	require.Equal(t, MateBound-1, big.corrected(a, MateBound-10), "never a mate score")
}
