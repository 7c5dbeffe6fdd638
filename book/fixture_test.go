package book

import (
	"bytes"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/bounder-chess/bounder/engine"
)

// The interoperability fixture: testdata/polyglot/games.pgn, made here from
// a fixed seed (no PGN is copied from anywhere), and what Debian's polyglot
// 2.0.4 made of it (recorded so that the comparisons run without polyglot
// too; with polyglot installed the interop tests also run it live).
//
//	go test ./book -run TestFixture -update
//
// rewrites the PGN and, with polyglot installed, the recorded outputs.
var update = flag.Bool("update", false, "rewrite testdata/polyglot fixtures")

const fixtureDir = "../testdata/polyglot"

var fixturePGN = filepath.Join(fixtureDir, "games.pgn")

// fixtureBooks are the make-book runs recorded: file stem and options.
var fixtureBooks = []struct {
	stem string
	opts BuildOptions
	args []string // polyglot make-book options
}{
	{"games", BuildOptions{}, nil}, // make-book's defaults: -min-game 3, -max-ply 1024
	{"games-min1-ply16", BuildOptions{MinGames: 1, MaxPly: 16}, []string{"-min-game", "1", "-max-ply", "16"}},
}

// fixtureLines are the opening lines the games start with (UCI), and how
// many games follow each. They cover both castlings for both sides,
// promotions (to queen and knight), en passant for both sides, and are
// chosen so that the book has no transposition (see TestFixtureNoTransposition).
var fixtureLines = []struct {
	moves string
	games int
}{
	{"e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1 f8e7", 6},                     // Ruy Lopez, O-O
	{"e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 e1g1 g8f6 d2d3 e8g8", 5},                     // Italian, both O-O
	{"e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6 b1c3 a7a6", 5},                     // Najdorf
	{"e2e4 e7e6 d2d4 d7d5 b1c3 g8f6", 4},                                         // French
	{"d2d4 d7d5 c2c4 e7e6 b1c3 g8f6", 4},                                         // QGD
	{"d2d4 d7d5 b1c3 g8f6 c1f4 c8f5 d1d2 e7e6 e1c1 b8c6 f2f3 d8e7 g2g4 e8c8", 4}, // both O-O-O
	{"e2e4 d7d5 e4d5 c7c6 d5c6 g8f6 c6b7 b8d7 b7a8q", 3},                         // promotion to a queen
	{"e2e4 d7d5 e4d5 c7c6 d5c6 g8f6 c6b7 b8d7 b7a8n", 3},                         // and to a knight
	{"e2e4 g8f6 e4e5 d7d5 e5d6", 3},                                              // white takes en passant
	{"g1f3 d7d5 g2g3 d5d4 e2e4 d4e3", 3},                                         // black takes en passant
	{"c2c4 e7e5 b1c3 g8f6 g2g3 d7d5", 3},                                         // English
}

// fixtureRandomGames are games of random moves from the start.
const fixtureRandomGames = 8

// sortedMoves lists the legal moves in UCI order (independent of the
// engine's generation order, so the fixture does not change with it).
func sortedMoves(pos *engine.Position) []engine.Move {
	var buf [engine.MaxMoves]engine.Move
	ms := slices.Clone(pos.GenerateMoves(buf[:]))
	slices.SortFunc(ms, func(a, b engine.Move) int { return strings.Compare(a.String(), b.String()) })
	return ms
}

// fixtureSeed seeds the fixture's random moves; it was chosen (see
// TestFixtureSeedSearch) so that no book made from the games has a
// transposition, which would make dump-book's output depend on the order
// of move generation.
const fixtureSeed = 1

// makeFixturePGN generates the fixture games.
func makeFixturePGN(seed uint64) (string, error) {
	rng := rand.New(rand.NewPCG(seed, 7))
	var sb strings.Builder
	game := 0
	write := func(moves []engine.Move, result string, decorate bool) {
		game++
		fmt.Fprintf(&sb, "[Event \"Bounder book fixture\"]\n[Site \"generated\"]\n[Round \"%d\"]\n", game)
		fmt.Fprintf(&sb, "[White \"A\"]\n[Black \"B\"]\n[Result \"%s\"]\n\n", result)
		text := movetext(engine.NewPosition(), moves)
		if decorate {
			// A comment, a NAG and a variation, which both parsers skip.
			text = strings.Replace(text, "3. Bb5", "3. Bb5 {the Spanish} $1 (3. Bc4 Bc5)", 1)
		}
		// Wrap the move text at 79 columns, as PGN export does.
		line := 0
		for i, w := range strings.Fields(text + " " + result) {
			if i > 0 {
				if line+1+len(w) > 79 {
					sb.WriteByte('\n')
					line = 0
				} else {
					sb.WriteByte(' ')
					line++
				}
			}
			sb.WriteString(w)
			line += len(w)
		}
		sb.WriteString("\n\n")
	}
	results := []string{"1-0", "1-0", "1-0", "1-0", "1/2-1/2", "1/2-1/2", "1/2-1/2", "0-1", "0-1", "*"}
	play := func(prefix []string, tail int, decorate bool) error {
		pos := engine.NewPosition()
		var moves []engine.Move
		for _, s := range prefix {
			m, err := pos.ParseMove(s)
			if err != nil {
				return err
			}
			pos.Make(m)
			moves = append(moves, m)
		}
		result := results[rng.IntN(len(results))]
		for i := 0; i < tail; i++ {
			ms := sortedMoves(pos)
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
			m := ms[rng.IntN(len(ms))]
			pos.Make(m)
			moves = append(moves, m)
		}
		write(moves, result, decorate)
		return nil
	}
	for li, l := range fixtureLines {
		for g := 0; g < l.games; g++ {
			if err := play(strings.Fields(l.moves), 4+rng.IntN(30), li == 0 && g == 1); err != nil {
				return "", fmt.Errorf("line %q: %v", l.moves, err)
			}
		}
	}
	for g := 0; g < fixtureRandomGames; g++ {
		if err := play(nil, 10+rng.IntN(40), false); err != nil {
			return "", err
		}
	}
	return sb.String(), nil
}

// TestFixturePGN checks that the checked-in games are the generator's (and
// rewrites them with -update).
func TestFixturePGN(t *testing.T) {
	want, err := makeFixturePGN(fixtureSeed)
	if err != nil {
		t.Fatal(err)
	}
	if *update {
		if err := os.WriteFile(fixturePGN, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
		updatePolyglotRecordings(t)
	}
	got, err := os.ReadFile(fixturePGN)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, []byte(want)) {
		t.Fatalf("%s is not what the generator makes: run go test ./book -run TestFixture -update", fixturePGN)
	}
}

// updatePolyglotRecordings reruns polyglot on the fixture games and records
// its books and dumps.
func updatePolyglotRecordings(t *testing.T) {
	pg := polyglotBinary()
	if pg == "" {
		t.Log("polyglot not installed: recorded outputs left as they are")
		return
	}
	for _, fb := range fixtureBooks {
		bin := filepath.Join(fixtureDir, fb.stem+".polyglot.bin")
		runPolyglot(t, pg, append([]string{"make-book", "-pgn", fixturePGN, "-bin", bin}, fb.args...)...)
		ours := buildFixture(t, fb.opts)
		ourBin := filepath.Join(t.TempDir(), fb.stem+".bin")
		if err := os.WriteFile(ourBin, MarshalEntries(ours), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, side := range []string{"white", "black"} {
			txt := filepath.Join(fixtureDir, fb.stem+"."+side+".txt")
			out := polyglotDump(t, pg, ourBin, side)
			if err := os.WriteFile(txt, out, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// hasTransposition reports whether a book made from the PGN with one of the
// fixture's options has a transposition in its lines for either side.
func hasTransposition(pgn string) (bool, error) {
	for _, fb := range fixtureBooks {
		es, err := Build(strings.NewReader(pgn), fb.opts)
		if err != nil {
			return false, err
		}
		b, err := FromBytes(MarshalEntries(es))
		if err != nil {
			return false, err
		}
		for _, side := range []engine.Color{engine.White, engine.Black} {
			var buf bytes.Buffer
			if err := b.WriteLines(&buf, "x", side); err != nil {
				return false, err
			}
			if strings.Contains(buf.String(), "{trans") {
				return true, nil
			}
		}
	}
	return false, nil
}

// TestFixtureSeedSearch (with -update) finds the first seed from
// fixtureSeed on whose games have no transposition.
func TestFixtureSeedSearch(t *testing.T) {
	if !*update {
		t.Skip("only with -update")
	}
	for seed := uint64(fixtureSeed); seed < fixtureSeed+1000; seed++ {
		pgn, err := makeFixturePGN(seed)
		if err != nil {
			t.Fatal(err)
		}
		trans, err := hasTransposition(pgn)
		if err != nil {
			t.Fatal(err)
		}
		if !trans {
			if seed != fixtureSeed {
				t.Fatalf("set fixtureSeed = %d and run -update again", seed)
			}
			return
		}
	}
	t.Fatal("no seed found")
}
