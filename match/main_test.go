package match

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// randomEngine is the path of the test engine, built once for all tests.
var randomEngine string

func TestMain(m *testing.M) {
	os.Exit(run(m))
}

func run(m *testing.M) int {
	dir, err := os.MkdirTemp("", "match-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(dir)
	randomEngine = filepath.Join(dir, "randomengine")
	// Built without -race even under "go test -race": it is a separate
	// program, and the race detector would only slow every move down.
	build := exec.Command("go", "build", "-o", randomEngine, "./internal/randomengine")
	build.Stdout, build.Stderr = os.Stderr, os.Stderr
	if err := build.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "building the test engine:", err)
		return 1
	}
	return m.Run()
}

// engine returns a spec for the random engine with extra arguments.
func engine(name string, args ...string) EngineSpec {
	return EngineSpec{Name: name, Cmd: randomEngine, Args: args}
}
