package pgnstats

import (
	"testing"
	"time"

	"github.com/bounder-chess/bounder/internal/enginetest"
	"github.com/bounder-chess/bounder/match"
)

// randomEngine is the path of match's random test engine, built once.
var randomEngine string

func TestMain(m *testing.M) { enginetest.Main(m, &randomEngine) }

// engine returns a spec for the random engine.
func engine(name string) match.EngineSpec {
	return match.EngineSpec{Name: name, Cmd: randomEngine}
}

// fastTC is a clock the random engine never runs short of.
var fastTC = match.TimeControl{Base: 10 * time.Second, Increment: 100 * time.Millisecond}
