package buildinfo

import (
	"runtime/debug"
	"testing"
)

func TestRevision(t *testing.T) {
	info := &debug.BuildInfo{Settings: []debug.BuildSetting{
		{Key: "vcs.revision", Value: "0123456789abcdef0123"},
		{Key: "vcs.modified", Value: "true"},
	}}
	if rev, mod := Revision(info); rev != "0123456789ab" || !mod {
		t.Errorf("Revision = %q, %v", rev, mod)
	}
	if rev, mod := Revision(&debug.BuildInfo{}); rev != "" || mod {
		t.Errorf("no settings: %q, %v", rev, mod)
	}
	if rev, _ := Revision(nil); rev != "" {
		t.Errorf("nil: %q", rev)
	}
}
