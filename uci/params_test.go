package uci

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/bounder-chess/bounder/search"
)

// TestSearchParamsOptions: with Config.SearchParams every parameter of
// search.ParamTable is a spin option after the others, with its default
// and range; setoption changes what the search reads, and a value out of
// range is refused and changes nothing. Without it none is offered.
func TestSearchParamsOptions(t *testing.T) {
	t.Cleanup(search.ResetParams)
	h := newHarness(t, func(c *Config) { c.SearchParams = true })
	h.send("uci")
	_, lines := h.expect("uciok", time.Second)
	var want []string
	for _, p := range search.ParamTable {
		want = append(want, fmt.Sprintf("option name %s type spin default %d min %d max %d", p.Name, p.Default, p.Min, p.Max))
	}
	got := lines[len(lines)-len(want):]
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("last options:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if !strings.HasPrefix(lines[len(lines)-len(want)-1], "option name UCI_ShowWDL") {
		t.Errorf("the parameters do not follow the ordinary options: %q", lines[len(lines)-len(want)-1])
	}

	spec := search.ParamTable[0]
	h.send(
		"setoption name lmrbase value 90",
		fmt.Sprintf("setoption name %s value %d", spec.Name, spec.Max+1),
	)
	out := h.sync()
	wantErr := fmt.Sprintf("info string error: %s: value %d is out of range %d..%d", spec.Name, spec.Max+1, spec.Min, spec.Max)
	if strings.Join(out, "\n") != wantErr {
		t.Errorf("output %q, want %q", out, wantErr)
	}
	if v, _ := search.Param("LMRBase"); v != 90 {
		t.Errorf("LMRBase %d after setoption, want 90", v)
	}
	if v, _ := search.Param(spec.Name); v != spec.Default {
		t.Errorf("%s %d after a refused value, want %d", spec.Name, v, spec.Default)
	}
	h.quit()

	plain := newHarness(t, nil)
	plain.send("uci")
	_, lines = plain.expect("uciok", time.Second)
	for _, l := range lines {
		if strings.Contains(l, " LMRBase ") {
			t.Errorf("a parameter offered without SearchParams: %q", l)
		}
	}
	plain.send("setoption name LMRBase value 80")
	if out := plain.sync(); len(out) != 1 || out[0] != `info string error: no such option "LMRBase"` {
		t.Errorf("setoption of a parameter without SearchParams: %q", out)
	}
	if v, _ := search.Param("LMRBase"); v != 90 {
		t.Errorf("LMRBase %d, want 90 still", v)
	}
	plain.quit()
}
