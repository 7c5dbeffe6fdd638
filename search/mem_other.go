//go:build !linux

package search

// memoryMiB is a guess where the memory size is not read: 8 GiB, which
// most machines that run a chess engine have.
func memoryMiB() uint64 { return fallbackMemoryMiB }
