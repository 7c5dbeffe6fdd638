package syzygy

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"sync"
	"sync/atomic"
)

// Tables is a set of Syzygy table files, found by scanning directories and
// opened lazily, each on its first probe. Probing is safe from any number
// of goroutines at once. Adding directories may run alongside probes;
// Close may not.
type Tables struct {
	reg    atomic.Pointer[registry]
	closed atomic.Bool

	mu      sync.Mutex // guards the fields below and serialises additions
	errs    []error
	handler func(error)
}

// registry is an immutable snapshot of the known tables: additions build a
// new one and swap it in, so that probes read it without locking.
type registry struct {
	byKey     map[matKey]*entry // under both colour orientations
	byName    map[string]*entry
	maxPieces int
}

// entry is one material balance's pair of files.
type entry struct {
	name string
	num  int
	wdl  *table
	dtz  *table
}

// New returns an empty set of tables; add directories with AddDirectory.
func New() *Tables {
	t := &Tables{}
	t.reg.Store(&registry{byKey: map[matKey]*entry{}, byName: map[string]*entry{}})
	return t
}

// Open returns the tables found in the given directories. Each argument
// may itself be a list of directories separated by os.PathListSeparator
// (':' on Unix, ';' on Windows), as in the SYZYGY_PATH variable and the UCI
// SyzygyPath option; empty elements are skipped. The error reports
// directories that could not be read (joined); the tables found in the
// others are usable all the same.
func Open(paths ...string) (*Tables, error) {
	t := New()
	var errs []error
	for _, p := range paths {
		for _, dir := range filepath.SplitList(p) {
			if dir == "" {
				continue
			}
			if _, err := t.AddDirectory(dir); err != nil {
				errs = append(errs, err)
			}
		}
	}
	return t, errors.Join(errs...)
}

// AddDirectory adds the table files of dir (names like KQvKR.rtbw and
// KQvKR.rtbz; subdirectories are not searched) and returns how many it
// added. A table already known (from an earlier directory) keeps its first
// file. Nothing is opened until a probe needs it.
func (t *Tables) AddDirectory(dir string) (int, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return 0, fmt.Errorf("syzygy: %w", err)
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.closed.Load() {
		return 0, errors.New("syzygy: tables closed")
	}
	old := t.reg.Load()
	reg := &registry{
		byKey:     make(map[matKey]*entry, len(old.byKey)),
		byName:    make(map[string]*entry, len(old.byName)),
		maxPieces: old.maxPieces,
	}
	// Entries are copied, not shared, so that the old snapshot stays as it
	// was for probes still reading it.
	for name, e := range old.byName {
		c := *e
		reg.byName[name] = &c
	}
	added := 0
	for _, de := range ents {
		if de.IsDir() {
			continue
		}
		tb, ok := newTable(t, filepath.Join(dir, de.Name()))
		if !ok {
			continue
		}
		e := reg.byName[tb.name]
		if e == nil {
			e = &entry{name: tb.name, num: tb.num}
			reg.byName[tb.name] = e
		}
		slot := &e.wdl
		if tb.kind == kindDTZ {
			slot = &e.dtz
		}
		if *slot != nil {
			continue
		}
		*slot = tb
		added++
	}
	for _, e := range reg.byName {
		k, _, _ := parseTableName(e.name)
		// A balance named both ways (KQvKR and KRvKQ) is one table: the
		// name that sorts first keeps the key, whatever the order of
		// the directory listing.
		if prev := reg.byKey[k]; prev == nil || prev.name > e.name {
			reg.byKey[k] = e
			reg.byKey[k.mirror()] = e
		}
		if e.wdl != nil && e.num > reg.maxPieces {
			reg.maxPieces = e.num
		}
	}
	t.reg.Store(reg)
	return added, nil
}

// MaxPieces is the largest piece count (kings included) of the WDL tables
// found, 0 when there are none. Probes of positions with more pieces
// return ok = false at once.
func (t *Tables) MaxPieces() int { return t.reg.Load().maxPieces }

// Names lists the material balances (e.g. "KQvKR") with a WDL or DTZ
// file found, sorted.
func (t *Tables) Names() []string {
	reg := t.reg.Load()
	names := make([]string, 0, len(reg.byName))
	for n := range reg.byName {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// SetErrorHandler sets a function called once for each table that turns
// out to be unreadable or corrupt (at its first probe, or later when a
// probe decodes a bad offset), besides the error being kept for Errors. It
// may be called from any probing goroutine and should return quickly.
func (t *Tables) SetErrorHandler(f func(error)) {
	t.mu.Lock()
	t.handler = f
	t.mu.Unlock()
}

// Errors returns the table errors met so far, one per bad file, oldest
// first. A bad file is ignored after its error: probes needing it return
// ok = false.
func (t *Tables) Errors() []error {
	t.mu.Lock()
	defer t.mu.Unlock()
	return append([]error(nil), t.errs...)
}

func (t *Tables) report(err error) {
	t.mu.Lock()
	t.errs = append(t.errs, err)
	h := t.handler
	t.mu.Unlock()
	if h != nil {
		h(err)
	}
}

// Close unmaps every opened file. No probe may be running or start
// concurrently; later probes return ok = false.
func (t *Tables) Close() error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.closed.Swap(true) {
		return nil
	}
	for _, e := range t.reg.Load().byName {
		for _, tb := range [2]*table{e.wdl, e.dtz} {
			if tb != nil {
				// Run the once so that a probe can never open the table
				// after this; then unmap whatever it mapped.
				tb.once.Do(func() {})
				tb.close()
			}
		}
	}
	return nil
}

// lookup finds the entry for a position's material key.
func (t *Tables) lookup(k matKey) *entry {
	return t.reg.Load().byKey[k]
}
