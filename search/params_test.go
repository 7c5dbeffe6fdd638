package search

import (
	"context"
	"reflect"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestParamTable: every parameter is listed once, by a field's name, with a
// hand-set value inside its range, a step and a doc line, and the search
// starts with the hand-set values.
func TestParamTable(t *testing.T) {
	fields := reflect.TypeFor[Params]().NumField()
	require.Len(t, ParamTable, fields)
	seen := map[string]bool{}
	def := DefaultParams()
	for _, s := range ParamTable {
		require.False(t, seen[s.Name], "%s listed twice", s.Name)
		seen[s.Name] = true
		f, ok := reflect.TypeFor[Params]().FieldByName(s.Name)
		require.True(t, ok, "%s is no field of Params", s.Name)
		require.Equal(t, reflect.Int, f.Type.Kind(), s.Name)
		require.LessOrEqual(t, s.Min, s.Default, s.Name)
		require.LessOrEqual(t, s.Default, s.Max, s.Name)
		require.Positive(t, s.Step, s.Name)
		require.LessOrEqual(t, s.Step, s.Max-s.Min, s.Name)
		require.NotEmpty(t, s.Doc, s.Name)
		v, ok := Param(s.Name)
		require.True(t, ok, s.Name)
		require.Equal(t, s.Default, v, "%s is not at its hand-set value", s.Name)
		require.Equal(t, s.Default, int(reflect.ValueOf(def).FieldByName(s.Name).Int()), s.Name)
	}
	require.Equal(t, def, CurrentParams())
}

// TestParamRangesKeepHistoryInRange: the ranges keep the gravity bound
// inside the int16 continuation histories and the bonus below the bound
// (gravity keeps |h| <= HistoryMax only then).
func TestParamRangesKeepHistoryInRange(t *testing.T) {
	hmax, _ := paramSpec("HistoryMax")
	bonus, _ := paramSpec("HistoryBonusMax")
	require.LessOrEqual(t, hmax.Max, 1<<15-1)
	require.LessOrEqual(t, bonus.Max, hmax.Min)
	lmr, _ := paramSpec("LMRMoveCount")
	require.GreaterOrEqual(t, lmr.Min, 1, "the first move is never reduced (searchChild)")
}

// TestSetParamRejects: an unknown name or a value out of range is an error
// and changes nothing.
func TestSetParamRejects(t *testing.T) {
	defer ResetParams()
	before := CurrentParams()
	require.Error(t, SetParam("NoSuchParam", 1))
	_, ok := Param("NoSuchParam")
	require.False(t, ok)
	for _, s := range ParamTable {
		require.Error(t, SetParam(s.Name, s.Min-1), s.Name)
		require.Error(t, SetParam(s.Name, s.Max+1), s.Name)
	}
	require.Equal(t, before, CurrentParams())

	require.NoError(t, SetParam("FutilityMargin", 81))
	v, _ := Param("FutilityMargin")
	require.Equal(t, 81, v)
	ResetParams()
	require.Equal(t, before, CurrentParams())
}

// TestSetParamDerivesTables: the reduction table follows LMRBase and
// LMRDivisor.
func TestSetParamDerivesTables(t *testing.T) {
	defer ResetParams()
	require.Equal(t, uint8(3), live.Load().lmr[10][10]) // 0.75 + ln² 10/2.25 = 3.11
	require.NoError(t, SetParam("LMRBase", 200))
	require.Equal(t, uint8(4), live.Load().lmr[10][10])
	require.NoError(t, SetParam("LMRDivisor", 100))
	require.Equal(t, uint8(7), live.Load().lmr[10][10]) // 2 + ln² 10 = 7.30
}

// paramNodes is the node count of fresh fixed-depth searches of kiwipete
// (tactical) and a quiet Queen's Gambit middlegame, where null moves and
// their margins do more: a parameter that one of them happens not to feel
// at this depth shows in the other.
func paramNodes(t *testing.T, depth int) uint64 {
	t.Helper()
	opt := DefaultOptions()
	opt.Singular = true // so that its parameters count too
	var n uint64
	for _, fen := range []string{kiwipete, "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8"} {
		n += NewSearcher(4).Search(context.Background(), mustPos(t, fen), Limits{Depth: depth}, opt, nil).Stats.Nodes
	}
	return n
}

// TestEveryParamIsWired: each parameter, set to an end of its range,
// changes the node count of a fixed-depth search, and restoring its
// hand-set value gives back the exact count: the search reads the table.
func TestEveryParamIsWired(t *testing.T) {
	defer ResetParams()
	depth := 11
	specs := ParamTable
	if testing.Short() {
		// One parameter of a main-search step, the reduction table and
		// quiescence (the history scales need the full depth to show).
		depth = 7
		specs = []ParamSpec{}
		for _, name := range []string{"ReverseFutilityMargin", "LMRDivisor", "DeltaMargin"} {
			s, _ := paramSpec(name)
			specs = append(specs, s)
		}
	}
	want := paramNodes(t, depth)
	for _, s := range specs {
		changed := false
		for _, v := range []int{s.Min, s.Max} {
			if v == s.Default {
				continue
			}
			require.NoError(t, SetParam(s.Name, v))
			got := paramNodes(t, depth)
			require.NoError(t, SetParam(s.Name, s.Default))
			if got != want {
				changed = true
				break
			}
		}
		require.True(t, changed, "%s changes no node count at depth %d", s.Name, depth)
		require.Equal(t, want, paramNodes(t, depth), "%s restored", s.Name)
	}
}
