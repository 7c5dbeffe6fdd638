package book

import (
	"bytes"
	"encoding/binary"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/bounder-chess/bounder/engine"
)

func mustPos(t testing.TB, fen string, moves string) *engine.Position {
	t.Helper()
	var pos *engine.Position
	if fen == "" {
		pos = engine.NewPosition()
	} else {
		var err error
		pos, err = engine.ParseFEN(fen)
		require.NoError(t, err)
	}
	require.NoError(t, pos.PlayMoves(strings.Fields(moves)))
	return pos
}

func mustMove(t testing.TB, pos *engine.Position, uci string) engine.Move {
	t.Helper()
	m, err := pos.ParseMove(uci)
	require.NoError(t, err)
	return m
}

// raw builds a stored move from text such as "e1h1" or "a7a8q".
func raw(s string) RawMove {
	sq := func(s string) RawMove { return RawMove(s[0]-'a') + RawMove(s[1]-'1')*8 }
	r := sq(s[2:4]) | sq(s[0:2])<<6
	if len(s) == 5 {
		r |= RawMove(strings.IndexByte(" nbrq", s[4])) << 12
	}
	return r
}

func bookOf(t testing.TB, es []Entry) *Book {
	t.Helper()
	SortEntries(es)
	b, err := FromBytes(MarshalEntries(es))
	require.NoError(t, err)
	return b
}

func TestRawMoveString(t *testing.T) {
	for _, s := range []string{"e2e4", "e1h1", "a7a8q", "h2h1n", "b7c8r", "g2g1b"} {
		require.Equal(t, s, raw(s).String())
	}
	require.Equal(t, "a1a1?", RawMove(7<<12).String())
}

// Every legal move of a set of positions survives encoding and decoding.
func TestEncodeDecodeRoundTrip(t *testing.T) {
	fens := []string{
		engine.StartFEN,
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", // Kiwipete
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
		"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
		"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
		"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
	}
	n := 0
	for _, fen := range fens {
		pos := mustPos(t, fen, "")
		var buf [engine.MaxMoves]engine.Move
		for _, m := range pos.GenerateMoves(buf[:]) {
			r := EncodeMove(m)
			got, ok := DecodeMove(pos, r)
			require.True(t, ok, "%s in %s", m, fen)
			require.Equal(t, m, got, "%s in %s", m, fen)
			if m.IsCastle() {
				require.Contains(t, []string{"e1h1", "e1a1", "e8h8", "e8a8"}, r.String())
			}
			n++
		}
	}
	require.Greater(t, n, 150)
}

func TestDecodeCastlingOnlyForTheKing(t *testing.T) {
	// The king on e1 with castling rights: e1h1 is O-O, e1a1 is O-O-O.
	pos := mustPos(t, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "")
	m, ok := DecodeMove(pos, raw("e1h1"))
	require.True(t, ok)
	require.Equal(t, "e1g1", m.String())
	require.True(t, m.IsCastle())
	m, ok = DecodeMove(pos, raw("e1a1"))
	require.True(t, ok)
	require.Equal(t, "e1c1", m.String())
	// The same for Black.
	pos = mustPos(t, "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "")
	m, ok = DecodeMove(pos, raw("e8h8"))
	require.True(t, ok)
	require.Equal(t, "e8g8", m.String())
	m, ok = DecodeMove(pos, raw("e8a8"))
	require.True(t, ok)
	require.Equal(t, "e8c8", m.String())
	// UCI-style castling, which some writers store, can only mean castling:
	// it is read as such.
	pos = mustPos(t, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "")
	m, ok = DecodeMove(pos, raw("e1g1"))
	require.True(t, ok)
	require.True(t, m.IsCastle())

	// A rook on e1 (king elsewhere): e1h1 is the rook's move, untranslated.
	pos = mustPos(t, "3k4/8/8/8/8/8/8/K3R3 w - - 0 1", "")
	m, ok = DecodeMove(pos, raw("e1h1"))
	require.True(t, ok)
	require.Equal(t, "e1h1", m.String())
	require.False(t, m.IsCastle())
	// The king on e1 without the right: e1h1 is nothing.
	pos = mustPos(t, "4k3/8/8/8/8/8/8/4K2R w - - 0 1", "")
	_, ok = DecodeMove(pos, raw("e1h1"))
	require.False(t, ok)
}

func TestDecodePromotions(t *testing.T) {
	pos := mustPos(t, "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "")
	for _, s := range []string{"a7a8q", "a7a8r", "a7a8b", "a7a8n", "a7b8q", "a7b8n"} {
		m, ok := DecodeMove(pos, raw(s))
		require.True(t, ok, s)
		require.Equal(t, s, m.String())
	}
	_, ok := DecodeMove(pos, raw("a7a8")) // a promotion needs its piece
	require.False(t, ok)
	_, ok = DecodeMove(pos, raw("a7a8")|5<<12) // no such piece code
	require.False(t, ok)
	_, ok = DecodeMove(pos, raw("a7a8q")|1<<15)
	require.False(t, ok)
	_, ok = DecodeMove(pos, raw("e1e2q")) // a promotion code on a king move
	require.False(t, ok)
}

func TestWriteReadRoundTrip(t *testing.T) {
	start := engine.NewPosition()
	e4 := mustPos(t, "", "e2e4")
	es := []Entry{
		{Key: start.Key(), Raw: raw("d2d4"), Weight: 5, Learn: 7},
		{Key: e4.Key(), Raw: raw("e7e5"), Weight: 3},
		{Key: start.Key(), Raw: raw("e2e4"), Weight: 9, Learn: 0xdeadbeef},
		{Key: start.Key(), Raw: raw("g1f3"), Weight: 5},
		{Key: e4.Key(), Raw: raw("c7c5"), Weight: 4},
	}
	SortEntries(es)
	data := MarshalEntries(es)
	require.Len(t, data, 5*16)
	var w bytes.Buffer
	require.NoError(t, WriteEntries(&w, es))
	require.Equal(t, data, w.Bytes())

	path := filepath.Join(t.TempDir(), "b.bin")
	require.NoError(t, os.WriteFile(path, data, 0o644))
	fb, err := Open(path)
	require.NoError(t, err)
	defer fb.Close()
	mb, err := FromBytes(data)
	require.NoError(t, err)

	for _, b := range []*Book{fb, mb} {
		require.EqualValues(t, 5, b.Len())
		got, err := b.Entries(start)
		require.NoError(t, err)
		require.Len(t, got, 3)
		// Heaviest first; equal weights keep their order (d2d4 before g1f3).
		require.Equal(t, []string{"e2e4", "d2d4", "g1f3"}, []string{got[0].Move.String(), got[1].Move.String(), got[2].Move.String()})
		require.Equal(t, uint32(0xdeadbeef), got[0].Learn)
		require.Equal(t, uint32(7), got[1].Learn)
		got, err = b.Entries(e4)
		require.NoError(t, err)
		require.Equal(t, "c7c5", got[0].Move.String())
		require.Equal(t, "e7e5", got[1].Move.String())
		got, err = b.Entries(mustPos(t, "", "d2d4"))
		require.NoError(t, err)
		require.Empty(t, got)
	}
	require.NoError(t, fb.Close())
	require.NoError(t, fb.Close())
}

func TestOpenErrors(t *testing.T) {
	dir := t.TempDir()
	_, err := Open(filepath.Join(dir, "missing.bin"))
	require.Error(t, err)
	_, err = Open(dir)
	require.Error(t, err)

	start := engine.NewPosition()
	good := MarshalEntries([]Entry{{Key: 1, Raw: 1, Weight: 1}, {Key: start.Key(), Raw: raw("e2e4"), Weight: 1}})
	for _, n := range []int{1, 15, 17, 31} {
		_, err := FromBytes(good[:n])
		require.ErrorContains(t, err, "not a multiple of 16")
		p := filepath.Join(dir, "short.bin")
		require.NoError(t, os.WriteFile(p, good[:n], 0o644))
		_, err = Open(p)
		require.ErrorContains(t, err, "not a multiple of 16")
	}
	unsorted := MarshalEntries([]Entry{{Key: start.Key(), Raw: raw("e2e4"), Weight: 1}, {Key: 1, Raw: 1, Weight: 1}})
	_, err = FromBytes(unsorted)
	require.ErrorContains(t, err, "not sorted")
	p := filepath.Join(dir, "unsorted.bin")
	require.NoError(t, os.WriteFile(p, unsorted, 0o644))
	_, err = Open(p)
	require.ErrorContains(t, err, "not sorted")

	b, err := FromBytes(nil) // an empty book is a book
	require.NoError(t, err)
	es, err := b.Entries(start)
	require.NoError(t, err)
	require.Empty(t, es)
}

// synthBook is a large book made up on the fly (never held in memory):
// entry i has key i*step, except that entry bad (if not -1) has key 0.
type synthBook struct {
	n, step uint64
	bad     int64
}

func (s synthBook) ReadAt(p []byte, off int64) (int, error) {
	size := int64(s.n * EntrySize)
	if off >= size {
		return 0, io.EOF
	}
	n := 0
	for n < len(p) && off+int64(n) < size {
		i := (off + int64(n)) / EntrySize
		var rec [EntrySize]byte
		k := uint64(i) * s.step
		if i == s.bad {
			k = 0
		}
		binary.BigEndian.PutUint64(rec[:], k)
		binary.BigEndian.PutUint16(rec[8:], uint16(raw("e2e4")))
		binary.BigEndian.PutUint16(rec[10:], uint16(i))
		n += copy(p[n:], rec[(off+int64(n))%EntrySize:])
	}
	if n < len(p) {
		return n, io.EOF
	}
	return n, nil
}

type countingReader struct {
	r     io.ReaderAt
	reads int
}

func (c *countingReader) ReadAt(p []byte, off int64) (int, error) {
	c.reads++
	return c.r.ReadAt(p, off)
}

// A book of 64 MiB is opened with samples and probed with a binary search:
// a few dozen reads, not the whole file.
func TestLargeBookSeeks(t *testing.T) {
	const n = 4 << 20
	start := engine.NewPosition()
	step := start.Key()/(n/2) + 1 // the start key falls inside the book
	cr := &countingReader{r: synthBook{n: n, step: step, bad: -1}}
	b, err := NewBook(cr, n*EntrySize)
	require.NoError(t, err)
	require.Less(t, cr.reads, 2*sampleChecks+10)
	// A position whose key is one of the book's.
	cr.reads = 0
	es, err := b.rawEntries(step * 12345)
	require.NoError(t, err)
	require.Len(t, es, 1)
	require.Equal(t, uint16(12345), es[0].Weight)
	require.Less(t, cr.reads, 30)
	// Unsorted beyond the full-check size is found where sampled.
	_, err = NewBook(synthBook{n: n, step: step, bad: n / 2}, n*EntrySize)
	require.NoError(t, err) // not sampled: caught by Verify only
	bb := &Book{r: synthBook{n: n, step: step, bad: n / 2}, n: n}
	require.ErrorContains(t, bb.Verify(), "not sorted")
	_, err = NewBook(synthBook{n: n, step: step, bad: 1 + (n/sampleChecks)*7}, n*EntrySize)
	require.ErrorContains(t, err, "not sorted")
}

// Probing never panics or hangs on junk, even if it got past the checks:
// unsorted keys, a reader shorter than the size said, too many entries.
func TestProbeJunk(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	start := engine.NewPosition()
	for trial := 0; trial < 200; trial++ {
		data := make([]byte, 16*rng.IntN(40))
		for i := range data {
			data[i] = byte(rng.Uint32())
		}
		// Plant the start key here and there.
		for i := 0; i+16 <= len(data); i += 16 {
			if rng.IntN(3) == 0 {
				binary.BigEndian.PutUint64(data[i:], start.Key())
			}
		}
		b := &Book{r: bytes.NewReader(data), n: int64(len(data) / 16)}
		b.Probe(start, rng, false)
		b.Probe(start, rng, true)
		_, err := b.Entries(start)
		_ = err
		// The reader holds less than the size said.
		short := &Book{r: bytes.NewReader(data[:len(data)/2]), n: int64(len(data)/16) + 3}
		_, _, ok := short.Probe(start, rng, false)
		_ = ok
		_, err = short.Entries(start)
		if len(data) > 0 {
			_ = err
		}
	}
	// One key repeated beyond MaxEntriesPerPosition is an error.
	var many []Entry
	for i := 0; i < MaxEntriesPerPosition+5; i++ {
		many = append(many, Entry{Key: start.Key(), Raw: raw("e2e4"), Weight: 1})
	}
	b := bookOf(t, many)
	_, err := b.Entries(start)
	require.ErrorContains(t, err, "corrupt")
	_, _, ok := b.Probe(start, nil, true)
	require.False(t, ok)
	// A truncated reader is an error, not a panic.
	data := MarshalEntries([]Entry{{Key: 1}, {Key: start.Key(), Raw: raw("e2e4"), Weight: 1}})
	tb := &Book{r: bytes.NewReader(data[:20]), n: 2}
	_, err = tb.Entries(start)
	require.ErrorIs(t, err, io.ErrUnexpectedEOF)
}

func TestProbeWeighted(t *testing.T) {
	start := engine.NewPosition()
	b := bookOf(t, []Entry{
		{Key: start.Key(), Raw: raw("e2e4"), Weight: 60},
		{Key: start.Key(), Raw: raw("d2d4"), Weight: 30},
		{Key: start.Key(), Raw: raw("c2c4"), Weight: 10},
		{Key: start.Key(), Raw: raw("g1f3"), Weight: 0},     // never picked
		{Key: start.Key(), Raw: raw("e2e5"), Weight: 60000}, // not legal: skipped
		{Key: start.Key(), Raw: raw("e1h1"), Weight: 60000}, // castling, not legal here
	})
	want := map[string]float64{"e2e4": 0.6, "d2d4": 0.3, "c2c4": 0.1}
	rng := rand.New(rand.NewPCG(42, 42))
	const draws = 20000
	got := map[string]int{}
	for i := 0; i < draws; i++ {
		m, e, ok := b.Probe(start, rng, false)
		require.True(t, ok)
		require.Equal(t, m, e.Move)
		got[m.String()]++
	}
	require.Len(t, got, 3, "only the legal moves with weight: %v", got)
	for s, p := range want {
		// 4.5 standard deviations of a binomial count.
		sd := math.Sqrt(draws * p * (1 - p))
		require.InDelta(t, draws*p, float64(got[s]), 4.5*sd, "%s: %v", s, got)
	}

	// The same seed gives the same moves.
	seq := func() string {
		r := rand.New(rand.NewPCG(7, 8))
		var sb strings.Builder
		for i := 0; i < 50; i++ {
			m, _, _ := b.Probe(start, r, false)
			sb.WriteString(m.String())
		}
		return sb.String()
	}
	require.Equal(t, seq(), seq())

	// Best only, and a nil rng, take the heaviest legal entry.
	for _, r := range []*rand.Rand{rng, nil} {
		m, e, ok := b.Probe(start, r, true)
		require.True(t, ok)
		require.Equal(t, "e2e4", m.String())
		require.Equal(t, uint16(60), e.Weight)
	}
	m, _, ok := b.Probe(start, nil, false)
	require.True(t, ok)
	require.Equal(t, "e2e4", m.String())
}

// TestProbeSoundMovesOnly is issue 12's random book moves 1.h3 and 1.f4: a
// random pick draws only among the entries weighing at least a tenth of the
// heaviest (SoundShare), in proportion to their weights; best-only is
// unchanged.
func TestProbeSoundMovesOnly(t *testing.T) {
	start := engine.NewPosition()
	b := bookOf(t, []Entry{
		{Key: start.Key(), Raw: raw("e2e4"), Weight: 100},
		{Key: start.Key(), Raw: raw("d2d4"), Weight: 10}, // exactly a tenth: sound
		{Key: start.Key(), Raw: raw("h2h3"), Weight: 9},  // less: never drawn
		{Key: start.Key(), Raw: raw("f2f4"), Weight: 1},
		{Key: start.Key(), Raw: raw("e2e5"), Weight: 60000}, // not legal: not the heaviest either
	})
	rng := rand.New(rand.NewPCG(3, 4))
	const draws = 20000
	got := map[string]int{}
	for i := 0; i < draws; i++ {
		m, e, ok := b.Probe(start, rng, false)
		require.True(t, ok)
		require.Equal(t, m, e.Move)
		got[m.String()]++
	}
	require.Len(t, got, 2, "only e2e4 and d2d4: %v", got)
	p := 10.0 / 110
	require.InDelta(t, draws*p, float64(got["d2d4"]), 4.5*math.Sqrt(draws*p*(1-p)), "%v", got)
	m, _, _ := b.Probe(start, rng, true)
	require.Equal(t, "e2e4", m.String())

	// The embedded book at the start: of its 20 moves only 1.e4 and 1.d4
	// (1890 and 1080; 1.Nf3 has 125) are drawn.
	got = map[string]int{}
	for i := 0; i < 2000; i++ {
		m, _, ok := Default().Probe(start, rng, false)
		require.True(t, ok)
		got[m.String()]++
	}
	require.Len(t, got, 2, "%v", got)
	require.NotZero(t, got["e2e4"])
	require.NotZero(t, got["d2d4"])
}

func TestProbeNothing(t *testing.T) {
	start := engine.NewPosition()
	b := bookOf(t, []Entry{
		{Key: start.Key(), Raw: raw("e2e5"), Weight: 10}, // illegal
		{Key: start.Key(), Raw: raw("e2e4"), Weight: 0},  // no weight
	})
	_, _, ok := b.Probe(start, rand.New(rand.NewPCG(1, 1)), false)
	require.False(t, ok)
	_, _, ok = b.Probe(start, nil, true)
	require.False(t, ok)
	es, err := b.Entries(start)
	require.NoError(t, err)
	require.Len(t, es, 2)
	require.Equal(t, engine.NullMove, es[0].Move, "the illegal entry is listed, with no move")
	var nb *Book
	_, _, ok = nb.Probe(start, nil, true)
	require.False(t, ok)
}

func TestBookDepth(t *testing.T) {
	start := engine.NewPosition()
	pos4 := mustPos(t, "", "e2e4 e7e5 g1f3 b8c6")
	b := bookOf(t, []Entry{
		{Key: start.Key(), Raw: raw("e2e4"), Weight: 1},
		{Key: pos4.Key(), Raw: raw("f1b5"), Weight: 1},
	})
	_, _, ok := b.Probe(pos4, nil, true)
	require.True(t, ok, "no limit")
	b.BookDepth = 4
	_, _, ok = b.Probe(pos4, nil, true)
	require.False(t, ok, "ply 4 with BookDepth 4")
	_, _, ok = b.Probe(start, nil, true)
	require.True(t, ok, "ply 0 with BookDepth 4")
	b.BookDepth = 5
	m, _, ok := b.Probe(pos4, nil, true)
	require.True(t, ok, "ply 4 with BookDepth 5")
	require.Equal(t, "f1b5", m.String())
	// The caller's game ply wins over the position's.
	_, _, ok = b.ProbeAt(pos4, 5, nil, true)
	require.False(t, ok)
	_, _, ok = b.ProbeAt(start, 0, nil, true)
	require.True(t, ok)

	// A FEN's move number counts: the same position at move 30 is past it.
	late := mustPos(t, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 30", "")
	require.Equal(t, pos4.Key(), late.Key())
	require.Equal(t, 58, GamePly(late))
	_, _, ok = b.Probe(late, nil, true)
	require.False(t, ok)
}

func TestGamePly(t *testing.T) {
	require.Equal(t, 0, GamePly(engine.NewPosition()))
	require.Equal(t, 1, GamePly(mustPos(t, "", "e2e4")))
	require.Equal(t, 5, GamePly(mustPos(t, "", "e2e4 e7e5 g1f3 b8c6 f1b5")))
	require.Equal(t, 21, GamePly(mustPos(t, "4k3/8/8/8/8/8/8/4K3 b - - 0 11", "")))
}

func TestSAN(t *testing.T) {
	cases := []struct{ fen, moves, uci, san string }{
		{"", "", "g1f3", "Nf3"},
		{"", "e2e4 d7d5", "e4d5", "exd5"},
		{"", "e2e4 e7e5 d1h5 b8c6 f1c4 g8f6", "h5f7", "Qxf7#"},
		{"", "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6", "e1g1", "O-O"},
		{"r3k3/8/8/8/8/8/8/3K4 b q - 0 1", "", "e8c8", "O-O-O+"},
		{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "", "e5d6", "exd6"},
		{"1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "", "a7b8q", "axb8=Q+"},
		{"1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "", "a7a8n", "a8=N"},
		{"7k/8/8/8/8/8/8/R4RK1 w - - 0 1", "", "a1d1", "Rad1"},
		{"7k/8/8/8/8/8/8/R4RK1 w - - 0 1", "", "f1d1", "Rfd1"},
		{"4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "", "a1a3", "R1a3"},
		{"4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "", "a1a8", "Ra8+"},
		{"7k/8/8/8/Q1Q5/8/Q7/4K3 w - - 0 1", "", "a4b3", "Qa4b3"},
		{"7k/8/8/8/Q1Q5/8/Q7/4K3 w - - 0 1", "", "c4b3", "Qcb3"},
		{"7k/8/8/8/Q1Q5/8/Q7/4K3 w - - 0 1", "", "a2b3", "Q2b3"},
		{"4k3/8/8/8/8/8/3N1N2/4K3 w - - 0 1", "", "d2e4", "Nde4"},
	}
	for _, c := range cases {
		pos := mustPos(t, c.fen, c.moves)
		key := pos.Key()
		require.Equal(t, c.san, san(pos, mustMove(t, pos, c.uci)), "%s %s", c.fen, c.uci)
		require.Equal(t, key, pos.Key())
	}
}

// A book and the opening names may be used from several goroutines.
func TestConcurrentUse(t *testing.T) {
	b := Default()
	done := make(chan struct{})
	for g := 0; g < 4; g++ {
		go func(seed uint64) {
			defer func() { done <- struct{}{} }()
			rng := rand.New(rand.NewPCG(seed, seed))
			for i := 0; i < 50; i++ {
				pos := engine.NewPosition()
				for ply := 0; ply < 8; ply++ {
					m, _, ok := b.Probe(pos, rng, false)
					if !ok {
						break
					}
					pos.Make(m)
					OpeningName(pos)
				}
			}
		}(uint64(g))
	}
	for g := 0; g < 4; g++ {
		<-done
	}
}
