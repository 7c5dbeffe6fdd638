package match

import (
	"fmt"
	"strings"
)

// Variant is the game a match plays: standard chess, or Chess960 (Fischer
// random chess, and Double Fischer random, where the two back ranks differ).
//
// The referee differs between the two. Standard games are judged by
// github.com/notnil/chess (rules.go's board), a rules implementation
// independent of the engines under test. notnil/chess has no Chess960
// castling, so Chess960 games are judged by Bounder's own engine package
// (chess960.go's board960), whose move generator is checked by perft
// against published Chess960 counts.
type Variant uint8

const (
	Standard      Variant = iota // standard chess, refereed by notnil/chess
	FischerRandom                // Chess960 and Double Fischer random, refereed by Bounder's engine package
)

// variantNames are the spellings ParseVariant accepts, by variant; the
// first is the canonical one (String).
var variantNames = [...][]string{
	Standard:      {"standard"},
	FischerRandom: {"fischerandom", "chess960"},
}

// ParseVariant reads a variant's name: "standard", or "fischerandom"
// (cutechess and fastchess spell it so) or its synonym "chess960", in any
// case.
func ParseVariant(s string) (Variant, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	for v, names := range variantNames {
		for _, n := range names {
			if t == n {
				return Variant(v), nil
			}
		}
	}
	return Standard, fmt.Errorf("unknown variant %q (want standard, fischerandom or chess960)", s)
}

// String is the variant's canonical name, as ParseVariant reads it.
func (v Variant) String() string {
	if int(v) < len(variantNames) {
		return variantNames[v][0]
	}
	return fmt.Sprintf("Variant(%d)", v)
}

// referee follows one game: it checks each move against the rules, writes
// the UCI position command, and ends the game by mate or a drawing rule.
// *board (standard chess) and *board960 (Chess960) implement it.
type referee interface {
	// start is the normalised FEN the game started from.
	start() string
	// play makes a UCI move if it is legal, else it returns an error
	// wrapping ErrIllegal.
	play(uci string) error
	// sideToMove is 0 for White, 1 for Black.
	sideToMove() int
	fullMoveNumber() int
	// positionCommand is the UCI "position" command for the game so far.
	positionCommand() string
	// outcome applies mate, stalemate, dead positions, the fifty-move
	// rule and threefold repetition.
	outcome() (result, reason string, over bool)
	// canMate reports whether side has any material to mate with.
	canMate(side int) bool
}

// newReferee sets up fen ("" for the standard start) under v's rules.
func newReferee(v Variant, fen string) (referee, error) {
	if v == FischerRandom {
		return newBoard960(fen)
	}
	b, err := newBoard(fen)
	if err != nil {
		return nil, err
	}
	if needsChess960(b.startFEN) {
		return nil, fmt.Errorf("FEN %q: its castling needs the Chess960 rules (--variant fischerandom)", b.startFEN)
	}
	return b, nil
}

// uciChess960 is the UCI option that switches an engine to Chess960: the
// castling rights of X-FEN and Shredder-FEN, and castling written as the
// king taking its own rook.
const uciChess960 = "UCI_Chess960"
