package nnue

import (
	_ "embed"
	"sync"
)

// defaultNet is the network compiled into the binary; docs/nnue.md says
// how it was made.
//
//go:embed default.nnue
var defaultNet []byte

var defaultOnce = sync.OnceValue(func() *Net { return MustParse(defaultNet) })

// Default returns the embedded network (parsed once, shared: a Net is
// read-only).
func Default() *Net { return defaultOnce() }

// DefaultBytes is the embedded network's file.
func DefaultBytes() []byte { return defaultNet }

// DefaultSHA256 is the SHA-256 of the embedded network's file, as
// docs/nnue.md records it with the net's provenance: a test fails when the
// file changes without both.
const DefaultSHA256 = "122297b98d11134a32f63dd77f2cbf2dca6a8e5cf10e26014dc78ab0529d44dc"
