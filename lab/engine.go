package lab

import (
	"context"
	"fmt"
	"hash/fnv"
	"io"
	"runtime/debug"
	"sync"

	"github.com/bounder-chess/bounder/bench"
	"github.com/bounder-chess/bounder/engine"
	"github.com/bounder-chess/bounder/internal/buildinfo"
	"github.com/bounder-chess/bounder/search"
)

// stamp names the engine a run's results come from: its bench signature
// with the lab's evaluation (package bench: the selective search at its
// defaults but for the evaluation, labEval; the engine's own bench
// signature when labEval is the default), a signature of
// the lab's own searches (pure mode, which the bench does not search, and the
// selective search with the lab's evaluation; it keys the journal), and
// the commit it was built from.
type stamp struct {
	bench  uint64
	lab    string
	commit string // "" when the build recorded none (go test, -buildvcs=false)
}

// benchSignature is the engine's bench signature, about a second and a
// half of search. A variable: the tests, which run the lab dozens of
// times, give it a constant (the page's test runs the real one).
var benchSignature = func() (uint64, error) { return bench.RunOf(io.Discard, 0, labEval) }

// engineStamp computes the stamp of this engine.
func engineStamp() (stamp, error) {
	n, err := benchSignature()
	if err != nil {
		return stamp{}, err
	}
	p, err := labOnce()
	if err != nil {
		return stamp{}, err
	}
	return stamp{bench: n, lab: p, commit: buildCommit()}, nil
}

// id is what the journal is keyed by: the lab's signature alone, not the
// bench's or the commit, so that a run continues across commits that
// change nothing the lab searches (the engine's default evaluation, which
// the bench plays and the lab does not, among them: a paper-scale run
// takes sessions).
func (s stamp) id() string { return "lab " + s.lab }

// commitText is a commit as the Markdown gives it ("unknown" for none).
func commitText(c string) string {
	if c == "" {
		return "unknown"
	}
	return c
}

// labOnce is labSignature, computed once a process (the engine does
// not change in between).
var labOnce = sync.OnceValues(labSignature)

// labSignature is a hash of the node counts of every driver's pure-mode
// search, with the leaves stored and without, ETC on and off, and of its
// selective search (the selective experiment's), of the bench's first
// positions to depth 3, and of a synthetic tree: a few milliseconds, which
// change when anything the lab searches changes.
func labSignature() (string, error) {
	h := fnv.New64a()
	s := search.NewSearcher(1)
	for _, fen := range bench.Positions[:4] {
		pos, err := engine.ParseFEN(fen)
		if err != nil {
			return "", err
		}
		for _, d := range search.Drivers() {
			for _, sp := range []spec{{driver: d, hashMiB: 1}, {driver: d, hashMiB: 1, noLeafStore: true, etcDepth: 1}, {driver: d, hashMiB: 1, selective: true}} {
				s.Clear()
				res := s.Search(context.Background(), pos, search.Limits{Depth: 3}, sp.options(), nil)
				fmt.Fprintf(h, "%d %d %d;", res.Stats.Nodes, res.Stats.Leaves, res.Score)
			}
		}
	}
	ts := search.NewTreeSearcher(1)
	defer ts.Close()
	for _, d := range search.Drivers() {
		res, err := ts.Search(search.Tree{Kind: search.RandomTree, Width: 3, Depth: 5, Lo: 0, Hi: 80, Seed: 1}, d,
			search.TreeOptions{Guess: 40, UseGuess: true, BNSRounds004: true})
		if err != nil {
			return "", err
		}
		fmt.Fprintf(h, "%d %d %d;", res.Stats.Nodes, res.Stats.Leaves, res.Value)
	}
	return fmt.Sprintf("%016x", h.Sum64()), nil
}

// buildCommit is the commit the binary was built from (twelve digits, and
// ", modified" when the tree had changes), "" when the build recorded none.
func buildCommit() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return ""
	}
	rev, modified := buildinfo.Revision(info)
	if rev != "" && modified {
		rev += " (modified)"
	}
	return rev
}
