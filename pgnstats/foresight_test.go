package pgnstats

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// Known answers: when each side's score first passes ±1.00 in the
// direction of the result, counted in plies from the first move (book moves
// included), and the report's line from the trails of a pair's games.
func TestForesight(t *testing.T) {
	game := func(round int, white, black, result, moves string) string {
		return gameText(round, "", white, black, result, moves)
	}
	text := game(1, "A", "B", "1-0", // White sees it at ply 2 (a book move is ply 0), Black at 5: B's loss trails by 3
		"1. e4 {book} e5 {-0.20/10 0.1s} 2. Nf3 {+1.20/10 0.1s} Nc6 {-0.80/10 0.1s} 3. Bb5 {+M3/10 0.1s} a6 {-1.50/10 0.1s}") +
		game(2, "B", "A", "0-1", // the loser first, at ply 0; the winner at ply 3: −3
			"1. d4 {-1.00/10 0.1s} d5 {+0.90/10 0.1s} 2. c4 {-0.30/10 0.1s} e6 {+1.00/10 0.1s}") +
		game(3, "A", "B", "1/2-1/2", "1. e4 {+3.00/10 0.1s} e5 {-3.00/10 0.1s}") + // a draw has no trail
		game(4, "B", "A", "1-0", "1. e4 {+0.10/5 0.1s} e5 {-M2/5 0.1s}") + // the winner never saw it
		game(5, "A", "B", "0-1", // a mate against the loser counts: ply 2 against the winner's 1
			"1. e4 {+0.10/5 0.1s} e5 {+1.00/5 0.1s} 2. Nf3 {-M4/5 0.1s}")
	games, err := readStats(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	want := []foresight{{2, 5}, {0, 3}, noForesight, {-1, 1}, {2, 1}}
	for i, g := range games {
		if g.seen != want[i] {
			t.Errorf("game %d: seen at %v, want %v", i+1, g.seen, want[i])
		}
	}
	s := summarize(games)
	p := s.Pairings[0]
	if p.First != "A" || fmt.Sprint(p.Trails) != "[[1] [3 -3]]" {
		t.Fatalf("%s first, trails %v; want A, [[1] [3 -3]]", p.First, p.Trails)
	}
	var out bytes.Buffer
	p.write(&out)
	line := "  Foresight (first score past ±1.00): in 1 game lost by A, B saw it a median of 1 ply earlier " +
		"(at most a ply earlier in 1); in 2 games lost by B, A saw it a median of 0 plies earlier (at most a ply earlier in 1)\n"
	if !strings.Contains(out.String(), line) {
		t.Errorf("report:\n%s\nwant the line\n%s", out.String(), line)
	}

	var none bytes.Buffer
	writeTrails(&none, "A", "B", Trails{})
	if none.Len() != 0 {
		t.Errorf("no trails printed %q", none.String())
	}
}

// A negative median trail, the loser seeing it first, reads as "later".
func TestForesightLater(t *testing.T) {
	var out bytes.Buffer
	writeTrails(&out, "A", "B", Trails{{-3, -2, 1}, nil})
	want := "in 3 games lost by A, B saw it a median of 2 plies later (at most a ply earlier in 3); no game lost by B"
	if !strings.Contains(out.String(), want) {
		t.Errorf("report:\n%s\nwant\n%s", out.String(), want)
	}
}

// Known answers: the move number of the winner's first score past +1.00
// (from the FEN's move number when the game starts from one), the stages
// the decisive games fall in, and the report's line.
func TestDecided(t *testing.T) {
	const kings = "8/8/8/4k3/8/8/1K6/8"
	text := gameText(1, "", "A", "B", "1-0", // A wins, first past +1.00 on move 2
		"1. e4 {book} e5 {-0.20/10 0.1s} 2. Nf3 {+1.20/10 0.1s} Nc6 {-0.80/10 0.1s} 3. Bb5 {+M3/10 0.1s}") +
		gameText(2, kings+" w - - 0 30", "B", "A", "0-1", // A wins with Black from move 30: past +1.00 on move 31
			"30. Kb3 {-0.50/10 0.1s} Ke4 {+0.90/10 0.1s} 31. Kb4 {-1.10/10 0.1s} Ke3 {+1.40/10 0.1s}") +
		gameText(3, kings+" b - - 0 64", "A", "B", "0-1", // B wins from move 64
			"64... Kd4 {+2.00/10 0.1s} 65. Kb3 {-2.00/10 0.1s}") +
		gameText(4, "", "B", "A", "1-0", "1. e4 {+0.10/5 0.1s} e5 {-M2/5 0.1s}") + // the winner never saw it
		gameText(5, "", "A", "B", "1/2-1/2", "1. e4 {+3.00/10 0.1s} e5 {-3.00/10 0.1s}") // a draw is never decided
	games, err := readStats(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	want := []int{2, 31, 64, 0, 0}
	for i, g := range games {
		if g.decided != want[i] {
			t.Errorf("game %d: decided on move %d, want %d", i+1, g.decided, want[i])
		}
	}
	p := summarize(games).Pairings[0]
	wantDecided := Decided{{0, 0, 0, 0, 0, 1}, {1, 0, 0, 1, 0, 0}} // A lost game 3; B lost games 1 and 2
	if p.First != "A" || p.Decided != wantDecided {
		t.Fatalf("%s first, decided %v; want A, %v", p.First, p.Decided, wantDecided)
	}
	var out bytes.Buffer
	p.write(&out)
	line := "  Decided (the winner's first score past +1.00) by move number (1-10, 11-20, 21-30, 31-40, 41-60, 61-): " +
		"in 1 game lost by A 0 0 0 0 0 1, in 2 games lost by B 1 0 0 1 0 0\n"
	if !strings.Contains(out.String(), line) {
		t.Errorf("report:\n%s\nwant the line\n%s", out.String(), line)
	}

	var none bytes.Buffer
	writeDecided(&none, "A", "B", Decided{})
	if none.Len() != 0 {
		t.Errorf("nothing decided printed %q", none.String())
	}
}

// gameText is the PGN text of one game for the foresight and decided tests: its
// round, start position (fen, empty for the standard one), players, result
// and movetext with the engines' comments.
func gameText(round int, fen, white, black, result, moves string) string {
	tag := ""
	if fen != "" {
		tag = fmt.Sprintf("[FEN \"%s\"]\n[SetUp \"1\"]\n", fen)
	}
	return fmt.Sprintf("[Event \"x\"]\n[Round \"%d\"]\n[White \"%s\"]\n[Black \"%s\"]\n%s[Result \"%s\"]\n\n%s %s\n\n",
		round, white, black, tag, result, moves, result)
}
