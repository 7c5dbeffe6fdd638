package search

import (
	"fmt"
	"strconv"
)

// hashLimitMiB bounds any table, whatever the machine (1 TiB).
const hashLimitMiB = 1 << 20

// hashMemoryDivisor: the table may take at most this share (one half) of the
// machine's memory, leaving the rest to the system, the GUI and, in a match,
// the other engine.
const hashMemoryDivisor = 2

// MaxHashMiB is the largest table, in MiB, that this machine can hold: half
// of its memory (physical memory, or the cgroup's limit when lower, on Linux;
// elsewhere a fixed guess of 8 GiB of memory). The UCI Hash option
// advertises it as its maximum.
//
// It must be checked before allocating: Go's out-of-memory error is fatal,
// not a panic that could be recovered, so a table too big for the machine
// would kill the engine.
func MaxHashMiB() int {
	mib := memoryMiB() / hashMemoryDivisor
	if strconv.IntSize == 32 {
		mib = min(mib, 1024) // mib<<20 must not overflow an int
	}
	return int(max(1, min(mib, hashLimitMiB)))
}

// checkHashSize reports a table size the machine cannot hold.
func checkHashSize(mib int) error {
	if mib < 1 {
		return fmt.Errorf("hash size %d MiB: must be at least 1 MiB", mib)
	}
	if m := MaxHashMiB(); mib > m {
		return fmt.Errorf("hash size %d MiB is more than this machine can hold (at most %d MiB)", mib, m)
	}
	return nil
}

// fallbackMemoryMiB is the memory assumed where it cannot be read.
const fallbackMemoryMiB = 8192
