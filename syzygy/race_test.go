//go:build race

package syzygy

// raceEnabled lets slow tests sample under the race detector.
const raceEnabled = true
