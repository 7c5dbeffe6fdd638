package lab

import (
	"syscall"
	"time"
	"unsafe"
)

// clockThreadCPUTime is Linux's CLOCK_THREAD_CPUTIME_ID (not named by
// package syscall): the calling thread's CPU time, to the nanosecond
// (getrusage's RUSAGE_THREAD counts in scheduler ticks of some ms).
const clockThreadCPUTime = 3

// threadCPU is the CPU time (user and system) the calling OS thread has
// used; the time experiment locks its goroutine to its thread, on which a
// one-thread search runs.
func threadCPU() time.Duration {
	var ts syscall.Timespec
	_, _, errno := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTime, uintptr(unsafe.Pointer(&ts)), 0)
	if errno != 0 {
		return 0
	}
	return time.Duration(ts.Nano())
}

// cpuClock names what threadCPU measures, for the experiment's Markdown.
const cpuClock = "the searching thread's CPU time (clock_gettime CLOCK_THREAD_CPUTIME_ID)"
