package spsa

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bounder-chess/bounder/internal/enginetest"
)

// randomEngine is match's test engine (random legal moves), built once:
// it offers the options a test asks for and reports an option's value as
// its score.
var randomEngine string

func TestMain(m *testing.M) { enginetest.Main(m, &randomEngine) }

func runMain(args ...string) (int, string, string) {
	var out, errOut bytes.Buffer
	code := Main(args, &out, &errOut)
	return code, out.String(), errOut.String()
}

func openingsFile(t *testing.T) string {
	t.Helper()
	f := filepath.Join(t.TempDir(), "openings.epd")
	epd := "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -\nrnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq -\n"
	if err := os.WriteFile(f, []byte(epd), 0o644); err != nil {
		t.Fatal(err)
	}
	return f
}

// TestMainPlaysAndReports: a whole run against real processes (the random
// engine offering a spin option Level): a CSV line per iteration, a PGN
// with two games each, a plot, and the final values as options.
func TestMainPlaysAndReports(t *testing.T) {
	dir := t.TempDir()
	out, pgn, png := filepath.Join(dir, "run.csv"), filepath.Join(dir, "games.pgn"), filepath.Join(dir, "paths.png")
	engine := "cmd=" + randomEngine + ",arg=-option,arg=name Level type spin default 5 min 0 max 10"
	code, stdout, stderr := runMain("--engine", engine, "--param", "Level,5,0,10,1,0.05", "--iterations", "4",
		"--nodes", "1", "--openings", openingsFile(t), "--out", out, "--pgnout", pgn, "--plot", png, "--seed", "9")
	if code != 0 {
		t.Fatalf("exit %d\nstdout %s\nstderr %s", code, stdout, stderr)
	}
	csv, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	var rows []string
	for _, l := range strings.Split(strings.TrimSpace(string(csv)), "\n") {
		if !strings.HasPrefix(l, "#") {
			rows = append(rows, l)
		}
	}
	if len(rows) != 5 || rows[0] != "k,result,Level+,Level" {
		t.Fatalf("CSV rows %q", rows)
	}
	games, _ := os.ReadFile(pgn)
	if n := strings.Count(string(games), "[Result "); n != 8 {
		t.Errorf("%d games in the PGN, want 8", n)
	}
	if st, err := os.Stat(png); err != nil || st.Size() == 0 {
		t.Errorf("plot: %v", err)
	}
	if !strings.Contains(stdout, "4 iterations (8 games)") || !strings.Contains(stdout, "option.Level=") {
		t.Errorf("report:\n%s", stdout)
	}
	if !strings.Contains(stderr, "spsa: 4/4 pairs") {
		t.Errorf("progress: %q", stderr)
	}
}

// TestMainUsageErrors: every mistake is exit 2 with one line on stderr,
// before any file is written.
func TestMainUsageErrors(t *testing.T) {
	ops := openingsFile(t)
	dir := t.TempDir()
	out := filepath.Join(dir, "never.csv")
	engine := "cmd=" + randomEngine + ",arg=-option,arg=name Level type spin default 5 min 0 max 10"
	cases := [][]string{
		{"--openings", ops, "--out", out},                                             // nothing to tune
		{"--params", "NoSuchParam", "--openings", ops, "--out", out},                  // not a parameter
		{"--params", "LMRBase=x", "--openings", ops, "--out", out},                    // bad start
		{"--params", "LMRBase=900", "--openings", ops, "--out", out},                  // start out of range
		{"--params", "LMRBase,LMRBase", "--openings", ops, "--out", out},              // twice
		{"--param", "Level,5,0,10", "--openings", ops, "--out", out},                  // too few fields
		{"--param", "Level,5,0,10,0", "--openings", ops, "--out", out},                // c_end 0
		{"--param", "Level,5,0,10,1,NaN", "--openings", ops, "--out", out},            // r_end NaN
		{"--params", "LMRBase", "--out", out},                                         // no openings
		{"--params", "LMRBase", "--openings", ops, "--iterations", "0", "--out", out}, // no iterations
		{"--params", "LMRBase", "--openings", ops, "--plot", "x.jpg", "--out", out},   // plot format
		{"--params", "LMRBase", "--openings", ops, "--tc", "fast", "--out", out},      // time control
		{"--params", "LMRBase", "--openings", filepath.Join(dir, "none.epd"), "--out", out},
		{"--params", "LMRBase", "--openings", ops, "--out", out, "extra"},
		{"--engine", engine, "--param", "Colour,5,0,10,1", "--nodes", "1", "--openings", ops, "--out", out}, // not offered
		{"--engine", engine, "--param", "Level,15,0,20,1", "--nodes", "1", "--openings", ops, "--out", out}, // refused
	}
	for _, args := range cases {
		code, stdout, stderr := runMain(args...)
		if code != 2 || stdout != "" || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%q: exit %d, stdout %q, stderr %q", args, code, stdout, stderr)
		}
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("a refused run wrote its CSV: %v", err)
	}
}

// TestMainResumes: a CSV cut after iteration 3 of 5 is continued by
// --resume with iterations 4 and 5; a finished run, another seed, other
// parameters and an existing CSV without --resume are usage errors that
// leave the file alone.
func TestMainResumes(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "run.csv")
	ops := openingsFile(t)
	engine := "cmd=" + randomEngine + ",arg=-option,arg=name Level type spin default 5 min 0 max 10" +
		",arg=-option,arg=name Speed type spin default 5 min 0 max 10"
	args := []string{"--engine", engine, "--param", "Level,5,0,10,1,0.05", "--iterations", "5", "--nodes", "1",
		"--openings", ops, "--out", out, "--seed", "3"}
	if code, stdout, stderr := runMain(args...); code != 0 {
		t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
	}
	full, _ := os.ReadFile(out)
	if code, _, stderr := runMain(args...); code != 2 || !strings.Contains(stderr, "--resume") {
		t.Errorf("an existing CSV without --resume: exit %d, %q", code, stderr)
	}
	if code, _, stderr := runMain(append(args, "--resume")...); code != 2 || !strings.Contains(stderr, "all 5 iterations") {
		t.Errorf("resuming a finished run: exit %d, %q", code, stderr)
	}
	// Cut after iteration 3.
	lines := strings.SplitAfter(string(full), "\n")
	var cut strings.Builder
	for _, l := range lines {
		if strings.HasPrefix(l, "4,") {
			break
		}
		cut.WriteString(l)
	}
	if err := os.WriteFile(out, []byte(cut.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	otherSeed := append(append([]string(nil), args...), "--resume", "--seed", "4")
	otherParam := append(append([]string(nil), args...), "--resume", "--param", "Speed,5,0,10,1")
	for a, why := range map[*[]string]string{&otherSeed: "seed 3, not 5 and 4", &otherParam: "columns"} {
		if code, _, stderr := runMain(*a...); code != 2 || !strings.Contains(stderr, why) {
			t.Errorf("%q: exit %d, %q; want %q", *a, code, stderr, why)
		}
	}
	if now, _ := os.ReadFile(out); string(now) != cut.String() {
		t.Error("a refused resume changed the CSV")
	}
	code, stdout, stderr := runMain(append(args, "--resume")...)
	if code != 0 || !strings.Contains(stdout, "resumed after iteration 3: 2 iterations (4 games), 5 of 5 in all") {
		t.Fatalf("resume: exit %d\n%s%s", code, stdout, stderr)
	}
	csv, _ := os.ReadFile(out)
	var ks []string
	for _, l := range strings.Split(strings.TrimSpace(string(csv)), "\n") {
		if l != "" && l[0] >= '1' && l[0] <= '9' {
			ks = append(ks, strings.SplitN(l, ",", 2)[0])
		}
	}
	if strings.Join(ks, " ") != "1 2 3 4 5" || !strings.Contains(string(csv), "# resumed after iteration 3") {
		t.Errorf("resumed CSV:\n%s", csv)
	}
}
