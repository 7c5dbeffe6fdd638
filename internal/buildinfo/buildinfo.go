// Package buildinfo reads the commit a binary was built from out of the
// build information Go records (vcs.revision, vcs.modified).
package buildinfo

import "runtime/debug"

// Revision returns the commit of info, shortened to twelve digits ("" when
// the build recorded none), and whether the tree had changes.
func Revision(info *debug.BuildInfo) (rev string, modified bool) {
	if info == nil {
		return "", false
	}
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			modified = s.Value == "true"
		}
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	return rev, modified
}
