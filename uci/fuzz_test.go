package uci

import (
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/bounder-chess/bounder/engine"
)

// FuzzCommand feeds arbitrary command lines to the engine (with the fake
// searcher and a fake book) and checks that it never panics or hangs, that
// every output line is a single clean line, and that every search "go"
// before the first "quit" gets exactly one bestmove.
//
// Run it with: go test -run '^$' -fuzz FuzzCommand ./uci
func FuzzCommand(f *testing.F) {
	for _, s := range []string{
		"uci\nisready\n",
		"position startpos moves e2e4 e7e5\ngo depth 3\n",
		"go infinite\nisready\nstop\n",
		"go ponder wtime 100 btime 100\nponderhit\n",
		"position fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1\ngo\n",
		"setoption name Hash value 16\nsetoption name Driver value BNS\nucinewgame\n",
		"go perft 2\nperft 3\nstop\n",
		"go wtime -5 btime 0 winc 10 movestogo 1 searchmoves e2e4 a1a1\n",
		"d\neval\nbench\ndebug on\nponderhit\nstop\nquit\ngo\n",
		"position fen 8/8/8/8 w\nposition startpos moves e2e5\n\x00\xff\r\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data string) {
		if len(data) > 4096 {
			return
		}
		fake := newFake()
		fake.delay = time.Millisecond
		book := &fakeBook{moves: map[string]string{engine.StartFEN: "e2e4"}}
		e := New(Config{
			Version:     "fuzz",
			Searcher:    fake,
			DefaultBook: func() Book { return book },
			OpeningName: func(p *engine.Position) (string, bool) { return "A00 Test\nOpening", p.Ply() == 1 },
		})
		e.maxPerft = 3
		var out strings.Builder
		done := make(chan error, 1)
		go func() { done <- e.Run(strings.NewReader(data), &out) }()
		select {
		case err := <-done:
			if err != nil {
				t.Fatalf("Run: %v", err)
			}
		case <-time.After(20 * time.Second):
			t.Fatal("Run did not return")
		}

		searches := 0
		for _, line := range strings.Split(data, "\n") {
			toks := strings.Fields(strings.TrimRight(line, "\r"))
			if len(toks) == 0 {
				continue
			}
			cmd := strings.ToLower(toks[0])
			if cmd == "quit" {
				break
			}
			if cmd == "go" {
				if p, _ := parseGo(toks[1:]); !p.isPerft {
					searches++
				}
			}
		}
		text := out.String()
		if text != "" && !strings.HasSuffix(text, "\n") {
			t.Fatalf("output does not end with a newline: %q", text)
		}
		bestmoves := 0
		for _, l := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
			if strings.HasPrefix(l, "bestmove ") {
				bestmoves++
			}
			if !utf8.ValidString(l) {
				t.Errorf("invalid UTF-8 in %q", l)
			}
			for _, r := range l {
				if r < ' ' || r == 0x7f {
					t.Fatalf("control character in output line %q", l)
				}
			}
		}
		if bestmoves != searches {
			t.Fatalf("%d searches, %d bestmoves:\n%s", searches, bestmoves, text)
		}
	})
}
