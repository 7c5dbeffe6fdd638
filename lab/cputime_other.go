//go:build !linux

package lab

import "time"

var clockStart = time.Now()

// threadCPU stands in for the thread's CPU time where it is not read: the
// wall clock, which counts whatever else the machine runs.
func threadCPU() time.Duration { return time.Since(clockStart) }

// cpuClock names what threadCPU measures, for the experiment's Markdown.
const cpuClock = "wall-clock time (this system's thread CPU time is not read)"
