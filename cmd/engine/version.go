package main

import (
	"runtime/debug"
	"strings"

	"github.com/bounder-chess/bounder/internal/buildinfo"
)

// defaultVersion is the version of a build that says nothing better.
const defaultVersion = "0.1-dev"

// version may be set at link time: go build -ldflags "-X main.version=1.0".
var version = defaultVersion

// versionText is the version "bounder --version" prints and UCI's "id
// name" carries: the link-time version, else the module's (go install
// ...@v1.2.3), else defaultVersion; then, when the build recorded it, the
// commit and whether the tree had changes ("0.1-dev (4ae9f0e1c2d3,
// modified)"). Builds with -buildvcs=false, or outside a repository, have
// no commit.
func versionText() string {
	info, _ := debug.ReadBuildInfo()
	return describeVersion(version, info)
}

func describeVersion(linked string, info *debug.BuildInfo) string {
	v := linked
	if info == nil {
		return v
	}
	if mv := info.Main.Version; linked == defaultVersion && mv != "" && mv != "(devel)" {
		v = mv
	}
	rev, modified := buildinfo.Revision(info)
	if rev == "" {
		return v
	}
	// A module version from a pseudo-version already names the commit.
	if strings.Contains(v, rev) {
		return v
	}
	if modified {
		rev += ", modified"
	}
	return v + " (" + rev + ")"
}
