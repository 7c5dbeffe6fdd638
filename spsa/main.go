package spsa

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/bounder-chess/bounder/internal/usage"
	"github.com/bounder-chess/bounder/match"
	"github.com/bounder-chess/bounder/search"
)

const head = `usage: bounder spsa --openings FILE [--params LIST] [--param SPEC]... [flags]

Tunes an engine's spin options by SPSA (package spsa's doc): every iteration
plays a game pair, colours reversed, between the parameters nudged up and
down by random signs, and moves them toward the side that scored. --params
names Bounder's search parameters (search.ParamTable; "all" for every one),
each from its default or NAME=START, with the table's range and step as
c_end; --param NAME,START,MIN,MAX,C_END[,R_END] adds any spin option of the
engine. The engine is this binary with "uci --params" unless --engine says
otherwise. Each iteration is a line of --out (CSV); --plot draws the
parameters' paths (.png or .svg). The last lines on stdout are the final
values, rounded, and the option.NAME=VALUE list for a bounder match that
checks them, which SPSA itself does not: keep values only after a match at
a real time control confirms them. Progress goes to stderr. Exit status: 0,
1 when the games cannot be played, 2 for a usage error, 130 when
interrupted (what was played is kept and reported).
`

// Main is "bounder spsa".
func Main(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("spsa", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	engineSpec := fs.String("engine", "", "the engine, as bounder match's `SPEC` (default: this binary, uci --params, Hash 16)")
	params := fs.String("params", "", "`LIST` of Bounder's search parameters to tune, NAME or NAME=START each, or all")
	var custom stringList
	fs.Var(&custom, "param", "`SPEC` NAME,START,MIN,MAX,C_END[,R_END] of a spin option to tune (repeatable)")
	rEnd := fs.Float64("r-end", 0.002, "learning rate at the last iteration, a_N/c_end², for --params")
	iterations := fs.Int("iterations", 1000, "`N` game pairs in all")
	tc := fs.String("tc", "1+0.01", "time control of every game, as bounder match's --tc")
	nodes := fs.Int64("nodes", 0, "`N` nodes per move instead of a clock")
	openings := fs.String("openings", "", "the openings `FILE` (.epd or .pgn)")
	concurrency := fs.Int("concurrency", 1, "game pairs played at once (at most the cores less one)")
	seed := fs.Uint64("seed", 1, "seed of the signs and of the opening order")
	out := fs.String("out", "spsa.csv", "the CSV `FILE`, a line per iteration")
	plotFile := fs.String("plot", "", "draw the parameters' paths to `FILE` (.png or .svg)")
	pgnOut := fs.String("pgnout", "", "append every game to `FILE`")
	resume := fs.Bool("resume", false, "continue the run whose CSV is --out, with the same parameters, --iterations and --seed")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			usage.Print(stdout, head, fs)
			return 0
		}
		fmt.Fprintf(stderr, "bounder spsa: %v (see bounder spsa --help)\n", err)
		return 2
	}
	bad := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "bounder spsa: "+format+"\n", a...)
		return 2
	}
	if fs.NArg() > 0 {
		return bad("unexpected arguments %q", fs.Args())
	}
	ps, err := parseParams(*params, *rEnd)
	if err != nil {
		return bad("--params: %v", err)
	}
	for _, c := range custom {
		p, err := ParseParam(c, *rEnd)
		if err != nil {
			return bad("--param: %v", err)
		}
		ps = append(ps, p)
	}
	cfg := Config{Params: ps, Iterations: *iterations, Workers: *concurrency, Seed: *seed}
	switch {
	case len(ps) == 0:
		return bad("nothing to tune: give --params or --param")
	case *openings == "":
		return bad("--openings FILE is required")
	case *iterations <= 0 || *concurrency <= 0:
		return bad("--iterations and --concurrency must be positive")
	case *nodes < 0:
		return bad("--nodes must not be negative")
	case *out == "":
		return bad("--out must name a file")
	case *plotFile != "" && !isPlotFile(*plotFile):
		return bad("--plot must end in .png or .svg")
	}
	if err := ValidateParams(ps); err != nil {
		return bad("%v", err)
	}
	var timeControl match.TimeControl
	if *nodes > 0 {
		timeControl = match.TimeControl{Nodes: *nodes}
	} else if timeControl, err = match.ParseTimeControl(*tc); err != nil {
		return bad("--tc: %v", err)
	}
	spec, err := engine(*engineSpec)
	if err != nil {
		return bad("--engine: %v", err)
	}
	ops, err := match.LoadOpenings(*openings)
	if err != nil {
		return bad("%v", err)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	// One start of the engine with every option at its start value finds a
	// spec that cannot work (an option it does not offer, a range it
	// refuses) before any file is written.
	check := spec
	for _, p := range ps {
		check.Options = append(check.Options, match.EngineOption{Name: p.Name, Value: strconv.Itoa(toInt(p.Start, p))})
	}
	if err := match.CheckEngine(ctx, check); err != nil {
		fmt.Fprintf(stderr, "bounder spsa: %v\n", err)
		var unknown *match.UnknownOptionError
		var refused *match.OptionValueError
		if errors.As(err, &unknown) || errors.As(err, &refused) {
			return 2
		}
		return 1
	}

	// A run of hours is resumed, not overwritten: its CSV holds where it
	// stands, and iteration k's signs depend only on the seed and k.
	var history []Iteration
	if *resume {
		r, err := os.Open(*out)
		if err != nil {
			return bad("--resume: %v", err)
		}
		history, err = readRun(r, ps, *iterations, *seed)
		r.Close()
		if err != nil {
			return bad("--resume: %s: %v", *out, err)
		}
		if len(history) >= *iterations {
			return bad("--resume: %s has all %d iterations", *out, *iterations)
		}
	} else if st, err := os.Stat(*out); err == nil && st.Size() > 0 {
		return bad("--out %s exists: give --resume to continue that run, or another --out", *out)
	}
	cfg.Done = len(history)
	cfg.Params = append([]Param(nil), ps...)
	if cfg.Done > 0 {
		for i := range cfg.Params {
			cfg.Params[i].Start = history[cfg.Done-1].Theta[i]
		}
	}
	f, err := os.OpenFile(*out, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return bad("%v", err)
	}
	defer f.Close()
	log := newLog(f, ps, "bounder spsa "+strings.Join(args, " "), cfg)
	player := &PairPlayer{Engine: spec, Params: ps, Openings: ops, TimeControl: timeControl, Seed: *seed}
	defer player.Close()
	if *pgnOut != "" {
		pf, err := os.OpenFile(*pgnOut, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
		if err != nil {
			return bad("%v", err)
		}
		defer pf.Close()
		w := match.NewPGNWriter(pf)
		player.Games = func(g match.GameRecord) { w.WriteGame(&g) }
	}
	cfg.Player = player
	progress := newProgress(stderr, ps, cfg.Done, *iterations, 30*time.Second)
	cfg.Observe = func(it Iteration) {
		log.write(it)
		history = append(history, it)
		progress.update(it)
	}
	res, runErr := Run(ctx, cfg)
	player.Close()
	if err := log.close(); err != nil && runErr == nil {
		runErr = err
	}
	report(stdout, ps, res, cfg.Done, *iterations)
	if *plotFile != "" && len(history) > 0 {
		if err := writePlot(*plotFile, ps, history); err != nil {
			fmt.Fprintf(stderr, "bounder spsa: --plot: %v\n", err)
			if runErr == nil {
				return 1
			}
		}
	}
	switch {
	case runErr != nil && ctx.Err() != nil:
		fmt.Fprintf(stderr, "bounder spsa: interrupted after %d of %d iterations (--resume continues)\n", cfg.Done+res.Iterations, *iterations)
		return 130
	case runErr != nil:
		fmt.Fprintf(stderr, "bounder spsa: %v\n", runErr)
		return 1
	}
	return 0
}

// engine is the spec to tune: the one given, or this binary offering its
// search parameters.
func engine(s string) (match.EngineSpec, error) {
	if s != "" {
		return match.ParseEngineSpec(s)
	}
	self, err := os.Executable()
	if err != nil {
		return match.EngineSpec{}, fmt.Errorf("cannot find this binary (%v): give --engine", err)
	}
	return match.EngineSpec{Name: "bounder", Cmd: self, Args: []string{"uci", "--params"},
		Options: []match.EngineOption{{Name: "Hash", Value: "16"}}}, nil
}

// parseParams reads --params: names of search.ParamTable, each with an
// optional =START, or "all".
func parseParams(s string, rEnd float64) ([]Param, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil, nil
	}
	var items []string
	if s == "all" {
		for _, p := range search.ParamTable {
			items = append(items, p.Name)
		}
	} else {
		items = strings.Split(s, ",")
	}
	var ps []Param
	for _, item := range items {
		name, start, hasStart := strings.Cut(strings.TrimSpace(item), "=")
		spec, ok := lookup(name)
		if !ok {
			return nil, fmt.Errorf("no search parameter %q (bounder uci --params lists them)", name)
		}
		p := Param{Name: spec.Name, Start: float64(spec.Default), Min: float64(spec.Min), Max: float64(spec.Max),
			CEnd: float64(spec.Step), REnd: rEnd}
		if hasStart {
			v, err := strconv.ParseFloat(start, 64)
			if err != nil || math.IsNaN(v) {
				return nil, fmt.Errorf("%s: start %q is not a number", name, start)
			}
			p.Start = v
		}
		ps = append(ps, p)
	}
	return ps, nil
}

func lookup(name string) (search.ParamSpec, bool) {
	for _, p := range search.ParamTable {
		if strings.EqualFold(p.Name, name) {
			return p, true
		}
	}
	return search.ParamSpec{}, false
}

// ParseParam reads NAME,START,MIN,MAX,C_END[,R_END]; rEnd is R_END's
// default.
func ParseParam(s string, rEnd float64) (Param, error) {
	f := strings.Split(s, ",")
	if len(f) != 5 && len(f) != 6 {
		return Param{}, fmt.Errorf("%q: want NAME,START,MIN,MAX,C_END[,R_END]", s)
	}
	p := Param{Name: strings.TrimSpace(f[0]), REnd: rEnd}
	dst := []*float64{&p.Start, &p.Min, &p.Max, &p.CEnd, &p.REnd}
	for i, v := range f[1:] {
		x, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
		if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
			return Param{}, fmt.Errorf("%q: %q is not a number", s, v)
		}
		*dst[i] = x
	}
	return p, p.validate()
}

func isPlotFile(name string) bool {
	ext := strings.ToLower(filepath.Ext(name))
	return ext == ".png" || ext == ".svg"
}

// stringList is a repeatable flag.
type stringList []string

func (s *stringList) String() string     { return strings.Join(*s, " ") }
func (s *stringList) Set(v string) error { *s = append(*s, v); return nil }
