package epd

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/bounder-chess/bounder/search"
)

// Formats of the per-problem output.
var Formats = []string{"text", "csv", "json"}

// reporter writes outcomes and summaries in one format.
type reporter interface {
	Begin(s *Suite)
	Outcome(o *Outcome)
	Summary(s *Summary, total bool)
	Flush() error
}

func newReporter(format string, out, summaries io.Writer) reporter {
	switch format {
	case "csv":
		w := csv.NewWriter(out)
		w.Write(csvHeader)
		return &csvReporter{w: w, summaries: summaries}
	case "json":
		return &jsonReporter{enc: json.NewEncoder(out)}
	}
	return &textReporter{w: out}
}

// fmtDuration writes durations briefly: 120ms, 1.23s, 1m2.3s.
func fmtDuration(d time.Duration) string {
	switch {
	case d < time.Millisecond:
		return d.Round(time.Microsecond).String()
	case d < time.Second:
		return d.Round(time.Millisecond).String()
	case d < time.Minute:
		return d.Round(10 * time.Millisecond).String()
	}
	return d.Round(100 * time.Millisecond).String()
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// scoreText is "cp 35", "mate 3" or "mate -2".
func scoreText(score int) string {
	if search.IsMate(score) {
		return "mate " + strconv.Itoa(search.MateIn(score))
	}
	return "cp " + strconv.Itoa(score)
}

// ---- text ----

type textReporter struct {
	w     io.Writer
	idLen int
}

func (t *textReporter) Begin(s *Suite) {
	t.idLen = 0
	for _, p := range s.Problems {
		t.idLen = max(t.idLen, len(p.ID))
	}
}

// Outcome writes e.g.
//
//	WAC.001  ok   bm Qg6  got Qg6  depth 9  time 120ms  first 5 @ 40ms
func (t *textReporter) Outcome(o *Outcome) {
	p := o.Problem
	var b strings.Builder
	fmt.Fprintf(&b, "%-*s  %-4s %s", t.idLen, p.ID, o.Status, p.Expected())
	if o.Status == Skipped {
		fmt.Fprintf(&b, "  %s", p.Invalid)
		fmt.Fprintln(t.w, b.String())
		return
	}
	fmt.Fprintf(&b, "  got %s", p.SAN(o.Move))
	if p.DM > 0 || search.IsMate(o.Score) {
		fmt.Fprintf(&b, "  %s", scoreText(o.Score))
	}
	if p.MaxPoints > 0 {
		fmt.Fprintf(&b, "  points %d/%d", o.Points, p.MaxPoints)
	}
	fmt.Fprintf(&b, "  depth %d  time %s", o.Depth, fmtDuration(o.Elapsed))
	if o.Status == Solved {
		fmt.Fprintf(&b, "  first %d @ %s", o.FirstDepth, fmtDuration(o.FirstTime))
	}
	if o.Interrupt {
		b.WriteString("  (interrupted)")
	}
	fmt.Fprintln(t.w, b.String())
}

func (t *textReporter) Summary(s *Summary, total bool) {
	fmt.Fprintln(t.w, summaryText(s, total))
}

// summaryText is the one-line summary:
//
//	wacnew.epd: solved 287/300 (95.7%)  time 5m1s  avg depth 9.4  nodes 123456  nps 400000
func summaryText(s *Summary, total bool) string {
	var b strings.Builder
	name := s.Name
	if total {
		name = "total"
	}
	fmt.Fprintf(&b, "%s: solved %d/%d (%.1f%%)", name, s.Solved, s.Scored, s.Percent())
	if s.MaxPoints > 0 {
		fmt.Fprintf(&b, "  points %d/%d (%.1f%%)", s.Points, s.MaxPoints, 100*float64(s.Points)/float64(s.MaxPoints))
	}
	fmt.Fprintf(&b, "  time %s  avg depth %.1f  nodes %d  nps %d", fmtDuration(s.Time), s.AvgDepth(), s.Nodes, s.NPS())
	if s.Skipped > 0 || s.Malformed > 0 {
		fmt.Fprintf(&b, "  (%d skipped, %d malformed)", s.Skipped, s.Malformed)
	}
	return b.String()
}

func (t *textReporter) Flush() error { return nil }

// ---- csv ----

var csvHeader = []string{"file", "line", "id", "status", "expected", "move", "uci", "score",
	"depth", "time_ms", "first_depth", "first_time_ms", "nodes", "points", "max_points", "note"}

// csvReporter writes one row per problem; summaries go to the summaries
// writer as text, so that the output stays one table.
type csvReporter struct {
	w         *csv.Writer
	summaries io.Writer
}

func (c *csvReporter) Begin(*Suite) {}

func (c *csvReporter) Outcome(o *Outcome) {
	p := o.Problem
	row := []string{p.File, strconv.Itoa(p.Line), p.ID, string(o.Status), p.Expected()}
	if o.Status == Skipped {
		row = append(row, "", "", "", "", "", "", "", "", "", "", p.Invalid)
	} else {
		first := ""
		firstTime := ""
		if o.Status == Solved {
			first, firstTime = strconv.Itoa(o.FirstDepth), fmt.Sprint(ms(o.FirstTime))
		}
		pts, maxPts := "", ""
		if p.MaxPoints > 0 {
			pts, maxPts = strconv.Itoa(o.Points), strconv.Itoa(p.MaxPoints)
		}
		note := ""
		if o.Interrupt {
			note = "interrupted"
		}
		row = append(row, p.SAN(o.Move), o.Move.String(), scoreText(o.Score), strconv.Itoa(o.Depth),
			fmt.Sprint(ms(o.Elapsed)), first, firstTime, strconv.FormatUint(o.Nodes, 10), pts, maxPts, note)
	}
	c.w.Write(row)
	c.w.Flush()
}

func (c *csvReporter) Summary(s *Summary, total bool) {
	fmt.Fprintln(c.summaries, summaryText(s, total))
}

func (c *csvReporter) Flush() error {
	c.w.Flush()
	return c.w.Error()
}

// ---- json ----

// jsonReporter writes JSON Lines: one object per problem ("type":
// "result") and per summary ("type": "summary").
type jsonReporter struct {
	enc *json.Encoder
	err error
}

type jsonResult struct {
	Type        string   `json:"type"`
	File        string   `json:"file"`
	Line        int      `json:"line"`
	ID          string   `json:"id"`
	Status      string   `json:"status"`
	Solved      bool     `json:"solved"`
	Expected    string   `json:"expected"`
	BM          []string `json:"bm,omitempty"`
	AM          []string `json:"am,omitempty"`
	DM          int      `json:"dm,omitempty"`
	Move        string   `json:"move,omitempty"`
	UCI         string   `json:"uci,omitempty"`
	Score       *int     `json:"score_cp,omitempty"`
	Mate        *int     `json:"score_mate,omitempty"`
	Depth       int      `json:"depth"`
	TimeMS      float64  `json:"time_ms"`
	FirstDepth  int      `json:"first_depth,omitempty"`
	FirstTimeMS *float64 `json:"first_time_ms,omitempty"`
	Nodes       uint64   `json:"nodes"`
	Points      *int     `json:"points,omitempty"`
	MaxPoints   int      `json:"max_points,omitempty"`
	Error       string   `json:"error,omitempty"`
	Interrupted bool     `json:"interrupted,omitempty"`
}

type jsonSummary struct {
	Type      string  `json:"type"`
	File      string  `json:"file,omitempty"`
	Total     bool    `json:"total,omitempty"`
	Solved    int     `json:"solved"`
	Scored    int     `json:"scored"`
	Percent   float64 `json:"percent"`
	Points    int     `json:"points,omitempty"`
	MaxPoints int     `json:"max_points,omitempty"`
	Skipped   int     `json:"skipped"`
	Malformed int     `json:"malformed"`
	TimeMS    float64 `json:"time_ms"`
	AvgDepth  float64 `json:"avg_depth"`
	Nodes     uint64  `json:"nodes"`
	NPS       uint64  `json:"nps"`
}

func (j *jsonReporter) Begin(*Suite) {}

func (j *jsonReporter) put(v any) {
	if err := j.enc.Encode(v); err != nil && j.err == nil {
		j.err = err
	}
}

func (j *jsonReporter) Outcome(o *Outcome) {
	p := o.Problem
	r := jsonResult{Type: "result", File: p.File, Line: p.Line, ID: p.ID, Status: string(o.Status),
		Solved: o.Status == Solved, Expected: p.Expected(), BM: p.BMSAN, AM: p.AMSAN, DM: p.DM,
		Interrupted: o.Interrupt}
	if o.Status == Skipped {
		r.Error = p.Invalid
		j.put(r)
		return
	}
	r.Move, r.UCI = p.SAN(o.Move), o.Move.String()
	sc := o.Score
	if search.IsMate(sc) {
		m := search.MateIn(sc)
		r.Mate = &m
	} else {
		r.Score = &sc
	}
	r.Depth, r.TimeMS, r.Nodes = o.Depth, ms(o.Elapsed), o.Nodes
	if o.Status == Solved {
		ft := ms(o.FirstTime)
		r.FirstDepth, r.FirstTimeMS = o.FirstDepth, &ft
	}
	if p.MaxPoints > 0 {
		pts := o.Points
		r.Points, r.MaxPoints = &pts, p.MaxPoints
	}
	j.put(r)
}

func (j *jsonReporter) Summary(s *Summary, total bool) {
	js := jsonSummary{Type: "summary", File: s.Name, Total: total, Solved: s.Solved, Scored: s.Scored,
		Percent: s.Percent(), Points: s.Points, MaxPoints: s.MaxPoints, Skipped: s.Skipped,
		Malformed: s.Malformed, TimeMS: ms(s.Time), AvgDepth: s.AvgDepth(), Nodes: s.Nodes, NPS: s.NPS()}
	if total {
		js.File = ""
	}
	j.put(js)
}

func (j *jsonReporter) Flush() error { return j.err }
