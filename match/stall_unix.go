//go:build unix

package match

import (
	"os"
	"syscall"
)

// quitForDump sends SIGQUIT, on which a Go program prints every goroutine's
// stack and exits; most other engines just exit.
func quitForDump(p *os.Process) bool { return p.Signal(syscall.SIGQUIT) == nil }
