package uci

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/bounder-chess/bounder/search"
)

// readmeRow is a row of README.md's option table.
type readmeRow struct {
	name, kind string
	rng        string // the range after a spin's type ("1–64"), or ""
	def        string // the default, code quotes removed
	meaning    string // code quotes removed
}

// readmeOptions reads README.md's option table: the rows under the header
// "| option | type | default | meaning |" up to the first line that is not
// a row.
func readmeOptions(t *testing.T) []readmeRow {
	t.Helper()
	data, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	start := -1
	for i, l := range lines {
		if strings.TrimSpace(l) == "| option | type | default | meaning |" {
			start = i + 2 // after the |---| line
			break
		}
	}
	if start < 0 || start > len(lines) {
		t.Fatal("README.md has no option table")
	}
	var rows []readmeRow
	for _, l := range lines[start:] {
		l = strings.TrimSpace(l)
		if !strings.HasPrefix(l, "|") {
			break
		}
		cells := strings.SplitN(strings.Trim(l, "|"), "|", 4)
		if len(cells) != 4 {
			t.Errorf("README option row %q has %d cells, want 4", l, len(cells))
			continue
		}
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		kind, rng, _ := strings.Cut(cells[1], " ")
		rows = append(rows, readmeRow{
			name: cells[0], kind: kind, rng: strings.TrimSpace(rng),
			def:     strings.Trim(cells[2], "`"),
			meaning: strings.ReplaceAll(cells[3], "`", ""),
		})
	}
	return rows
}

// TestREADMEOptions checks README.md's option table against the option
// table both ways: the same options in the order "uci" prints them, each
// with the type, the default as "uci" prints it and, for a spin, the range
// ("spin 1–64"; "max" is the machine's limit, Config.MaxHashMiB); its
// meaning starts with the option's doc phrase.
func TestREADMEOptions(t *testing.T) {
	const machineMax = 123456 // stands for "max"
	e := New(Config{Searcher: newFake(), MaxHashMiB: machineMax})
	rows := readmeOptions(t)

	var readmeNames, specNames []string
	for _, r := range rows {
		readmeNames = append(readmeNames, r.name)
	}
	for i := range e.options {
		specNames = append(specNames, e.options[i].name)
	}
	if strings.Join(readmeNames, ", ") != strings.Join(specNames, ", ") {
		t.Errorf("README options:\n%s\nwant (as uci prints them):\n%s", strings.Join(readmeNames, ", "), strings.Join(specNames, ", "))
	}

	for _, r := range rows {
		o := e.optByName[normName(r.name)]
		if o == nil {
			t.Errorf("README option %s is not an option", r.name)
			continue
		}
		if o.name != r.name {
			t.Errorf("README option %s is spelt %s", r.name, o.name)
		}
		if want := kindNames[o.kind]; r.kind != want {
			t.Errorf("README option %s: type %s, want %s", r.name, r.kind, want)
		}
		want := ""
		if o.kind == kindSpin {
			want = strconv.Itoa(o.min) + "–" + strconv.Itoa(o.max)
		}
		rng := strings.Replace(r.rng, "–max", "–"+strconv.Itoa(machineMax), 1)
		if rng != want {
			t.Errorf("README option %s: range %q, want %q", r.name, r.rng, want)
		}
		def := o.def
		if o.kind == kindString && def == "" {
			def = "<empty>"
		}
		if r.def != def {
			t.Errorf("README option %s: default %q, want %q", r.name, r.def, def)
		}
		if !strings.HasPrefix(r.meaning, o.doc) {
			t.Errorf("README option %s: meaning %q does not start with the option's doc %q", r.name, r.meaning, o.doc)
		}
	}
	for i := range e.options {
		if o := &e.options[i]; o.doc == "" || strings.Contains(o.doc, "\n") {
			t.Errorf("option %s: doc %q, want one line", o.name, o.doc)
		}
	}
}

// TestOptionDefaults: the search gets search.DefaultOptions, but for the
// zero values that mean "the search's default" (Threads 0, Eval ""), which
// the table turns into what uci prints; and every option prints the value
// its field holds.
func TestOptionDefaults(t *testing.T) {
	e := New(Config{Searcher: newFake()})
	got, def := reflect.ValueOf(e.searchOptions()), reflect.ValueOf(search.DefaultOptions())
	for i := 0; i < def.NumField(); i++ {
		if f := def.Field(i); !f.IsZero() && !got.Field(i).Equal(f) {
			t.Errorf("search option %s: %v, want the default %v", def.Type().Field(i).Name, got.Field(i), f)
		}
	}
	for i := range e.options {
		if o := &e.options[i]; o.bind != nil && o.bind.get(e) != o.def {
			t.Errorf("option %s: holds %q, prints default %q", o.name, o.bind.get(e), o.def)
		}
	}
	if opt := e.searchOptions(); opt.Threads != 1 || opt.Eval != search.NetworkEval {
		t.Errorf("Threads %d, Eval %q", opt.Threads, opt.Eval)
	}
}

// changedFields names the fields in which two structs differ.
func changedFields(prefix string, a, b any) []string {
	va, vb := reflect.ValueOf(a), reflect.ValueOf(b)
	var out []string
	for i := 0; i < va.NumField(); i++ {
		if !va.Field(i).Equal(vb.Field(i)) {
			out = append(out, prefix+va.Type().Field(i).Name)
		}
	}
	return out
}

// TestOptionBindings sets each option to a value other than its default:
// the option then holds that value, and it has changed exactly one field of
// search.Options or uciSettings, a field no other option sets.
func TestOptionBindings(t *testing.T) {
	e := New(Config{Searcher: newFake(), LoadBook: func(string) (Book, error) { return &fakeBook{}, nil }})
	e.out = newWriter(io.Discard)
	setBy := map[string]string{}
	for i := range e.options {
		o := &e.options[i]
		if o.bind == nil {
			continue
		}
		var v string
		switch o.kind {
		case kindSpin:
			v = strconv.Itoa(o.min)
			if v == o.def {
				v = strconv.Itoa(o.max)
			}
		case kindCheck:
			v = strconv.FormatBool(o.def != "true")
		case kindString:
			v = o.def + "x.bin"
			if o.name == "SyzygyPath" {
				v = filepath.Join("..", "syzygy", "testdata")
			}
			if o.name == "EvalFile" {
				v = filepath.Join("..", "nnue", "default.nnue")
			}
		case kindCombo:
			for _, c := range o.vars {
				if c != o.def {
					v = c
					break
				}
			}
		}
		if v == "" {
			continue // a combo of one value
		}
		opt, set := e.searchOpt, e.set
		if err := o.store(e, v); err != nil {
			t.Errorf("%s = %s: %v", o.name, v, err)
			continue
		}
		if got := o.bind.get(e); got != v {
			t.Errorf("%s = %s: holds %s", o.name, v, got)
		}
		changed := append(changedFields("search.Options.", opt, e.searchOpt), changedFields("uciSettings.", set, e.set)...)
		if o.name == "SyzygyPath" {
			// The tables it opens are what the path sets, not a second option.
			changed = slices.DeleteFunc(changed, func(f string) bool { return f == "search.Options.Tablebases" })
		}
		if o.name == "EvalFile" {
			// The network it loads is what the path sets.
			changed = slices.DeleteFunc(changed, func(f string) bool { return f == "search.Options.Net" })
		}
		if len(changed) != 1 {
			t.Errorf("%s = %s changed %v, want one field", o.name, v, changed)
		}
		for _, f := range changed {
			if other, ok := setBy[f]; ok {
				t.Errorf("%s and %s both set %s", other, o.name, f)
			}
			setBy[f] = o.name
		}
		e.searchOpt, e.set = opt, set
	}
}

// TestOptionRefusedKeepsValue: a value whose action fails (a book that does
// not load, a table the searcher refuses) leaves the option as it was.
func TestOptionRefusedKeepsValue(t *testing.T) {
	e := New(Config{Searcher: newFake(), LoadBook: func(path string) (Book, error) {
		if path == "good.bin" {
			return &fakeBook{}, nil
		}
		return nil, errors.New("no such file")
	}})
	e.out = newWriter(io.Discard)
	book, hash := e.optByName["bookfile"], e.optByName["hash"]
	if err := book.store(e, "good.bin"); err != nil {
		t.Fatal(err)
	}
	if err := book.store(e, "bad.bin"); err == nil || e.set.bookFile != "good.bin" || e.book == nil {
		t.Errorf("bad book: error %v, BookFile %q", err, e.set.bookFile)
	}
	tb := e.optByName["syzygypath"]
	good := filepath.Join("..", "syzygy", "testdata")
	if err := tb.store(e, good); err != nil || e.searchOpt.Tablebases == nil {
		t.Fatalf("SyzygyPath: %v", err)
	}
	if err := tb.store(e, "no/such/dir"); err == nil || e.set.syzygyPath != good || e.searchOpt.Tablebases == nil {
		t.Errorf("bad SyzygyPath: error %v, path %q, tables %v", err, e.set.syzygyPath, e.searchOpt.Tablebases)
	}
	if err := hash.store(e, "8192"); err == nil || e.set.hash != DefaultHashMiB { // the fake refuses > 4096
		t.Errorf("refused Hash: error %v, Hash %d", err, e.set.hash)
	}
}
