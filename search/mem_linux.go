//go:build linux

package search

import (
	"os"
	"strconv"
	"strings"
	"syscall"
)

// memoryMiB is the memory the engine may use: the physical memory, or the
// memory limit of the cgroup it runs in (a container's) when that is lower.
func memoryMiB() uint64 {
	var info syscall.Sysinfo_t
	mem := uint64(fallbackMemoryMiB) << 20
	if syscall.Sysinfo(&info) == nil && info.Totalram > 0 {
		mem = uint64(info.Totalram) * uint64(max(info.Unit, 1))
	}
	// cgroup v2, then v1 (which says "no limit" with a huge number).
	for _, f := range []string{"/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"} {
		if limit, ok := readLimit(f); ok && limit < mem {
			mem = limit
		}
	}
	return mem >> 20
}

// readLimit reads a cgroup memory limit in bytes; "max" is no limit.
func readLimit(path string) (uint64, bool) {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0, false
	}
	n, err := strconv.ParseUint(strings.TrimSpace(string(b)), 10, 64)
	if err != nil || n == 0 {
		return 0, false
	}
	return n, true
}
