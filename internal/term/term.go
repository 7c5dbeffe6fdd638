// Package term tells the subcommands whether they write to a terminal, where
// progress lines may redraw themselves, or to a file or pipe, where they
// must not.
package term

import (
	"io"
	"os"
)

// Is reports whether w is a character device (a terminal). Anything that is
// not an *os.File, such as a buffer, is not.
func Is(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
