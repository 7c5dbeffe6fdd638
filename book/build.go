package book

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/notnil/chess"

	"github.com/bounder-chess/bounder/engine"
)

// Polyglot make-book's defaults.
const (
	DefaultMaxPly   = 1024
	DefaultMinGames = 3
)

// countMax: when a position-move pair has been seen this often, the counts
// of every move of that position are halved (make-book's rule, which keeps
// weights within 16 bits).
const countMax = 16384

// BuildOptions are make-book's options.
type BuildOptions struct {
	// MaxPly: only moves made at plies 0..MaxPly-1 of a game count.
	// Zero or less means DefaultMaxPly (1024, make-book's default).
	MaxPly int
	// MinGames: a position-move pair seen in fewer games is dropped.
	// Zero or less means DefaultMinGames (3, make-book's -min-game default).
	MinGames int
}

func (o BuildOptions) withDefaults() BuildOptions {
	if o.MaxPly <= 0 {
		o.MaxPly = DefaultMaxPly
	}
	if o.MinGames <= 0 {
		o.MinGames = DefaultMinGames
	}
	return o
}

// Result is a game's result from White's side.
type Result int

// Results. Polyglot scores an unknown result ("*") as a draw.
const (
	BlackWins Result = -1
	Draw      Result = 0
	WhiteWins Result = 1
)

// parseResult reads a PGN result; anything but 1-0 and 0-1 is a draw.
func parseResult(s string) Result {
	switch strings.TrimSpace(s) {
	case "1-0":
		return WhiteWins
	case "0-1":
		return BlackWins
	}
	return Draw
}

// buildEntry is one position-move pair being counted. n and sum are 16-bit,
// as in make-book, whose halving keeps them in range.
type buildEntry struct {
	key  uint64
	raw  RawMove
	move engine.Move
	n    uint16
	sum  uint16
}

type pairKey struct {
	key uint64
	raw RawMove
}

// Builder counts games into book entries the way Polyglot's make-book does.
// Feed it games with AddGame or AddPGN, then take Entries.
type Builder struct {
	opts    BuildOptions
	entries []buildEntry       // in order of first appearance
	index   map[pairKey]int    // pair -> index in entries
	byKey   map[uint64][]int32 // key -> indexes of its pairs (for halving)
	games   int
}

// NewBuilder returns an empty builder.
func NewBuilder(opts BuildOptions) *Builder {
	return &Builder{
		opts:  opts.withDefaults(),
		index: make(map[pairKey]int),
		byKey: make(map[uint64][]int32),
	}
}

// Games is the number of games added.
func (b *Builder) Games() int { return b.games }

// AddGame counts a game played from start (not modified) with the given
// legal moves and result. Each move made at ply < MaxPly (counting from
// start) earns its side 2 points for a win, 1 for a draw, 0 for a loss.
func (b *Builder) AddGame(start *engine.Position, moves []engine.Move, result Result) error {
	pos := start.Clone()
	// Points are counted from the side to move's view: +1 means it wins.
	r := int(result)
	if pos.SideToMove() == engine.Black {
		r = -r
	}
	for ply, m := range moves {
		if ply >= b.opts.MaxPly {
			break
		}
		if !pos.IsLegal(m) {
			return fmt.Errorf("move %d (%s) is not legal in %s", ply+1, m, pos.FEN())
		}
		b.count(pos.Key(), m, r)
		pos.Make(m)
		r = -r
	}
	b.games++
	return nil
}

func (b *Builder) count(key uint64, m engine.Move, r int) {
	pk := pairKey{key, EncodeMove(m)}
	i, ok := b.index[pk]
	if !ok {
		i = len(b.entries)
		b.entries = append(b.entries, buildEntry{key: key, raw: pk.raw, move: m})
		b.index[pk] = i
		b.byKey[key] = append(b.byKey[key], int32(i))
	}
	e := &b.entries[i]
	e.n++
	e.sum += uint16(r + 1)
	if e.n >= countMax {
		for _, j := range b.byKey[key] {
			h := &b.entries[j]
			h.n = (h.n + 1) / 2
			h.sum = (h.sum + 1) / 2
		}
	}
}

// AddPGN counts every game of a PGN stream. A game's result is its Result
// tag (the move text's terminator when the tag is missing); a game with a
// FEN tag is played from that position. A game that does not parse, or has
// an illegal move, is an error naming the game (1-based).
func (b *Builder) AddPGN(r io.Reader) error {
	sc := chess.NewScanner(r)
	for n := 1; ; n++ {
		ok := sc.Scan()
		err := sc.Err()
		if !ok {
			if err == nil || errors.Is(err, io.EOF) {
				return nil
			}
			return fmt.Errorf("pgn game %d: %v", n, err)
		}
		g := sc.Next()
		if len(g.Moves()) == 0 && len(g.TagPairs()) == 0 {
			continue // nothing (the scanner's empty game at the end)
		}
		start := engine.NewPosition()
		for _, tp := range g.TagPairs() {
			// The first FEN tag, in any case, as notnil/chess reads it.
			if strings.EqualFold(tp.Key, "FEN") {
				if start, err = engine.ParseFEN(tp.Value); err != nil {
					return fmt.Errorf("pgn game %d: %v", n, err)
				}
				break
			}
		}
		res := string(g.Outcome())
		if tp := g.GetTagPair("Result"); tp != nil {
			res = tp.Value
		}
		pos := start.Clone()
		moves := make([]engine.Move, 0, len(g.Moves()))
		for i, cm := range g.Moves() {
			m, err := pos.ParseMove(cm.String())
			if err != nil {
				return fmt.Errorf("pgn game %d, move %d: %v", n, i+1, err)
			}
			pos.Make(m)
			moves = append(moves, m)
		}
		if err := b.AddGame(start, moves, parseResult(res)); err != nil {
			return fmt.Errorf("pgn game %d: %v", n, err)
		}
	}
}

// Entries returns the book: pairs seen in at least MinGames games and with
// at least one point, weighted by their points, sorted by key and then by
// weight, heaviest first, pairs of equal weight in order of first
// appearance (make-book's stable sort).
func (b *Builder) Entries() []Entry {
	var out []Entry
	for _, e := range b.entries {
		if int(e.n) < b.opts.MinGames || e.sum == 0 {
			continue
		}
		out = append(out, Entry{Key: e.key, Raw: e.raw, Move: e.move, Weight: e.sum})
	}
	SortEntries(out)
	return out
}

// Build reads PGN games and returns the book make-book would write for them.
func Build(games io.Reader, opts BuildOptions) ([]Entry, error) {
	b := NewBuilder(opts)
	if err := b.AddPGN(games); err != nil {
		return nil, err
	}
	return b.Entries(), nil
}

// SortEntries sorts by key, then by weight descending, keeping the order of
// entries that tie.
func SortEntries(es []Entry) {
	slices.SortStableFunc(es, func(a, b Entry) int {
		switch {
		case a.Key < b.Key:
			return -1
		case a.Key > b.Key:
			return 1
		}
		return int(b.Weight) - int(a.Weight)
	})
}

// AppendEntry appends the 16-byte encoding of e.
func AppendEntry(dst []byte, e Entry) []byte {
	dst = binary.BigEndian.AppendUint64(dst, e.Key)
	dst = binary.BigEndian.AppendUint16(dst, uint16(e.Raw))
	dst = binary.BigEndian.AppendUint16(dst, e.Weight)
	return binary.BigEndian.AppendUint32(dst, e.Learn)
}

// MarshalEntries encodes entries in the order given (sort them first).
func MarshalEntries(es []Entry) []byte {
	out := make([]byte, 0, len(es)*EntrySize)
	for _, e := range es {
		out = AppendEntry(out, e)
	}
	return out
}

// WriteEntries writes entries in the order given (sort them first).
func WriteEntries(w io.Writer, es []Entry) error {
	bw := bufio.NewWriter(w)
	var rec [EntrySize]byte
	for _, e := range es {
		if _, err := bw.Write(AppendEntry(rec[:0], e)); err != nil {
			return err
		}
	}
	return bw.Flush()
}
