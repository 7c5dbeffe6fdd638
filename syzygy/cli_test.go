package syzygy

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func runProbe(args ...string) (code int, stdout, stderr string) {
	var out, errw bytes.Buffer
	code = ProbeMain(args, &out, &errw)
	return code, out.String(), errw.String()
}

func TestProbeMainHelp(t *testing.T) {
	for _, arg := range []string{"--help", "-h", "-help"} {
		code, out, errs := runProbe(arg)
		if code != 0 || !strings.HasPrefix(out, "usage: bounder probe") || !strings.Contains(out, "--syzygy PATH") || errs != "" {
			t.Errorf("%s: code %d, stdout %q, stderr %q", arg, code, out, errs)
		}
	}
}

func TestProbeMainUsageErrors(t *testing.T) {
	t.Setenv("SYZYGY_PATH", "")
	empty := t.TempDir()
	for _, args := range [][]string{
		{},
		{"--syzygy", testDir},
		{"--bogus", "8/8/8/8/8/8/8/8 w - -"},
		{"--syzygy", testDir, "8/8/8/8 w - - 0 1"},
		{"--syzygy", testDir, "8/2K5/4B3/3N4/8/8/4k3/8", "b", "-"}, // three fields
		{"8/2K5/4B3/3N4/8/8/4k3/8 b - - 0 1"},                      // no path anywhere
		{"--syzygy", filepath.Join(empty, "missing"), "8/2K5/4B3/3N4/8/8/4k3/8 b - - 0 1"},
		{"--syzygy"},
	} {
		code, out, errs := runProbe(args...)
		if code != 2 || out != "" || strings.Count(errs, "\n") != 1 || !strings.HasPrefix(errs, "probe: ") {
			t.Errorf("%q: code %d, stdout %q, stderr %q; want 2 and one line on stderr", args, code, out, errs)
		}
	}
}

func TestProbeMain(t *testing.T) {
	t.Setenv("SYZYGY_PATH", "")
	const fen = "8/2K5/4B3/3N4/8/8/4k3/8 b - - 0 1"
	want := "WDL: loss (-2)\nDTZ: -53\nBest move: "
	for _, args := range [][]string{
		{"--syzygy", testDir, fen},
		{"--syzygy=" + testDir, fen},
		append(strings.Fields(fen), "--syzygy", testDir), // fields apart, flag last
		{"--syzygy", t.TempDir() + string(os.PathListSeparator) + testDir, fen},
	} {
		code, out, errs := runProbe(args...)
		if code != 0 || !strings.HasPrefix(out, want) || errs != "" {
			t.Errorf("%q: code %d, stdout %q, stderr %q", args, code, out, errs)
			continue
		}
		move := strings.TrimSpace(strings.TrimPrefix(out, want))
		pos := parse(t, testCase{fen: fen})
		if _, err := pos.ParseMove(move); err != nil {
			t.Errorf("%q: best move %q: %v", args, move, err)
		}
	}

	// SYZYGY_PATH is the default; a missing directory in the list warns.
	t.Setenv("SYZYGY_PATH", "/nonexistent/syzygy"+string(os.PathListSeparator)+testDir)
	code, out, errs := runProbe("8/8/8/8/8/3k4/8/QK6 w - - 0 1")
	if code != 0 || !strings.HasPrefix(out, "WDL: win (2)\nDTZ: ") || !strings.Contains(errs, "warning") {
		t.Errorf("SYZYGY_PATH: code %d, stdout %q, stderr %q", code, out, errs)
	}
	t.Setenv("SYZYGY_PATH", testDir)

	for _, tc := range []struct {
		fen  string
		code int
		out  string
	}{
		{"R5k1/8/6K1/8/8/8/8/8 b - - 0 1", 0, "WDL: loss (-2)\nDTZ: -1\nBest move: none (checkmate)\n"},
		{"k7/2Q5/1K6/8/8/8/8/8 b - - 0 1", 0, "WDL: draw (0)\nDTZ: 0\nBest move: none (stalemate)\n"},
		{"4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", 1, ""},    // castling rights
		{"4k3/8/8/8/8/8/PP6/RN2K3 w - - 0 1", 1, ""}, // five pieces
	} {
		code, out, errs := runProbe(tc.fen)
		if code != tc.code || out != tc.out || (code != 0) != (strings.Count(errs, "\n") == 1) {
			t.Errorf("%s: code %d, stdout %q, stderr %q; want %d, %q", tc.fen, code, out, errs, tc.code, tc.out)
		}
	}

	// A missing table: only KQvK in the directory, a KRvK position.
	dir := t.TempDir()
	copyTables(t, dir, "KQvK.rtbw", "KQvK.rtbz")
	code, out, errs = runProbe("--syzygy", dir, "8/8/8/8/8/3k4/8/RK6 w - - 0 1")
	if code != 1 || out != "" || strings.Count(errs, "\n") != 1 {
		t.Errorf("missing table: code %d, stdout %q, stderr %q", code, out, errs)
	}
	// WDL without DTZ: the WDL is printed, then the complaint.
	copyTables(t, dir, "KRvK.rtbw")
	code, out, errs = runProbe("--syzygy", dir, "8/8/8/8/8/3k4/8/RK6 w - - 0 1")
	if code != 1 || out != "WDL: win (2)\n" || strings.Count(errs, "\n") != 1 {
		t.Errorf("missing DTZ: code %d, stdout %q, stderr %q", code, out, errs)
	}
	// A corrupt table: reported on stderr, exit 1.
	if err := os.WriteFile(filepath.Join(dir, "KRvK.rtbz"), []byte("not a table"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errs = runProbe("--syzygy", dir, "8/8/8/8/8/3k4/8/RK6 w - - 0 1")
	if code != 1 || !strings.Contains(errs, "KRvK.rtbz") {
		t.Errorf("corrupt DTZ: code %d, stderr %q", code, errs)
	}
}
