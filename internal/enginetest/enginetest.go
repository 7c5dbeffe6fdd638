// Package enginetest builds match's random test engine (random legal moves,
// match/internal/randomengine) once for a package's tests: the tests of
// match, pgnstats, datagen and spsa play their games against it.
package enginetest

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// Path is the import path of the random engine's command.
const Path = "github.com/bounder-chess/bounder/match/internal/randomengine"

// Build compiles the random engine into dir and returns the program's
// path. It is built without -race even under "go test -race": it is a
// separate program, and the race detector would only slow every move down.
func Build(dir string) (string, error) {
	exe := filepath.Join(dir, "randomengine")
	build := exec.Command("go", "build", "-o", exe, Path)
	build.Stdout, build.Stderr = os.Stderr, os.Stderr
	if err := build.Run(); err != nil {
		return "", fmt.Errorf("building the test engine: %w", err)
	}
	return exe, nil
}

// Main is a TestMain: it builds the engine into a temporary folder, sets
// *engine to its path, runs the tests and exits with their status.
func Main(m *testing.M, engine *string) {
	os.Exit(run(m, engine))
}

func run(m *testing.M, engine *string) int {
	dir, err := os.MkdirTemp("", "randomengine-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(dir)
	if *engine, err = Build(dir); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return m.Run()
}
