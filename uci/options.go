package uci

import (
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/bounder-chess/bounder/search"
)

type optKind uint8

const (
	kindSpin optKind = iota
	kindCheck
	kindString
	kindButton
	kindCombo
)

var kindNames = [...]string{"spin", "check", "string", "button", "combo"}

// option is one UCI option. apply gets a value already checked against the
// option's type and range and returns an error to reject it.
type option struct {
	name     string
	kind     optKind
	def      string
	min, max int
	vars     []string
	value    string // current value, as set
	apply    func(v string) error
}

// describe is the option's line in the answer to "uci".
func (o *option) describe() string {
	var b strings.Builder
	fmt.Fprintf(&b, "option name %s type %s", o.name, kindNames[o.kind])
	switch o.kind {
	case kindSpin:
		fmt.Fprintf(&b, " default %s min %d max %d", o.def, o.min, o.max)
	case kindCheck:
		fmt.Fprintf(&b, " default %s", o.def)
	case kindString:
		d := o.def
		if d == "" {
			d = "<empty>"
		}
		fmt.Fprintf(&b, " default %s", d)
	case kindCombo:
		fmt.Fprintf(&b, " default %s", o.def)
		for _, v := range o.vars {
			fmt.Fprintf(&b, " var %s", v)
		}
	}
	return b.String()
}

// initOptions builds the option table and sets the defaults.
func (e *Engine) initOptions() {
	d := search.DefaultOptions()
	driverDef := e.cfg.Drivers[0]
	for _, v := range e.cfg.Drivers {
		if strings.EqualFold(v, d.Driver) {
			driverDef = v
		}
	}
	hashDef := min(DefaultHashMiB, e.cfg.MaxHashMiB)
	e.set = settings{
		hash: hashDef, threads: 1, multiPV: 1, overhead: 30 * time.Millisecond,
		ownBook: false, bookDepth: 16, driver: driverDef,
		etc: d.ETC, etcDepth: d.ETCDepth, selective: d.Selective, mtdStep: d.MTDStep, mtdfGuess2: d.MTDfGuess2, mtdfAccel: d.MTDfAccel, singular: d.Singular, pvPath: d.PVPath, eval: search.Evals()[0],
	}
	s := &e.set
	spin := func(name string, def, min, max int, set func(int) error) *option {
		return &option{name: name, kind: kindSpin, def: strconv.Itoa(def), min: min, max: max,
			apply: func(v string) error { n, _ := strconv.Atoi(v); return set(n) }}
	}
	check := func(name string, def bool, set func(bool)) *option {
		return &option{name: name, kind: kindCheck, def: strconv.FormatBool(def),
			apply: func(v string) error { set(v == "true"); return nil }}
	}
	e.optOrder = []*option{
		// Larger tables are refused by the range check: Go dies when out of
		// memory, so the size must be checked before the table is made.
		spin("Hash", hashDef, 1, e.cfg.MaxHashMiB, e.setHash),
		spin("Threads", 1, 1, search.MaxThreads, func(n int) error { s.threads = n; return nil }),
		{name: "Clear Hash", kind: kindButton, apply: func(string) error { e.clearHash(); return nil }},
		check("Ponder", false, func(b bool) { s.ponder = b }),
		spin("MultiPV", 1, 1, 256, func(n int) error { s.multiPV = n; return nil }),
		spin("Move Overhead", 30, 0, 5000, func(n int) error { s.overhead = time.Duration(n) * time.Millisecond; return nil }),
		// Off by default: testers and GUIs expect the engine's own moves
		// (and a GUI that wants a book has its own).
		check("OwnBook", false, func(b bool) { s.ownBook = b }),
		{name: "BookFile", kind: kindString, apply: e.setBookFile},
		spin("BookDepth", 16, 0, 500, func(n int) error { s.bookDepth = n; return nil }),
		{name: "Driver", kind: kindCombo, def: driverDef, vars: e.cfg.Drivers,
			apply: func(v string) error { s.driver = v; return nil }},
		check("ETC", d.ETC, func(b bool) { s.etc = b }),
		spin("ETC Depth", d.ETCDepth, 0, search.MaxPly, func(n int) error { s.etcDepth = n; return nil }),
		check("Selective", d.Selective, func(b bool) { s.selective = b }),
		spin("MTD Step", d.MTDStep, 1, 1000, func(n int) error { s.mtdStep = n; return nil }),
		check("MTDf Guess2", d.MTDfGuess2, func(b bool) { s.mtdfGuess2 = b }),
		check("MTDf Accel", d.MTDfAccel, func(b bool) { s.mtdfAccel = b }),
		check("Singular", d.Singular, func(b bool) { s.singular = b }),
		check("PV Path", d.PVPath, func(b bool) { s.pvPath = b }),
		{name: "Evaluation", kind: kindCombo, def: search.Evals()[0], vars: search.Evals(),
			apply: func(v string) error { s.eval = v; return nil }},
	}
	e.opts = make(map[string]*option)
	for _, o := range e.optOrder {
		o.value = o.def
		e.opts[normName(o.name)] = o
	}
}

// normName is an option name for lookup: lower case, single spaces.
func normName(s string) string { return strings.ToLower(strings.Join(strings.Fields(s), " ")) }

// cmdSetOption handles "setoption name <id> [value <x>]". Names are case
// insensitive; the value is the rest of the line after "value" with its
// inner spacing kept (file names).
func (e *Engine) cmdSetOption(line string) {
	toks := fieldSpans(line)
	if len(toks) < 3 || !strings.EqualFold(toks[1].text(line), "name") {
		e.infof("error: setoption wants: setoption name <id> [value <x>]")
		return
	}
	valueAt := -1
	for i := 2; i < len(toks); i++ {
		if strings.EqualFold(toks[i].text(line), "value") {
			valueAt = i
			break
		}
	}
	nameEnd := len(toks)
	if valueAt >= 0 {
		nameEnd = valueAt
	}
	if nameEnd == 2 {
		e.infof("error: setoption: missing option name")
		return
	}
	name := line[toks[2].start:toks[nameEnd-1].end]
	hasValue := valueAt >= 0 && valueAt+1 < len(toks)
	value := ""
	if hasValue {
		value = line[toks[valueAt+1].start:toks[len(toks)-1].end]
	}
	o := e.opts[normName(name)]
	if o == nil {
		e.infof("error: no such option %s", quote(name))
		return
	}
	v, err := o.check(value, hasValue)
	if err != nil {
		e.infof("error: %s: %v", o.name, err)
		return
	}
	if err := o.apply(v); err != nil {
		e.infof("error: %s: %v", o.name, err)
		return
	}
	if o.kind != kindButton {
		o.value = v
	}
	if e.debug {
		e.infof("%s set to %s", o.name, quote(v))
	}
}

// check validates a value for the option and returns it in canonical form.
func (o *option) check(v string, has bool) (string, error) {
	switch o.kind {
	case kindButton:
		return "", nil
	case kindString:
		if v == "<empty>" {
			v = ""
		}
		return v, nil
	}
	if !has {
		return "", fmt.Errorf("missing value")
	}
	switch o.kind {
	case kindSpin:
		n, err := strconv.Atoi(v)
		if err != nil {
			return "", fmt.Errorf("value %s is not an integer", quote(v))
		}
		if n < o.min || n > o.max {
			return "", fmt.Errorf("value %d is out of range %d..%d", n, o.min, o.max)
		}
		return strconv.Itoa(n), nil
	case kindCheck:
		switch strings.ToLower(v) {
		case "true":
			return "true", nil
		case "false":
			return "false", nil
		}
		return "", fmt.Errorf("value %s is not true or false", quote(v))
	case kindCombo:
		for _, c := range o.vars {
			if strings.EqualFold(c, v) {
				return c, nil
			}
		}
		return "", fmt.Errorf("value %s is not one of %s", quote(v), strings.Join(o.vars, " "))
	}
	return "", fmt.Errorf("bad option kind")
}

func (e *Engine) setHash(mib int) error {
	if e.busy() {
		e.pendingHash = mib
		e.set.hash = mib
		return nil
	}
	if err := e.cfg.Searcher.SetHashSize(mib); err != nil {
		return err
	}
	e.set.hash = mib
	return nil
}

func (e *Engine) clearHash() {
	if e.busy() {
		e.pendingClear = true
		return
	}
	e.cfg.Searcher.Clear()
}

// applyPending does what was deferred while a job ran.
func (e *Engine) applyPending() {
	if e.pendingHash != 0 {
		mib := e.pendingHash
		e.pendingHash = 0
		if err := e.cfg.Searcher.SetHashSize(mib); err != nil {
			e.infof("error: Hash: %v", err)
		}
	}
	if e.pendingClear {
		e.pendingClear = false
		e.cfg.Searcher.Clear()
	}
}

// setBookFile loads the book at path at once, so that errors show when the
// option is set; an empty path returns to the default (embedded) book.
func (e *Engine) setBookFile(path string) error {
	if path == "" {
		e.book, e.set.bookFile = nil, ""
		return nil
	}
	if e.cfg.LoadBook == nil {
		return fmt.Errorf("books are not available in this build")
	}
	b, err := e.cfg.LoadBook(path)
	if err != nil {
		return fmt.Errorf("cannot load %s: %s", quote(path), oneLine(err.Error()))
	}
	if b == nil {
		return fmt.Errorf("cannot load %s", quote(path))
	}
	e.book, e.set.bookFile = b, path
	e.infof("book %s loaded", quote(path))
	return nil
}

// searchOptions are the search's options from the current settings.
func (e *Engine) searchOptions() search.Options {
	s := &e.set
	return search.Options{
		Driver: s.driver, ETC: s.etc, ETCDepth: s.etcDepth, Selective: s.selective,
		MTDStep: s.mtdStep, MTDfGuess2: s.mtdfGuess2, MTDfAccel: s.mtdfAccel, Singular: s.singular, PVPath: s.pvPath, MultiPV: s.multiPV, Eval: s.eval,
		Threads: s.threads,
	}
}

// span is a whitespace-separated field of a line.
type span struct{ start, end int }

func (s span) text(line string) string { return line[s.start:s.end] }

// fieldSpans splits line like strings.Fields, keeping positions.
func fieldSpans(line string) []span {
	var out []span
	start := -1
	for i, r := range line {
		if unicode.IsSpace(r) {
			if start >= 0 {
				out = append(out, span{start, i})
				start = -1
			}
		} else if start < 0 {
			start = i
		}
	}
	if start >= 0 {
		out = append(out, span{start, len(line)})
	}
	return out
}
