package bench

import (
	"bytes"
	"flag"
	"io"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bounder-chess/bounder/engine"
)

func init() { hashMiB = 1 } // clearing 16 MiB 150 times would dominate the tests

func TestPositions(t *testing.T) {
	assert.GreaterOrEqual(t, len(Positions), 40)
	seen := map[string]bool{}
	inCheck, promotions, castling, ep := 0, 0, 0, 0
	for i, fen := range Positions {
		pos, err := engine.ParseFEN(fen)
		require.NoError(t, err, "position %d: %s", i+1, fen)
		assert.Equal(t, fen, pos.FEN(), "position %d is written canonically", i+1)
		assert.False(t, seen[fen], "position %d is a duplicate", i+1)
		seen[fen] = true
		var buf [engine.MaxMoves]engine.Move
		moves := pos.GenerateMoves(buf[:])
		assert.NotEmpty(t, moves, "position %d has no legal move", i+1)
		if pos.InCheck() {
			inCheck++
		}
		for _, m := range moves {
			if m.Promotion() != engine.NoPieceType {
				promotions++
				break
			}
		}
		for _, m := range moves {
			if m.IsCastle() {
				castling++
				break
			}
		}
		for _, m := range moves {
			if m.IsEnPassant() {
				ep++
				break
			}
		}
	}
	assert.GreaterOrEqual(t, inCheck, 4)
	assert.GreaterOrEqual(t, promotions, 4)
	assert.GreaterOrEqual(t, castling, 4)
	assert.GreaterOrEqual(t, ep, 1)
}

var lastLine = regexp.MustCompile(`^([0-9]+) nodes ([0-9]+) nps$`)

// The bench is deterministic: two runs count the same nodes.
func TestRunDeterministic(t *testing.T) {
	const depth = 3
	var out1, out2 bytes.Buffer
	n1, err := Run(&out1, depth)
	require.NoError(t, err)
	n2, err := Run(&out2, depth)
	require.NoError(t, err)
	assert.NotZero(t, n1)
	assert.Equal(t, n1, n2)

	lines := strings.Split(strings.TrimSuffix(out1.String(), "\n"), "\n")
	require.Len(t, lines, len(Positions)+1)
	m := lastLine.FindStringSubmatch(lines[len(lines)-1])
	require.NotNil(t, m, "last line %q", lines[len(lines)-1])
	assert.Equal(t, strconv.FormatUint(n1, 10), m[1])
	for i, l := range lines[:len(Positions)] {
		assert.True(t, strings.HasPrefix(l, "position "), l)
		assert.NotContains(t, l, "bestmove 0000", "position %d", i+1)
	}
	// Everything but the times is the same in both runs.
	strip := regexp.MustCompile(`time \S+|[0-9]+ nps`)
	assert.Equal(t, strip.ReplaceAllString(out1.String(), ""), strip.ReplaceAllString(out2.String(), ""))
}

func TestMainCommand(t *testing.T) {
	var out, errb bytes.Buffer
	assert.Equal(t, 2, Main([]string{"x"}, &out, &errb))
	assert.Equal(t, 2, Main([]string{"0"}, &out, &errb))
	assert.Equal(t, 2, Main([]string{"3", "4", "5", "6"}, &out, &errb))
	assert.Equal(t, 2, Main([]string{"3", "4", "0"}, &out, &errb))
	assert.Equal(t, 2, Main([]string{"3", "4", "65"}, &out, &errb))
	assert.Contains(t, errb.String(), "bad thread count")
	assert.Equal(t, 2, Main([]string{"3", "0"}, &out, &errb))
	assert.Equal(t, 2, Main([]string{"3", "x"}, &out, &errb))
	assert.Equal(t, 2, Main([]string{"3", "99999999999"}, &out, &errb))
	assert.Contains(t, errb.String(), "bad hash size")
	out.Reset()
	assert.Equal(t, 0, Main([]string{"--help"}, &out, &errb))
	assert.Contains(t, out.String(), "usage: bounder bench")
	out.Reset()
	require.Equal(t, 0, Main([]string{"2"}, &out, &errb))
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	assert.Regexp(t, lastLine, lines[len(lines)-1])
	// A table of another size searches the same positions.
	var other bytes.Buffer
	require.Equal(t, 0, Main([]string{"2", "3"}, &other, &errb))
	assert.Equal(t, strings.Count(out.String(), "\n"), strings.Count(other.String(), "\n"))
	// Two threads: the same positions and depth, and the time to depth.
	var two bytes.Buffer
	require.Equal(t, 0, Main([]string{"2", "3", "2"}, &two, &errb))
	twoLines := strings.Split(strings.TrimSpace(two.String()), "\n")
	require.Len(t, twoLines, len(lines)+1)
	assert.Regexp(t, `^2 threads: \S+ to depth 2$`, twoLines[len(twoLines)-2])
	assert.Regexp(t, lastLine, twoLines[len(twoLines)-1])
}

var pgoDepth = flag.Int("bench-depth", 12, "depth of BenchmarkBench")

// BenchmarkBench runs the whole bench at -bench-depth. `make pgo` takes the
// profile-guided-optimisation profile (cmd/engine/default.pgo) from it.
func BenchmarkBench(b *testing.B) {
	defer func(m int) { hashMiB = m }(hashMiB)
	hashMiB = 16 // as bounder bench
	for i := 0; i < b.N; i++ {
		if _, err := Run(io.Discard, *pgoDepth); err != nil {
			b.Fatal(err)
		}
	}
}
