package match

import (
	"bytes"
	"context"
	"errors"
	"math"
	"reflect"
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
	offered := []engineOption{{name: "Hash"}, {name: "Clear Hash"}, {name: "UCI_Elo"}}
	for _, c := range []struct{ name, want string }{
		{"Hash", "Hash"}, {"hash", "Hash"}, {"HASH", "Hash"}, {"clear  hash", "Clear Hash"},
		{"uci_elo", "UCI_Elo"}, {"Hsh", ""}, {"Clear", ""}, {"", ""},
	} {
		got, ok := lookupOption(offered, c.name)
		if got.name != c.want || ok != (c.want != "") {
			t.Errorf("%q: %q %v, want %q", c.name, got.name, ok, c.want)
		}
	}
}

func TestParseOption(t *testing.T) {
	for _, c := range []struct {
		line string
		want engineOption
	}{
		{"option name Hash type spin default 16 min 1 max 1024",
			engineOption{name: "Hash", typ: "spin", min: 1, max: 1024, hasMin: true, hasMax: true}},
		{"option name Skill Level type SPIN default 20 max 20",
			engineOption{name: "Skill Level", typ: "spin", max: 20, hasMax: true}},
		{"option name Big type spin default 1 min x max 99999999999999999999",
			engineOption{name: "Big", typ: "spin", max: math.MaxInt64, hasMax: true}},
		{"option name Style type combo default Very Risky var Solid var Very Risky var",
			engineOption{name: "Style", typ: "combo", vars: []string{"Solid", "Very Risky", ""}}},
		{"option name Clear Hash type button", engineOption{name: "Clear Hash", typ: "button"}},
		{"option name NoType", engineOption{name: "NoType"}},
	} {
		got, ok := parseOption(strings.Fields(c.line))
		if !ok || !reflect.DeepEqual(got, c.want) {
			t.Errorf("%q: %+v %v, want %+v", c.line, got, ok, c.want)
		}
	}
	if _, ok := parseOption(strings.Fields("option type spin")); ok {
		t.Error("an option without a name parsed")
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

// strictEngine is the random engine offering options of every type, and
// refusing every value of "Book File" with an info string error.
func strictEngine(name string, args ...string) EngineSpec {
	return engine(name, append([]string{
		"-option", "name Threads type spin default 1 min 1 max 64",
		"-option", "name Style type combo default Solid var Solid var Very Risky",
		"-option", "name Ponder type check default false",
		"-option", "name Book File type string default <empty>",
		"-option", "name Clear Hash type button",
		"-refuse", "Book File",
	}, args...)...)
}

// An option value the engine refuses is an error naming the engine, the
// option and the value, before any move: it used to be sent, and the
// engine played on with its default (issue 24). Refused means outside the
// range or the choices the engine offered, or answered with an info string
// error.
func TestOptionValueRefused(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ name, value, want string }{
		{"Threads", "99", `engine strict: option "Threads" value "99" is out of its range 1..64`},
		{"threads", "0", `engine strict: option "Threads" value "0" is out of its range 1..64`},
		{"Threads", "-3", `engine strict: option "Threads" value "-3" is out of its range 1..64`},
		{"Threads", "4.5", `engine strict: option "Threads" value "4.5" is not an integer`},
		{"Threads", "", `engine strict: option "Threads" value "" is not an integer`},
		{"Hash", "99999", `engine strict: option "Hash" value "99999" is out of its range 1..1024`},
		{"Style", "Wild", `engine strict: option "Style" value "Wild" is not one of Solid, Very Risky`},
		{"Style", "Very", `engine strict: option "Style" value "Very" is not one of Solid, Very Risky`},
		{"Ponder", "yes", `engine strict: option "Ponder" value "yes" is not true or false`},
		{"Book File", "book.bin", `engine strict: option "Book File" value "book.bin" refused: info string error: Book File: value book.bin refused`},
	} {
		spec := strictEngine("strict")
		spec.Options = []EngineOption{{Name: "Hash", Value: "64"}, {Name: c.name, Value: c.value}}
		err := CheckEngine(context.Background(), spec)
		var v *OptionValueError
		if !errors.As(err, &v) || err.Error() != c.want {
			t.Errorf("%s=%q: err = %v, want %s", c.name, c.value, err, c.want)
			continue
		}
		if v.Engine != "strict" || !strings.EqualFold(v.Option, c.name) || v.Value != c.value {
			t.Errorf("%s=%q: %+v", c.name, c.value, v)
		}
	}

	// A game refuses it too, before its first move.
	spec := strictEngine("strict")
	spec.Options = []EngineOption{{Name: "Threads", Value: "99"}}
	_, err := PlayGame(context.Background(), spec, engine("other"), Opening{}, fastTC, Adjudication{})
	var v *OptionValueError
	if !errors.As(err, &v) {
		t.Errorf("PlayGame: %v", err)
	}

	// Values within what the engine offered pass, in its spelling where it
	// has one (the test engine compares exactly: it exits unless the
	// required value was set).
	for _, c := range []struct {
		o       EngineOption
		require string
	}{
		{EngineOption{"Threads", "64"}, "Threads=64"},
		{EngineOption{"Threads", "1"}, "Threads=1"},
		{EngineOption{"hash", "1024"}, "Hash=1024"},
		{EngineOption{"style", "very  RISKY"}, "Style=Very Risky"},
		{EngineOption{"Ponder", "TRUE"}, "Ponder=true"},
		{EngineOption{"Ponder", "false"}, "Ponder=false"},
		{EngineOption{"Clear Hash", ""}, "Clear Hash="},
	} {
		spec := strictEngine("strict", "-require-option", c.require)
		spec.Options = []EngineOption{c.o}
		if err := CheckEngine(context.Background(), spec); err != nil {
			t.Errorf("%s=%q: %v", c.o.Name, c.o.Value, err)
		}
	}
}

// The command of issue 24: each engine's refused value is exit 2 with one
// line on stderr naming the engine, the option and the value.
func TestMainOptionValue(t *testing.T) {
	t.Parallel()
	strict := "cmd=" + randomEngine + ",arg=-option,arg=name Threads type spin default 1 min 1 max 64,arg=-refuse,arg=Threads"
	for _, c := range []struct {
		engines []string
		want    string
	}{
		{[]string{strict + ",name=A,option.Hash=99999", strict + ",name=B,option.Threads=99"},
			`bounder match: engine A: option "Hash" value "99999" is out of its range 1..1024` + "\n"},
		{[]string{strict + ",name=A,option.Hash=64", strict + ",name=B,option.Threads=99"},
			`bounder match: engine B: option "Threads" value "99" is out of its range 1..64` + "\n"},
		{[]string{strict + ",name=A", strict + ",name=B,option.Threads=8"},
			`bounder match: engine B: option "Threads" value "8" refused: info string error: Threads: value 8 refused` + "\n"},
	} {
		var stdout, stderr bytes.Buffer
		code := Main([]string{"--engine", c.engines[0], "--engine", c.engines[1], "--tc", "1+0.01", "--games", "2"}, &stdout, &stderr)
		if code != ExitUsage || stderr.String() != c.want || stdout.Len() > 0 {
			t.Errorf("%q: exit %d\nstdout %q\nstderr %q\nwant   %q", c.engines, code, stdout.String(), stderr.String(), c.want)
		}
	}
}
