package match

import (
	"testing"

	"github.com/bounder-chess/bounder/internal/enginetest"
)

// randomEngine is the path of the test engine, built once for all tests.
var randomEngine string

func TestMain(m *testing.M) { enginetest.Main(m, &randomEngine) }

// engine returns a spec for the random engine with extra arguments.
func engine(name string, args ...string) EngineSpec {
	return EngineSpec{Name: name, Cmd: randomEngine, Args: args}
}
