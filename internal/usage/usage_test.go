package usage

import (
	"flag"
	"strings"
	"testing"
	"time"
)

func TestPrint(t *testing.T) {
	fs := flag.NewFlagSet("x", flag.ContinueOnError)
	fs.String("data", "", "tuning data `FILE` (required)")
	fs.Int("epochs", 100, "passes over the data")
	fs.Float64("lr", 0, "learning rate")
	fs.Bool("dry-run", false, "do not write")
	fs.Bool("selective", true, "prune")
	fs.Duration("movetime", time.Second, "time per move")
	fs.String("a-rather-long-flag-name", "x", "a description long enough to be wrapped at the seventy-ninth column of the terminal, twice over")
	var b strings.Builder
	Print(&b, "usage: bounder x [flags]\n\nDoes x.\n", fs)
	want := `usage: bounder x [flags]

Does x.

Flags:
  --a-rather-long-flag-name S
                          a description long enough to be wrapped at the
                          seventy-ninth column of the terminal, twice over
                          (default x)
  --data FILE             tuning data FILE (required)
  --dry-run               do not write
  --epochs N              passes over the data (default 100)
  --lr X                  learning rate
  --movetime D            time per move (default 1s)
  --selective             prune (default true)
`
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}

	b.Reset()
	Print(&b, "usage: bounder y\n\nDoes y.", flag.NewFlagSet("y", flag.ContinueOnError))
	if b.String() != "usage: bounder y\n\nDoes y.\n" {
		t.Errorf("no flags: %q", b.String())
	}
}
