package book

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/notnil/chess"
	"github.com/stretchr/testify/require"

	"github.com/bounder-chess/bounder/engine"
)

// Interoperability with Polyglot (the format's reference tool, Debian's
// package polyglot 2.0.4). Tests that need the binary skip without it; the
// recorded outputs in testdata/polyglot are compared in any case.

func polyglotBinary() string {
	if p, err := exec.LookPath("polyglot"); err == nil {
		return p
	}
	if _, err := os.Stat("/usr/games/polyglot"); err == nil {
		return "/usr/games/polyglot"
	}
	return ""
}

func needPolyglot(t *testing.T) string {
	t.Helper()
	pg := polyglotBinary()
	if pg == "" {
		t.Skip("polyglot is not installed (apt-get install polyglot): live interoperability check skipped")
	}
	return pg
}

func runPolyglot(t *testing.T, pg string, args ...string) {
	t.Helper()
	runPolyglotIn(t, "", pg, args...)
}

func runPolyglotIn(t *testing.T, dir, pg string, args ...string) {
	t.Helper()
	cmd := exec.Command(pg, args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "polyglot %s:\n%s", strings.Join(args, " "), out)
}

// polyglotDump runs dump-book on a copy of bin named by its base name, so
// that the header line does not depend on the directory.
func polyglotDump(t *testing.T, pg, bin, side string) []byte {
	t.Helper()
	dir := t.TempDir()
	data, err := os.ReadFile(bin)
	require.NoError(t, err)
	name := filepath.Base(bin)
	require.NoError(t, os.WriteFile(filepath.Join(dir, name), data, 0o644))
	runPolyglotIn(t, dir, pg, "dump-book", "-bin", name, "-color", side, "-out", "dump.txt")
	out, err := os.ReadFile(filepath.Join(dir, "dump.txt"))
	require.NoError(t, err)
	return out
}

func buildFixture(t *testing.T, opts BuildOptions) []Entry {
	t.Helper()
	f, err := os.Open(fixturePGN)
	require.NoError(t, err)
	defer f.Close()
	es, err := Build(f, opts)
	require.NoError(t, err)
	return es
}

// rawEntry is a book entry read without the package's reader.
type rawEntry struct {
	key    uint64
	move   uint16
	weight uint16
	learn  uint32
}

func readRaw(t *testing.T, data []byte) []rawEntry {
	t.Helper()
	require.Zero(t, len(data)%16)
	var out []rawEntry
	for i := 0; i+16 <= len(data); i += 16 {
		out = append(out, rawEntry{
			key:    binary.BigEndian.Uint64(data[i:]),
			move:   binary.BigEndian.Uint16(data[i+8:]),
			weight: binary.BigEndian.Uint16(data[i+10:]),
			learn:  binary.BigEndian.Uint32(data[i+12:]),
		})
	}
	return out
}

// rawUCI spells a stored move in UCI, translating castling independently
// of DecodeMove: a king on e1/e8 "taking" the h- or a-file corner.
func rawUCI(pos *engine.Position, mv uint16) string {
	sq := func(s int) string { return string([]byte{byte('a' + s%8), byte('1' + s/8)}) }
	from, to := int(mv>>6&63), int(mv&63)
	s := sq(from) + sq(to)
	if p := mv >> 12 & 7; p > 0 {
		s += string(" nbrq"[p])
	}
	king := pos.PieceAt(engine.Square(from)).Type() == engine.King
	switch {
	case king && s == "e1h1":
		return "e1g1"
	case king && s == "e1a1":
		return "e1c1"
	case king && s == "e8h8":
		return "e8g8"
	case king && s == "e8a8":
		return "e8c8"
	}
	return s
}

// fixturePositions replays the fixture games with notnil/chess (not with
// the package's PGN reader) and returns every position on them, by key.
func fixturePositions(t *testing.T) map[uint64]*engine.Position {
	t.Helper()
	f, err := os.Open(fixturePGN)
	require.NoError(t, err)
	defer f.Close()
	games, err := chess.GamesFromPGN(f)
	require.NoError(t, err)
	out := map[uint64]*engine.Position{}
	n := 0
	for _, g := range games {
		if len(g.Moves()) == 0 {
			continue
		}
		n++
		pos := engine.NewPosition()
		for _, m := range g.Moves() {
			out[pos.Key()] = pos.Clone()
			require.NoError(t, pos.PlayMoves([]string{m.String()}))
		}
		out[pos.Key()] = pos.Clone()
	}
	require.Equal(t, 51, n, "fixture games")
	return out
}

// The key vectors published with the format (testdata/polyglot/README.md):
// the engine's keys, and keys computed here from random64.txt by the
// README's rules, must both equal them.
func TestKeyVectors(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join(fixtureDir, "README.md"))
	require.NoError(t, err)
	table := loadRandom64(t)
	n := 0
	for _, line := range strings.Split(string(readme), "\n") {
		cells := strings.Split(line, "|")
		if len(cells) != 4 {
			continue
		}
		want, err := strconv.ParseUint(strings.TrimSpace(cells[2]), 16, 64)
		if err != nil {
			continue // the header and the rule
		}
		moves := strings.TrimSpace(cells[1])
		if moves == "(start position)" {
			moves = ""
		}
		pos := engine.NewPosition()
		require.NoError(t, pos.PlayMoves(strings.Fields(moves)))
		require.Equal(t, fmt.Sprintf("%016x", want), fmt.Sprintf("%016x", pos.Key()), "engine key after %q", moves)
		require.Equal(t, fmt.Sprintf("%016x", want), fmt.Sprintf("%016x", independentKey(t, table, pos.FEN())), "README key after %q", moves)
		n++
	}
	require.Equal(t, 9, n, "vectors in the README")

	// And on every position of the fixture games (castling, promotions,
	// en passant both ways).
	for k, pos := range fixturePositions(t) {
		require.Equal(t, k, independentKey(t, table, pos.FEN()), pos.FEN())
	}
}

func loadRandom64(t *testing.T) []uint64 {
	t.Helper()
	f, err := os.Open(filepath.Join(fixtureDir, "random64.txt"))
	require.NoError(t, err)
	defer f.Close()
	var table []uint64
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		v, err := strconv.ParseUint(strings.TrimPrefix(strings.TrimSpace(sc.Text()), "0x"), 16, 64)
		require.NoError(t, err)
		table = append(table, v)
	}
	require.Len(t, table, 781)
	return table
}

// independentKey computes a Polyglot key from a FEN by the README's rules.
func independentKey(t *testing.T, table []uint64, fen string) uint64 {
	t.Helper()
	f := strings.Fields(fen)
	var board [8][8]byte // [rank][file]
	var key uint64
	rank, file := 7, 0
	for _, c := range f[0] {
		switch {
		case c == '/':
			rank, file = rank-1, 0
		case c >= '1' && c <= '8':
			file += int(c - '0')
		default:
			kind := 2*strings.IndexByte("pnbrqk", byte(c|0x20)) + 1 // white
			if c >= 'a' {
				kind-- // black
			}
			board[rank][file] = byte(c)
			key ^= table[64*kind+8*rank+file]
			file++
		}
	}
	for i, c := range "KQkq" {
		if strings.ContainsRune(f[2], c) {
			key ^= table[768+i]
		}
	}
	if f[3] != "-" {
		epFile := int(f[3][0] - 'a')
		// Only if a pawn of the side to move stands beside the pawn that
		// advanced two squares.
		pawn, r := byte('P'), 4
		if f[1] == "b" {
			pawn, r = 'p', 3
		}
		if (epFile > 0 && board[r][epFile-1] == pawn) || (epFile < 7 && board[r][epFile+1] == pawn) {
			key ^= table[772+epFile]
		}
	}
	if f[1] == "w" {
		key ^= table[780]
	}
	return key
}

// checkBookAgainstRaw checks that Bounder reads exactly the entries of the
// file: for every key in it (all of which must be fixture positions), the
// entries of the position are the file's, in the file's order, with each
// move decoded to its independent UCI spelling.
func checkBookAgainstRaw(t *testing.T, data []byte, positions map[uint64]*engine.Position) {
	t.Helper()
	raw := readRaw(t, data)
	require.NotEmpty(t, raw)
	b, err := FromBytes(data)
	require.NoError(t, err)
	byKey := map[uint64][]rawEntry{}
	for _, r := range raw {
		byKey[r.key] = append(byKey[r.key], r)
	}
	total := 0
	for k, want := range byKey {
		pos, ok := positions[k]
		require.True(t, ok, "key %016x of the book is no fixture position", k)
		got, err := b.Entries(pos)
		require.NoError(t, err)
		require.Len(t, got, len(want), pos.FEN())
		for i, e := range got {
			require.Equal(t, want[i].key, e.Key)
			require.Equal(t, want[i].move, uint16(e.Raw))
			require.Equal(t, want[i].weight, e.Weight)
			require.Equal(t, want[i].learn, e.Learn)
			require.NotEqual(t, engine.NullMove, e.Move, "entry %d of %s is legal", i, pos.FEN())
			require.Equal(t, rawUCI(pos, want[i].move), e.Move.String(), pos.FEN())
		}
		total += len(got)
	}
	require.Equal(t, len(raw), total)
	// Positions not in the file have no entries.
	for k, pos := range positions {
		if _, ok := byKey[k]; !ok {
			es, err := b.Entries(pos)
			require.NoError(t, err)
			require.Empty(t, es, pos.FEN())
		}
	}
}

// (a) A book made by polyglot make-book gives Bounder exactly the entries of
// the file; and (c) Bounder's builder writes the same bytes.
func TestPolyglotMadeBook(t *testing.T) {
	positions := fixturePositions(t)
	for _, fb := range fixtureBooks {
		t.Run(fb.stem, func(t *testing.T) {
			recorded, err := os.ReadFile(filepath.Join(fixtureDir, fb.stem+".polyglot.bin"))
			require.NoError(t, err)
			checkBookAgainstRaw(t, recorded, positions)

			ours := MarshalEntries(buildFixture(t, fb.opts))
			require.True(t, bytes.Equal(recorded, ours), "Bounder's build of %s differs from polyglot make-book's (%d vs %d bytes)", fixturePGN, len(ours), len(recorded))
		})
	}
	// The recorded books must cover what the fixture is for.
	data, err := os.ReadFile(filepath.Join(fixtureDir, "games-min1-ply16.polyglot.bin"))
	require.NoError(t, err)
	var castles, promos, eps int
	b, err := FromBytes(data)
	require.NoError(t, err)
	for _, pos := range positions {
		es, err := b.Entries(pos)
		require.NoError(t, err)
		for _, e := range es {
			switch {
			case e.Move.IsCastle():
				castles++
			case e.Move.Promotion() != engine.NoPieceType:
				promos++
			case e.Move.IsEnPassant():
				eps++
			}
		}
	}
	require.GreaterOrEqual(t, castles, 4, "castling entries")
	require.GreaterOrEqual(t, promos, 2, "promotion entries")
	require.GreaterOrEqual(t, eps, 2, "en-passant entries")
}

// The same, running polyglot make-book now.
func TestPolyglotMakeBookLive(t *testing.T) {
	pg := needPolyglot(t)
	positions := fixturePositions(t)
	for _, fb := range fixtureBooks {
		t.Run(fb.stem, func(t *testing.T) {
			bin := filepath.Join(t.TempDir(), "b.bin")
			runPolyglot(t, pg, append([]string{"make-book", "-pgn", fixturePGN, "-bin", bin}, fb.args...)...)
			made, err := os.ReadFile(bin)
			require.NoError(t, err)
			checkBookAgainstRaw(t, made, positions)
			require.True(t, bytes.Equal(made, MarshalEntries(buildFixture(t, fb.opts))), "Bounder's build differs from polyglot make-book's")
			recorded, err := os.ReadFile(filepath.Join(fixtureDir, fb.stem+".polyglot.bin"))
			require.NoError(t, err)
			require.True(t, bytes.Equal(made, recorded), "polyglot now makes another book than the recorded one")
		})
	}
}

// normalizeDump drops the line numbers of a dump-book output and sorts the
// lines. The other side's moves come in each program's own generation
// order, which numbers the lines differently; as the book has no
// transposition (fixtureSeed), the lines themselves (cycles included, which
// depend on the line alone) do not depend on that order.
func normalizeDump(t *testing.T, out []byte) []string {
	t.Helper()
	lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	require.NotEmpty(t, lines)
	res := []string{lines[0]}
	var body []string
	for i, l := range lines[1:] {
		num, rest, ok := strings.Cut(l, ": ")
		require.True(t, ok, "line %q", l)
		require.Equal(t, strconv.Itoa(i+1), num, "numbering")
		body = append(body, rest)
	}
	slices.Sort(body)
	return append(res, body...)
}

func ourDump(t *testing.T, es []Entry, name, side string) []byte {
	t.Helper()
	b, err := FromBytes(MarshalEntries(es))
	require.NoError(t, err)
	c := engine.White
	if side == "black" {
		c = engine.Black
	}
	var buf bytes.Buffer
	require.NoError(t, b.WriteLines(&buf, name, c))
	return buf.Bytes()
}

// (b) The lines polyglot dump-book prints for a Bounder-built book are the
// lines Bounder's dump prints.
func TestDumpLinesMatchPolyglot(t *testing.T) {
	for _, fb := range fixtureBooks {
		es := buildFixture(t, fb.opts)
		for _, side := range []string{"white", "black"} {
			t.Run(fb.stem+"/"+side, func(t *testing.T) {
				recorded, err := os.ReadFile(filepath.Join(fixtureDir, fb.stem+"."+side+".txt"))
				require.NoError(t, err)
				ours := ourDump(t, es, fb.stem+".bin", side)
				require.NotContains(t, string(recorded), "{trans", "the fixture must have no transposition")
				require.Equal(t, normalizeDump(t, recorded), normalizeDump(t, ours))
				require.Greater(t, bytes.Count(recorded, []byte("\n")), 5)
			})
		}
	}
}

func TestDumpLinesMatchPolyglotLive(t *testing.T) {
	pg := needPolyglot(t)
	for _, fb := range fixtureBooks {
		es := buildFixture(t, fb.opts)
		bin := filepath.Join(t.TempDir(), fb.stem+".bin")
		require.NoError(t, os.WriteFile(bin, MarshalEntries(es), 0o644))
		for _, side := range []string{"white", "black"} {
			t.Run(fb.stem+"/"+side, func(t *testing.T) {
				theirs := polyglotDump(t, pg, bin, side)
				ours := ourDump(t, es, fb.stem+".bin", side)
				require.Equal(t, normalizeDump(t, theirs), normalizeDump(t, ours))
			})
		}
	}
}

// The CLI's dump --lines prints the same as WriteLines.
func TestCLIDumpLines(t *testing.T) {
	es := buildFixture(t, BuildOptions{})
	dir := t.TempDir()
	bin := filepath.Join(dir, "games.bin")
	require.NoError(t, os.WriteFile(bin, MarshalEntries(es), 0o644))
	var out, errb bytes.Buffer
	require.Equal(t, 0, Main([]string{"dump", "--book", bin, "--lines", "black"}, &out, &errb), errb.String())
	recorded, err := os.ReadFile(filepath.Join(fixtureDir, "games.black.txt"))
	require.NoError(t, err)
	got := strings.Replace(out.String(), bin, "games.bin", 1)
	require.Equal(t, normalizeDump(t, recorded), normalizeDump(t, []byte(got)))
}

// The default book is what polyglot make-book -min-game 1 makes of the ECO
// lines written as PGN.
func TestDefaultBookMatchesPolyglotLive(t *testing.T) {
	pg := needPolyglot(t)
	dir := t.TempDir()
	pgn := filepath.Join(dir, "eco.pgn")
	require.NoError(t, os.WriteFile(pgn, []byte(ecoPGN()), 0o644))
	bin := filepath.Join(dir, "eco.bin")
	runPolyglot(t, pg, "make-book", "-pgn", pgn, "-bin", bin, "-min-game", "1")
	made, err := os.ReadFile(bin)
	require.NoError(t, err)
	require.True(t, bytes.Equal(made, DefaultBytes()), "polyglot's book of the ECO lines differs from default.bin")
}

// Counts of 16384 games and more are halved for the whole position, as
// make-book does. Polyglot reads a large PGN of short games; Bounder counts
// the same games, given as moves and read from the same PGN.
func TestHalvingMatchesPolyglotLive(t *testing.T) {
	pg := needPolyglot(t)
	if testing.Short() {
		t.Skip("short")
	}
	lines := []struct {
		san, uci string
	}{
		{"1. e4 e5 2. Nf3", "e2e4 e7e5 g1f3"},
		{"1. e4 c5", "e2e4 c7c5"},
		{"1. d4 d5", "d2d4 d7d5"},
	}
	results := []string{"1-0", "0-1", "1/2-1/2", "1-0", "*"}
	var sb strings.Builder
	bld := NewBuilder(BuildOptions{})
	start := engine.NewPosition()
	for i := 0; i < 20000; i++ {
		l := lines[0] // 17000 games: 1. e4 e5 is halved too
		switch i % 20 {
		case 0:
			l = lines[2]
		case 1, 2:
			l = lines[1]
		}
		res := results[i%len(results)]
		fmt.Fprintf(&sb, "[Result \"%s\"]\n\n%s %s\n\n", res, l.san, res)
		pos := start.Clone()
		var moves []engine.Move
		for _, s := range strings.Fields(l.uci) {
			m, err := pos.ParseMove(s)
			require.NoError(t, err)
			pos.Make(m)
			moves = append(moves, m)
		}
		require.NoError(t, bld.AddGame(start, moves, parseResult(res)))
	}
	dir := t.TempDir()
	pgn := filepath.Join(dir, "many.pgn")
	require.NoError(t, os.WriteFile(pgn, []byte(sb.String()), 0o644))
	bin := filepath.Join(dir, "many.bin")
	runPolyglot(t, pg, "make-book", "-pgn", pgn, "-bin", bin)
	made, err := os.ReadFile(bin)
	require.NoError(t, err)
	ours := MarshalEntries(bld.Entries())
	// Without halving, 1. e4's weight would be about 22800 (19000 games).
	b, err := FromBytes(ours)
	require.NoError(t, err)
	es, err := b.Entries(start)
	require.NoError(t, err)
	require.Equal(t, "e2e4", es[0].Move.String())
	require.Less(t, es[0].Weight, uint16(16384), "halved")
	require.True(t, bytes.Equal(made, ours), "halved weights differ:\npolyglot %v\nbounder  %v", readRaw(t, made), readRaw(t, ours))
	fromPGN, err := Build(strings.NewReader(sb.String()), BuildOptions{})
	require.NoError(t, err)
	require.True(t, bytes.Equal(made, MarshalEntries(fromPGN)), "the book read from the PGN differs")
}
