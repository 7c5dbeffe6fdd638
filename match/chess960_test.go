package match

import (
	"errors"
	"math/rand"
	"strings"
	"testing"

	"github.com/notnil/chess"

	eng "github.com/bounder-chess/bounder/engine"
)

func mustBoard960(t *testing.T, fen string, moves ...string) *board960 {
	t.Helper()
	b, err := newBoard960(fen)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range moves {
		if err := b.play(m); err != nil {
			t.Fatal(err)
		}
	}
	return b
}

// Known answers of Scharnagl's numbering: 518 is the standard position;
// 0 and 959 are the first and last of the published table, and the others
// were worked out by hand from the definition (n mod 4, /4 mod 4, /16 mod 6,
// /96 for the knights).
func TestChess960BackRank(t *testing.T) {
	for n, want := range map[int]string{
		0:   "BBQNNRKR",
		1:   "BQNBNRKR", // light bishop on d
		4:   "QBBNNRKR", // dark bishop on c... and the queen on a
		16:  "BBNQNRKR", // the queen on the second empty square
		96:  "BBQNRNKR", // knights on the 1st and 3rd empty squares
		518: "RNBQKBNR",
		959: "RKRNNQBB",
	} {
		got, err := Chess960BackRank(n)
		if err != nil || got != want {
			t.Errorf("position %d: %q, %v; want %q", n, got, err, want)
		}
	}
	for _, n := range []int{-1, 960, 1 << 40} {
		if _, err := Chess960BackRank(n); err == nil {
			t.Errorf("position %d accepted", n)
		}
	}
}

// Every number gives a distinct legal setup: bishops on squares of both
// colours, the king between the rooks, one queen, two knights; and the
// engine's FEN reader takes it, its castling as the Chess960 rules have it.
func TestChess960AllPositions(t *testing.T) {
	seen := map[string]int{}
	for n := 0; n < Chess960Positions; n++ {
		r, err := Chess960BackRank(n)
		if err != nil {
			t.Fatal(err)
		}
		if prev, dup := seen[r]; dup {
			t.Fatalf("positions %d and %d are both %s", prev, n, r)
		}
		seen[r] = n
		b1, b2 := strings.IndexByte(r, 'B'), strings.LastIndexByte(r, 'B')
		r1, k, r2 := strings.IndexByte(r, 'R'), strings.IndexByte(r, 'K'), strings.LastIndexByte(r, 'R')
		if (b1+b2)%2 == 0 || !(r1 < k && k < r2) || strings.Count(r, "Q") != 1 || strings.Count(r, "N") != 2 || strings.Count(r, "R") != 2 {
			t.Fatalf("position %d: %s is not a Chess960 setup", n, r)
		}
		fen, _ := Chess960FEN(n, n)
		b, err := newBoard960(fen)
		if err != nil {
			t.Fatalf("position %d: %v", n, err)
		}
		if b.start() != fen {
			t.Errorf("position %d: FEN %q written back as %q", n, fen, b.start())
		}
	}
}

// The standard position in Chess960 mode castles as the king takes its
// rook, and the record of a Chess960 game writes it so.
func TestBoard960StandardStart(t *testing.T) {
	b := mustBoard960(t, "", "e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "e1h1")
	if got := b.positionCommand(); got != "position fen "+StartFEN+" moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1h1" {
		t.Errorf("position command %q", got)
	}
	if got := b.pos.FEN(); got != "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4" {
		t.Errorf("after O-O: %s", got)
	}
	// The standard spelling of castling is a king move that does not exist.
	b = mustBoard960(t, "", "e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6")
	if err := b.play("e1g1"); !errors.Is(err, ErrIllegal) {
		t.Errorf("e1g1 in Chess960 mode: %v", err)
	}
}

// Castling where the king starts on b, f or g and the rooks anywhere; the
// king that does not move, the rook on the king's destination, the squares
// the king crosses under attack, and the rights a rook move or capture
// takes away.
func TestBoard960Castling(t *testing.T) {
	cases := []struct {
		name  string
		fen   string
		moves []string
		want  string // FEN after the moves; empty when the last move is illegal
	}{
		{"king f1 to g1 with the g1 rook", "1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3KR1 w KQkq - 0 1",
			[]string{"f1g1"}, "1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3RK1 b kq - 1 1"},
		{"king f1 to c1 with the b1 rook", "1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3KR1 w KQkq - 0 1",
			[]string{"f1b1"}, "1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/2KR2R1 b kq - 1 1"},
		{"black castles too", "1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3KR1 w KQkq - 0 1",
			[]string{"f1g1", "f8b8"}, "2kr2r1/pppppppp/8/8/8/8/PPPPPPPP/1R3RK1 w - - 2 2"},
		{"the king stays on g1, the rook goes h1 to f1", "4k3/8/8/8/8/8/8/R5KR w KQ - 0 1",
			[]string{"g1h1"}, "4k3/8/8/8/8/8/8/R4RK1 b - - 1 1"},
		{"the king on b1 castles to c1, the a1 rook to d1", "4k3/8/8/8/8/8/8/RK5R w KQ - 0 1",
			[]string{"b1a1"}, "4k3/8/8/8/8/8/8/2KR3R b - - 1 1"},
		{"the king passes an attacked square", "4k3/8/8/8/8/8/6r1/1R3K1R w KQ - 0 1",
			[]string{"f1h1"}, ""},
		{"the queen side is free of attack", "4k3/8/8/8/8/8/7r/1R3K1R w KQ - 0 1",
			[]string{"f1b1"}, "4k3/8/8/8/8/8/7r/2KR3R b - - 1 1"},
		{"a piece between king and rook", "4k3/8/8/8/8/8/8/1RN2K1R w KQ - 0 1",
			[]string{"f1b1"}, ""},
		{"the lifted rook uncovers an attack on c1", "4k3/8/8/8/8/8/8/rR3K1R w KQ - 0 1",
			[]string{"f1b1"}, ""},
		{"the rook moved: that right is gone", "1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3KR1 w KQkq - 0 1",
			[]string{"g1h1", "g8h8", "h1g1", "h8g8", "f1g1"}, ""},
		{"standard text for a Chess960 castling", "1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3KR1 w KQkq - 0 1",
			[]string{"f1c1"}, ""},
		{"Shredder-FEN rights", "1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3KR1 w GBgb - 0 1",
			[]string{"f1g1"}, "1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3RK1 b kq - 1 1"},
		{"Double Fischer random: the rook that does not move", "r4kr1/pppppppp/8/8/8/8/PPPPPPPP/1RK2R2 w KQkq - 0 1",
			[]string{"c1f1", "f8a8"}, "2kr2r1/pppppppp/8/8/8/8/PPPPPPPP/1R3RK1 w - - 2 2"},
	}
	for _, c := range cases {
		b, err := newBoard960(c.fen)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		var last error
		for i, m := range c.moves {
			last = b.play(m)
			if last != nil && i < len(c.moves)-1 {
				t.Fatalf("%s: move %s: %v", c.name, m, last)
			}
		}
		switch {
		case c.want == "" && !errors.Is(last, ErrIllegal):
			t.Errorf("%s: %s accepted, giving %s", c.name, c.moves[len(c.moves)-1], b.pos.FEN())
		case c.want != "" && last != nil:
			t.Errorf("%s: %v", c.name, last)
		case c.want != "" && b.pos.FEN() != c.want:
			t.Errorf("%s: %s, want %s", c.name, b.pos.FEN(), c.want)
		}
	}
}

// SAN of Chess960 moves: O-O and O-O-O whatever the files, a plain king
// move to g1 beside a castling to g1, disambiguation, promotion and checks.
func TestSAN960(t *testing.T) {
	cases := []struct {
		fen, uci, want string
	}{
		{"1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3KR1 w KQkq - 0 1", "f1g1", "O-O"},
		{"1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3KR1 w KQkq - 0 1", "f1b1", "O-O-O"},
		{"4k3/8/8/8/8/8/8/R5KR w KQ - 0 1", "g1h1", "O-O"},
		{"4k3/8/8/8/8/8/8/RK5R w KQ - 0 1", "b1a1", "O-O-O"},
		{"4k3/8/8/8/8/8/8/RK5R w KQ - 0 1", "b1c1", "Kc1"},
		{"4k3/8/8/8/8/8/8/R4K1R w KQ - 0 1", "f1g1", "Kg1"}, // castling, f1h1, also puts the king on g1
		{"4k3/8/8/8/8/8/8/R4K1R w KQ - 0 1", "f1h1", "O-O"},
		{"4k3/8/8/8/8/8/8/R4K1R w KQ - 0 1", "a1d1", "Rd1"},
		{"4k3/8/8/8/8/8/8/R4K1R w KQ - 0 1", "a1e1", "Re1+"},
		{"3k4/8/8/8/8/7K/8/R6R w - - 0 1", "a1d1", "Rad1+"},
		{"3k4/8/8/8/8/8/8/R4KR1 w KQ - 0 1", "f1g1", "O-O"}, // the king takes the g1 rook: it stays where it was to go
		{"k7/8/8/1R6/8/8/8/1R3K2 w - - 0 1", "b1b3", "R1b3"},
		{"2k5/8/8/8/Q7/8/8/Q5QK w - - 0 1", "a1d4", "Qa1d4"},
		{"k7/7P/8/8/8/8/8/5K2 w - - 0 1", "h7h8q", "h8=Q+"},
		{"k7/8/8/8/8/8/6r1/5K1R w K - 0 1", "f1h1", ""}, // illegal: g1 attacked
		{"7k/5ppp/8/8/8/8/8/R3K3 w Q - 0 1", "a1a8", "Ra8#"},
		{"k7/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", "exd6"},
	}
	for _, c := range cases {
		pos, err := eng.ParseFEN(c.fen)
		if err != nil {
			t.Fatalf("%s: %v", c.fen, err)
		}
		pos.SetChess960(true)
		m, err := pos.ParseMove(c.uci)
		if c.want == "" {
			if err == nil {
				t.Errorf("%s: %s accepted", c.fen, c.uci)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %s: %v", c.fen, c.uci, err)
		}
		before := pos.FEN()
		if got := san(pos, m); got != c.want {
			t.Errorf("%s: %s written %q, want %q", c.fen, c.uci, got, c.want)
		}
		if pos.FEN() != before {
			t.Errorf("%s: san changed the position to %s", c.fen, pos.FEN())
		}
	}
}

func TestBoard960Outcome(t *testing.T) {
	const start = "1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3KR1 w KQkq - 0 1"
	cases := []struct {
		name   string
		fen    string
		moves  []string
		result string
		reason string // empty: the game goes on
	}{
		{"start", start, nil, "", ""},
		{"mate", "7k/5ppp/8/8/8/8/8/R3K3 w Q - 0 1", []string{"a1a8"}, ResultWhiteWins, "White mates"},
		{"black mates", "kr6/8/8/8/8/8/5PPP/6K1 b - - 0 1", []string{"b8b1"}, ResultBlackWins, "Black mates"},
		{"stalemate", "k7/8/8/2Q5/8/8/8/6K1 w - - 0 1", []string{"c5b6"}, ResultDraw, "Draw by stalemate"},
		{"insufficient material", "4k3/8/8/8/8/8/3b4/3QK3 w - - 0 1", []string{"e1d2"}, "", ""},
		{"bare kings", "4k3/8/8/8/8/8/3q4/4K3 w - - 0 1", []string{"e1d2"}, ResultDraw, "Draw by insufficient mating material"},
		{"same-coloured bishops", "4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1", nil, ResultDraw, "Draw by insufficient mating material"},
		{"fifty moves", "4k3/8/8/8/8/8/8/R3K3 w - - 99 60", []string{"a1a2"}, ResultDraw, "Draw by fifty moves rule"},
		{"a capture resets the count", "4k3/8/8/8/8/8/p7/R3K3 w - - 99 60", []string{"a1a2"}, "", ""},
		{"mate on the hundredth ply", "7k/5ppp/8/8/8/8/8/R3K3 w - - 99 60", []string{"a1a8"}, ResultWhiteWins, "White mates"},
		{"threefold", start, []string{"g1h1", "g8h8", "h1g1", "h8g8", "g1h1", "g8h8", "h1g1", "h8g8", "g1h1", "g8h8"}, ResultDraw, "Draw by 3-fold repetition"},
		// The first two returns to the start placement have lost the
		// king-side rights: they are other positions than the start.
		{"no threefold: the rights differ", start, []string{"g1h1", "g8h8", "h1g1", "h8g8", "g1h1", "g8h8", "h1g1", "h8g8"}, "", ""},
		{"twice after king moves", start, []string{"f1e1", "f8e8", "e1f1", "e8f8", "f1e1", "f8e8", "e1f1", "e8f8"}, "", ""},
		{"threefold after king moves", start, []string{"f1e1", "f8e8", "e1f1", "e8f8", "f1e1", "f8e8", "e1f1", "e8f8",
			"f1e1", "f8e8", "e1f1", "e8f8"}, ResultDraw, "Draw by 3-fold repetition"},
	}
	for _, c := range cases {
		b := mustBoard960(t, c.fen, c.moves...)
		result, reason, over := b.outcome()
		if c.reason == "" {
			if over {
				t.Errorf("%s: over (%s, %s) in %s", c.name, result, reason, b.pos.FEN())
			}
			continue
		}
		if !over || result != c.result || reason != c.reason {
			t.Errorf("%s: %v %q %q, want %q %q", c.name, over, result, reason, c.result, c.reason)
		}
	}
}

func TestBoard960CanMate(t *testing.T) {
	for _, c := range []struct {
		fen   string
		white bool // whether White can mate
		black bool
	}{
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1", false, false},
		{"4k3/8/8/8/8/8/8/3NK3 w - - 0 1", false, false},
		{"4k3/8/8/8/8/8/8/2NNK3 w - - 0 1", true, false},
		{"4kn2/8/8/8/8/8/8/3BK3 w - - 0 1", true, true},
		{"4k3/8/8/8/8/8/8/3RK3 w - - 0 1", true, false},
		{"4k3/p7/8/8/8/8/8/4K3 w - - 0 1", false, true},
	} {
		b := mustBoard960(t, c.fen)
		if b.canMate(0) != c.white || b.canMate(1) != c.black {
			t.Errorf("%s: canMate %v %v, want %v %v", c.fen, b.canMate(0), b.canMate(1), c.white, c.black)
		}
	}
}

// Bad start positions are errors, never panics.
func TestBoard960BadInput(t *testing.T) {
	for _, fen := range []string{
		"1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3KR1 w KQkq -",     // 4 fields: a FEN needs its counters here
		"1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3KR1 w AQkq - 0 1", // no rook on a1
		"1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R4R1 w KQkq - 0 1",  // no white king
		"1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3KR1 x KQkq - 0 1",
		"1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3KR9 w KQkq - 0 1",
		"garbage",
	} {
		if _, err := newBoard960(fen); err == nil {
			t.Errorf("%q accepted", fen)
		}
	}
}

// A standard game's referee refuses a start whose castling only the
// Chess960 rules know, rather than judging it by the standard ones.
func TestStandardRefusesChess960Start(t *testing.T) {
	_, err := Opening{FEN: "1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3KR1 w KQkq - 0 1"}.setup()
	if err == nil || !strings.Contains(err.Error(), "fischerandom") {
		t.Errorf("standard setup of a Chess960 start: %v", err)
	}
	if _, err := (Opening{FEN: "1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3KR1 w KQkq - 0 1", Variant: FischerRandom}).setup(); err != nil {
		t.Error(err)
	}
}

// The differential check: from the standard start, board960 (Bounder's
// engine package) and the standard board (notnil/chess) agree on random
// games: the same legal moves accepted, the same outcomes ply by ply, and
// the same SAN, castling apart only in its UCI spelling.
func TestBoard960AgreesWithNotnil(t *testing.T) {
	rng := rand.New(rand.NewSource(960))
	games, plies := 150, 0
	if testing.Short() {
		games = 30
	}
	outcomes := map[string]int{}
	for g := 0; g < games; g++ {
		std, err := newBoard("")
		if err != nil {
			t.Fatal(err)
		}
		b960 := mustBoard960(t, "")
		for ply := 0; ply < 400; ply++ {
			var buf [eng.MaxMoves]eng.Move
			legal := b960.pos.GenerateMoves(buf[:])
			if len(legal) != len(std.pos.ValidMoves()) {
				t.Fatalf("game %d ply %d: %d legal moves, notnil %d in %s", g, ply, len(legal), len(std.pos.ValidMoves()), std.pos)
			}
			m := legal[rng.Intn(len(legal))]
			// SAN, before the move.
			cm, err := legalMove(std.pos, m.String())
			if err != nil {
				t.Fatalf("game %d: %s: %v", g, m, err)
			}
			if a, b := san(b960.pos, m), (chess.AlgebraicNotation{}).Encode(std.pos, cm); a != b {
				t.Fatalf("game %d ply %d: SAN %q, notnil %q in %s", g, ply, a, b, std.pos)
			}
			if err := std.play(m.String()); err != nil {
				t.Fatal(err)
			}
			if err := b960.play(b960.pos.FormatMove(m)); err != nil {
				t.Fatal(err)
			}
			plies++
			r1, why1, over1 := std.outcome()
			r2, why2, over2 := b960.outcome()
			if over1 != over2 || r1 != r2 || why1 != why2 {
				t.Fatalf("game %d ply %d: notnil %v %s %q, board960 %v %s %q in %s", g, ply, over1, r1, why1, over2, r2, why2, std.pos)
			}
			for side := 0; side < 2; side++ {
				if std.canMate(side) != b960.canMate(side) {
					t.Fatalf("game %d ply %d: canMate(%d) differs in %s", g, ply, side, std.pos)
				}
			}
			if std.sideToMove() != b960.sideToMove() || std.fullMoveNumber() != b960.fullMoveNumber() {
				t.Fatalf("game %d ply %d: side or move number differs in %s", g, ply, std.pos)
			}
			if over1 {
				outcomes[why1]++
				break
			}
		}
	}
	t.Logf("%d games, %d plies: %v", games, plies, outcomes)
}

// The suites of the Chess960 measurements (docs/testing.md): 100 distinct Chess960
// start positions, and 50 Double Fischer random ones (back ranks that
// differ), each a pair of numbers in Scharnagl's numbering.
func TestChess960Suites(t *testing.T) {
	number := map[string]int{}
	for n := 0; n < Chess960Positions; n++ {
		r, _ := Chess960BackRank(n)
		number[r] = n
	}
	for _, c := range []struct {
		file  string
		n     int
		mixed bool
	}{{"testdata/chess960_frc100.epd", 100, false}, {"testdata/chess960_dfrc50.epd", 50, true}} {
		ops, err := LoadOpenings(c.file)
		if err != nil {
			t.Fatal(err)
		}
		if len(ops) != c.n {
			t.Errorf("%s: %d positions, want %d", c.file, len(ops), c.n)
		}
		seen := map[string]bool{}
		for _, o := range ops {
			o.Variant = FischerRandom
			if _, err := o.setup(); err != nil {
				t.Fatal(err)
			}
			ranks := strings.Split(strings.Fields(o.FEN)[0], "/")
			w, okW := number[ranks[7]]
			b, okB := number[strings.ToUpper(ranks[0])]
			want, _ := Chess960FEN(w, b)
			if !okW || !okB || (w != b) != c.mixed || o.FEN != want || seen[o.FEN] {
				t.Errorf("%s: %s is not a new start position of its kind", o.ID, o.FEN)
			}
			seen[o.FEN] = true
		}
	}
}
