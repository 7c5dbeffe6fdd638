package book

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/bounder-chess/bounder/engine"
)

// fuzzPositions are probed in every fuzzed book: the start, a Ruy Lopez
// with castling rights, a promotion and an en-passant position.
var fuzzPositions = []string{
	engine.StartFEN,
	"r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4",
	"1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1",
	"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
}

// fuzzSeeds are the seed books (also checked in under testdata/fuzz).
func fuzzSeeds(t testing.TB) [][]byte {
	var seeds [][]byte
	seeds = append(seeds, nil, []byte("not a book"))
	var es []Entry
	for _, fen := range fuzzPositions {
		pos, err := engine.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		var buf [engine.MaxMoves]engine.Move
		for i, m := range pos.GenerateMoves(buf[:]) {
			es = append(es, Entry{Key: pos.Key(), Raw: EncodeMove(m), Weight: uint16(i), Learn: uint32(i)})
		}
		es = append(es, Entry{Key: pos.Key(), Raw: raw("e1h1"), Weight: 9}, Entry{Key: pos.Key(), Raw: 0xffff, Weight: 9})
	}
	SortEntries(es)
	good := MarshalEntries(es)
	seeds = append(seeds, good, good[:len(good)-7])
	swapped := bytes.Clone(good)
	copy(swapped[:16], good[len(good)-16:])
	copy(swapped[len(good)-16:], good[:16])
	seeds = append(seeds, swapped)
	d := DefaultBytes()
	seeds = append(seeds, bytes.Clone(d[:64*EntrySize]))
	if fx, err := os.ReadFile(filepath.Join(fixtureDir, "games.polyglot.bin")); err == nil {
		seeds = append(seeds, fx)
	}
	return seeds
}

// FuzzBook reads arbitrary bytes as a book and probes it: no panic, no
// endless loop, and what comes back is consistent.
//
//	go test ./book -run '^$' -fuzz FuzzBook -fuzztime 30s
func FuzzBook(f *testing.F) {
	for _, s := range fuzzSeeds(f) {
		f.Add(s)
	}
	var positions []*engine.Position
	for _, fen := range fuzzPositions {
		pos, err := engine.ParseFEN(fen)
		if err != nil {
			f.Fatal(err)
		}
		positions = append(positions, pos)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		books := []*Book{
			// Past the checks: unsorted junk, and a reader shorter than
			// the size it was given.
			{r: bytes.NewReader(data), n: int64(len(data) / EntrySize)},
			{r: bytes.NewReader(data[:len(data)/2]), n: int64(len(data)/EntrySize) + 1},
		}
		if b, err := FromBytes(data); err == nil {
			books = append(books, b)
			if len(data) <= 64*EntrySize {
				if err := b.WriteLines(io.Discard, "fuzz", engine.White); err != nil {
					t.Fatal(err)
				}
			}
		} else if len(data)%EntrySize == 0 && len(data) > 0 {
			// Only disorder may be refused at this size.
			if bytes.Contains([]byte(err.Error()), []byte("not a multiple")) {
				t.Fatal(err)
			}
		}
		rng := rand.New(rand.NewPCG(uint64(len(data)), 1))
		for _, b := range books {
			for _, pos := range positions {
				key := pos.Key()
				es, _ := b.Entries(pos)
				for _, e := range es {
					if e.Key != key {
						t.Fatalf("entry of key %016x for %016x", e.Key, key)
					}
					if e.Move != engine.NullMove && !pos.IsLegal(e.Move) {
						t.Fatalf("illegal move %s", e.Move)
					}
				}
				for _, best := range []bool{true, false} {
					m, e, ok := b.Probe(pos, rng, best)
					if ok && (!pos.IsLegal(m) || e.Weight == 0 || e.Move != m) {
						t.Fatalf("probe gave %s (%+v)", m, e)
					}
				}
				if pos.Key() != key {
					t.Fatal("position changed")
				}
			}
		}
	})
}

// TestWriteFuzzSeeds (with -update) writes the seed corpus to testdata/fuzz.
func TestWriteFuzzSeeds(t *testing.T) {
	dir := filepath.Join("testdata", "fuzz", "FuzzBook")
	seeds := fuzzSeeds(t)
	if *update {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		for _, s := range seeds {
			name := fmt.Sprintf("seed-%x", sha256.Sum256(s))[:21]
			body := fmt.Sprintf("go test fuzz v1\n[]byte(%q)\n", s)
			if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	files, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < len(seeds) {
		t.Fatalf("%d seed files in %s, want %d: run with -update", len(files), dir, len(seeds))
	}
}
