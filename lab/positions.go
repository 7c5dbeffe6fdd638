package lab

import (
	"bytes"
	_ "embed"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"

	"github.com/bounder-chess/bounder/engine"
	"github.com/bounder-chess/bounder/epd"
)

// wacEPD is Win at Chess, a verbatim copy of testdata/epd/wacnew.epd (a test
// checks that they are the same), so that the lab runs from any directory.
//
//go:embed wacnew.epd
var wacEPD []byte

// defaultSet names the embedded set in the results.
const defaultSet = "wacnew.epd"

// position is one position of the set.
type position struct {
	id  string
	pos *engine.Position
}

// positionSet is the positions an invocation searches: a sample of a file.
type positionSet struct {
	name      string // the file as given, or defaultSet
	fileCount int    // usable positions in the file
	seed      uint64
	list      []position
}

// loadSet reads the positions of file ("" = the embedded WAC) and keeps
// count of them (all when count is 0 or at least the file's): a sample drawn
// with seed (seed 0: the first count), in the file's order. Positions with
// no legal move (nothing to search) are left out.
func loadSet(file string, count int, seed uint64) (*positionSet, error) {
	var r io.Reader = bytes.NewReader(wacEPD)
	name := defaultSet
	if file != "" {
		f, err := os.Open(file)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		r, name = f, file
	}
	suite, err := epd.LoadSuite(filepath.Base(name), r)
	if err != nil {
		return nil, err
	}
	var all []position
	var buf [engine.MaxMoves]engine.Move
	for _, p := range suite.Problems {
		if len(p.Pos.GenerateMoves(buf[:])) == 0 {
			continue
		}
		all = append(all, position{id: p.ID, pos: p.Pos})
	}
	if len(all) == 0 {
		if len(suite.Malformed) > 0 {
			return nil, fmt.Errorf("%s: no usable position (%v)", name, suite.Malformed[0])
		}
		return nil, fmt.Errorf("%s: no position with a legal move", name)
	}
	set := &positionSet{name: name, fileCount: len(all), seed: seed}
	if count <= 0 || count >= len(all) {
		set.list = all
		return set, nil
	}
	for _, i := range sample(len(all), count, seed) {
		set.list = append(set.list, all[i])
	}
	return set, nil
}

// sample picks k of the indices 0..n-1, sorted: with seed 0 the first k,
// otherwise a partial Fisher–Yates shuffle driven by splitmix64, which is
// written out here so that a seed picks the same positions with every Go
// release.
func sample(n, k int, seed uint64) []int {
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	if seed != 0 {
		x := seed
		for i := 0; i < k; i++ {
			x += 0x9e3779b97f4a7c15
			z := x
			z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
			z = (z ^ z>>27) * 0x94d049bb133111eb
			z ^= z >> 31
			j := i + int(z%uint64(n-i))
			idx[i], idx[j] = idx[j], idx[i]
		}
	}
	out := idx[:k]
	slices.Sort(out)
	return out
}

// describe is one line naming the set, for the results.
func (s *positionSet) describe() string {
	switch {
	case len(s.list) == s.fileCount:
		return fmt.Sprintf("%s, all %d positions", s.name, len(s.list))
	case s.seed == 0:
		return fmt.Sprintf("%s, the first %d of %d positions", s.name, len(s.list), s.fileCount)
	}
	return fmt.Sprintf("%s, %d of %d positions drawn with seed %d", s.name, len(s.list), s.fileCount, s.seed)
}

// ids lists the positions' ids.
func (s *positionSet) ids() []string {
	out := make([]string, len(s.list))
	for i, p := range s.list {
		out[i] = p.id
	}
	return out
}
