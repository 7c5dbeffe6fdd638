package match

import (
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"
	"time"
)

// progressLine is the live one-line status after a game ends.
func progressLine(sum *Summary, pr *PairingResult, rec *GameRecord) string {
	est := pr.Estimate()
	var b strings.Builder
	fmt.Fprintf(&b, "[%d/%d] %s vs %s: %s", sum.Played, sum.Scheduled, rec.White, rec.Black, rec.Result)
	if rec.Reason != "" {
		fmt.Fprintf(&b, " (%s)", rec.Reason)
	}
	fmt.Fprintf(&b, " | %s vs %s W/D/L %d/%d/%d %.1f%% Elo %s",
		pr.First, pr.Second, pr.WDL.Wins, pr.WDL.Draws, pr.WDL.Losses, 100*pr.WDL.Score(), eloPM(est))
	if sum.SPRT != nil {
		lower, upper := sum.SPRT.Bounds()
		fmt.Fprintf(&b, " LLR %.2f (%.2f, %.2f)", sum.LLR, lower, upper)
	}
	return b.String()
}

// eloPM renders "+12.3 ± 45.6".
func eloPM(e Estimate) string {
	return fmt.Sprintf("%s ± %s", signed(e.Elo), num(e.ErrorMargin()))
}

func signed(x float64) string {
	switch {
	case math.IsInf(x, 1):
		return "+inf"
	case math.IsInf(x, -1):
		return "-inf"
	case math.IsNaN(x):
		return "nan"
	case math.Abs(x) < 0.05:
		return "+0.0" // not "-0.0" for a score of exactly one half
	}
	return fmt.Sprintf("%+.1f", x)
}

// games renders a count of games: "1 game", "2 games".
func games(n int) string {
	if n == 1 {
		return "1 game"
	}
	return fmt.Sprintf("%d games", n)
}

func num(x float64) string {
	if math.IsInf(x, 0) || math.IsNaN(x) {
		return "inf"
	}
	return fmt.Sprintf("%.1f", x)
}

// Write prints the final report.
func (s *Summary) Write(w io.Writer) {
	fmt.Fprintf(w, "Match finished: %d of %s played (%s)", s.Played, games(s.Scheduled), s.TimeControl.Describe())
	if s.Stopped != "" {
		fmt.Fprintf(w, ", stopped early: %s", s.Stopped)
	}
	fmt.Fprintln(w)
	for _, p := range s.Pairings {
		p.Write(w)
	}
	if s.SPRT != nil {
		lower, upper := s.SPRT.Bounds()
		model := "trinomial"
		if len(s.Pairings) > 0 && s.Pairings[0].Paired {
			model = "pentanomial"
		}
		fmt.Fprintf(w, "SPRT: %s elo0=%g elo1=%g alpha=%g beta=%g (%s): LLR %.3f, bounds (%.3f, %.3f): %s\n",
			s.SPRT.Model, s.SPRT.Elo0, s.SPRT.Elo1, s.SPRT.Alpha, s.SPRT.Beta, model,
			s.LLR, lower, upper, s.Decision)
	}
}

// Write prints the pairing's part of the report.
func (p *PairingResult) Write(w io.Writer) {
	r := p.WDL
	fmt.Fprintf(w, "%s vs %s: %s, W/D/L %d/%d/%d, score %.1f/%d = %.2f%%\n",
		p.First, p.Second, games(r.Games()), r.Wins, r.Draws, r.Losses, r.Points(), r.Games(), 100*r.Score())
	if r.Games() == 0 {
		return
	}
	e := p.Estimate()
	model := "trinomial"
	if p.Paired && p.Penta.Pairs() > 0 {
		model = "pentanomial"
	}
	fmt.Fprintf(w, "  Elo %s (95%% CI %s .. %s, %s), LOS %.1f%%\n",
		eloPM(e), signed(e.EloLow), signed(e.EloHigh), model, 100*e.LOS)
	if p.Paired {
		fmt.Fprintf(w, "  Pentanomial [0-2]: %v (%d pairs)\n", [5]int(p.Penta), p.Penta.Pairs())
	}
	if len(p.Terminations) > 0 {
		keys := make([]string, 0, len(p.Terminations))
		for t, n := range p.Terminations {
			keys = append(keys, fmt.Sprintf("%s %d", t, n))
		}
		sort.Strings(keys)
		fmt.Fprintf(w, "  Terminations: %s\n", strings.Join(keys, ", "))
	}
	if p.Use[0].Moves+p.Use[1].Moves > 0 {
		fmt.Fprintf(w, "  Time per move: %s %s, %s %s\n", p.First, p.Use[0].describe(), p.Second, p.Use[1].describe())
		fmt.Fprintf(w, "  Time per move by move number (%s): %s %s, %s %s\n",
			StageNames(), p.First, p.Use[0].describeStages(), p.Second, p.Use[1].describeStages())
		if p.Use[0].Running || p.Use[1].Running { // not for a fixed time per move
			fmt.Fprintf(w, "  Long thinks (over twice a twentieth of the clock plus the increment): %s %s, %s %s\n",
				p.First, p.Use[0].describeLong(), p.Second, p.Use[1].describeLong())
		}
	}
}

// StageNames renders the stages of StageStarts: "1-10, 11-20, …, 61-".
func StageNames() string {
	names := make([]string, len(StageStarts))
	for i, first := range StageStarts {
		names[i] = fmt.Sprintf("%d-", first)
		if i+1 < len(StageStarts) {
			names[i] += strconv.Itoa(StageStarts[i+1] - 1)
		}
	}
	return strings.Join(names, ", ")
}

// describeStages renders the mean time per move of each stage, "-" for a
// stage with no move: "0.476 0.352 0.267 0.203 0.151 0.098 s".
func (u TimeUse) describeStages() string {
	parts := make([]string, len(u.Stages))
	for i, st := range u.Stages {
		parts[i] = "-"
		if st.Moves > 0 {
			parts[i] = fmt.Sprintf("%.3f", (st.Total / time.Duration(st.Moves)).Seconds())
		}
	}
	return strings.Join(parts, " ") + " s"
}

// describeLong renders the long thinks' shares of the moves and of the
// time: "3.5% of the moves, 9.6% of the time".
func (u TimeUse) describeLong() string {
	if u.Moves == 0 || u.Total == 0 {
		return "no moves"
	}
	return fmt.Sprintf("%.1f%% of the moves, %.1f%% of the time",
		100*float64(u.Long)/float64(u.Moves), 100*float64(u.LongTotal)/float64(u.Total))
}

// describe renders "0.212 s (max 0.970 s, least left 0.188 s)".
func (u TimeUse) describe() string {
	s := fmt.Sprintf("%.3f s (max %.3f s", u.Mean().Seconds(), u.Max.Seconds())
	if u.Clock {
		s += fmt.Sprintf(", least left %.3f s", u.Least.Seconds())
	}
	return s + ")"
}
