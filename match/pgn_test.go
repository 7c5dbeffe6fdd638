package match

import (
	"bytes"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/notnil/chess"
)

func sampleRecord() GameRecord {
	return GameRecord{
		Event: `Test "quoted"`, Round: "3",
		Date:  time.Date(2024, 5, 6, 0, 0, 0, 0, time.UTC),
		White: "alpha", Black: "beta",
		StartFEN: "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2",
		Moves: []MoveRecord{
			{UCI: "b8c6", Book: true},
			{UCI: "f1b5", Score: Score{Kind: ScoreCP, Value: 35}, Depth: 12, Elapsed: 123 * time.Millisecond},
			{UCI: "g8f6", Score: Score{Kind: ScoreMate, Value: -3}, Depth: 9, Elapsed: 2 * time.Second},
			{UCI: "e1g1", Elapsed: time.Millisecond},
		},
		Result:      ResultWhiteWins,
		Termination: TermTimeForfeit,
		Reason:      "Black loses on time {really}",
		TimeControl: TimeControl{Base: 10 * time.Second, Increment: 100 * time.Millisecond},
	}
}

func TestPGNRender(t *testing.T) {
	rec := sampleRecord()
	text := rec.PGN()
	want := `[Event "Test \"quoted\""]
[Site "?"]
[Date "2024.05.06"]
[Round "3"]
[White "alpha"]
[Black "beta"]
[Result "1-0"]
[SetUp "1"]
[FEN "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"]
[TimeControl "10+0.1"]
[Termination "time forfeit"]
[PlyCount "4"]

2... Nc6 {book} 3. Bb5 {+0.35/12 0.123s} Nf6 {-M3/9 2.000s} 4. O-O {0.001s}
{Black loses on time (really)} 1-0
`
	if text != want {
		t.Errorf("got\n%s\nwant\n%s", text, want)
	}
	decode, err := chess.PGN(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	g := chess.NewGame(decode)
	if len(g.Moves()) != 4 || g.Outcome() != chess.WhiteWon {
		t.Errorf("parsed %d moves, outcome %s", len(g.Moves()), g.Outcome())
	}
	if got := rec.UCIMoves(); strings.Join(got, " ") != "b8c6 f1b5 g8f6 e1g1" {
		t.Errorf("UCIMoves %v", got)
	}
}

func TestPGNNoMoves(t *testing.T) {
	rec := GameRecord{White: "a", Black: "b", Result: ResultBlackWins, Termination: TermStall, Reason: "White's connection stalls"}
	text := rec.PGN()
	if !strings.HasSuffix(text, "\n\n0-1\n") || strings.Contains(text, "FEN") {
		t.Errorf("PGN:\n%s", text)
	}
	if _, err := chess.PGN(strings.NewReader(text)); err != nil {
		t.Error(err)
	}
}

func TestPGNWriterConcurrent(t *testing.T) {
	var buf bytes.Buffer
	w := NewPGNWriter(&buf)
	var wg sync.WaitGroup
	for i := 0; i < 20; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			rec := sampleRecord()
			rec.Round = fmt.Sprint(i + 1)
			if err := w.WriteGame(&rec); err != nil {
				t.Error(err)
			}
		}(i)
	}
	wg.Wait()
	games, err := SplitPGN(&buf)
	if err != nil || len(games) != 20 {
		t.Fatalf("%d games, %v", len(games), err)
	}
	for _, text := range games {
		if _, err := chess.PGN(strings.NewReader(text)); err != nil {
			t.Error(err)
		}
	}
}
