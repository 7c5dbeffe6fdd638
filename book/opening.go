package book

import (
	"cmp"
	"slices"
	"strings"
	"sync"

	"github.com/notnil/chess/opening"

	"github.com/bounder-chess/bounder/engine"
)

// ecoLine is one named line of the ECO table.
type ecoLine struct {
	eco, name string
	moves     []engine.Move // from the start position
	uci       string        // the moves, space separated
}

type ecoName struct {
	eco, name string
	plies     int
	uci       string
}

var (
	ecoOnce  sync.Once
	ecoLines []ecoLine
	ecoNames map[uint64]ecoName
)

// loadECO replays every named line of notnil/chess's ECO table (lichess's
// openings, CC0) with the engine, once.
func loadECO() {
	ecoOnce.Do(func() {
		all := opening.NewBookECO().Possible(nil)
		lines := make([]ecoLine, 0, len(all))
		for _, o := range all {
			// The table's "PGN" is the line in UCI coordinates.
			uci := strings.Join(strings.Fields(o.PGN()), " ")
			pos := engine.NewPosition()
			var moves []engine.Move
			ok := true
			for _, s := range strings.Fields(uci) {
				m, err := pos.ParseMove(s)
				if err != nil {
					ok = false
					break
				}
				pos.Make(m)
				moves = append(moves, m)
			}
			if ok && len(moves) > 0 {
				lines = append(lines, ecoLine{eco: o.Code(), name: o.Title(), moves: moves, uci: uci})
			}
		}
		// The table comes out of a map: fix the order.
		slices.SortFunc(lines, func(a, b ecoLine) int {
			return cmp.Or(strings.Compare(a.uci, b.uci), strings.Compare(a.eco, b.eco), strings.Compare(a.name, b.name))
		})
		names := make(map[uint64]ecoName, len(lines))
		for _, l := range lines {
			pos := engine.NewPosition()
			for _, m := range l.moves {
				pos.Make(m)
			}
			n := ecoName{eco: l.eco, name: l.name, plies: len(l.moves), uci: l.uci}
			if old, ok := names[pos.Key()]; !ok || betterName(n, old) {
				names[pos.Key()] = n
			}
		}
		ecoLines, ecoNames = lines, names
	})
}

// betterName: the longer (more specific) line wins, then the smaller ECO
// code, name and move text, so that the choice does not depend on order.
func betterName(a, b ecoName) bool {
	if a.plies != b.plies {
		return a.plies > b.plies
	}
	return cmp.Or(strings.Compare(a.eco, b.eco), strings.Compare(a.name, b.name), strings.Compare(a.uci, b.uci)) < 0
}

// OpeningName names the position from the ECO table: its code ("C60") and
// name ("Ruy Lopez"). It reports false for a position that ends no named
// line (however it was reached: transpositions are found). When several
// lines end in the position, the longest wins. The table is built on first
// use (about a quarter of a second).
func OpeningName(pos *engine.Position) (eco, name string, ok bool) {
	loadECO()
	n, ok := ecoNames[pos.Key()]
	return n.eco, n.name, ok
}

// LastOpeningName names the latest position of the game so far (pos and the
// positions before it, as far back as its history goes) that OpeningName
// names, with the number of plies since then.
func LastOpeningName(pos *engine.Position) (eco, name string, pliesAgo int, ok bool) {
	p := pos.Clone()
	for back := 0; ; back++ {
		if eco, name, ok := OpeningName(p); ok {
			return eco, name, back, true
		}
		if p.Ply() == 0 {
			return "", "", 0, false
		}
		if p.LastMove() == engine.NullMove {
			p.UnmakeNull()
		} else {
			p.Unmake()
		}
	}
}
