package main

import (
	"bytes"
	"regexp"
	"runtime/debug"
	"slices"
	"sort"
	"strings"
	"testing"
)

func runMain(args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = run(args, strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

// checkLayout checks the common help layout (internal/usage): usage
// line(s), a blank line, one paragraph, and then, if any, a blank line and
// one "Flags:" or "Commands:" section of indented lines, nothing after;
// no line over 79 characters.
func checkLayout(t *testing.T, name, help string) {
	t.Helper()
	lines := strings.Split(strings.TrimSuffix(help, "\n"), "\n")
	if !strings.HasSuffix(help, "\n") || len(lines) < 3 {
		t.Errorf("%s: help too short or unterminated: %q", name, help)
		return
	}
	if !strings.HasPrefix(lines[0], "usage: bounder "+name) {
		t.Errorf("%s: first line %q", name, lines[0])
	}
	i := 1
	for i < len(lines) && strings.HasPrefix(lines[i], "       bounder "+name) {
		i++ // more usage lines
	}
	if i >= len(lines) || lines[i] != "" {
		t.Errorf("%s: no blank line after the usage", name)
		return
	}
	i++
	start := i
	for i < len(lines) && lines[i] != "" {
		i++
	}
	if i == start {
		t.Errorf("%s: no description", name)
	}
	if i < len(lines) {
		if i+1 >= len(lines) || lines[i+1] != "Flags:" && lines[i+1] != "Commands:" {
			t.Errorf("%s: after the description, want Flags: or Commands:, got %q", name, lines[i:])
			return
		}
		for _, l := range lines[i+2:] {
			if !strings.HasPrefix(l, "  ") {
				t.Errorf("%s: %q in the flag list", name, l)
			}
		}
	}
	for _, l := range lines {
		if n := len([]rune(l)); n > 79 {
			t.Errorf("%s: line of %d characters: %q", name, n, l)
		}
	}
}

// Every subcommand's --help and -h print its help to stdout and exit 0
// (tune and datagen exited 2 on stderr), in one layout.
func TestHelp(t *testing.T) {
	cmds := [][]string{{"perft"}, {"bench"}, {"epd"}, {"book"}, {"book", "build"}, {"book", "dump"},
		{"match"}, {"datagen"}, {"tune"}}
	for _, cmd := range cmds {
		name := strings.Join(cmd, " ")
		for _, h := range []string{"--help", "-h", "-help"} {
			code, stdout, stderr := runMain(append(cmd, h)...)
			if code != 0 || stderr != "" {
				t.Errorf("%s %s: exit %d, stderr %q", name, h, code, stderr)
			}
			checkLayout(t, name, stdout)
		}
	}
	// "bounder help CMD" is "bounder CMD --help".
	code, stdout, _ := runMain("help", "tune")
	_, want, _ := runMain("tune", "--help")
	if code != 0 || stdout != want {
		t.Errorf("help tune: exit %d, %q", code, stdout)
	}

	// The main help lists every command.
	for _, h := range []string{"--help", "-h", "help"} {
		code, stdout, stderr := runMain(h)
		if code != 0 || stderr != "" {
			t.Errorf("%s: exit %d, stderr %q", h, code, stderr)
		}
		checkLayout(t, "[command]", stdout)
		var names []string
		for name := range commands {
			names = append(names, name)
		}
		sort.Strings(names)
		for _, name := range append(names, "version", "help") {
			if !regexp.MustCompile(`(?m)^  ` + name + ` +\S`).MatchString(stdout) {
				t.Errorf("%s: %s is not listed:\n%s", h, name, stdout)
			}
		}
	}
}

// Usage errors still go to stderr, on one line, with exit 2.
func TestUsageErrors(t *testing.T) {
	for _, args := range [][]string{
		{"frobnicate"}, {"help", "frobnicate"}, {"version", "x"},
		{"tune", "--lr", "x"}, {"datagen", "--bogus"}, {"book", "build", "--bogus"},
		{"match", "--bogus"}, {"perft", "--bogus"},
	} {
		code, stdout, stderr := runMain(args...)
		if code != 2 || stdout != "" || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%q: exit %d\nstdout %q\nstderr %q", args, code, stdout, stderr)
		}
	}
}

func TestVersion(t *testing.T) {
	for _, arg := range []string{"--version", "version", "-version"} {
		code, stdout, stderr := runMain(arg)
		if code != 0 || stderr != "" || stdout != "bounder "+versionText()+"\n" {
			t.Errorf("%s: exit %d, stdout %q, stderr %q", arg, code, stdout, stderr)
		}
	}
	rev := []debug.BuildSetting{{Key: "vcs.revision", Value: "4ae9f0e1c2d3b4a5968778695a4b3c2d1e0f1a2b"}}
	dirty := append(rev, debug.BuildSetting{Key: "vcs.modified", Value: "true"})
	clean := append(rev, debug.BuildSetting{Key: "vcs.modified", Value: "false"})
	for _, c := range []struct {
		linked   string
		info     *debug.BuildInfo
		settings []debug.BuildSetting
		want     string
	}{
		{"0.1-dev", nil, nil, "0.1-dev"},
		{"0.1-dev", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, nil, "0.1-dev"},
		{"0.1-dev", &debug.BuildInfo{Main: debug.Module{Version: "v1.2.3"}}, nil, "v1.2.3"},
		{"2.0", &debug.BuildInfo{Main: debug.Module{Version: "v1.2.3"}}, nil, "2.0"},
		{"0.1-dev", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, dirty, "0.1-dev (4ae9f0e1c2d3, modified)"},
		{"0.1-dev", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, clean, "0.1-dev (4ae9f0e1c2d3)"},
		{"0.1-dev", &debug.BuildInfo{Main: debug.Module{Version: "v0.0.0-20240101000000-4ae9f0e1c2d3"}}, clean,
			"v0.0.0-20240101000000-4ae9f0e1c2d3"},
	} {
		if c.info != nil {
			c.info.Settings = c.settings
		}
		if got := describeVersion(c.linked, c.info); got != c.want {
			t.Errorf("%s %+v: %q, want %q", c.linked, c.info, got, c.want)
		}
	}
}

// listedCommands parses the command names from the "Commands:" section of
// the main help, so that a command added to the listing later is covered
// by the tests that use it without being named in them.
func listedCommands(t *testing.T) []string {
	t.Helper()
	code, stdout, stderr := runMain("--help")
	if code != 0 || stderr != "" {
		t.Fatalf("--help: exit %d, stderr %q", code, stderr)
	}
	_, section, ok := strings.Cut(stdout, "\nCommands:\n")
	if !ok {
		t.Fatalf("--help has no Commands: section:\n%s", stdout)
	}
	var names []string
	for _, l := range strings.Split(strings.TrimSuffix(section, "\n"), "\n") {
		f := strings.Fields(l)
		if !strings.HasPrefix(l, "  ") || len(f) < 2 {
			t.Fatalf("--help: %q is not a command line", l)
		}
		names = append(names, f[0])
	}
	return names
}

// Every command "bounder --help" lists answers --help and -h, and "bounder
// help COMMAND", with its help on stdout and exit 0 (version and help
// exited 2 on stderr).
func TestEveryListedCommandHelps(t *testing.T) {
	names := listedCommands(t)
	if !slices.Contains(names, "help") || !slices.Contains(names, "match") {
		t.Fatalf("the listing was misread: %q", names)
	}
	for _, name := range names {
		for _, h := range []string{"--help", "-h"} {
			code, stdout, stderr := runMain(name, h)
			if code != 0 || stdout == "" || stderr != "" {
				t.Errorf("%s %s: exit %d, stdout %q, stderr %q", name, h, code, stdout, stderr)
				continue
			}
			checkLayout(t, name, stdout)
		}
		_, want, _ := runMain(name, "--help")
		if code, stdout, stderr := runMain("help", name); code != 0 || stdout != want || stderr != "" {
			t.Errorf("help %s: exit %d, stdout %q, stderr %q; want %q", name, code, stdout, stderr, want)
		}
	}
}
