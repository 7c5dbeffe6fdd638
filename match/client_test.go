package match

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
)

func TestOptionName(t *testing.T) {
	for _, c := range []struct{ line, want string }{
		{"option name Hash type spin default 16 min 1 max 1024", "Hash"},
		{"option name Clear Hash type button", "Clear Hash"},
		{"option  name   Move   Overhead  type spin", "Move Overhead"},
		{"option name Trailing", "Trailing"},
		{"option name type check", ""},
		{"option type spin", ""},
		{"option", ""},
		{"id name Bounder", ""},
	} {
		got, ok := optionName(strings.Fields(c.line))
		if got != c.want || ok != (c.want != "") {
			t.Errorf("%q: %q %v, want %q", c.line, got, ok, c.want)
		}
	}
	offered := []string{"Hash", "Clear Hash", "UCI_Elo"}
	for _, c := range []struct{ name, want string }{
		{"Hash", "Hash"}, {"hash", "Hash"}, {"HASH", "Hash"}, {"clear  hash", "Clear Hash"},
		{"uci_elo", "UCI_Elo"}, {"Hsh", ""}, {"Clear", ""}, {"", ""},
	} {
		got, ok := lookupOption(offered, c.name)
		if got != c.want || ok != (c.want != "") {
			t.Errorf("%q: %q %v, want %q", c.name, got, ok, c.want)
		}
	}
}

// An option the engine does not offer is an error naming the engine and
// the option, before any move: it used to be sent and silently ignored.
func TestUnknownOption(t *testing.T) {
	t.Parallel()
	spec := engine("picky")
	spec.Options = []EngineOption{{Name: "Hash", Value: "16"}, {Name: "Threads", Value: "4"}}
	_, err := PlayGame(context.Background(), spec, engine("other"), Opening{}, fastTC, Adjudication{})
	var u *UnknownOptionError
	if !errors.As(err, &u) || u.Engine != "picky" || u.Option != "Threads" {
		t.Fatalf("err = %v", err)
	}
	if want := `engine picky has no option "Threads" (its options: Hash)`; !strings.Contains(err.Error(), want) {
		t.Errorf("err = %q, want %q in it", err, want)
	}
	if err := CheckEngine(context.Background(), spec); !errors.As(err, &u) {
		t.Errorf("CheckEngine: %v", err)
	}

	// Names are case-insensitive, and the engine gets its own spelling
	// (the test engine compares exactly: it exits unless Hash is 64).
	spec = engine("picky", "-require-option", "Hash=64")
	spec.Options = []EngineOption{{Name: "hASH", Value: "64"}}
	if err := CheckEngine(context.Background(), spec); err != nil {
		t.Errorf("hASH: %v", err)
	}
}

func TestMainUnknownOption(t *testing.T) {
	t.Parallel()
	var stdout, stderr bytes.Buffer
	code := Main([]string{
		"--engine", "cmd=" + randomEngine + ",name=A,option.Hash=16",
		"--engine", "cmd=" + randomEngine + ",name=B,option.Hsh=16",
		"--nodes", "10",
	}, &stdout, &stderr)
	want := "bounder match: engine B has no option \"Hsh\" (its options: Hash)\n"
	if code != ExitUsage || stderr.String() != want || stdout.Len() > 0 {
		t.Errorf("exit %d\nstdout %q\nstderr %q\nwant   %q", code, stdout.String(), stderr.String(), want)
	}
}
