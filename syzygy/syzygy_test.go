package syzygy

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/bounder-chess/bounder/engine"
)

const testDir = "testdata"

// openTest opens the 3- and 4-piece tables of testdata and fails on any
// directory or table error reported.
func openTest(t testing.TB) *Tables {
	t.Helper()
	tb, err := Open(testDir)
	if err != nil {
		t.Fatal(err)
	}
	if tb.MaxPieces() != 4 {
		t.Fatalf("MaxPieces = %d, want 4", tb.MaxPieces())
	}
	t.Cleanup(func() {
		for _, err := range tb.Errors() {
			t.Errorf("table error: %v", err)
		}
		tb.Close()
	})
	return tb
}

// testCase is a position with the values an independent prober gave.
type testCase struct {
	where    string
	fen      string
	wdlTable int // the raw stored value; only endgame.epd has it
	hasTable bool
	wdl, dtz int
}

// readCases reads lines "FEN; key value; ..." or the EPD form "FEN key
// value; key value;": the FEN's first four fields, optionally the two
// counters, then wdl_table, wdl and dtz.
func readCases(t testing.TB, name string) []testCase {
	t.Helper()
	f, err := os.Open(filepath.Join(testDir, name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []testCase
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		c := testCase{where: fmt.Sprintf("%s:%d", name, line)}
		fields := strings.Fields(strings.ReplaceAll(text, ";", " ; "))
		n := 4
		if len(fields) > 6 {
			if _, err := strconv.Atoi(fields[4]); err == nil {
				n = 6
			}
		}
		c.fen = strings.Join(fields[:n], " ")
		got := map[string]bool{}
		for i := n; i+1 < len(fields); i++ {
			if fields[i] == ";" {
				continue
			}
			v, err := strconv.Atoi(fields[i+1])
			if err != nil {
				t.Fatalf("%s: bad value %q for %s", c.where, fields[i+1], fields[i])
			}
			switch fields[i] {
			case "wdl_table":
				c.wdlTable, c.hasTable = v, true
			case "wdl":
				c.wdl = v
			case "dtz":
				c.dtz = v
			default:
				t.Fatalf("%s: unknown key %q", c.where, fields[i])
			}
			got[fields[i]] = true
			i++
		}
		if !got["wdl"] || !got["dtz"] {
			t.Fatalf("%s: want wdl and dtz", c.where)
		}
		cases = append(cases, c)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return cases
}

func parse(t testing.TB, c testCase) *engine.Position {
	t.Helper()
	pos, err := engine.ParseFEN(c.fen)
	if err != nil {
		t.Fatalf("%s: %v", c.where, err)
	}
	return pos
}

// checkCases probes every case and returns how many matched in full.
func checkCases(t *testing.T, tb *Tables, cases []testCase) int {
	t.Helper()
	pass := 0
	for _, c := range cases {
		pos := parse(t, c)
		before := pos.FEN()
		ok := true
		if c.hasTable {
			v, found := tb.tableWDL(pos)
			if !found || v != c.wdlTable {
				t.Errorf("%s: %s: table WDL %d (found %v), want %d", c.where, c.fen, v, found, c.wdlTable)
				ok = false
			}
		}
		w, found := tb.ProbeWDL(pos)
		if !found || int(w) != c.wdl {
			t.Errorf("%s: %s: ProbeWDL %d (ok %v), want %d", c.where, c.fen, w, found, c.wdl)
			ok = false
		}
		d, found := tb.ProbeDTZ(pos)
		if !found || d != c.dtz {
			t.Errorf("%s: %s: ProbeDTZ %d (ok %v), want %d", c.where, c.fen, d, found, c.dtz)
			ok = false
		}
		if pos.FEN() != before {
			t.Errorf("%s: probing changed the position to %s", c.where, pos.FEN())
			ok = false
		}
		if ok {
			pass++
		}
	}
	return pass
}

// TestEndgameEPD checks the 200 positions python-chess's own tests use.
func TestEndgameEPD(t *testing.T) {
	tb := openTest(t)
	cases := readCases(t, "endgame.epd")
	if len(cases) != 200 {
		t.Fatalf("endgame.epd has %d positions, want 200", len(cases))
	}
	pass := checkCases(t, tb, cases)
	t.Logf("endgame.epd: %d/%d positions match (table WDL, WDL, DTZ)", pass, len(cases))
}

// TestGeneratedPositions checks positions of our own, valued by python-chess
// (testdata/gen_positions.py).
func TestGeneratedPositions(t *testing.T) {
	tb := openTest(t)
	cases := readCases(t, "positions.txt")
	if len(cases) < 300 {
		t.Fatalf("positions.txt has %d positions, want at least 300", len(cases))
	}
	ep, clock := 0, 0
	for _, c := range cases {
		pos := parse(t, c)
		if pos.EnPassant() != engine.NoSquare {
			ep++
		}
		if pos.Rule50() > 0 {
			clock++
		}
	}
	if ep < 20 || clock < 20 {
		t.Errorf("positions.txt has %d en-passant and %d non-zero-clock positions, want 20 of each", ep, clock)
	}
	pass := checkCases(t, tb, cases)
	t.Logf("positions.txt: %d/%d positions match (WDL, DTZ); %d with en passant, %d with a clock", pass, len(cases), ep, clock)
}
