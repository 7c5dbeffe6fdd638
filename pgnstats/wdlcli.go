package pgnstats

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/bounder-chess/bounder/internal/gz"
	"github.com/bounder-chess/bounder/internal/usage"
	"github.com/bounder-chess/bounder/match"
	"github.com/bounder-chess/bounder/wdl"
)

const wdlUsage = `usage: bounder wdl fit [flags] PGN...

Fits the WDL model (package wdl: the chances of a win, a draw and a loss
for a score and the material on the board; "info ... wdl W D L" with the
UCI option UCI_ShowWDL) by maximum likelihood to the positions of played
games whose move comments carry the engine's score, as "bounder match",
cutechess and fastchess write them ("{+0.35/12 0.123s}"), leaving out
mate scores and the games lost by forfeit (time, illegal move, a failing
engine); .gz files are read as they are. Prints the number of games and
positions, the fitted a and b by material, the log-likelihood against the
constant model and the calibration tables (predicted against actual W/D/L
by score and by expected score); with --out, writes the coefficients as
the Go source of wdl/coeffs.go. Exit status: 0 on success, 2 for bad
flags or a file that cannot be read or holds a game it cannot replay, 1
when the fit fails.
`

// WDLMain runs "bounder wdl" and returns the exit status.
func WDLMain(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("wdl fit", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	out := fs.String("out", "", "write the fitted coefficients as Go source to `FILE` (wdl/coeffs.go to compile them in)")
	skipPlies := fs.Int("skip-plies", 0, "leave out each game's first N plies")
	bad := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "bounder wdl: "+format+" (see bounder wdl --help)\n", a...)
		return match.ExitUsage
	}
	if len(args) == 0 {
		return bad("no subcommand")
	}
	if isHelp(args[0]) {
		usage.Print(stdout, wdlUsage, fs)
		return match.ExitOK
	}
	if args[0] != "fit" {
		return bad("unknown subcommand %q: want fit", args[0])
	}
	// Flags may come before or after the files.
	var files []string
	rest := args[1:]
	for {
		if err := fs.Parse(rest); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				usage.Print(stdout, wdlUsage, fs)
				return match.ExitOK
			}
			return bad("%v", err)
		}
		if fs.NArg() == 0 {
			break
		}
		files = append(files, fs.Arg(0))
		rest = fs.Args()[1:]
	}
	switch {
	case len(files) == 0:
		return bad("no PGN file")
	case *skipPlies < 0:
		return bad("--skip-plies %d: want 0 or more", *skipPlies)
	}

	var samples []wdl.Sample
	var skips WDLSkips
	provenance := []string{"Fitted by: bounder wdl fit" + flagText(*skipPlies) + " " + strings.Join(baseNames(files), " ")}
	totalGames := 0
	for _, path := range files {
		s, games, k, err := readWDLFile(path, *skipPlies)
		if err != nil {
			fmt.Fprintf(stderr, "bounder wdl: %v\n", err)
			return match.ExitUsage
		}
		fmt.Fprintf(stdout, "%s: %s, %s\n", path, count(games, "game"), count(len(s), "position"))
		provenance = append(provenance, fmt.Sprintf("%s: %s, %s.", filepath.Base(path), count(games, "game"), count(len(s), "position")))
		samples = append(samples, s...)
		totalGames += games
		skips.Mates += k.Mates
		skips.Unscored += k.Unscored
		skips.Early += k.Early
		skips.Variants += k.Variants
		skips.Forfeits += k.Forfeits
	}
	fmt.Fprintf(stdout, "%s, %s; left out: %d positions with a mate score, %d without a score, %d in the first %d plies; %s lost by forfeit, %d of a variant\n",
		count(totalGames, "game"), count(len(samples), "position"), skips.Mates, skips.Unscored, skips.Early, *skipPlies, count(skips.Forfeits, "game"), skips.Variants)
	res, err := wdl.Fit(samples)
	if err != nil {
		fmt.Fprintf(stderr, "bounder wdl: %v\n", err)
		return match.ExitFailure
	}
	m := res.Model
	fmt.Fprintf(stdout, "\nmodel: a(x) = %.2f %+.2f·x %+.2f·x², b(x) = %.2f %+.2f·x %+.2f·x², x = (2·material - %d)/%d\n",
		m.A[0], m.A[1], m.A[2], m.B[0], m.B[1], m.B[2], wdl.MinMaterial+wdl.MaxMaterial, wdl.MaxMaterial-wdl.MinMaterial)
	fmt.Fprintf(stdout, "mean log-likelihood %.5f per position (constant model %.5f), %d Newton steps\n\n", res.LogLik, res.Baseline, res.Iterations)
	writeModelTable(stdout, m)
	fmt.Fprintln(stdout)
	if err := wdl.WriteCalibration(stdout, "score (cp)", m.CalibrateByScore(samples, wdl.ScoreEdges)); err != nil {
		return match.ExitFailure
	}
	fmt.Fprintln(stdout)
	if err := wdl.WriteCalibration(stdout, "expected score", m.CalibrateByExpected(samples, 10)); err != nil {
		return match.ExitFailure
	}
	if *out != "" {
		src, err := wdl.GoSource(res, provenance)
		if err == nil {
			err = os.WriteFile(*out, src, 0o644)
		}
		if err != nil {
			fmt.Fprintf(stderr, "bounder wdl: %v\n", err)
			return match.ExitFailure
		}
		fmt.Fprintf(stdout, "\nwrote %s\n", *out)
	}
	return match.ExitOK
}

// isHelp reports whether arg asks for help.
func isHelp(arg string) bool {
	switch arg {
	case "-h", "--h", "-help", "--help", "help":
		return true
	}
	return false
}

func flagText(skipPlies int) string {
	if skipPlies == 0 {
		return ""
	}
	return fmt.Sprintf(" --skip-plies %d", skipPlies)
}

func baseNames(paths []string) []string {
	out := make([]string, len(paths))
	for i, p := range paths {
		out[i] = filepath.Base(p)
	}
	return out
}

// readWDLFile reads the samples of a PGN file, gzip-compressed or not.
func readWDLFile(path string, skipPlies int) ([]wdl.Sample, int, WDLSkips, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, 0, WDLSkips{}, err
	}
	defer f.Close()
	r, err := gz.MaybeGzip(f)
	if err != nil {
		return nil, 0, WDLSkips{}, fmt.Errorf("%s: %w", path, err)
	}
	s, games, k, err := ReadWDLSamples(r, skipPlies)
	if err != nil {
		return nil, 0, k, fmt.Errorf("%s: %w", path, err)
	}
	return s, games, k, nil
}

// writeModelTable writes a and b, and the WDL of a few scores, at a few
// material counts.
func writeModelTable(w io.Writer, m wdl.Model) {
	fmt.Fprintln(w, "| material | a (cp) | b (cp) | WDL at +50 | at +100 | at +200 | at +400 |")
	fmt.Fprintln(w, "|--:|--:|--:|--:|--:|--:|--:|")
	for _, mat := range []int{78, 70, 60, 50, 40, 30, 20, 10} {
		a, b := m.Params(mat)
		fmt.Fprintf(w, "| %d | %.0f | %.0f | %s | %s | %s | %s |\n", mat, a, b,
			m.PerMille(50, mat), m.PerMille(100, mat), m.PerMille(200, mat), m.PerMille(400, mat))
	}
}
