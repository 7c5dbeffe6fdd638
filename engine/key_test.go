package engine

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// The published Polyglot key vectors (testdata/polyglot/README.md): since
// Bounder's keys use the Random64 table, they must be equal.
func TestPolyglotKeyVectors(t *testing.T) {
	vectors := []struct {
		moves string
		key   uint64
	}{
		{"", 0x463b96181691fc9c},
		{"e2e4", 0x823c9b50fd114196},
		{"e2e4 d7d5", 0x0756b94461c50fb0},
		{"e2e4 d7d5 e4e5", 0x662fafb965db29d4},
		{"e2e4 d7d5 e4e5 f7f5", 0x22a48b5a8e47ff78},
		{"e2e4 d7d5 e4e5 f7f5 e1e2", 0x652a607ca3f242c1},
		{"e2e4 d7d5 e4e5 f7f5 e1e2 e8f7", 0x00fdd303c946bdd9},
		{"a2a4 b7b5 h2h4 b5b4 c2c4", 0x3c8123ea7b067637},
		{"a2a4 b7b5 h2h4 b5b4 c2c4 b4c3 a1a3", 0x5c3f9b829b279560},
	}
	for _, v := range vectors {
		p := NewPosition()
		require.NoError(t, p.PlayMoves(strings.Fields(v.moves)), v.moves)
		require.Equal(t, fmt.Sprintf("%016x", v.key), fmt.Sprintf("%016x", p.Key()), "after %q", v.moves)
		require.Equal(t, p.computeKey(), p.Key(), "incremental key after %q", v.moves)
		q, err := ParseFEN(p.FEN())
		require.NoError(t, err)
		require.Equal(t, p.Key(), q.Key(), "key of the FEN round trip after %q", v.moves)
	}
}
