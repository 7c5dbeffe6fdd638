//go:build !unix

package match

import "os"

// quitForDump does nothing where there is no SIGQUIT.
func quitForDump(*os.Process) bool { return false }
