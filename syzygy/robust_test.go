package syzygy

import (
	"encoding/binary"
	"errors"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/bounder-chess/bounder/engine"
)

// TestMissingTables: a table that is not there, for the position or for a
// capture the probe must look behind, gives ok = false and no error.
func TestMissingTables(t *testing.T) {
	dir := t.TempDir()
	copyTables(t, dir, "KQvKR.rtbw", "KQvKR.rtbz", "KQvK.rtbw")
	tb, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer tb.Close()
	for _, tc := range []struct {
		fen    string
		wdl    bool // ProbeWDL ok
		dtz    bool // ProbeDTZ ok
		reason string
	}{
		{"8/8/8/8/8/3k4/8/QK6 w - - 0 1", true, false, "KQvK without its DTZ file"},
		{"8/8/8/8/8/3k4/8/RK6 w - - 0 1", false, false, "no KRvK"},
		{"8/8/8/8/8/3k4/8/NK6 w - - 0 1", false, false, "no KNvK"},
		// KQvKR, white to move, the queen can take the rook: KQvK behind.
		// (Its DTZ is 1, a winning capture, without any DTZ file.)
		{"7k/8/8/8/3r4/8/8/Q6K w - - 0 1", true, true, "KQvKR, Qxd4 leads to KQvK"},
		// The rook can take the queen: KRvK is missing.
		{"K6k/8/8/8/8/8/8/2rQ4 b - - 0 1", false, false, "KQvKR, Rxd1 needs KRvK"},
	} {
		pos, err := engine.ParseFEN(tc.fen)
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := tb.ProbeWDL(pos); ok != tc.wdl {
			t.Errorf("%s (%s): ProbeWDL ok %v, want %v", tc.fen, tc.reason, ok, tc.wdl)
		}
		if _, ok := tb.ProbeDTZ(pos); ok != tc.dtz {
			t.Errorf("%s (%s): ProbeDTZ ok %v, want %v", tc.fen, tc.reason, ok, tc.dtz)
		}
	}
	if errs := tb.Errors(); len(errs) != 0 {
		t.Errorf("missing tables reported as errors: %v", errs)
	}
}

// TestNotCovered: castling rights, too many pieces, no tables, Close.
func TestNotCovered(t *testing.T) {
	tb := openTest(t)
	for _, fen := range []string{
		"4k3/8/8/8/8/8/8/R3K3 w Q - 0 1",
		"4k3/8/8/8/8/8/PP6/RN2K3 w - - 0 1",
		engine.StartFEN,
	} {
		pos, _ := engine.ParseFEN(fen)
		if _, ok := tb.ProbeWDL(pos); ok {
			t.Errorf("%s: ProbeWDL ok", fen)
		}
		if _, ok := tb.ProbeDTZ(pos); ok {
			t.Errorf("%s: ProbeDTZ ok", fen)
		}
		if _, _, _, ok := tb.BestMove(pos); ok {
			t.Errorf("%s: BestMove ok", fen)
		}
	}
	pos, _ := engine.ParseFEN("8/8/8/8/8/3k4/8/QK6 w - - 0 1")
	if _, ok := New().ProbeWDL(pos); ok {
		t.Error("empty Tables: ProbeWDL ok")
	}
	if New().MaxPieces() != 0 {
		t.Error("empty Tables: MaxPieces not 0")
	}
	tb2, _ := Open(testDir)
	if _, ok := tb2.ProbeWDL(pos); !ok {
		t.Fatal("KQvK not probed")
	}
	tb2.Close()
	if _, ok := tb2.ProbeWDL(pos); ok {
		t.Error("ProbeWDL ok after Close")
	}
	if _, err := tb2.AddDirectory(testDir); err == nil {
		t.Error("AddDirectory after Close: no error")
	}
	if _, err := Open(filepath.Join(t.TempDir(), "none")); err == nil {
		t.Error("Open of a missing directory: no error")
	}
}

// TestCorruptReportedOnce: a bad file is one error, through Errors and the
// handler, however often it is probed; the other tables still answer.
func TestCorruptReportedOnce(t *testing.T) {
	dir := t.TempDir()
	copyTables(t, dir, "KQvK.rtbw", "KRvK.rtbw", "KRvK.rtbz")
	b, _ := os.ReadFile(filepath.Join(testDir, "KQvK.rtbz"))
	if err := os.WriteFile(filepath.Join(dir, "KQvK.rtbz"), b[:len(b)-100], 0o644); err != nil {
		t.Fatal(err)
	}
	tb, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer tb.Close()
	var mu sync.Mutex
	var handled []error
	tb.SetErrorHandler(func(err error) {
		mu.Lock()
		handled = append(handled, err)
		mu.Unlock()
	})
	kq, _ := engine.ParseFEN("8/8/8/8/8/3k4/8/QK6 w - - 0 1")
	kr, _ := engine.ParseFEN("8/8/8/8/8/3k4/8/RK6 w - - 0 1")
	var wg sync.WaitGroup
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			kq, kr := kq.Clone(), kr.Clone()
			for i := 0; i < 10; i++ {
				if _, ok := tb.ProbeDTZ(kq); ok {
					t.Error("DTZ of a truncated table: ok")
				}
				if w, ok := tb.ProbeWDL(kq); !ok || w != Win {
					t.Error("KQvK WDL lost with its DTZ file")
				}
				if _, ok := tb.ProbeDTZ(kr); !ok {
					t.Error("KRvK DTZ not probed")
				}
			}
		}()
	}
	wg.Wait()
	errs := tb.Errors()
	if len(errs) != 1 || len(handled) != 1 || !strings.Contains(errs[0].Error(), "KQvK.rtbz") || !errors.Is(errs[0], errCorrupt) {
		t.Errorf("errors %v, handled %v; want one about KQvK.rtbz", errs, handled)
	}
}

// corruptSubjects are the files the corruption tests damage: with and
// without pawns, split and not, both encodings, mapped DTZ values.
var corruptSubjects = []string{
	"KQvK.rtbw", "KQvK.rtbz", "KNNvK.rtbw", "KQvKQ.rtbz", "KBvKP.rtbz",
	"KRvKP.rtbw", "KRvKP.rtbz", "KPvK.rtbw",
}

var (
	subjectPositions     = map[string][]*engine.Position{}
	subjectPositionsOnce sync.Once
)

// positionsFor returns test positions of a subject's material (shared:
// callers must Clone before probing from several goroutines).
func positionsFor(t testing.TB, name string) []*engine.Position {
	subjectPositionsOnce.Do(func() {
		rng := rand.New(rand.NewSource(7))
		for _, s := range corruptSubjects {
			m := strings.TrimSuffix(strings.TrimSuffix(s, ".rtbw"), ".rtbz")
			if subjectPositions[m] == nil {
				subjectPositions[m] = randomPositions(t, rng, m, 24)
			}
		}
	})
	return subjectPositions[strings.TrimSuffix(strings.TrimSuffix(name, ".rtbw"), ".rtbz")]
}

// probeDamaged writes data as file name (with its real partner file and
// the real tables its captures lead to, from testdata behind it) and
// probes positions of its material: it must not panic, must keep WDLs in
// range, and must report at most one error.
func probeDamaged(t *testing.T, dir, name string, data []byte) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
		t.Fatal(err)
	}
	tb, err := Open(dir, testDir) // the damaged file comes first
	if err != nil {
		t.Fatal(err)
	}
	defer tb.Close()
	for _, pos := range positionsFor(t, name) {
		pos = pos.Clone()
		if w, ok := tb.ProbeWDL(pos); ok && (w < Loss || w > Win) {
			t.Fatalf("%s: WDL %d out of range", pos.FEN(), w)
		}
		tb.ProbeDTZ(pos)
	}
	if errs := tb.Errors(); len(errs) > 1 {
		t.Fatalf("%d errors for one damaged file: %v", len(errs), errs)
	}
}

// TestCorruptions damages real tables in many ways: truncation at many
// lengths, every header byte changed, bytes changed all over.
func TestCorruptions(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for _, name := range corruptSubjects {
		t.Run(name, func(t *testing.T) {
			orig, err := os.ReadFile(filepath.Join(testDir, name))
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			cuts := []int{0, 1, 4, 5, 6, 15, 16, 63, 64, 79, 80, 144, len(orig) / 2, len(orig) - 64, len(orig) - 16, len(orig) - 1}
			for i := 0; i < 8; i++ {
				cuts = append(cuts, rng.Intn(len(orig)))
			}
			reported := 0
			for _, n := range cuts {
				if n < 0 || n >= len(orig) {
					continue
				}
				probeDamaged(t, dir, name, orig[:n])
				reported++
			}
			// Every header byte (the first 192: piece lists, store headers,
			// symbol tables) changed once, by one of a few patterns. The
			// race detector makes each probe slow: a sample then.
			header, step := min(len(orig), 192), 1
			if testing.Short() || raceEnabled {
				step = 5
			}
			flips := 0
			for off := 0; off < header; off += step {
				b := append([]byte(nil), orig...)
				b[off] ^= [4]byte{0x01, 0x80, 0xff, byte(1 + rng.Intn(255))}[off%4]
				probeDamaged(t, dir, name, b)
				flips++
			}
			for i := 0; i < 40; i++ {
				b := append([]byte(nil), orig...)
				for j := 0; j < 1+rng.Intn(8); j++ {
					b[rng.Intn(len(b))] = byte(rng.Intn(256))
				}
				probeDamaged(t, dir, name, b)
				flips++
			}
			t.Logf("%s: %d truncations, %d damaged copies probed", name, reported, flips)
		})
	}
}

// FuzzTableBytes probes the positions of a table's material with the
// table's bytes replaced by the fuzzer's (seeded with the real files,
// whole, cut short and with a byte changed).
func FuzzTableBytes(f *testing.F) {
	for i, name := range corruptSubjects {
		b, err := os.ReadFile(filepath.Join(testDir, name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(uint8(i), b)
		f.Add(uint8(i), b[:len(b)/2])
		c := append([]byte(nil), b...)
		c[len(c)/3] ^= 0x5a
		f.Add(uint8(i), c)
	}
	f.Fuzz(func(t *testing.T, which uint8, data []byte) {
		name := corruptSubjects[int(which)%len(corruptSubjects)]
		probeDamaged(t, t.TempDir(), name, data)
	})
}

// TestWideMaps rewrites real DTZ tables with 16-bit value maps (which no
// 3- or 4-piece file uses) and checks they probe the same: the wide
// layout's alignment and indexing are otherwise untested.
func TestWideMaps(t *testing.T) {
	for _, name := range []string{"KQvKR.rtbz", "KRvKP.rtbz", "KBvKP.rtbz"} {
		orig, err := os.ReadFile(filepath.Join(testDir, name))
		if err != nil {
			t.Fatal(err)
		}
		tbl, _ := newTable(New(), name)
		if err := tbl.parse(orig); err != nil {
			t.Fatal(err)
		}
		wide := widenMaps(t, tbl, orig)
		tb := tbl // the original's layout, for comparison below
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, name), wide, 0o644); err != nil {
			t.Fatal(err)
		}
		re, _ := newTable(New(), name)
		if err := re.parse(wide); err != nil {
			t.Fatalf("%s widened: %v", name, err)
		}
		for f := 0; f < re.files; f++ {
			if got, want := re.sub[f][0].mapLen, tb.sub[f][0].mapLen; got != want {
				t.Fatalf("%s widened: file %d map lengths %v, want %v", name, f, got, want)
			}
		}

		wideTB, err := Open(dir, testDir)
		if err != nil {
			t.Fatal(err)
		}
		origTB := openTest(t)
		m := strings.TrimSuffix(name, ".rtbz")
		mapped := 0
		for _, pos := range randomPositions(t, rand.New(rand.NewSource(3)), m, 400) {
			a, okA := origTB.ProbeDTZ(pos)
			b, okB := wideTB.ProbeDTZ(pos)
			if a != b || okA != okB || !okA {
				t.Errorf("%s: %s: DTZ %d (%v) from the wide copy, %d (%v) from the original", name, pos.FEN(), b, okB, a, okA)
			}
			if w, _ := origTB.ProbeWDL(pos); w != Draw {
				if _, _, stored, _ := tb.locateFor(pos); stored {
					mapped++
				}
			}
		}
		if mapped < 50 {
			t.Errorf("%s: only %d probes reached the stored side", name, mapped)
		}
		for _, err := range wideTB.Errors() {
			t.Error(err)
		}
		wideTB.Close()
	}
}

// locateFor is locate with the position's own key (test helper).
func (t *table) locateFor(pos *engine.Position) (*subTable, uint64, bool, bool) {
	return t.locate(pos, keyOf(pos))
}

// widenMaps rebuilds a parsed DTZ file with its byte maps as 16-bit maps:
// same headers (flag dtzWideMap added), new maps, then the index and size
// tables and the data blocks moved to their new places.
func widenMaps(t *testing.T, tbl *table, b []byte) []byte {
	t.Helper()
	out := append([]byte(nil), b[:tbl.mapsAt]...)
	widened := 0
	for f := 0; f < tbl.files; f++ {
		st := &tbl.sub[f][0]
		p := st.store
		if p.constant || p.flags&dtzMapped == 0 {
			continue
		}
		if p.flags&dtzWideMap != 0 {
			t.Fatal("already wide")
		}
		out[p.header] |= dtzWideMap
		if len(out)%2 == 1 {
			out = append(out, 0)
		}
		for m := 0; m < 4; m++ {
			out = binary.LittleEndian.AppendUint16(out, uint16(st.mapLen[m]))
			for i := 0; i < st.mapLen[m]; i++ {
				out = binary.LittleEndian.AppendUint16(out, uint16(b[st.mapOff[m]+i]))
			}
		}
		widened++
	}
	if widened == 0 {
		t.Fatal("no mapped store to widen")
	}
	if len(out)%2 == 1 {
		out = append(out, 0)
	}
	// Index and size tables are contiguous, from the first to the last.
	first, last := -1, 0
	for f := 0; f < tbl.files; f++ {
		p := tbl.sub[f][0].store
		if first < 0 {
			first = p.indexTable
		}
		last = p.sizeTable + int(p.sizeBytes)
	}
	out = append(out, b[first:last]...)
	end := last
	for f := 0; f < tbl.files; f++ {
		p := tbl.sub[f][0].store
		if p.constant {
			continue
		}
		for len(out)%64 != 0 {
			out = append(out, 0)
		}
		out = append(out, b[p.data:p.data+int(p.dataBytes)]...)
		end = p.data + int(p.dataBytes)
	}
	return append(out, b[end:]...) // the checksum
}

// TestDirectories: path lists, counts, names, and the first directory
// winning when two hold the same table.
func TestDirectories(t *testing.T) {
	dir := t.TempDir()
	copyTables(t, dir, "KRvK.rtbw")
	if err := os.WriteFile(filepath.Join(dir, "KQvK.rtbw"), []byte("bad"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, junk := range []string{"KQvK.txt", "KvK.rtbw", "KQKvK.rtbw", "KXvK.rtbw", "kqvk.rtbw", "README"} {
		os.WriteFile(filepath.Join(dir, junk), nil, 0o644)
	}
	os.Mkdir(filepath.Join(dir, "KNvK.rtbw"), 0o755)

	tb := New()
	if n, err := tb.AddDirectory(dir); err != nil || n != 2 {
		t.Fatalf("AddDirectory: %d, %v; want the 2 table files", n, err)
	}
	if n, err := tb.AddDirectory(testDir); err != nil || n != 68 {
		t.Fatalf("AddDirectory(testdata): %d, %v; want 68 (KQvK.rtbw and KRvK.rtbw known)", n, err)
	}
	if names := tb.Names(); len(names) != 35 || names[0] != "KBBvK" {
		t.Errorf("Names: %d names from %v", len(names), names)
	}
	kq, _ := engine.ParseFEN("8/8/8/8/8/3k4/8/QK6 w - - 0 1")
	kr, _ := engine.ParseFEN("8/8/8/8/8/3k4/8/RK6 w - - 0 1")
	if _, ok := tb.ProbeWDL(kq); ok {
		t.Error("KQvK probed from the bad first file")
	}
	if w, ok := tb.ProbeWDL(kr); !ok || w != Win {
		t.Error("KRvK not probed")
	}
	if errs := tb.Errors(); len(errs) != 1 || !strings.Contains(errs[0].Error(), "KQvK.rtbw") {
		t.Errorf("errors %v, want one about KQvK.rtbw", errs)
	}
	tb.Close()

	tb, err := Open(testDir + string(os.PathListSeparator) + dir)
	if err != nil {
		t.Fatal(err)
	}
	defer tb.Close()
	if w, ok := tb.ProbeWDL(kq); !ok || w != Win {
		t.Error("KQvK not probed with testdata first")
	}
}
