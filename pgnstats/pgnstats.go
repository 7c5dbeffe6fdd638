package pgnstats

import (
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/bounder-chess/bounder/internal/gz"
	"github.com/bounder-chess/bounder/match"
	"github.com/bounder-chess/bounder/wdl"
)

// The report of games already played: "bounder stats" reads the PGN files
// that --pgnout wrote (chunks of one long gauntlet, say) and prints what the
// match would have printed had it played them all: W/D/L, Elo from game
// pairs, terminations and each engine's time per move from the move
// comments, with the clocks replayed from the TimeControl tag.

const statsUsage = `usage: bounder stats [--sprt SPEC] FILE...

Reports on the games of PGN files written by "bounder match --pgnout": W/D/L
and Elo with its 95% interval for each pair of engines, from game pairs (an
opening played twice with colours reversed, in consecutive rounds of one
file) when every game is in one, terminations, and each engine's time per
move (mean, longest, least left on its clock, the mean in moves 1-10,
11-20, 21-30, 31-40, 41-60 and 61 on, and the long thinks: moves over twice
a twentieth of the clock plus the increment) from the move comments; when
the move comments carry the engines' scores, foresight (in the games each
engine lost, how many plies before its own score fell past -1.00 the
winner's had passed +1.00: a long trail in one engine's losses and a short
one in the other's are positions the first misjudged for many moves), and
expected against actual results: the positions grouped by the expected score
the WDL model gives their score and material (the model of UCI_ShowWDL,
fitted to Bounder's self-play by "bounder wdl fit"), with the mean predicted
and the actual wins, draws and losses of each group. Unfinished games ("*")
and empty files are left out; gzip-compressed files are read as they are.
Exit status: 0 on success, 2 for no games, a file that cannot be read or
holds a game it cannot read, or a malformed SPEC.

Flags:
  --sprt SPEC   also the SPRT's log-likelihood ratio of each pair of engines
                over all the files, as "bounder match --sprt SPEC" computes it
                (elo0=A,elo1=B[,alpha=,beta=,model=]): the decision for a test
                played in several runs, pooled
`

// StatsMain runs "bounder stats FILE..." and returns the exit status.
func StatsMain(args []string, stdout, stderr io.Writer) int {
	if len(args) == 1 && (args[0] == "-h" || args[0] == "-help" || args[0] == "--help") {
		fmt.Fprint(stdout, statsUsage)
		return match.ExitOK
	}
	files, sprt, err := statsArgs(args)
	if err != nil {
		fmt.Fprintf(stderr, "bounder stats: %v\n%s", err, statsUsage)
		return match.ExitUsage
	}
	if len(files) == 0 {
		fmt.Fprint(stderr, "bounder stats: no PGN file\n"+statsUsage)
		return match.ExitUsage
	}
	var games []statGame
	for i, path := range files {
		g, err := readStatsFile(path, i)
		if errors.Is(err, errNoGames) {
			// A chunk just started: its file exists but holds no game yet.
			fmt.Fprintf(stderr, "bounder stats: %s: no games (skipped)\n", path)
			continue
		}
		if err != nil {
			fmt.Fprintf(stderr, "bounder stats: %v\n", err)
			return match.ExitUsage
		}
		games = append(games, g...)
	}
	if len(games) == 0 {
		fmt.Fprintln(stderr, "bounder stats: no games")
		return match.ExitUsage
	}
	s := summarize(games)
	fmt.Fprintf(stdout, "%s from %s", count(s.Played, "game"), count(len(files), "file"))
	if s.Unfinished > 0 {
		fmt.Fprintf(stdout, " (%d unfinished left out)", s.Unfinished)
	}
	fmt.Fprintln(stdout)
	for _, p := range s.Pairings {
		p.write(stdout)
		if sprt != nil {
			writeSPRT(stdout, p.PairingResult, *sprt)
		}
	}
	writeWDLCalibration(stdout, games)
	return match.ExitOK
}

// statsArgs splits stats' arguments into the PGN files and the --sprt
// test, if any; the flag may come before, between or after the files.
func statsArgs(args []string) (files []string, sprt *match.SPRT, err error) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		spec, isFlag := "", false
		switch {
		case a == "--sprt" || a == "-sprt":
			if i+1 == len(args) {
				return nil, nil, errors.New("--sprt needs a SPEC")
			}
			i++
			spec, isFlag = args[i], true
		case strings.HasPrefix(a, "--sprt="), strings.HasPrefix(a, "-sprt="):
			spec, isFlag = a[strings.IndexByte(a, '=')+1:], true
		case strings.HasPrefix(a, "-") && a != "-":
			return nil, nil, fmt.Errorf("unknown flag %s", a)
		}
		if !isFlag {
			files = append(files, a)
			continue
		}
		s, err := match.ParseSPRT(spec)
		if err != nil {
			return nil, nil, fmt.Errorf("--sprt: %v", err)
		}
		sprt = &s
	}
	return files, sprt, nil
}

// writeSPRT prints the test's log-likelihood ratio of a pairing, with the
// model its games allow (pentanomial when every game is in a pair).
func writeSPRT(w io.Writer, p *match.PairingResult, s match.SPRT) {
	lower, upper := s.Bounds()
	llr := p.LLR(s)
	model := "trinomial"
	if p.Paired {
		model = "pentanomial"
	}
	fmt.Fprintf(w, "  SPRT: %s elo0=%g elo1=%g alpha=%g beta=%g (%s): LLR %.3f, bounds (%.3f, %.3f): %s\n",
		s.Model, s.Elo0, s.Elo1, s.Alpha, s.Beta, model, llr, lower, upper, s.Decide(llr))
}

// statGame is what the report needs of one game.
type statGame struct {
	file         int // which file (pairs never span two)
	round        int // its Round tag: a pair is two consecutive rounds
	white, black string
	result       string
	fen          string
	termination  match.Termination
	use          [2]match.TimeUse // by colour
	// The positions with a score in their move comment, for the WDL
	// model's calibration (wdlGameSamples); replayed is false for a game
	// whose moves could not be replayed.
	wdl      []wdl.Sample
	replayed bool
	seen     foresight // when each side first scored the result
	decided  int       // the move number of the winner's first score past +1.00; 0 for none
}

// statsSummary is the report of a set of games.
type statsSummary struct {
	Played     int
	Unfinished int
	Pairings   []*pairing
}

// pairing is the games of a pair of engines: what the match counts of them
// and what only their move comments' scores tell (foresight.go).
type pairing struct {
	*match.PairingResult
	Trails  Trails  // foresight in decisive games
	Decided Decided // decisive games by the stage the winner saw them won in
}

// write prints the pairing as "bounder match" reports it, then its
// foresight.
func (p *pairing) write(w io.Writer) {
	p.PairingResult.Write(w)
	writeTrails(w, p.First, p.Second, p.Trails)
	writeDecided(w, p.First, p.Second, p.Decided)
}

// firstSpelling maps names that differ only in case to the spelling seen
// first.
type firstSpelling map[string]string

// of returns n's first spelling, case aside (n itself the first time).
func (f firstSpelling) of(n string) string {
	k := strings.ToLower(n)
	if first, ok := f[k]; ok {
		return first
	}
	f[k] = n
	return n
}

// summarize totals games by pair of engines, in the order the pairs first
// appear by file and round; First of a pair is the White of its first game
// (in a match's file, the engine given first). Names that differ only in
// case are one engine, under the spelling seen first: files written at
// different times name the same engine "bounder" and "Bounder".
func summarize(games []statGame) statsSummary {
	games = slices.Clone(games)
	sort.SliceStable(games, func(a, b int) bool {
		if games[a].file != games[b].file {
			return games[a].file < games[b].file
		}
		return games[a].round < games[b].round
	})
	name := firstSpelling{}
	var s statsSummary
	index := map[[2]string]int{}
	var byPairing [][]statGame
	for _, g := range games {
		g.white, g.black = name.of(g.white), name.of(g.black)
		if g.result != match.ResultWhiteWins && g.result != match.ResultBlackWins && g.result != match.ResultDraw {
			s.Unfinished++
			continue
		}
		key := [2]string{g.white, g.black}
		if g.black < g.white {
			key = [2]string{g.black, g.white}
		}
		i, ok := index[key]
		if !ok {
			i = len(s.Pairings)
			index[key] = i
			s.Pairings = append(s.Pairings, &pairing{PairingResult: &match.PairingResult{
				First: g.white, Second: g.black, Terminations: map[match.Termination]int{}}})
			byPairing = append(byPairing, nil)
		}
		byPairing[i] = append(byPairing[i], g)
		s.Played++
	}
	for i, p := range s.Pairings {
		tally(p, byPairing[i])
	}
	return s
}

// tally adds a pair of engines' games, in file and round order, to p.
func tally(p *pairing, games []statGame) {
	points := func(g statGame) float64 { return match.PointsForFirst(g.result, g.white == p.First) }
	for _, g := range games {
		p.AddGame(points(g), g.termination, g.use, g.white == p.First)
		loser := 1 // in a decisive game, Second lost
		if points(g) == 0 {
			loser = 0
		}
		if t, ok := g.seen.trail(resultWinner(g.result)); ok {
			p.Trails[loser] = append(p.Trails[loser], t)
		}
		if g.decided > 0 {
			p.Decided[loser][match.StageOf(g.decided)]++
		}
	}
	paired := 0
	for i := 0; i+1 < len(games); i++ {
		a, b := games[i], games[i+1]
		if a.file == b.file && a.round+1 == b.round && a.fen == b.fen && a.white == b.black {
			p.Penta[int((points(a)+points(b))*2+0.5)]++
			paired += 2
			i++
		}
	}
	// Pairs when every game is in one, but for one a file (a match stopped
	// between the two games of a pair).
	files := map[int]bool{}
	for _, g := range games {
		files[g.file] = true
	}
	p.Paired = paired > 0 && len(games)-paired <= len(files)
}

var errNoGames = errors.New("no games")

// readStatsFile reads the games of the file-th file, path.
func readStatsFile(path string, file int) ([]statGame, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r, err := gz.MaybeGzip(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	games, err := readStats(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	for i := range games {
		games[i].file = file
	}
	return games, nil
}

// readStats reads the games of a PGN file written by match.PGNWriter.
func readStats(r io.Reader) ([]statGame, error) {
	texts, err := match.SplitPGN(r)
	if err != nil {
		return nil, err
	}
	if len(texts) == 0 {
		return nil, errNoGames
	}
	out := make([]statGame, 0, len(texts))
	for i, text := range texts {
		g, err := parseStatGame(text)
		if err != nil {
			return nil, fmt.Errorf("game %d: %w", i+1, err)
		}
		if g.round == 0 {
			g.round = i + 1
		}
		// A game that cannot be replayed (a variant notnil/chess does not
		// play) still counts for the rest of the report.
		if samples, _, err := wdlGameSamples(text, 0); err == nil {
			g.wdl, g.replayed = samples, true
		}
		out = append(out, g)
	}
	return out, nil
}

// parseStatGame reads the tags and the move comments of one game: each of
// the engines' moves carries "{score/depth time}" and each book move
// "{book}"; any other comment (the reason the game ended) is not a move's.
func parseStatGame(text string) (statGame, error) {
	var g statGame
	tags := map[string]string{}
	var moves strings.Builder
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(line, "[") && strings.HasSuffix(line, "]") {
			k, v, ok := strings.Cut(line[1:len(line)-1], " ")
			if ok {
				tags[k] = strings.ReplaceAll(strings.ReplaceAll(strings.Trim(v, `"`), `\"`, `"`), `\\`, `\`)
			}
			continue
		}
		moves.WriteString(line)
		moves.WriteByte(' ')
	}
	g.white, g.black, g.result = tags["White"], tags["Black"], tags["Result"]
	if g.white == "" || g.black == "" || strings.EqualFold(g.white, g.black) {
		return g, fmt.Errorf("White %q and Black %q: want two engines", g.white, g.black)
	}
	g.fen = tags["FEN"]
	g.termination = match.Termination(tags["Termination"])
	if n, err := strconv.Atoi(tags["Round"]); err == nil && n > 0 {
		g.round = n
	}
	side, move := 0, 1 // the side to move and the move number
	f := strings.Fields(g.fen)
	if len(f) > 1 && f[1] == "b" {
		side = 1
	}
	if len(f) > 5 {
		if n, err := strconv.Atoi(f[5]); err == nil && n > 0 {
			move = n
		}
	}
	next := func() { // the next ply's side and move number
		move += side
		side ^= 1
	}
	var clk *match.Clocks
	tc, err := match.ParseTimeControl(tags["TimeControl"])
	if err == nil {
		clk = match.NewClocks(tc)
	}
	winner := resultWinner(g.result)
	g.seen = noForesight
	ply := 0
	rest := moves.String()
	for {
		open := strings.IndexByte(rest, '{')
		if open < 0 {
			break
		}
		end := strings.IndexByte(rest[open:], '}')
		if end < 0 {
			return g, errors.New("a comment is not closed")
		}
		comment := strings.TrimSpace(rest[open+1 : open+end])
		rest = rest[open+end+1:]
		if comment == "book" {
			next()
			ply++
			continue
		}
		elapsed, ok := moveTime(comment)
		if !ok {
			continue // the closing comment
		}
		if g.seen.see(side, winner, ply, comment) && side == winner {
			g.decided = move
		}
		ply++
		left, timed, budget := time.Duration(0), clk != nil, time.Duration(0)
		if timed {
			budget = match.LongBudget(tc, clk.Left(side))
			left = clk.Left(side) - elapsed
			clk.Spend(side, elapsed)
		}
		g.use[side].Record(elapsed, left, timed, budget, move)
		next()
	}
	return g, nil
}

// moveTime reads the time of an engine's move comment: "score/depth
// 0.123s", or "0.123s" when the engine reported no score.
func moveTime(comment string) (time.Duration, bool) {
	f := strings.Fields(comment)
	if len(f) == 0 || len(f) > 2 || len(f) == 2 && !strings.Contains(f[0], "/") {
		return 0, false
	}
	t := f[len(f)-1]
	if !strings.HasSuffix(t, "s") {
		return 0, false
	}
	secs, err := strconv.ParseFloat(strings.TrimSuffix(t, "s"), 64)
	if err != nil || secs < 0 || secs > 1e7 {
		return 0, false
	}
	return time.Duration(secs*1e3+0.5) * time.Millisecond, true
}

// count renders "1 game", "2 games".
func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}
