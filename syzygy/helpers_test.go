package syzygy

import (
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bounder-chess/bounder/engine"
)

// randomPositions returns n legal positions of the material name (like
// "KRvKP"), with either colour as the name's first side, random squares and
// side to move, and no castling rights.
func randomPositions(t testing.TB, rng *rand.Rand, name string, n int) []*engine.Position {
	t.Helper()
	w, b, _ := strings.Cut(name, "v")
	var out []*engine.Position
	for tries := 0; len(out) < n; tries++ {
		if tries > 1000*n {
			t.Fatalf("no legal %s positions found", name)
		}
		var board [64]byte
		for i := range board {
			board[i] = '.'
		}
		swap := rng.Intn(2) == 1
		ok := true
		for side, letters := range [2]string{w, b} {
			white := (side == 0) != swap
			for _, ch := range letters {
				c := byte(ch)
				if !white {
					c += 'a' - 'A'
				}
				var s int
				for {
					s = rng.Intn(64)
					if board[s] == '.' {
						break
					}
				}
				if (c == 'P' || c == 'p') && (s < 8 || s >= 56) {
					ok = false
				}
				board[s] = c
			}
		}
		if !ok {
			continue
		}
		var sb strings.Builder
		for r := 7; r >= 0; r-- {
			empty := 0
			for f := 0; f < 8; f++ {
				c := board[r*8+f]
				if c == '.' {
					empty++
					continue
				}
				if empty > 0 {
					sb.WriteByte(byte('0' + empty))
					empty = 0
				}
				sb.WriteByte(c)
			}
			if empty > 0 {
				sb.WriteByte(byte('0' + empty))
			}
			if r > 0 {
				sb.WriteByte('/')
			}
		}
		side := " w"
		if rng.Intn(2) == 1 {
			side = " b"
		}
		pos, err := engine.ParseFEN(sb.String() + side + " - - 0 1")
		if err != nil {
			continue // a king in check on the wrong side, or similar
		}
		out = append(out, pos)
	}
	return out
}

// copyTables copies the named files (e.g. "KQvK.rtbw") from testdata into
// dir.
func copyTables(t testing.TB, dir string, names ...string) {
	t.Helper()
	for _, n := range names {
		b, err := os.ReadFile(filepath.Join(testDir, n))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, n), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// allCases is endgame.epd and positions.txt together.
func allCases(t testing.TB) []testCase {
	return append(readCases(t, "endgame.epd"), readCases(t, "positions.txt")...)
}
