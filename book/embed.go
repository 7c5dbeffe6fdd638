package book

//go:generate go run ./gen -out default.bin

import (
	"bytes"
	_ "embed"
	"fmt"
	"strings"
	"sync"

	"github.com/bounder-chess/bounder/engine"
)

// defaultBin is the default book, made by BuildDefault (go generate).
//
//go:embed default.bin
var defaultBin []byte

// DefaultBuildOptions: every move of every named line is kept.
var DefaultBuildOptions = BuildOptions{MaxPly: DefaultMaxPly, MinGames: 1}

var (
	defaultOnce sync.Once
	defaultOK   bool
)

// Default returns the embedded default book, a new *Book on each call (so
// that each user may set its own BookDepth) sharing the embedded bytes.
// It is built from the named lines of the ECO table: each line is a game with
// an unknown result, so a move's weight is the number of named lines that
// play it in that position, which favours the broad main lines.
func Default() *Book {
	defaultOnce.Do(func() {
		_, err := FromBytes(defaultBin)
		defaultOK = err == nil
	})
	if !defaultOK {
		return &Book{r: bytes.NewReader(nil)} // cannot happen: a test checks the bytes
	}
	return &Book{r: bytes.NewReader(defaultBin), n: int64(len(defaultBin) / EntrySize)}
}

// DefaultBytes is the embedded default book's file.
func DefaultBytes() []byte { return defaultBin }

// BuildDefault builds the default book's entries from the ECO table: every
// named line once, as a game with an unknown result (1 point per move),
// lines in the order of their move text, kept in full (DefaultBuildOptions).
func BuildDefault() ([]Entry, error) {
	loadECO()
	b := NewBuilder(DefaultBuildOptions)
	start := engine.NewPosition()
	for _, l := range ecoLines {
		if err := b.AddGame(start, l.moves, Draw); err != nil {
			return nil, fmt.Errorf("eco %s %s: %v", l.eco, l.name, err)
		}
	}
	return b.Entries(), nil
}

// ecoPGN writes the lines BuildDefault reads as PGN games (in SAN, result
// "*"), in the same order: `polyglot make-book -min-game 1` makes the default
// book from it.
func ecoPGN() string {
	loadECO()
	return linesPGN(ecoLines)
}

func linesPGN(lines []ecoLine) string {
	var sb strings.Builder
	for _, l := range lines {
		fmt.Fprintf(&sb, "[ECO \"%s\"]\n[Opening \"%s\"]\n[Result \"*\"]\n\n", l.eco, strings.ReplaceAll(l.name, `"`, `'`))
		sb.WriteString(movetext(engine.NewPosition(), l.moves))
		sb.WriteString(" *\n\n")
	}
	return sb.String()
}

// movetext is the moves from pos in SAN with move numbers, on one line.
func movetext(pos *engine.Position, moves []engine.Move) string {
	p := pos.Clone()
	var sb strings.Builder
	for i, m := range moves {
		if i > 0 {
			sb.WriteByte(' ')
		}
		if p.SideToMove() == engine.White {
			fmt.Fprintf(&sb, "%d. ", p.FullMoveNumber())
		} else if i == 0 {
			fmt.Fprintf(&sb, "%d... ", p.FullMoveNumber())
		}
		sb.WriteString(san(p, m))
		p.Make(m)
	}
	return sb.String()
}
