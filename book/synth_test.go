package book

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/bounder-chess/bounder/engine"
)

// Synthetic PGN for the build benchmark and for timing `bounder book build`
// against `polyglot make-book` (docs/testing.md, "Book building"): games of legal moves
// from a fixed seed, so that anyone can make the same file again.
//
//	go test ./book -run TestWriteSyntheticPGN -synth-pgn /tmp/synth.pgn -synth-games 20000
var (
	synthPGNPath  = flag.String("synth-pgn", "", "TestWriteSyntheticPGN writes synthetic games to this file")
	synthPGNGames = flag.Int("synth-games", 20000, "games written by TestWriteSyntheticPGN")
)

// writeSyntheticPGN writes games of legal moves, shaped like a real
// database for a book builder: the opening plies follow a skewed choice, so
// that popular lines recur across games (each position prefers its moves in
// an order fixed by its key), later moves are uniform; games last 20 to 200
// plies or end in mate or stalemate; a tenth of the games carry a clock
// comment on every move (as lichess exports do), a few a NAG or a
// variation. Tags are the seven-tag roster; move text is wrapped at 79
// columns.
func writeSyntheticPGN(w io.Writer, games int, seed uint64) error {
	rng := rand.New(rand.NewPCG(seed, 12))
	bw := bufio.NewWriter(w)
	results := []string{"1-0", "1-0", "1/2-1/2", "1/2-1/2", "0-1", "0-1", "*"}
	var buf [engine.MaxMoves]engine.Move
	var text []string
	for g := 1; g <= games; g++ {
		pos := engine.NewPosition()
		result := results[rng.IntN(len(results))]
		plies := 20 + rng.IntN(181)
		clocks := rng.IntN(10) == 0
		text = text[:0]
		for ply := 0; ply < plies; ply++ {
			ms := pos.GenerateMoves(buf[:])
			if len(ms) == 0 {
				switch {
				case !pos.InCheck():
					result = "1/2-1/2"
				case pos.SideToMove() == engine.White:
					result = "0-1"
				default:
					result = "1-0"
				}
				break
			}
			var m engine.Move
			if ply < 16 {
				// The key orders the moves, u^3 picks one near the front.
				key := pos.Key()
				slices.SortFunc(ms, func(a, b engine.Move) int {
					ha, hb := mix(key^uint64(a)), mix(key^uint64(b))
					switch {
					case ha < hb:
						return -1
					case ha > hb:
						return 1
					}
					return 0
				})
				u := rng.Float64()
				m = ms[int(float64(len(ms))*u*u*u)]
			} else {
				m = ms[rng.IntN(len(ms))]
			}
			s := san(pos, m)
			switch {
			case ply%2 == 0:
				text = append(text, fmt.Sprintf("%d.", ply/2+1))
			case clocks:
				text = append(text, fmt.Sprintf("%d...", ply/2+1))
			}
			text = append(text, s)
			switch {
			case clocks:
				text = append(text, fmt.Sprintf("{ [%%clk 0:%02d:%02d] }", rng.IntN(10), rng.IntN(60)))
			case rng.IntN(400) == 0:
				text = append(text, "$1")
			case rng.IntN(400) == 0 && len(ms) > 1:
				// A variation: another move instead of this one.
				alt := ms[(slices.Index(ms, m)+1)%len(ms)]
				num := fmt.Sprintf("%d.", ply/2+1)
				if ply%2 == 1 {
					num = fmt.Sprintf("%d...", ply/2+1)
				}
				text = append(text, "("+num, san(pos, alt), "{a sideline})")
			}
			pos.Make(m)
		}
		fmt.Fprintf(bw, "[Event \"Synthetic\"]\n[Site \"Bounder\"]\n[Date \"2024.01.01\"]\n[Round \"%d\"]\n", g)
		fmt.Fprintf(bw, "[White \"Player %d\"]\n[Black \"Player %d\"]\n[Result \"%s\"]\n\n", rng.IntN(100), rng.IntN(100), result)
		line := 0
		for i, word := range append(text, result) {
			if i > 0 {
				if line+1+len(word) > 79 {
					bw.WriteByte('\n')
					line = 0
				} else {
					bw.WriteByte(' ')
					line++
				}
			}
			bw.WriteString(word)
			line += len(word)
		}
		bw.WriteString("\n\n")
	}
	return bw.Flush()
}

// mix is SplitMix64's finaliser: a fixed, well-spread order of moves.
func mix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
}

// TestWriteSyntheticPGN writes the synthetic games to -synth-pgn (for
// timing the command line against polyglot); without the flag it checks
// that a few games build into a book.
func TestWriteSyntheticPGN(t *testing.T) {
	if *synthPGNPath != "" {
		f, err := os.Create(*synthPGNPath)
		if err != nil {
			t.Fatal(err)
		}
		if err := writeSyntheticPGN(f, *synthPGNGames, 1); err != nil {
			t.Fatal(err)
		}
		if err := f.Close(); err != nil {
			t.Fatal(err)
		}
		return
	}
	var sb strings.Builder
	if err := writeSyntheticPGN(&sb, 50, 1); err != nil {
		t.Fatal(err)
	}
	b := NewBuilder(BuildOptions{})
	if err := b.AddPGN(strings.NewReader(sb.String())); err != nil {
		t.Fatal(err)
	}
	if b.Games() != 50 || len(b.Entries()) == 0 {
		t.Fatalf("%d games, %d entries", b.Games(), len(b.Entries()))
	}
}

var benchGames = flag.Int("bench-games", 5000, "synthetic games built by BenchmarkBuild")

// BenchmarkBuild builds a book from -bench-games synthetic games with
// make-book's defaults: Bounder's builder, and polyglot make-book on the
// same file when it is installed (the ratio of the two is in docs/testing.md).
//
//	go test ./book -run '^$' -bench Build -benchtime 5x -bench-games 20000
func BenchmarkBuild(b *testing.B) {
	dir := b.TempDir()
	pgn := filepath.Join(dir, "synth.pgn")
	f, err := os.Create(pgn)
	if err != nil {
		b.Fatal(err)
	}
	if err := writeSyntheticPGN(f, *benchGames, 1); err != nil {
		b.Fatal(err)
	}
	if err := f.Close(); err != nil {
		b.Fatal(err)
	}
	fi, err := os.Stat(pgn)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("bounder", func(b *testing.B) {
		b.SetBytes(fi.Size())
		for i := 0; i < b.N; i++ {
			f, err := os.Open(pgn)
			if err != nil {
				b.Fatal(err)
			}
			es, err := Build(f, BuildOptions{})
			f.Close()
			if err != nil || len(es) == 0 {
				b.Fatalf("%d entries, %v", len(es), err)
			}
			if err := os.WriteFile(filepath.Join(dir, "bounder.bin"), MarshalEntries(es), 0o644); err != nil {
				b.Fatal(err)
			}
		}
	})
	pg := polyglotBinary()
	if pg == "" {
		b.Log("polyglot is not installed: no comparison")
		return
	}
	b.Run("polyglot", func(b *testing.B) {
		b.SetBytes(fi.Size())
		for i := 0; i < b.N; i++ {
			cmd := exec.Command(pg, "make-book", "-pgn", pgn, "-bin", filepath.Join(dir, "polyglot.bin"))
			if out, err := cmd.CombinedOutput(); err != nil {
				b.Fatalf("%v\n%s", err, out)
			}
		}
	})
	// When both ran (-bench may pick one), they made the same book.
	ours, err1 := os.ReadFile(filepath.Join(dir, "bounder.bin"))
	theirs, err2 := os.ReadFile(filepath.Join(dir, "polyglot.bin"))
	if err1 == nil && err2 == nil && !bytes.Equal(ours, theirs) {
		b.Fatal("Bounder's book differs from polyglot's")
	}
}
