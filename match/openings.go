package match

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math/rand"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/notnil/chess"
)

// Opening is where a game starts: a position and, optionally, moves played
// from it before the engines take over (a PGN opening line).
type Opening struct {
	FEN   string   // 6-field FEN; empty means the standard starting position
	Moves []string // UCI moves from FEN, played as "book"
	ID    string   // where it came from, for messages: "file.epd:17" or an EPD id
	// Variant is the game's rules: Standard, or FischerRandom for a
	// Chess960 (or Double Fischer random) start, whose FEN may give the
	// castling rights in X-FEN or Shredder-FEN.
	Variant Variant
}

func (o Opening) label() string {
	if o.ID != "" {
		return o.ID
	}
	if o.FEN != "" {
		return strconv.Quote(o.FEN)
	}
	return "startpos"
}

// LoadOpenings reads an opening suite: EPD (".epd") or PGN (".pgn").
func LoadOpenings(path string) ([]Opening, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var ops []Opening
	switch strings.ToLower(filepath.Ext(path)) {
	case ".epd":
		ops, err = ReadEPD(f)
	case ".pgn":
		ops, err = ReadPGNOpenings(f)
	default:
		return nil, fmt.Errorf("%s: unknown opening format (want .epd or .pgn)", path)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if len(ops) == 0 {
		return nil, fmt.Errorf("%s: no openings", path)
	}
	base := filepath.Base(path)
	for i := range ops {
		ops[i].ID = base + ":" + ops[i].ID
	}
	return ops, nil
}

// ReadEPD parses EPD lines: four FEN fields, then either the FEN's two
// counters or EPD operations ("hmvc N;", "fmvn N;", "id \"x\";" are used,
// the rest ignored). Blank lines and lines starting with '#' are skipped.
// Each Opening's ID is its line number unless the line has an id operation.
//
// Lines are only checked for shape here; positions are validated when they
// are played (a big suite is read in full but only a few lines are used).
func ReadEPD(r io.Reader) ([]Opening, error) {
	var out []Opening
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	n := 0
	for sc.Scan() {
		n++
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		o, err := parseEPDLine(text)
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", n, err)
		}
		if o.ID == "" {
			o.ID = strconv.Itoa(n)
		}
		out = append(out, o)
	}
	return out, sc.Err()
}

func parseEPDLine(text string) (Opening, error) {
	f := strings.Fields(text)
	if len(f) < 4 {
		return Opening{}, fmt.Errorf("EPD %q: want at least 4 fields", text)
	}
	if strings.Count(f[0], "/") != 7 {
		return Opening{}, fmt.Errorf("EPD %q: bad piece placement", text)
	}
	if f[1] != "w" && f[1] != "b" {
		return Opening{}, fmt.Errorf("EPD %q: side to move must be w or b", text)
	}
	half, full := "0", "1"
	rest := f[4:]
	if len(rest) >= 2 && isCount(rest[0], 0) && isCount(rest[1], 1) {
		half, full = rest[0], rest[1]
		rest = rest[2:]
	}
	var o Opening
	for _, op := range strings.Split(strings.Join(rest, " "), ";") {
		code, operand, _ := strings.Cut(strings.TrimSpace(op), " ")
		operand = strings.Trim(strings.TrimSpace(operand), `"`)
		switch code {
		case "hmvc":
			if !isCount(operand, 0) {
				return Opening{}, fmt.Errorf("EPD %q: bad hmvc %q", text, operand)
			}
			half = operand
		case "fmvn":
			if !isCount(operand, 1) {
				return Opening{}, fmt.Errorf("EPD %q: bad fmvn %q", text, operand)
			}
			full = operand
		case "id":
			o.ID = operand
		}
	}
	o.FEN = strings.Join([]string{f[0], f[1], f[2], f[3], half, full}, " ")
	return o, nil
}

func isCount(s string, least int) bool {
	n, err := strconv.Atoi(s)
	return err == nil && n >= least
}

// ReadPGNOpenings reads every game of a PGN file as an opening: its start
// position (the FEN tag, or the standard one) and its moves. Results,
// comments and variations are ignored. Each Opening's ID is "game N".
func ReadPGNOpenings(r io.Reader) ([]Opening, error) {
	texts, err := SplitPGN(r)
	if err != nil {
		return nil, err
	}
	out := make([]Opening, 0, len(texts))
	for i, text := range texts {
		o, err := pgnOpening(text)
		if err != nil {
			return nil, fmt.Errorf("game %d: %w", i+1, err)
		}
		o.ID = "game " + strconv.Itoa(i+1)
		out = append(out, o)
	}
	return out, nil
}

// SplitPGN cuts a PGN file into games: a tag line after movetext starts a
// new game. This is more forgiving than chess.Scanner, which needs the
// movetext to begin with a move number.
func SplitPGN(r io.Reader) ([]string, error) {
	var games []string
	var cur strings.Builder
	inMoves := false
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 4*1024*1024)
	for sc.Scan() {
		l := strings.TrimSpace(sc.Text())
		switch {
		case l == "", strings.HasPrefix(l, "%"), strings.HasPrefix(l, ";"):
			continue
		case strings.HasPrefix(l, "["):
			if inMoves {
				games = append(games, cur.String())
				cur.Reset()
				inMoves = false
			}
		default:
			inMoves = true
		}
		cur.WriteString(l)
		cur.WriteByte('\n')
	}
	if strings.TrimSpace(cur.String()) != "" {
		games = append(games, cur.String())
	}
	return games, sc.Err()
}

// pgnOpening decodes one game. notnil/chess panics on some malformed input
// (a comment before the first move, for instance), so that is turned into
// an error: a bad opening file must not crash the runner.
func pgnOpening(text string) (o Opening, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("malformed PGN: %v", r)
		}
	}()
	decode, err := chess.PGN(strings.NewReader(text))
	if err != nil {
		return Opening{}, err
	}
	g := chess.NewGame(decode)
	if t := g.GetTagPair("FEN"); t != nil {
		_, norm, err := ParseFEN(t.Value)
		if err != nil {
			return Opening{}, err
		}
		o.FEN = norm
	}
	positions := g.Positions()
	for i, m := range g.Moves() {
		o.Moves = append(o.Moves, chess.UCINotation{}.Encode(positions[i], m))
	}
	if o.FEN == "" && len(o.Moves) == 0 && len(g.TagPairs()) == 0 {
		return Opening{}, errors.New("no tags and no moves")
	}
	return o, nil
}

// openingOrder is the order in which a suite of n openings is used: a
// shuffle fixed by seed, so that a run can be repeated exactly.
func openingOrder(n int, seed int64) []int {
	return rand.New(rand.NewSource(seed)).Perm(n)
}

// setup plays the opening on a fresh board of its variant and checks that
// a game can still be played from it.
func (o Opening) setup() (referee, error) {
	b, err := newReferee(o.Variant, o.FEN)
	if err != nil {
		return nil, fmt.Errorf("opening %s: %w", o.label(), err)
	}
	for _, mv := range o.Moves {
		if err := b.play(mv); err != nil {
			return nil, fmt.Errorf("opening %s: %w", o.label(), err)
		}
	}
	if _, _, over := b.outcome(); over {
		return nil, fmt.Errorf("opening %s: the game is already over", o.label())
	}
	return b, nil
}
