//go:build !race

package syzygy

const raceEnabled = false
