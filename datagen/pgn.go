package datagen

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/bounder-chess/bounder/match"
	"github.com/bounder-chess/bounder/pgnstats"
	"github.com/bounder-chess/bounder/syzygy"
)

// Played games as data ("bounder datagen --pgn"): the games of matches at a
// real time control hold the positions the engine's games are decided in,
// with the results they led to. docs/tuning.md §9 measured that weights
// fitted with them predict the results of other such games better than
// weights fitted on fixed-node self-play alone (though they did not play
// better: the games choose).

// FromGames writes the positions of played games (as pgnstats.ReadGames reads
// them from PGN) the way Run writes those of the games it plays: the same
// selection (the package documentation), labels and table corrections,
// where each move's score is the one its PGN comment gave. With noScores
// the lines carry the label alone (the tuner then fits them to the result:
// the scores of a match's games come from two engines, each on its own
// scale). Games without a result or lost by forfeit are counted as dropped.
func FromGames(games []match.GameRecord, skipPlies, maxScore int, tb *syzygy.Tables, noScores bool, out io.Writer) (Stats, error) {
	var st Stats
	for i := range games {
		g, ok := positions(&games[i], skipPlies, maxScore, tb)
		if noScores {
			for j, l := range g.lines {
				g.lines[j] = dropScore(l)
			}
		}
		if err := st.write(g, ok, out); err != nil {
			return st, err
		}
	}
	return st, nil
}

// dropScore is a data line ("FEN label score\n") without its score.
func dropScore(line string) string {
	f := strings.Fields(line)
	if len(f) <= 7 { // six FEN fields and the label
		return line
	}
	return strings.Join(f[:7], " ") + "\n"
}

// pgnMain runs "bounder datagen --pgn FILE...": every file is read before
// the output is opened, so a file that cannot be read changes nothing.
func pgnMain(files []string, out, tbPath string, skip, maxScore int, noScores bool, stdout, stderr io.Writer,
	bad func(format string, a ...any) int) int {
	switch {
	case len(files) == 0:
		return bad("--pgn needs one or more PGN files after the flags")
	case out == "":
		return bad("--out FILE is required")
	case skip < 0 || maxScore < 0:
		return bad("--skip-plies and --max-score must be >= 0")
	}
	var games []match.GameRecord
	variants := 0
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			return bad("%v", err)
		}
		g, skips, err := pgnstats.ReadGames(f)
		f.Close()
		if err != nil {
			return bad("%s: %v", name, err)
		}
		games = append(games, g...)
		variants += skips.Variants
	}
	tb, err := openTables(tbPath)
	if err != nil {
		return bad("--syzygy: %v", err)
	}
	defer closeTables(tb, stderr)
	f, err := os.OpenFile(out, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return bad("%v", err)
	}
	st, runErr := FromGames(games, skip, maxScore, tb, noScores, f)
	if err := f.Close(); err != nil && runErr == nil {
		runErr = err
	}
	tbNote := st.tablesNote(tb)
	fmt.Fprintf(stdout, "%d games read (%d not used: no result or a forfeit; %d Chess960 games skipped), %d positions (white %d, draw %d, black %d) in %s%s\n",
		len(games), st.Dropped, variants, st.Positions, st.White, st.Draw, st.Black, out, tbNote)
	if runErr != nil {
		fmt.Fprintf(stderr, "bounder datagen: %v\n", runErr)
		return 1
	}
	return 0
}

// tablesNote is the summary's clause on the labels the tables changed, ""
// without tables.
func (st *Stats) tablesNote(tb *syzygy.Tables) string {
	if tb == nil {
		return ""
	}
	return fmt.Sprintf(", the tables changed the label of %d games (%d positions)", st.TBGames, st.TBPositions)
}
