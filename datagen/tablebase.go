package datagen

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/bounder-chess/bounder/engine"
	"github.com/bounder-chess/bounder/match"
	"github.com/bounder-chess/bounder/syzygy"
)

// tbLabel returns the label the tables give the game rec: the outcome of
// the first of its positions, from the start position to the one after its
// last move, that tb holds. found is false when tb holds none of them. The
// first one decides because from there on the result shows only how well
// the engines played the ending, which at a low node count can be badly
// (see the package documentation).
func tbLabel(rec *match.GameRecord, tb *syzygy.Tables) (label string, found bool) {
	pos, err := engine.ParseFEN(rec.StartFEN)
	if err != nil {
		return "", false
	}
	for i := 0; ; i++ {
		if l, ok := probeLabel(tb, pos); ok {
			return l, true
		}
		if i == len(rec.Moves) || pos.PlayMoves([]string{rec.Moves[i].UCI}) != nil {
			return "", false
		}
	}
}

// probeLabel returns the label the tables give pos (see wdlLabel); ok is
// false when tb does not hold pos.
func probeLabel(tb *syzygy.Tables, pos *engine.Position) (label string, ok bool) {
	w, ok := tb.ProbeWDL(pos)
	if !ok {
		return "", false
	}
	return wdlLabel(w, pos.SideToMove()), true
}

// wdlLabel is the label from white's view of the outcome w for the side
// to move stm. Cursed wins and blessed losses are draws: with best defence
// the fifty-move rule ends them so.
func wdlLabel(w syzygy.WDL, stm engine.Color) string {
	switch {
	case w == syzygy.Win && stm == engine.White, w == syzygy.Loss && stm == engine.Black:
		return "1.0"
	case w == syzygy.Win, w == syzygy.Loss:
		return "0.0"
	}
	return "0.5"
}

// openTables opens the Syzygy tables of --syzygy, nil for an empty path.
// Unlike the engine's SyzygyPath, which keeps the tables of the directories
// it can read, any directory that cannot be read is an error, and so is a
// path with no WDL tables: data generated with fewer tables than asked for
// would look the same as the rest but be labelled differently.
func openTables(path string) (*syzygy.Tables, error) {
	if path == "" {
		return nil, nil
	}
	tb, err := syzygy.Open(path)
	if err == nil && tb.MaxPieces() == 0 {
		err = fmt.Errorf("no Syzygy WDL tables (*.rtbw) in %q", path)
	}
	if err != nil {
		tb.Close()
		return nil, errors.New(strings.ReplaceAll(err.Error(), "\n", "; "))
	}
	return tb, nil
}

// closeTables closes tb (when not nil) and warns of the table files that
// turned out corrupt in the run: positions they hold kept their result.
func closeTables(tb *syzygy.Tables, stderr io.Writer) {
	if tb == nil {
		return
	}
	for _, err := range tb.Errors() {
		fmt.Fprintf(stderr, "bounder datagen: warning: %v (its positions kept their labels)\n", err)
	}
	tb.Close()
}
