package match

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
)

// Exit statuses of Main.
const (
	ExitOK          = 0
	ExitFailure     = 1   // the match could not be completed (engine failed to start, I/O error)
	ExitUsage       = 2   // bad flags or input files
	ExitInterrupted = 130 // stopped by SIGINT; the summary is still printed
)

const usageText = `usage: bounder match --engine SPEC --engine SPEC... [flags]

Plays engine-vs-engine games between UCI engines and reports W/D/L, Elo and,
optionally, a pentanomial SPRT. Each engine is started once before the
match to check it: every option.NAME must be one it offers (names are
case-insensitive), with a value it takes (within a spin's range, one of a
combo's values, true or false for a check, and not answered with an "info
string error"). Progress goes to standard error, the report to standard
output. Exit status: 0 when the match is played; 2 for bad flags or input
files, or an option an engine does not offer or a value it refuses; 1 when
an engine fails or the match cannot be completed; 130 when interrupted.

Flags:
  --engine SPEC       an engine (give at least two): comma-separated key=value
                      items: cmd=PATH (required), name=X, arg=ARG (repeatable),
                      dir=DIR, option.NAME=VALUE (sent with setoption; the
                      engine must offer NAME and take VALUE)
  --tc [M/]S[+I]      clock per side: S seconds, I increment, M moves per
                      period (default 10+0.1); S and I may be durations
                      ("150ms") and are at most 10000000 seconds, as are
                      the other times
  --movetime D        fixed time per move instead of a clock ("0.1" or "100ms")
  --nodes N           node limit per move instead of a clock
  --games N           games per pair of engines in each round (default 2)
  --rounds N          rounds (default 1)
  --concurrency N     games played at once (default 1)
                      (with a clock, keep one core free: it warns otherwise)
  --variant V         standard (default), or fischerandom (synonym
                      chess960): Chess960, refereed by Bounder's own move
                      generator; every engine must offer UCI_Chess960,
                      which is set to true, and castles as the king taking
                      its rook (position fen FEN moves e1h1). Without
                      --openings the games start from the 960 positions
                      (Scharnagl's numbering), shuffled by --seed; an .epd
                      of X-FEN or Shredder-FEN start positions may also
                      hold Double Fischer random ones (back ranks that
                      differ). The PGN has Variant "Chess960" and FEN tags
  --openings FILE     opening suite, .epd or .pgn (default: standard start;
                      .epd only for fischerandom)
  --repeat            play each opening twice with colours reversed
  --seed N            seed of the opening order (default 0)
  --pgnout FILE       append finished games to FILE
  --sprt LIST         elo0=0,elo1=5,alpha=0.05,beta=0.05[,model=M] with M
                      logistic (default) or normalized: stop when decided;
                      needs exactly two engines, the first being the one
                      tested; pentanomial (game pairs) with --repeat,
                      trinomial otherwise
  --resign LIST       movecount=3,score=600 (both engines must agree)
  --draw LIST         movenumber=40,movecount=8,score=10
  --timemargin D      tolerance before a loss on time (default 60ms)
  --stall-timeout D   wait for a silent engine past its deadline (default
                      15s); then it loses, and what it was asked, whether it
                      answers isready and its stderr after a SIGQUIT (a Go
                      engine's goroutine stacks) go to standard error
  --event NAME        PGN Event tag
`

// stringList is a repeatable string flag.
type stringList []string

func (s *stringList) String() string     { return strings.Join(*s, " ") }
func (s *stringList) Set(v string) error { *s = append(*s, v); return nil }

// usagef reports an input problem; every error of parseArgs is one.
func usagef(format string, a ...any) error {
	return fmt.Errorf(format, a...)
}

// Main runs "bounder match" with args (the arguments after the subcommand).
// Progress goes to stderr, the final report to stdout. It returns the exit
// status: 0 on success, 2 for usage or input errors (reported on one line of
// stderr), 1 when the match could not be completed, 130 when interrupted.
func Main(args []string, stdout, stderr io.Writer) int {
	cfg, closeFn, err := parseArgs(args)
	if errors.Is(err, flag.ErrHelp) {
		fmt.Fprint(stdout, usageText)
		return ExitOK
	}
	if err != nil {
		fmt.Fprintf(stderr, "bounder match: %v\n", err)
		return ExitUsage
	}
	defer closeFn()
	cfg.Progress = stderr

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()

	if err := checkEngines(ctx, cfg.Engines, cfg.Variant); err != nil {
		fmt.Fprintf(stderr, "bounder match: %v\n", err)
		switch {
		case isOptionError(err):
			return ExitUsage
		case errors.Is(err, context.Canceled):
			return ExitInterrupted
		}
		return ExitFailure
	}
	fmt.Fprintln(stderr, describeConfig(cfg))
	if w := coreWarning(cfg, runtime.NumCPU()); w != "" {
		fmt.Fprintln(stderr, w)
	}
	sum, err := Run(ctx, *cfg)
	if sum == nil { // rejected before any game: bad input
		fmt.Fprintf(stderr, "bounder match: %v\n", err)
		return ExitUsage
	}
	sum.Write(stdout)
	switch {
	case err == nil:
		return ExitOK
	case isOptionError(err): // the engine changed since checkEngines
		fmt.Fprintf(stderr, "bounder match: %v\n", err)
		return ExitUsage
	case errors.Is(err, context.Canceled):
		fmt.Fprintln(stderr, "bounder match: interrupted")
		return ExitInterrupted
	default:
		fmt.Fprintf(stderr, "bounder match: %v\n", err)
		return ExitFailure
	}
}

// isOptionError reports whether err is an option of an engine spec that the
// engine does not offer or whose value it refuses: bad input, like a bad
// flag, not an engine that failed.
func isOptionError(err error) bool {
	var unknown *UnknownOptionError
	var value *OptionValueError
	return errors.As(err, &unknown) || errors.As(err, &value)
}

// checkEngines runs CheckEngine on every engine at once (a real engine may
// take a while to initialise) under its match name, for games of variant v
// (a Chess960 match needs UCI_Chess960), and returns the first error in
// engine order.
func checkEngines(ctx context.Context, specs []EngineSpec, v Variant) error {
	names := uniqueNames(specs)
	errs := make([]error, len(specs))
	var wg sync.WaitGroup
	for i, s := range specs {
		s.Name = names[i]
		wg.Add(1)
		go func(i int, s EngineSpec) {
			defer wg.Done()
			errs[i] = checkEngine(ctx, s, v)
		}(i, s)
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

func describeConfig(cfg *Config) string {
	names := uniqueNames(cfg.Engines)
	s := fmt.Sprintf("Match %s: %s, %s, concurrency %d",
		strings.Join(names, " vs "), games(cfg.perPairing()*len(pairings(len(cfg.Engines)))),
		cfg.TimeControl.Describe(), cfg.concurrency())
	if cfg.Variant != Standard {
		s += ", variant " + cfg.Variant.String()
	}
	if n := len(cfg.suite()); n > 0 {
		what := "openings"
		if len(cfg.Openings) == 0 {
			what = "Chess960 start positions"
		}
		s += fmt.Sprintf(", %d %s (seed %d)", n, what, cfg.Seed)
		if cfg.Repeat {
			s += " repeated"
		}
	}
	if cfg.SPRT != nil {
		s += fmt.Sprintf(", SPRT %s [%g, %g] alpha=%g beta=%g",
			cfg.SPRT.Model, cfg.SPRT.Elo0, cfg.SPRT.Elo1, cfg.SPRT.Alpha, cfg.SPRT.Beta)
	}
	return s
}

// parseArgs turns the command line into a validated Config. The returned
// function closes the PGN file, if any.
func parseArgs(args []string) (*Config, func(), error) {
	fs := flag.NewFlagSet("bounder match", flag.ContinueOnError)
	fs.SetOutput(io.Discard) // errors are reported by Main, on one line
	var engines stringList
	fs.Var(&engines, "engine", "")
	tc := fs.String("tc", "", "")
	movetime := fs.String("movetime", "", "")
	nodes := fs.Int64("nodes", 0, "")
	games := fs.Int("games", 2, "")
	rounds := fs.Int("rounds", 1, "")
	concurrency := fs.Int("concurrency", 1, "")
	openings := fs.String("openings", "", "")
	repeat := fs.Bool("repeat", false, "")
	pgnout := fs.String("pgnout", "", "")
	sprt := fs.String("sprt", "", "")
	resign := fs.String("resign", "", "")
	draw := fs.String("draw", "", "")
	seed := fs.Int64("seed", 0, "")
	margin := fs.String("timemargin", "", "")
	stall := fs.String("stall-timeout", "", "")
	event := fs.String("event", "Bounder match", "")
	variant := fs.String("variant", "standard", "")
	noop := func() {}
	if err := fs.Parse(args); err != nil {
		return nil, noop, err
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if fs.NArg() > 0 {
		return nil, noop, usagef("unexpected argument %q", fs.Arg(0))
	}

	cfg := &Config{Repeat: *repeat, Seed: *seed, Event: *event}
	v, err := ParseVariant(*variant)
	if err != nil {
		return nil, noop, usagef("--variant: %v", err)
	}
	cfg.Variant = v
	if len(engines) < 2 {
		return nil, noop, usagef("need at least two --engine flags, have %d", len(engines))
	}
	for i, s := range engines {
		spec, err := ParseEngineSpec(s)
		if err != nil {
			return nil, noop, usagef("--engine %d: %v", i+1, err)
		}
		if err := checkVariantOption(spec, v); err != nil {
			return nil, noop, usagef("--engine %d: %v", i+1, err)
		}
		if _, err := exec.LookPath(spec.Cmd); err != nil {
			return nil, noop, usagef("--engine %d: %v", i+1, err)
		}
		cfg.Engines = append(cfg.Engines, spec)
	}

	limits := 0
	for _, n := range []string{"tc", "movetime", "nodes"} {
		if set[n] {
			limits++
		}
	}
	if limits > 1 {
		return nil, noop, usagef("--tc, --movetime and --nodes are exclusive")
	}
	switch {
	case set["movetime"]:
		d, err := parseSeconds(*movetime)
		if err != nil || d <= 0 {
			return nil, noop, usagef("--movetime %q: want a positive time such as 0.1 or 100ms", *movetime)
		}
		cfg.TimeControl.MoveTime = d
	case set["nodes"]:
		if *nodes <= 0 {
			return nil, noop, usagef("--nodes must be positive, have %d", *nodes)
		}
		cfg.TimeControl.Nodes = *nodes
	default:
		s := *tc
		if !set["tc"] {
			s = "10+0.1"
		}
		t, err := ParseTimeControl(s)
		if err != nil {
			return nil, noop, usagef("--tc: %v", err)
		}
		cfg.TimeControl = t
	}
	if set["timemargin"] {
		d, err := parseSeconds(*margin)
		if err != nil || d <= 0 {
			return nil, noop, usagef("--timemargin %q: want a positive time", *margin)
		}
		cfg.TimeControl.Margin = d
	}
	if set["stall-timeout"] {
		d, err := parseSeconds(*stall)
		if err != nil || d <= 0 {
			return nil, noop, usagef("--stall-timeout %q: want a positive time", *stall)
		}
		cfg.TimeControl.StallTimeout = d
	}

	for _, c := range []struct {
		name string
		v    int
		dst  *int
	}{{"games", *games, &cfg.Games}, {"rounds", *rounds, &cfg.Rounds}, {"concurrency", *concurrency, &cfg.Concurrency}} {
		if c.v < 1 {
			return nil, noop, usagef("--%s must be at least 1, have %d", c.name, c.v)
		}
		*c.dst = c.v
	}

	if set["sprt"] {
		s, err := ParseSPRT(*sprt)
		if err != nil {
			return nil, noop, usagef("--sprt: %v", err)
		}
		cfg.SPRT = &s
	}
	if set["resign"] {
		if err := parseResign(*resign, &cfg.Adjudication); err != nil {
			return nil, noop, usagef("--resign: %v", err)
		}
	}
	if set["draw"] {
		if err := parseDraw(*draw, &cfg.Adjudication); err != nil {
			return nil, noop, usagef("--draw: %v", err)
		}
	}
	if set["openings"] {
		if v == FischerRandom && !strings.EqualFold(filepath.Ext(*openings), ".epd") {
			return nil, noop, usagef("--openings %s: --variant %s reads start positions from an .epd file only", *openings, v)
		}
		ops, err := LoadOpenings(*openings)
		if err != nil {
			return nil, noop, usagef("--openings: %v", err)
		}
		cfg.Openings = ops
	}
	if err := cfg.Validate(); err != nil {
		return nil, noop, err
	}
	closeFn := noop
	if *pgnout != "" {
		f, err := os.OpenFile(*pgnout, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
		if err != nil {
			return nil, noop, usagef("--pgnout: %v", err)
		}
		cfg.PGN = NewPGNWriter(f)
		closeFn = func() { f.Close() }
	}
	return cfg, closeFn, nil
}

// checkVariantOption refuses a spec that sets UCI_Chess960 against the
// match's variant: the match sets it itself, and a standard game refereed
// as such cannot read an engine's Chess960 castling.
func checkVariantOption(spec EngineSpec, v Variant) error {
	for _, o := range spec.Options {
		if !strings.EqualFold(strings.Join(strings.Fields(o.Name), " "), uciChess960) {
			continue
		}
		on := strings.EqualFold(strings.TrimSpace(o.Value), "true")
		switch {
		case on && v != FischerRandom:
			return fmt.Errorf("option.%s=%s needs --variant %s (a standard game's referee reads standard castling only)", o.Name, o.Value, FischerRandom)
		case !on && v == FischerRandom:
			return fmt.Errorf("option.%s=%s contradicts --variant %s, which sets it to true", o.Name, o.Value, v)
		}
	}
	return nil
}

// ParseEngineSpec parses "cmd=PATH[,name=X][,arg=ARG]...[,dir=DIR][,option.N=V]...".
// Items are separated by commas, so values cannot contain one.
func ParseEngineSpec(s string) (EngineSpec, error) {
	var spec EngineSpec
	if strings.TrimSpace(s) == "" {
		return spec, errors.New("empty engine spec, want cmd=PATH[,name=X][,arg=ARG][,option.Name=Value]")
	}
	for _, item := range strings.Split(s, ",") {
		key, val, ok := strings.Cut(item, "=")
		key = strings.TrimSpace(key)
		if !ok || key == "" {
			return spec, fmt.Errorf("item %q is not key=value", item)
		}
		switch {
		case key == "cmd":
			if val == "" {
				return spec, errors.New("cmd is empty")
			}
			spec.Cmd = val
		case key == "name":
			spec.Name = val
		case key == "arg":
			spec.Args = append(spec.Args, val)
		case key == "dir":
			spec.Dir = val
		case strings.HasPrefix(key, "option."):
			name := strings.TrimSpace(strings.TrimPrefix(key, "option."))
			if name == "" {
				return spec, fmt.Errorf("item %q has an empty option name", item)
			}
			spec.Options = append(spec.Options, EngineOption{Name: name, Value: val})
		default:
			return spec, fmt.Errorf("unknown key %q (want cmd, name, arg, dir or option.NAME)", key)
		}
	}
	if spec.Cmd == "" {
		return spec, fmt.Errorf("%q has no cmd=PATH", s)
	}
	return spec, nil
}

// ParseSPRT parses "elo0=0,elo1=5,alpha=0.05,beta=0.05[,model=normalized]";
// omitted keys take those values (model logistic).
func ParseSPRT(s string) (SPRT, error) {
	sp := SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}
	kv, err := parseKV(s, "elo0", "elo1", "alpha", "beta", "model")
	if err != nil {
		return sp, err
	}
	for k, v := range kv {
		if k == "model" {
			switch v {
			case "logistic":
				sp.Model = Logistic
			case "normalized", "normalised":
				sp.Model = Normalized
			default:
				return sp, fmt.Errorf("model %q: want logistic or normalized", v)
			}
			continue
		}
		f, err := parseFloat(k, v)
		if err != nil {
			return sp, err
		}
		switch k {
		case "elo0":
			sp.Elo0 = f
		case "elo1":
			sp.Elo1 = f
		case "alpha":
			sp.Alpha = f
		case "beta":
			sp.Beta = f
		}
	}
	return sp, sp.Validate()
}

func parseResign(s string, a *Adjudication) error {
	kv, err := parseKV(s, "movecount", "score")
	if err != nil {
		return err
	}
	a.ResignMoveCount, a.ResignScore = 3, 600
	if err := intKey(kv, "movecount", 1, &a.ResignMoveCount); err != nil {
		return err
	}
	return intKey(kv, "score", 1, &a.ResignScore)
}

func parseDraw(s string, a *Adjudication) error {
	kv, err := parseKV(s, "movenumber", "movecount", "score")
	if err != nil {
		return err
	}
	a.DrawMoveNumber, a.DrawMoveCount, a.DrawScore = 40, 8, 10
	if err := intKey(kv, "movenumber", 0, &a.DrawMoveNumber); err != nil {
		return err
	}
	if err := intKey(kv, "movecount", 1, &a.DrawMoveCount); err != nil {
		return err
	}
	return intKey(kv, "score", 0, &a.DrawScore)
}

// parseKV splits "k=v,k=v" and rejects unknown or repeated keys.
func parseKV(s string, allowed ...string) (map[string]string, error) {
	kv := map[string]string{}
	if strings.TrimSpace(s) == "" {
		return kv, nil
	}
	for _, item := range strings.Split(s, ",") {
		k, v, ok := strings.Cut(item, "=")
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		if !ok || k == "" || v == "" {
			return nil, fmt.Errorf("item %q is not key=value", item)
		}
		known := false
		for _, a := range allowed {
			known = known || a == k
		}
		if !known {
			sort.Strings(allowed)
			return nil, fmt.Errorf("unknown key %q (want %s)", k, strings.Join(allowed, ", "))
		}
		if _, dup := kv[k]; dup {
			return nil, fmt.Errorf("key %q given twice", k)
		}
		kv[k] = v
	}
	return kv, nil
}

func parseFloat(k, v string) (float64, error) {
	f, err := strconv.ParseFloat(v, 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
		return 0, fmt.Errorf("%s=%q is not a number", k, v)
	}
	return f, nil
}

func intKey(kv map[string]string, k string, least int, dst *int) error {
	v, ok := kv[k]
	if !ok {
		return nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < least {
		return fmt.Errorf("%s=%q: want an integer of at least %d", k, v, least)
	}
	*dst = n
	return nil
}
