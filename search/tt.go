package search

import (
	"math/bits"
	"runtime"
	"sync/atomic"

	"github.com/bounder-chess/bounder/engine"
)

// The transposition table. An entry is two 64-bit words:
//
//	data: lower bound int16 | upper bound int16 | move uint16 | draft uint8 | generation uint7 | pv bit
//	check: key XOR data
//
// A reader accepts an entry only when check XOR data equals its key, so an
// entry torn by two threads writing at once reads as a miss, never as another
// position's bounds (the lockless scheme of Hyatt and Mann). Both words are
// read and written atomically, which keeps the race detector quiet and costs
// a plain load on amd64.
//
// Entries are grouped in buckets of four (64 bytes, one cache line). The
// bucket index is the high half of key × buckets, so any table size works.
// Replacement keeps, within a bucket, the entry of the same key if present,
// else evicts the entry with the lowest draft, counting entries from earlier
// searches as much shallower.
//
// A probe is mostly a cache miss, and with 4 KiB pages a TLB miss too: on
// Linux a table of 2 MiB or more is mapped in transparent huge pages (see
// allocBuckets): 7.5% more nodes a second with the bench's 16 MiB table,
// 9.5% with 64 MiB (docs/testing.md).

const (
	bucketSize = 4
	entryBytes = 16
)

type ttEntry struct {
	check atomic.Uint64
	data  atomic.Uint64
}

type ttBucket [bucketSize]ttEntry

// TT is a transposition table safe for concurrent use.
type TT struct {
	buckets    []ttBucket
	free       func() // releases buckets (see allocBuckets)
	generation uint8
}

// NewTT allocates a table of about mib MiB (at least one bucket).
func NewTT(mib int) *TT {
	t := &TT{}
	t.Resize(mib)
	return t
}

// Resize reallocates the table to about mib MiB, clearing it.
func (t *TT) Resize(mib int) {
	if mib < 1 {
		mib = 1
	}
	n := mib << 20 / (bucketSize * entryBytes)
	// A big old table is collected before the new one is made: the two
	// together could be more than the machine holds (see MaxHashMiB).
	big := len(t.buckets) >= 1<<30/(bucketSize*entryBytes)
	t.buckets = nil
	if t.free != nil {
		t.free()
	}
	if big {
		runtime.GC()
	}
	t.buckets, t.free = allocBuckets(n)
	t.prefault()
	t.generation = 0
}

// pageBuckets is the number of buckets in a 4 KiB page.
const pageBuckets = 4096 / (bucketSize * entryBytes)

// prefault writes to every page of a new table. The operating system maps
// a fresh table's memory (huge pages, or the heap's large spans) only when
// it is first touched; left to the search, the first probes of each page
// would pay for it, faulting and zeroing up to 2 MiB at a time, and a first
// search with a big table would overrun its clock (a 1 GiB table made the
// first "go movetime 100" take 768 ms). Here the cost is paid once, when
// the size is set, outside any search.
func (t *TT) prefault() {
	for i := 0; i < len(t.buckets); i += pageBuckets {
		t.buckets[i][0].check.Store(0)
	}
}

// Entries is the number of entries the table holds.
func (t *TT) Entries() int { return len(t.buckets) * bucketSize }

// Clear empties the table. It must not run concurrently with a search.
func (t *TT) Clear() {
	// Plain stores: Clear runs only between searches (the Searcher's mutex).
	clear(t.buckets)
	t.generation = 0
}

// NewSearch ages the table: entries of earlier searches become the first to go.
func (t *TT) NewSearch() { t.generation = (t.generation + 1) & genMask }

// genMask keeps a generation in the seven bits the entry has for it.
const genMask = 0x7f

func (t *TT) bucket(key uint64) *ttBucket {
	hi, _ := bits.Mul64(key, uint64(len(t.buckets)))
	return &t.buckets[hi]
}

// ttData is an unpacked entry.
type ttData struct {
	lower, upper int
	move         engine.Move
	draft        int
	gen          uint8
	pv           bool // the node has been a PV node (see ab's ttPv)
}

func pack(d ttData) uint64 {
	return uint64(uint16(int16(d.lower))) | uint64(uint16(int16(d.upper)))<<16 |
		uint64(d.move)<<32 | uint64(uint8(d.draft))<<48 | uint64(d.gen&genMask)<<56 | uint64(b2i(d.pv))<<63
}

func unpack(w uint64) ttData {
	return ttData{
		lower: int(int16(uint16(w))),
		upper: int(int16(uint16(w >> 16))),
		move:  engine.Move(w >> 32),
		draft: int(uint8(w >> 48)),
		gen:   uint8(w>>56) & genMask,
		pv:    w>>63 != 0,
	}
}

// Probe returns the entry for key, with mate scores converted from
// node-relative to root-relative for a node at ply.
func (t *TT) Probe(key uint64, ply int) (ttData, bool) {
	b := t.bucket(key)
	for i := range b {
		data := b[i].data.Load()
		if b[i].check.Load()^data == key && data != 0 {
			d := unpack(data)
			d.lower = scoreFromTT(d.lower, ply)
			d.upper = scoreFromTT(d.upper, ply)
			return d, true
		}
	}
	return ttData{}, false
}

// Store records the result g of a search of draft at ply with window
// (alpha, beta): an upper bound if g <= alpha, a lower bound if g >= beta,
// else both. With an entry of the same key and draft, the other bound is
// kept, so that a position on the principal variation holds both bounds.
// The move is replaced only by a move that proved something (fail high or
// exact), so the root move after a fail-low pass is still the last good one.
// pv marks the entry as a PV node's; the mark stays with the position's
// entry, whatever later stores of it say, until the entry is replaced.
func (t *TT) Store(key uint64, ply, draft, alpha, beta, g int, move engine.Move, pv bool) {
	b := t.bucket(key)
	victim, victimScore := 0, 1<<30
	var old ttData
	found := false
	for i := range b {
		data := b[i].data.Load()
		if b[i].check.Load()^data == key && data != 0 {
			victim, old, found = i, unpack(data), true
			break
		}
		d := unpack(data)
		score := d.draft
		if d.gen != t.generation {
			score -= 256
		}
		if data == 0 {
			score = -1000
		}
		if score < victimScore {
			victim, victimScore = i, score
		}
	}
	// Stored bounds: ±Infinity means "no bound".
	n := ttData{lower: -Infinity, upper: Infinity, draft: draft, gen: t.generation, move: move, pv: pv || found && old.pv}
	if found && old.draft == draft {
		n.lower, n.upper = old.lower, old.upper
	}
	if found && (move == engine.NullMove || g <= alpha) {
		n.move = old.move
	}
	if found && old.draft > draft && old.gen == t.generation && n.move == old.move {
		// A deeper entry of this search: don't overwrite it with a
		// shallower one, but do mark it.
		if n.pv && !old.pv {
			old.pv = true
			t.write(&b[victim], key, pack(old))
		}
		return
	}
	gs := scoreToTT(g, ply)
	if g > alpha {
		n.lower = gs
	}
	if g < beta {
		n.upper = gs
	}
	t.write(&b[victim], key, pack(n))
}

// write stores data as key's entry in e.
func (t *TT) write(e *ttEntry, key, data uint64) {
	e.data.Store(data)
	e.check.Store(key ^ data)
}

// Hashfull is the per-mille occupancy by entries of the current search,
// sampled over the first thousand buckets (the UCI way).
func (t *TT) Hashfull() int {
	n := min(len(t.buckets), 250)
	used := 0
	for i := 0; i < n; i++ {
		for j := range t.buckets[i] {
			data := t.buckets[i][j].data.Load()
			if data != 0 && unpack(data).gen == t.generation {
				used++
			}
		}
	}
	return used * 1000 / (n * bucketSize)
}

// Mate scores (and tablebase wins and losses) count plies from the root;
// in the table they count from the node, so that the same position
// reached at another ply reads right.
func scoreToTT(s, ply int) int {
	switch {
	case s > tbBound && s < Infinity:
		return s + ply
	case s < -tbBound && s > -Infinity:
		return s - ply
	}
	return s
}

func scoreFromTT(s, ply int) int {
	switch {
	case s > tbBound && s < Infinity:
		return s - ply
	case s < -tbBound && s > -Infinity:
		return s + ply
	}
	return s
}
