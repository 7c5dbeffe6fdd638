package search

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestDriverTableIsWhole: names unique, each with a function, a doc line
// and its paper; the default first; only NegaScout scouts, only BNS's score
// may be a bound.
func TestDriverTableIsWhole(t *testing.T) {
	seen := map[string]bool{}
	for _, d := range driverTable {
		require.False(t, seen[d.Name], d.Name)
		seen[d.Name] = true
		require.NotNil(t, d.run, d.Name)
		require.NotEmpty(t, d.Doc, d.Name)
		require.NotEmpty(t, d.Source, d.Name)
		name, ok := LookupDriver(strings.ToLower(d.Name))
		require.True(t, ok)
		require.Equal(t, d.Name, name)
		require.Equal(t, d.Name == "NegaScout", d.Scout, d.Name)
		require.Equal(t, d.Name == "BNS", d.Bounded, d.Name)
	}
	require.Equal(t, DefaultOptions().Driver, Drivers()[0])
	_, ok := LookupDriver("NoSuchDriver")
	require.False(t, ok)
}

// TestREADMEDriverTable: the README's driver table is the driver table,
// row for row (Markdown's \* read as *).
func TestREADMEDriverTable(t *testing.T) {
	data, err := os.ReadFile("../README.md")
	require.NoError(t, err)
	var rows [][2]string
	in := false
	for _, line := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(line, "| Driver | algorithm |") {
			in = true
			continue
		}
		if !in {
			continue
		}
		if !strings.HasPrefix(line, "|") {
			break
		}
		cells := strings.Split(strings.Trim(line, "|"), "|")
		if strings.HasPrefix(strings.TrimSpace(cells[0]), "---") {
			continue
		}
		require.Len(t, cells, 2, line)
		rows = append(rows, [2]string{strings.TrimSpace(cells[0]), strings.ReplaceAll(strings.TrimSpace(cells[1]), `\*`, "*")})
	}
	require.Len(t, rows, len(driverTable), "README rows")
	for i, d := range driverTable {
		require.Equal(t, [2]string{d.Name, d.Doc}, rows[i], "README row %d", i+1)
	}
}
