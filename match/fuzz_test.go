package match

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

// The command line's parsers and the readers of opening files and engine
// output take any input without panicking, and what they accept is sane.

func FuzzParseTimeControl(f *testing.F) {
	for _, s := range []string{"10+0.1", "60", "40/60+0.5", "150ms+10ms", "0", "-1", "1/", "/5", "+", "1e7", "1e8", "NaN", "Inf", "40/1e-9",
		// Past the range in a Go duration's spelling: accepted once, as
		// only the plain number of seconds was range-checked.
		"10000001s", "1+10000001s", "166667m", "2778h", "1e7+1e7", "10000000s+10000000001ms"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tc, err := ParseTimeControl(s)
		if err != nil {
			return
		}
		if tc.Base <= 0 || tc.Base > MaxTime || tc.Increment < 0 || tc.Increment > MaxTime || tc.MovesToGo < 0 {
			t.Fatalf("%q: accepted %+v, out of range", s, tc)
		}
		// What it prints (the PGN tag) reads back as the same control.
		back, err := ParseTimeControl(tc.String())
		if err != nil {
			t.Fatalf("%q: %q does not read back: %v", s, tc.String(), err)
		}
		near := func(a, b time.Duration) bool { d := a - b; return d > -time.Microsecond && d < time.Microsecond }
		if !near(back.Base, tc.Base) || !near(back.Increment, tc.Increment) || back.MovesToGo != tc.MovesToGo {
			t.Fatalf("%q: %+v, read back from %q as %+v", s, tc, tc.String(), back)
		}
	})
}

func FuzzParseEngineSpec(f *testing.F) {
	for _, s := range []string{"cmd=./bounder,name=B,option.Hash=64", "cmd=", "name=x", ",", "cmd=a,option.=1", "cmd=a,arg=-x,dir=/tmp", "option.Threads=1,cmd=x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		spec, err := ParseEngineSpec(s)
		if err != nil {
			return
		}
		if spec.Cmd == "" {
			t.Fatalf("%q: accepted without a command", s)
		}
		for _, o := range spec.Options {
			if strings.TrimSpace(o.Name) == "" {
				t.Fatalf("%q: an option without a name", s)
			}
		}
	})
}

func FuzzParseSPRT(f *testing.F) {
	for _, s := range []string{"elo0=0,elo1=5", "elo0=0,elo1=50,alpha=0.05,beta=0.05,model=normalized", "elo1=-1", "alpha=1", "elo0=NaN", "elo0=1,elo0=2", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sp, err := ParseSPRT(s)
		if err != nil {
			return
		}
		if sp.Validate() != nil {
			t.Fatalf("%q: accepted %+v", s, sp)
		}
		if lower, upper := sp.Bounds(); !(lower < 0 && upper > 0) {
			t.Fatalf("%q: bounds %g, %g", s, lower, upper)
		}
	})
}

func FuzzReadOpenings(f *testing.F) {
	f.Add([]byte("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\n# c\n\n"))
	f.Add([]byte("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - hmvc 3; fmvn 7; id \"x\";\n"))
	f.Add([]byte("[Event \"?\"]\n\n1. e4 e5 2. Nf3 {c} Nc6 *\n\n[FEN \"8/8/8/8/8/8/8/K1k5 w - - 0 1\"]\n\n1. Kb1 *\n"))
	f.Add([]byte("{a comment first} 1. e4 *\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		if ops, err := ReadEPD(bytes.NewReader(b)); err == nil {
			for _, o := range ops {
				if len(strings.Fields(o.FEN)) != 6 || o.ID == "" {
					t.Fatalf("EPD opening %+v", o)
				}
			}
		}
		if ops, err := ReadPGNOpenings(bytes.NewReader(b)); err == nil {
			for _, o := range ops {
				if o.ID == "" {
					t.Fatalf("PGN opening without an ID: %+v", o)
				}
			}
		}
	})
}

func FuzzParseInfo(f *testing.F) {
	for _, s := range []string{"depth 12 seldepth 20 score cp 35 nodes 1000 pv e2e4 e7e5", "score mate -3", "score", "depth", "score cp", "score lowerbound 5", "string score cp 5"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var res searchResult
		parseInfo(strings.Fields(s), &res)
		if res.score.Kind != ScoreCP && res.score.Kind != ScoreMate && res.score != (Score{}) {
			t.Fatalf("%q: score %+v", s, res.score)
		}
	})
}
