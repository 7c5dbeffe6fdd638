package book

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"io"
	"slices"
	"strings"

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
	// Progress, when not nil, is called by AddPGN after each game with
	// the number of games added so far (for progress reports: it must be
	// cheap).
	Progress func(games int)
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
// as in make-book, whose halving keeps them in range; seq is the order of
// first appearance, which decides between entries of equal weight.
type buildEntry struct {
	key  uint64
	raw  RawMove
	move engine.Move
	n    uint16
	sum  uint16
	seq  int32 // 0 marks an empty slot; entries count from 1
}

// Builder counts games into book entries the way Polyglot's make-book does.
// Feed it games with AddGame or AddPGN, then take Entries.
//
// The pairs live in one open-addressing table with linear probing, indexed
// by the position key alone: all the pairs of a position lie in the run of
// slots that starts at the key's home slot, so one probe finds a pair and
// the halving of a position's counts walks the same run, with no
// allocation per position and no hashing beyond the key itself.
type Builder struct {
	opts  BuildOptions
	table []buildEntry // len is a power of two, at most 3/4 full
	used  int          // pairs in the table
	games int
}

// minTableSize is the table's initial number of slots.
const minTableSize = 1 << 10

// NewBuilder returns an empty builder.
func NewBuilder(opts BuildOptions) *Builder {
	return &Builder{opts: opts.withDefaults(), table: make([]buildEntry, minTableSize)}
}

// Games is the number of games added.
func (b *Builder) Games() int { return b.games }

// AddGame counts a game played from start (not modified) with the given
// legal moves and result. Each move made at ply < MaxPly (counting from
// start) earns its side 2 points for a win, 1 for a draw, 0 for a loss.
// An illegal move is an error, and then nothing of the game is counted.
func (b *Builder) AddGame(start *engine.Position, moves []engine.Move, result Result) error {
	pos := start.Clone()
	n := min(len(moves), b.opts.MaxPly)
	keys := make([]uint64, n)
	for ply, m := range moves[:n] {
		if !pos.IsLegal(m) {
			return fmt.Errorf("move %d (%s) is not legal in %s", ply+1, m, pos.FEN())
		}
		keys[ply] = pos.Key()
		pos.Make(m)
	}
	b.countGame(start.SideToMove(), keys, moves[:n], result)
	return nil
}

// countGame counts a game's moves (already checked and cut at MaxPly) with
// the keys of the positions they were made in.
func (b *Builder) countGame(first engine.Color, keys []uint64, moves []engine.Move, result Result) {
	// Points are counted from the side to move's view: +1 means it wins.
	r := int(result)
	if first == engine.Black {
		r = -r
	}
	for i, m := range moves {
		b.count(keys[i], m, r)
		r = -r
	}
	b.games++
}

// home is the first slot of key's run.
func (b *Builder) home(key uint64) int {
	// Polyglot keys are uniformly random: the high bits serve as the hash.
	return int(key>>32) & (len(b.table) - 1)
}

func (b *Builder) count(key uint64, m engine.Move, r int) {
	if 4*(b.used+1) > 3*len(b.table) {
		b.grow()
	}
	raw := EncodeMove(m)
	mask := len(b.table) - 1
	i := b.home(key)
	for ; b.table[i].seq != 0; i = (i + 1) & mask {
		if b.table[i].key == key && b.table[i].raw == raw {
			break
		}
	}
	e := &b.table[i]
	if e.seq == 0 {
		b.used++
		*e = buildEntry{key: key, raw: raw, move: m, seq: int32(b.used)}
	}
	e.n++
	e.sum += uint16(r + 1)
	if e.n >= countMax {
		for j := b.home(key); b.table[j].seq != 0; j = (j + 1) & mask {
			if h := &b.table[j]; h.key == key {
				h.n = (h.n + 1) / 2
				h.sum = (h.sum + 1) / 2
			}
		}
	}
}

// grow doubles the table.
func (b *Builder) grow() {
	old := b.table
	b.table = make([]buildEntry, 2*len(old))
	mask := len(b.table) - 1
	for _, e := range old {
		if e.seq == 0 {
			continue
		}
		i := b.home(e.key)
		for b.table[i].seq != 0 {
			i = (i + 1) & mask
		}
		b.table[i] = e
	}
}

// lookup returns the pair's entry, or nil (for tests).
func (b *Builder) lookup(key uint64, raw RawMove) *buildEntry {
	mask := len(b.table) - 1
	for i := b.home(key); b.table[i].seq != 0; i = (i + 1) & mask {
		if b.table[i].key == key && b.table[i].raw == raw {
			return &b.table[i]
		}
	}
	return nil
}

// AddPGN counts every game of a PGN stream (see pgn.go for what is read).
// A game's result is its Result tag (the move text's terminator when the
// tag is missing); a game with a FEN tag is played from that position. The
// moves from ply MaxPly on are not counted, so they are not checked either
// (as in make-book). A malformed game or an illegal move is an error naming
// the game (1-based) and the line; the games before it stay counted.
func (b *Builder) AddPGN(r io.Reader) error {
	pr := newPGNReader(r, b.opts.MaxPly)
	for {
		g, err := pr.next()
		if err == errPGNEOF {
			return nil
		}
		if err != nil {
			return fmt.Errorf("pgn %w", err)
		}
		b.countGame(g.start, g.keys, g.moves, parseResult(g.result))
		if b.opts.Progress != nil {
			b.opts.Progress(b.games)
		}
	}
}

// Entries returns the book: pairs seen in at least MinGames games and with
// at least one point, weighted by their points, sorted by key and then by
// weight, heaviest first, pairs of equal weight in order of first
// appearance (make-book's stable sort).
func (b *Builder) Entries() []Entry {
	var kept []buildEntry
	for _, e := range b.table {
		if e.seq == 0 || int(e.n) < b.opts.MinGames || e.sum == 0 {
			continue
		}
		kept = append(kept, e)
	}
	slices.SortFunc(kept, func(x, y buildEntry) int { return int(x.seq - y.seq) })
	out := make([]Entry, len(kept))
	for i, e := range kept {
		out[i] = Entry{Key: e.key, Raw: e.raw, Move: e.move, Weight: e.sum}
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
