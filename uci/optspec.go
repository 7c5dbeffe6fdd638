package uci

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"github.com/bounder-chess/bounder/search"
)

// This file is the machinery of the option table (optionSpecs, in
// options.go): from the table alone "uci" prints the option lines,
// "setoption" checks and stores values and every search gets its
// search.Options, so that adding an option is one entry there and nothing
// here.

type optKind uint8

const (
	kindSpin optKind = iota
	kindCheck
	kindString
	kindButton
	kindCombo
)

var kindNames = [...]string{"spin", "check", "string", "button", "combo"}

// optSpec is one UCI option.
type optSpec struct {
	name     string
	kind     optKind
	min, max int      // spin: the values setoption accepts
	vars     []string // combo: the values setoption accepts, in uci's order
	// bind is where the value lives: a field of the search's options
	// (searchVar) or of uci's own settings (uciVar); nil for a button.
	// The field's value when the engine is made is the default, so that
	// defaults are written once (search.DefaultOptions, defaultUCISettings).
	bind binding
	// apply, if set, does what the option does beyond holding its value,
	// once the value is stored: resize the table, load a book, clear the
	// table. If it fails the old value is put back and the error reported.
	apply func(e *Engine) error
	// doc says in a phrase what the option does; the meaning column of the
	// README's option table starts with it (TestREADMEOptions).
	doc string

	def string // the default as "uci" prints it; set by initOptions
}

// optValue are the types of option values: int for spin, bool for check,
// string for string and combo.
type optValue interface{ int | bool | string }

// binding is where an option's value lives in an Engine.
type binding interface {
	// get is the current value, in setoption's canonical form.
	get(e *Engine) string
	// set stores v, already checked against the option.
	set(e *Engine, v string)
	// fits says whether the field can hold values of kind k.
	fits(k optKind) bool
}

// field is a binding to the variable it returns.
type field[T optValue] func(e *Engine) *T

// searchVar binds an option to a field of the options every search gets.
func searchVar[T optValue](f func(o *search.Options) *T) binding {
	return field[T](func(e *Engine) *T { return f(&e.searchOpt) })
}

// uciVar binds an option to a field of the settings only uci reads.
func uciVar[T optValue](f func(u *uciSettings) *T) binding {
	return field[T](func(e *Engine) *T { return f(&e.set) })
}

// paramVar binds an option to one of the search's parameters
// (search.SetParam), which belong to the process, not to the engine.
type paramVar string

func (p paramVar) get(*Engine) string {
	v, _ := search.Param(string(p))
	return strconv.Itoa(v)
}

func (p paramVar) set(_ *Engine, v string) {
	n, _ := strconv.Atoi(v)
	// The option's range is the parameter's, so the value, already checked
	// against it, is one SetParam takes.
	if err := search.SetParam(string(p), n); err != nil {
		panic("uci: " + err.Error())
	}
}

func (paramVar) fits(k optKind) bool { return k == kindSpin }

func (f field[T]) get(e *Engine) string {
	switch p := any(f(e)).(type) {
	case *int:
		return strconv.Itoa(*p)
	case *bool:
		return strconv.FormatBool(*p)
	case *string:
		return *p
	}
	panic("uci: option of unknown type")
}

func (f field[T]) set(e *Engine, v string) {
	switch p := any(f(e)).(type) {
	case *int:
		*p, _ = strconv.Atoi(v)
	case *bool:
		*p = v == "true"
	case *string:
		*p = v
	}
}

func (f field[T]) fits(k optKind) bool {
	switch any(new(T)).(type) {
	case *int:
		return k == kindSpin
	case *bool:
		return k == kindCheck
	case *string:
		return k == kindString || k == kindCombo
	}
	return false
}

// initOptions builds the option table for e.cfg and sets every option to
// its default. A table that contradicts itself (two options of one name, a
// field of the wrong type, a default outside its range) panics: it is a
// mistake in the code that every test of the package finds.
func (e *Engine) initOptions() {
	e.searchOpt = search.DefaultOptions()
	e.set = defaultUCISettings(&e.cfg)
	e.options = optionSpecs(&e.cfg)
	e.optByName = make(map[string]*optSpec, len(e.options))
	for i := range e.options {
		o := &e.options[i]
		key := normName(o.name)
		if e.optByName[key] != nil {
			panic("uci: two options named " + o.name)
		}
		e.optByName[key] = o
		if o.bind == nil {
			if o.kind != kindButton {
				panic("uci: option " + o.name + " is bound to nothing")
			}
			continue
		}
		if !o.bind.fits(o.kind) {
			panic("uci: option " + o.name + " is bound to a field of another type")
		}
		def, err := o.check(o.defaultOf(o.bind.get(e)), true)
		if err != nil {
			panic(fmt.Sprintf("uci: option %s: default: %v", o.name, err))
		}
		o.def = def
		o.bind.set(e, def)
	}
}

// defaultOf brings the default a field holds to what uci prints and the
// search then gets: the search takes a zero Threads as 1 and an empty Eval
// or Driver as the first of its list, and a combo list puts its default
// first (Config.Drivers, search.Evals()) should the search's default be
// missing from it.
func (o *optSpec) defaultOf(v string) string {
	switch o.kind {
	case kindSpin:
		if v == "0" && o.min > 0 {
			return strconv.Itoa(o.min)
		}
	case kindCombo:
		for _, c := range o.vars {
			if strings.EqualFold(c, v) {
				return c
			}
		}
		if len(o.vars) > 0 {
			return o.vars[0]
		}
	}
	return v
}

// describe is the option's line in the answer to "uci".
func (o *optSpec) describe() string {
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

// check validates a value for the option and returns it in canonical form.
func (o *optSpec) check(v string, has bool) (string, error) {
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

// store sets the option to v (checked) and applies it; when applying fails
// the option keeps its old value, so that a refused value changes nothing.
func (o *optSpec) store(e *Engine, v string) error {
	var old string
	if o.bind != nil {
		old = o.bind.get(e)
		o.bind.set(e, v)
	}
	if o.apply != nil {
		if err := o.apply(e); err != nil {
			if o.bind != nil {
				o.bind.set(e, old)
			}
			return err
		}
	}
	return nil
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
	o := e.optByName[normName(name)]
	if o == nil {
		e.infof("error: no such option %s", quote(name))
		return
	}
	v, err := o.check(value, hasValue)
	if err == nil {
		err = o.store(e, v)
	}
	if err != nil {
		e.infof("error: %s: %v", o.name, err)
		return
	}
	if e.debug {
		e.infof("%s set to %s", o.name, quote(v))
	}
}

// searchOptions are the options for the next search: a copy, so that
// option changes during a search apply to the next one.
func (e *Engine) searchOptions() search.Options { return e.searchOpt }

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
