package book

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"

	"github.com/bounder-chess/bounder/engine"
)

// EntrySize is the size of one book entry in bytes.
const EntrySize = 16

// MaxEntriesPerPosition bounds the entries Entries returns for one key. A
// real book has at most one entry per legal move (218 at most); more means a
// corrupt book, which is reported rather than read on without end.
const MaxEntriesPerPosition = 1024

// fullCheckEntries: books up to this many entries have their key order
// checked in full when opened (one sequential read); larger ones are checked
// at evenly spaced samples (Verify checks them in full).
const fullCheckEntries = 1 << 20

// sampleChecks is how many adjacent pairs are compared in a large book.
const sampleChecks = 4096

// Entry is one book entry.
type Entry struct {
	Key    uint64
	Raw    RawMove     // the move as stored
	Move   engine.Move // Raw decoded in the probed position; NullMove if not legal there
	Weight uint16
	Learn  uint32
}

// Book is a Polyglot book read through an io.ReaderAt. Its methods may be
// called concurrently (os.File and bytes.Reader support concurrent ReadAt),
// but BookDepth must be set before the book is shared.
type Book struct {
	// BookDepth, when positive, ends the book after that many plies of the
	// game: Probe gives no move at game ply BookDepth or later.
	BookDepth int

	r      io.ReaderAt
	n      int64 // number of entries
	closer io.Closer
}

// Open opens a book file. The file stays open (it is read on demand, never
// loaded whole) until Close. A file whose size is not a multiple of 16 bytes,
// or whose keys are found out of order, is an error.
func Open(path string) (*Book, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("book: %w", err)
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("book: %w", err)
	}
	if !st.Mode().IsRegular() {
		f.Close()
		return nil, fmt.Errorf("book: %s is not a regular file", path)
	}
	b, err := NewBook(f, st.Size())
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("%w (%s)", err, path)
	}
	b.closer = f
	return b, nil
}

// FromBytes reads a book held in memory (an embedded book, say). The bytes
// must not change while the book is in use.
func FromBytes(data []byte) (*Book, error) {
	return NewBook(bytes.NewReader(data), int64(len(data)))
}

// NewBook reads a book of size bytes through r. The size must be a multiple
// of 16; the key order is checked in full for books up to 2^20 entries
// (16 MiB) and at 4096 evenly spaced places beyond (see Verify). Probing a
// book that is unsorted all the same, or that shrinks under the reader, gives
// wrong answers or errors, never a panic or an endless loop.
func NewBook(r io.ReaderAt, size int64) (*Book, error) {
	if size < 0 || size%EntrySize != 0 {
		return nil, fmt.Errorf("book: size %d bytes is not a multiple of %d: not a Polyglot book, or truncated", size, EntrySize)
	}
	b := &Book{r: r, n: size / EntrySize}
	var err error
	if b.n <= fullCheckEntries {
		err = b.Verify()
	} else {
		err = b.checkSamples()
	}
	if err != nil {
		return nil, err
	}
	return b, nil
}

// Len is the number of entries.
func (b *Book) Len() int64 { return b.n }

// Close releases the file behind the book, if any.
func (b *Book) Close() error {
	if b.closer == nil {
		return nil
	}
	c := b.closer
	b.closer = nil
	return c.Close()
}

// errUnsorted reports keys out of order at entry i.
func errUnsorted(i int64) error {
	return fmt.Errorf("book: keys not sorted (entry %d has a smaller key than entry %d): not a Polyglot book", i, i-1)
}

// Verify reads the whole book once, sequentially, and checks that the keys
// are in ascending order.
func (b *Book) Verify() error {
	br := bufio.NewReaderSize(io.NewSectionReader(b.r, 0, b.n*EntrySize), 64<<10)
	var rec [EntrySize]byte
	var prev uint64
	for i := int64(0); i < b.n; i++ {
		if _, err := io.ReadFull(br, rec[:]); err != nil {
			return fmt.Errorf("book: reading entry %d: %w", i, noEOF(err))
		}
		k := binary.BigEndian.Uint64(rec[:8])
		if i > 0 && k < prev {
			return errUnsorted(i)
		}
		prev = k
	}
	return nil
}

// checkSamples compares adjacent keys at evenly spaced places.
func (b *Book) checkSamples() error {
	step := b.n / sampleChecks
	for i := int64(1); i < b.n; i += step {
		k0, err := b.keyAt(i - 1)
		if err != nil {
			return err
		}
		k1, err := b.keyAt(i)
		if err != nil {
			return err
		}
		if k1 < k0 {
			return errUnsorted(i)
		}
	}
	return nil
}

// noEOF turns a premature end of data into io.ErrUnexpectedEOF.
func noEOF(err error) error {
	if errors.Is(err, io.EOF) {
		return io.ErrUnexpectedEOF
	}
	return err
}

// readAt reads entries [i, i+len(buf)/16) into buf.
func (b *Book) readAt(buf []byte, i int64) error {
	n, err := b.r.ReadAt(buf, i*EntrySize)
	if n == len(buf) {
		return nil
	}
	if err == nil {
		err = io.ErrUnexpectedEOF
	}
	return fmt.Errorf("book: reading entry %d: %w", i, noEOF(err))
}

func (b *Book) keyAt(i int64) (uint64, error) {
	var buf [8]byte
	if err := b.readAt(buf[:], i); err != nil {
		return 0, err
	}
	return binary.BigEndian.Uint64(buf[:]), nil
}

// lowerBound is the first index whose key is not below key, for a sorted
// book. On unsorted data it still ends after log2(n) reads.
func (b *Book) lowerBound(key uint64) (int64, error) {
	lo, hi := int64(0), b.n
	for lo < hi {
		mid := lo + (hi-lo)/2
		k, err := b.keyAt(mid)
		if err != nil {
			return 0, err
		}
		if k < key {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return lo, nil
}

func decodeEntry(rec []byte) Entry {
	return Entry{
		Key:    binary.BigEndian.Uint64(rec[0:8]),
		Raw:    RawMove(binary.BigEndian.Uint16(rec[8:10])),
		Weight: binary.BigEndian.Uint16(rec[10:12]),
		Learn:  binary.BigEndian.Uint32(rec[12:16]),
	}
}

// rawEntries returns the stored entries with this key, in file order.
func (b *Book) rawEntries(key uint64) ([]Entry, error) {
	i, err := b.lowerBound(key)
	if err != nil {
		return nil, err
	}
	var out []Entry
	const chunk = 16
	var buf [chunk * EntrySize]byte
	for i < b.n {
		m := min(int64(chunk), b.n-i)
		if err := b.readAt(buf[:m*EntrySize], i); err != nil {
			return out, err
		}
		for j := int64(0); j < m; j++ {
			e := decodeEntry(buf[j*EntrySize : (j+1)*EntrySize])
			if e.Key != key {
				return out, nil
			}
			if len(out) == MaxEntriesPerPosition {
				return out, fmt.Errorf("book: more than %d entries for key %016x: corrupt book", MaxEntriesPerPosition, key)
			}
			out = append(out, e)
		}
		i += m
	}
	return out, nil
}

// Entries returns the entries of pos in file order (Polyglot books list
// the heaviest first), with each Move decoded and checked for legality in
// pos: Move is NullMove where the stored move is not legal there.
func (b *Book) Entries(pos *engine.Position) ([]Entry, error) {
	es, err := b.rawEntries(pos.Key())
	for i := range es {
		es[i].Move, _ = DecodeMove(pos, es[i].Raw)
	}
	return es, err
}

// GamePly is the number of plies played since the start of the game,
// from the position's full-move number and side to move (so it counts the
// moves before a FEN too).
func GamePly(pos *engine.Position) int {
	ply := 2 * (pos.FullMoveNumber() - 1)
	if pos.SideToMove() == engine.Black {
		ply++
	}
	return ply
}

// Probe picks a book move for pos at game ply GamePly(pos); see ProbeAt.
func (b *Book) Probe(pos *engine.Position, rng *rand.Rand, bestOnly bool) (engine.Move, Entry, bool) {
	return b.ProbeAt(pos, GamePly(pos), rng, bestOnly)
}

// SoundShare is the smallest weight, as a share of the heaviest entry's, of
// an entry that ProbeAt may draw: 1/10. A book built from games lists every
// move ever played there, and the rare ones (1.h3, 1.f4) are rarely sound.
const SoundShare = 10 // entries need weight*SoundShare >= the heaviest weight

// ProbeAt picks a book move for pos, which is gamePly plies into the game.
// Entries whose move is not legal in pos, or whose weight is 0, are never
// picked. With bestOnly (or a nil rng) the heaviest entry wins, the first in
// the file on equal weights; otherwise an entry is drawn from rng among the
// sound ones, those weighing at least a tenth of the heaviest (SoundShare),
// with probability proportional to its weight. It reports false when there
// is no such entry, when BookDepth is set and gamePly >= BookDepth, or when
// the book cannot be read.
func (b *Book) ProbeAt(pos *engine.Position, gamePly int, rng *rand.Rand, bestOnly bool) (engine.Move, Entry, bool) {
	if b == nil || (b.BookDepth > 0 && gamePly >= b.BookDepth) {
		return engine.NullMove, Entry{}, false
	}
	es, err := b.Entries(pos)
	if err != nil {
		return engine.NullMove, Entry{}, false
	}
	usable := es[:0]
	heaviest := 0
	for _, e := range es {
		if e.Move != engine.NullMove && e.Weight > 0 {
			if len(usable) == 0 || e.Weight > usable[heaviest].Weight {
				heaviest = len(usable)
			}
			usable = append(usable, e)
		}
	}
	if len(usable) == 0 {
		return engine.NullMove, Entry{}, false
	}
	pick := heaviest
	if !bestOnly && rng != nil {
		sound := usable[:0]
		var total uint64
		top := uint64(usable[heaviest].Weight)
		for _, e := range usable {
			if uint64(e.Weight)*SoundShare >= top {
				sound = append(sound, e)
				total += uint64(e.Weight)
			}
		}
		usable, pick = sound, 0
		r := rng.Uint64N(total)
		for i, e := range usable {
			if r < uint64(e.Weight) {
				pick = i
				break
			}
			r -= uint64(e.Weight)
		}
	}
	return usable[pick].Move, usable[pick], true
}
