package match

import (
	"context"
	"errors"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/notnil/chess"
)

// fastTC is a clock the random engine, which answers at once, never comes
// close to using up, even on a loaded machine under the race detector.
var fastTC = TimeControl{Base: 10 * time.Second, Increment: 100 * time.Millisecond}

// replay checks every move of rec for legality on an independent replay
// (matching moves by their UCI text) and returns the final position.
func replay(t *testing.T, rec GameRecord) *chess.Position {
	t.Helper()
	pos := &chess.Position{}
	if err := pos.UnmarshalText([]byte(rec.StartFEN)); err != nil {
		t.Fatalf("start FEN %q: %v", rec.StartFEN, err)
	}
	for i, mv := range rec.Moves {
		var found *chess.Move
		for _, m := range pos.ValidMoves() {
			if (chess.UCINotation{}).Encode(pos, m) == mv.UCI {
				found = m
			}
		}
		if found == nil {
			t.Fatalf("ply %d: %s is illegal in %s", i+1, mv.UCI, pos)
		}
		pos = pos.Update(found)
	}
	return pos
}

// checkPGN parses the record's PGN back with notnil/chess and compares it
// with the record.
func checkPGN(t *testing.T, rec GameRecord, final *chess.Position) {
	t.Helper()
	text := rec.PGN()
	decode, err := chess.PGN(strings.NewReader(text))
	if err != nil {
		t.Fatalf("PGN does not parse: %v\n%s", err, text)
	}
	g := chess.NewGame(decode)
	if len(g.Moves()) != len(rec.Moves) {
		t.Fatalf("PGN has %d moves, record %d\n%s", len(g.Moves()), len(rec.Moves), text)
	}
	if final != nil && g.Position().String() != final.String() {
		t.Errorf("PGN ends in %s, record in %s", g.Position(), final)
	}
	if string(g.Outcome()) != rec.Result {
		t.Errorf("PGN result %s, record %s", g.Outcome(), rec.Result)
	}
	for _, tag := range []string{"Event", "Site", "Date", "Round", "White", "Black", "Result", "TimeControl", "Termination"} {
		if g.GetTagPair(tag) == nil {
			t.Errorf("PGN lacks the %s tag", tag)
		}
	}
	if tp := g.GetTagPair("Termination"); tp != nil && tp.Value != string(rec.Termination) {
		t.Errorf("Termination tag %q, record %q", tp.Value, rec.Termination)
	}
}

func play(t *testing.T, white, black EngineSpec, o Opening, tc TimeControl, adj Adjudication) GameRecord {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	rec, err := PlayGame(ctx, white, black, o, tc, adj)
	if err != nil {
		t.Fatalf("PlayGame: %v", err)
	}
	return rec
}

func TestPlayGameRandom(t *testing.T) {
	t.Parallel()
	o := Opening{FEN: "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4", Moves: []string{"b5a4", "g8f6"}}
	rec := play(t, engine("alpha"), engine("beta"), o, fastTC, Adjudication{})
	switch rec.Result {
	case ResultWhiteWins, ResultBlackWins, ResultDraw:
	default:
		t.Fatalf("result %q", rec.Result)
	}
	if rec.Termination != TermNormal || rec.Reason == "" {
		t.Errorf("termination %q reason %q", rec.Termination, rec.Reason)
	}
	if rec.White != "alpha" || rec.Black != "beta" {
		t.Errorf("names %q %q", rec.White, rec.Black)
	}
	if !rec.Moves[0].Book || !rec.Moves[1].Book || rec.Moves[2].Book {
		t.Error("book moves not marked")
	}
	if rec.Moves[2].Score.Kind != ScoreCP {
		t.Errorf("engine move without score: %+v", rec.Moves[2])
	}
	final := replay(t, rec)
	checkPGN(t, rec, final)
	if !strings.Contains(rec.PGN(), `[FEN "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4"]`) {
		t.Error("PGN lacks the FEN tag")
	}
	// The game ended for a reason the final position shows.
	b := &board{pos: final, reps: map[string]int{}}
	if _, _, over := b.outcome(); !over && !strings.Contains(rec.Reason, "repetition") {
		t.Errorf("game ended (%s) in a position that is not over: %s", rec.Reason, final)
	}
}

func TestPlayGameCrash(t *testing.T) {
	t.Parallel()
	rec := play(t, engine("crasher", "-crash-after", "3"), engine("random"), Opening{}, fastTC, Adjudication{})
	if rec.Result != ResultBlackWins || rec.Termination != TermAbandoned {
		t.Fatalf("result %s termination %q", rec.Result, rec.Termination)
	}
	if !strings.Contains(rec.Reason, "White disconnects") || !strings.Contains(rec.Reason, "exit status 3") {
		t.Errorf("reason %q", rec.Reason)
	}
	if len(rec.Moves) != 6 {
		t.Errorf("%d plies, want 6 (three moves each before the crash)", len(rec.Moves))
	}
	checkPGN(t, rec, replay(t, rec))
	if !strings.Contains(rec.PGN(), "{White disconnects: exit status 3}") {
		t.Errorf("PGN lacks the reason:\n%s", rec.PGN())
	}
}

func TestPlayGameStall(t *testing.T) {
	t.Parallel()
	tc := TimeControl{Base: 500 * time.Millisecond, Margin: 100 * time.Millisecond, StallTimeout: 300 * time.Millisecond}
	start := time.Now()
	rec := play(t, engine("random"), engine("staller", "-stall"), Opening{}, tc, Adjudication{})
	took := time.Since(start)
	if rec.Result != ResultWhiteWins || rec.Termination != TermStall {
		t.Fatalf("result %s termination %q reason %q", rec.Result, rec.Termination, rec.Reason)
	}
	if !strings.Contains(rec.Reason, "Black's connection stalls") {
		t.Errorf("reason %q", rec.Reason)
	}
	// Clock 500ms + margin 100ms + stall 300ms plus start-up is about 1s;
	// the bound is loose for loaded machines but far below the default
	// stall timeout of 15s that a missed detection would fall back to.
	if took > 5*time.Second {
		t.Errorf("stall detected after %v", took)
	}
	checkPGN(t, rec, replay(t, rec))
}

func TestPlayGameStallNodes(t *testing.T) {
	t.Parallel()
	tc := TimeControl{Nodes: 1, StallTimeout: 300 * time.Millisecond}
	start := time.Now()
	rec := play(t, engine("staller", "-stall"), engine("random"), Opening{}, tc, Adjudication{})
	if rec.Result != ResultBlackWins || rec.Termination != TermStall {
		t.Fatalf("result %s termination %q reason %q", rec.Result, rec.Termination, rec.Reason)
	}
	if took := time.Since(start); took > 5*time.Second {
		t.Errorf("stall detected after %v", took)
	}
	// The diagnosis: what it was asked, that its command loop still
	// answers, and (where there is SIGQUIT) the stacks the Go runtime
	// prints on it.
	for _, want := range []string{`White stalled on "position startpos", "go nodes 1"`, "readyok after"} {
		if !strings.Contains(rec.Diagnosis, want) {
			t.Errorf("diagnosis lacks %q:\n%s", want, rec.Diagnosis)
		}
	}
	if runtime.GOOS != "windows" && !strings.Contains(rec.Diagnosis, "main.main(") {
		t.Errorf("diagnosis has no goroutine dump:\n%s", rec.Diagnosis)
	}
	if strings.Contains(rec.PGN(), "goroutine") {
		t.Errorf("the diagnosis is in the PGN:\n%s", rec.PGN())
	}
	// No move was played: the PGN must still be readable.
	checkPGN(t, rec, nil)
}

func TestPlayGameIllegalMove(t *testing.T) {
	t.Parallel()
	rec := play(t, engine("cheat", "-illegal"), engine("random"), Opening{}, fastTC, Adjudication{})
	if rec.Result != ResultBlackWins || rec.Termination != TermIllegalMove {
		t.Fatalf("result %s termination %q", rec.Result, rec.Termination)
	}
	if !strings.Contains(rec.Reason, "White makes an illegal move: e1") {
		t.Errorf("reason %q", rec.Reason)
	}
}

func TestPlayGameTimeForfeit(t *testing.T) {
	t.Parallel()
	// White (instant) must answer within 500ms, Black sleeps 1s.
	tc := TimeControl{MoveTime: 200 * time.Millisecond, Margin: 300 * time.Millisecond, StallTimeout: 3 * time.Second}
	rec := play(t, engine("random"), engine("slow", "-delay", "1s"), Opening{}, tc, Adjudication{})
	if rec.Result != ResultWhiteWins || rec.Termination != TermTimeForfeit {
		t.Fatalf("result %s termination %q reason %q", rec.Result, rec.Termination, rec.Reason)
	}
	if rec.Reason != "Black loses on time" {
		t.Errorf("reason %q", rec.Reason)
	}
}

func TestPlayGameResignAdjudication(t *testing.T) {
	t.Parallel()
	adj := Adjudication{ResignMoveCount: 3, ResignScore: 600}
	rec := play(t, engine("pessimist", "-score", "-700"), engine("optimist", "-score", "700"), Opening{}, fastTC, adj)
	if rec.Result != ResultBlackWins || rec.Termination != TermAdjudication {
		t.Fatalf("result %s termination %q reason %q", rec.Result, rec.Termination, rec.Reason)
	}
	if len(rec.Moves) != 6 {
		t.Errorf("adjudicated after %d plies, want 6", len(rec.Moves))
	}
	checkPGN(t, rec, replay(t, rec))
}

func TestPlayGameDrawAdjudication(t *testing.T) {
	t.Parallel()
	adj := Adjudication{DrawMoveNumber: 3, DrawMoveCount: 2, DrawScore: 10}
	rec := play(t, engine("a"), engine("b"), Opening{}, fastTC, adj)
	if rec.Result != ResultDraw || rec.Termination != TermAdjudication {
		t.Fatalf("result %s termination %q reason %q", rec.Result, rec.Termination, rec.Reason)
	}
	// Moves 1 and 2 are before move number 3; then 2 moves each.
	if len(rec.Moves) != 8 {
		t.Errorf("adjudicated after %d plies, want 8", len(rec.Moves))
	}
}

func TestPlayGameOptions(t *testing.T) {
	t.Parallel()
	picky := engine("picky", "-require-option", "Hash=64")
	picky.Options = []EngineOption{{Name: "Hash", Value: "64"}}
	adj := Adjudication{ResignMoveCount: 1, ResignScore: 1}
	// Scores of -5/+5 end the game after two plies: only the set-up matters.
	picky.Args = append(picky.Args, "-score", "-5")
	rec := play(t, picky, engine("other", "-score", "5"), Opening{}, fastTC, adj)
	if rec.Termination != TermAdjudication {
		t.Errorf("termination %q reason %q", rec.Termination, rec.Reason)
	}

	// Without the option the engine exits during initialisation: that is
	// an error, not a game.
	picky.Options = nil
	_, err := PlayGame(context.Background(), picky, engine("other"), Opening{}, fastTC, Adjudication{})
	if err == nil || !strings.Contains(err.Error(), "picky") || !errors.Is(err, errEngineExited) {
		t.Errorf("err = %v", err)
	}
}

func TestPlayGameBadInput(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	if _, err := PlayGame(ctx, EngineSpec{Cmd: "/nonexistent/engine"}, engine("b"), Opening{}, fastTC, Adjudication{}); err == nil {
		t.Error("missing engine binary accepted")
	}
	for _, o := range []Opening{
		{FEN: "not a fen"},
		{FEN: "8/8/8/8/8/8/8/8 w - - 0 1"},
		{Moves: []string{"e2e5"}},
		{FEN: "7k/5QQ1/8/8/8/8/8/K7 b - - 0 1"}, // Black is mated
	} {
		if _, err := PlayGame(ctx, engine("a"), engine("b"), o, fastTC, Adjudication{}); err == nil {
			t.Errorf("opening %+v accepted", o)
		}
	}
}

func TestPlayGameCancel(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	start := time.Now()
	tc := TimeControl{Base: time.Minute}
	rec, err := PlayGame(ctx, engine("slow", "-delay", "10s"), engine("b"), Opening{}, tc, Adjudication{})
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("err = %v", err)
	}
	if rec.Result != ResultNone {
		t.Errorf("result %q", rec.Result)
	}
	if took := time.Since(start); took > 5*time.Second { // the engine would take 10s
		t.Errorf("cancellation took %v", took)
	}
}

func TestTimeUse(t *testing.T) {
	ms := time.Millisecond
	var a, b TimeUse
	a.Record(200*ms, 9800*ms, true, 0, 1)
	a.Record(100*ms, 9900*ms, true, 0, 11)
	b.Record(50*ms, 0, false, 0, 70)
	stages := func(u TimeUse) [len(StageStarts)]StageUse { return u.Stages }
	want := [len(StageStarts)]StageUse{{1, 200 * ms}, {1, 100 * ms}}
	if stages(a) != want {
		t.Errorf("a's stages %v, want %v", stages(a), want)
	}
	a.Stages = [len(StageStarts)]StageUse{}
	if a != (TimeUse{Moves: 2, Total: 300 * ms, Max: 200 * ms, Least: 9800 * ms, Clock: true}) || a.Mean() != 150*ms {
		t.Errorf("a: %+v mean %v", a, a.Mean())
	}
	a.Stages = want
	b.Add(a)
	want[5] = StageUse{1, 50 * ms}
	if stages(b) != want {
		t.Errorf("b's stages %v, want %v", stages(b), want)
	}
	b.Stages = [len(StageStarts)]StageUse{}
	if b != (TimeUse{Moves: 3, Total: 350 * ms, Max: 200 * ms, Least: 9800 * ms, Clock: true}) {
		t.Errorf("b: %+v", b)
	}
	var c TimeUse
	c.Record(30*ms, -5*ms, true, 0, 0) // over the clock within the margin; move 0 counts as 1
	b.Add(c)
	if b.Least != -5*ms || b.Moves != 4 || b.Stages[0] != (StageUse{1, 30 * ms}) {
		t.Errorf("b after c: %+v", b)
	}
	if (TimeUse{}).Mean() != 0 || (TimeUse{}).describe() != "0.000 s (max 0.000 s)" || c.describe() != "0.030 s (max 0.030 s, least left -0.005 s)" {
		t.Errorf("describe: %q, %q", (TimeUse{}).describe(), c.describe())
	}
	a.Record(150*ms, 0, true, 0, 45)
	if got := a.describeStages(); got != "0.200 0.100 - - 0.150 - s" {
		t.Errorf("describeStages: %q", got)
	}
	if got := StageNames(); got != "1-10, 11-20, 21-30, 31-40, 41-60, 61-" {
		t.Errorf("StageNames: %q", got)
	}
}

// TestPairPlaysGameAfterGame: a Pair plays several games with the same two
// processes (ucinewgame between them), each a whole legal game, and after a
// game an engine broke it refuses to play another.
func TestPairPlaysGameAfterGame(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	p, err := StartPair(ctx, engine("alpha"), engine("beta"))
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	pids := [2]int{p.engines[0].cmd.Process.Pid, p.engines[1].cmd.Process.Pid}
	o := Opening{FEN: "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4", Moves: []string{"b5a4", "g8f6"}}
	for i := 0; i < 3; i++ {
		rec, err := p.Play(ctx, o, fastTC, Adjudication{})
		if err != nil {
			t.Fatalf("game %d: %v", i+1, err)
		}
		if rec.Termination != TermNormal || rec.White != "alpha" || rec.Black != "beta" {
			t.Fatalf("game %d: termination %q (%s), names %q %q", i+1, rec.Termination, rec.Reason, rec.White, rec.Black)
		}
		checkPGN(t, rec, replay(t, rec))
		if p.Broken() {
			t.Fatalf("game %d broke the pair", i+1)
		}
	}
	if got := [2]int{p.engines[0].cmd.Process.Pid, p.engines[1].cmd.Process.Pid}; got != pids {
		t.Errorf("processes %v, then %v: not the same engines", pids, got)
	}

	// White crashes at its fourth move: the game is lost, the pair broken.
	q, err := StartPair(ctx, engine("crasher", "-crash-after", "3"), engine("random"))
	if err != nil {
		t.Fatal(err)
	}
	defer q.Close()
	rec, err := q.Play(ctx, Opening{}, fastTC, Adjudication{})
	if err != nil || rec.Termination != TermAbandoned || !q.Broken() {
		t.Fatalf("err %v, termination %q, broken %v", err, rec.Termination, q.Broken())
	}
	if _, err := q.Play(ctx, Opening{}, fastTC, Adjudication{}); !errors.Is(err, errBrokenPair) {
		t.Errorf("a broken pair played again: %v", err)
	}
}

// TestPairSetOptions: options set between games reach the engine (the
// random engine reports the value of Level as its score once it is set, 0
// before), a value out of
// range or an option not offered is refused before anything is sent and
// leaves the pair whole, and an engine's info string error is reported.
func TestPairSetOptions(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	level := []string{"-option", "name Level type spin default 1 min 0 max 10", "-score-option", "Level"}
	white := engine("white", append(level, "-option", "name Style type string default calm", "-refuse", "Style")...)
	p, err := StartPair(ctx, white, engine("black", level...))
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	scores := func(rec GameRecord, side int) map[int]int {
		seen := map[int]int{}
		for i, m := range rec.Moves {
			if !m.Book && i%2 == side && m.Score.Kind == ScoreCP {
				seen[m.Score.Value]++
			}
		}
		return seen
	}
	for _, lv := range []string{"7", "3"} {
		if err := p.SetOptions(ctx, 0, []EngineOption{{"level", lv}}); err != nil {
			t.Fatal(err)
		}
		if err := p.SetOptions(ctx, 1, []EngineOption{{"Level", "1" + lv}}); err == nil {
			t.Errorf("Level 1%s (out of range) accepted", lv)
		} else if _, ok := err.(*OptionValueError); !ok {
			t.Errorf("Level 1%s: %T %v, want an *OptionValueError", lv, err, err)
		}
		rec, err := p.Play(ctx, Opening{}, fastTC, Adjudication{})
		if err != nil || rec.Termination != TermNormal {
			t.Fatalf("game: %v, termination %q", err, rec.Termination)
		}
		want, _ := strconv.Atoi(lv)
		if w, b := scores(rec, 0), scores(rec, 1); len(w) != 1 || w[want] == 0 || len(b) != 1 || b[0] == 0 {
			t.Errorf("after Level %s for White: White's scores %v, Black's %v", lv, w, b)
		}
	}
	var unknown *UnknownOptionError
	if err := p.SetOptions(ctx, 1, []EngineOption{{"Level", "2"}, {"Colour", "red"}}); !errors.As(err, &unknown) {
		t.Errorf("an option not offered: %v", err)
	}
	var refused *OptionValueError
	if err := p.SetOptions(ctx, 0, []EngineOption{{"Style", "wild"}}); !errors.As(err, &refused) || !strings.Contains(err.Error(), "refused") {
		t.Errorf("a value the engine refuses: %v", err)
	}
	if err := p.SetOptions(ctx, 2, nil); err == nil {
		t.Error("side 2 accepted")
	}
	if p.Broken() {
		t.Error("refused options broke the pair")
	}
	rec, err := p.Play(ctx, Opening{}, fastTC, Adjudication{})
	if err != nil || rec.Termination != TermNormal || len(scores(rec, 1)) != 1 || scores(rec, 1)[0] == 0 {
		t.Errorf("after the refusals: %v, %q, Black's scores %v (Level 2 must not have been sent)", err, rec.Termination, scores(rec, 1))
	}
}

// TestLongThinks: a move is a long think when it takes more than twice a
// twentieth of the clock it started with plus the increment, and only on a
// running clock (not with a fixed time per move, where every move takes
// about all of it, nor with a node limit).
func TestLongThinks(t *testing.T) {
	ms := time.Millisecond
	tc := TimeControl{Base: 10 * time.Second, Increment: 100 * ms}
	if got := LongBudget(tc, 2*time.Second); got != 200*ms {
		t.Errorf("budget with 2 s left at 10+0.1: %v, want 200ms", got)
	}
	for _, fixed := range []TimeControl{{MoveTime: time.Second}, {Nodes: 1000}, {Base: time.Second, MoveTime: 100 * ms}} {
		if got := LongBudget(fixed, time.Second); got != 0 {
			t.Errorf("budget of %+v: %v, want none", fixed, got)
		}
	}
	var u TimeUse
	u.Record(400*ms, 1600*ms, true, LongBudget(tc, 2*time.Second), 1) // exactly twice: not long
	u.Record(401*ms, 1599*ms, true, LongBudget(tc, 2*time.Second), 2) // just over
	u.Record(500*ms, 0, true, 0, 3)                                   // no budget (a fixed movetime): never long
	u.Record(99*ms, 1901*ms, true, LongBudget(tc, 2*time.Second), 4)
	if u.Long != 1 || u.LongTotal != 401*ms {
		t.Errorf("long thinks %d taking %v, want 1 taking 401ms", u.Long, u.LongTotal)
	}
	var v TimeUse
	v.Add(u)
	v.Add(u)
	var fixed TimeUse
	fixed.Record(500*ms, 0, true, 0, 1)
	if fixed.Running || !u.Running {
		t.Errorf("running clock: %v for a fixed movetime, %v for a clock", fixed.Running, u.Running)
	}
	if v.Long != 2 || v.LongTotal != 802*ms || !v.Running {
		t.Errorf("merged: %d taking %v, want 2 taking 802ms", v.Long, v.LongTotal)
	}
	if got, want := u.describeLong(), "25.0% of the moves, 28.6% of the time"; got != want {
		t.Errorf("describeLong: %q, want %q", got, want)
	}
	if got := (TimeUse{}).describeLong(); got != "no moves" {
		t.Errorf("describeLong of nothing: %q", got)
	}
}
