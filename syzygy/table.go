package syzygy

import (
	"encoding/binary"
	"fmt"
	"path/filepath"
	"sync"
	"sync/atomic"
)

// One table file. The layout, in order:
//
//	magic (4 bytes), then a byte: bit 0 "two sides stored" (WDL tables of
//	unlike material), bit 1 "has pawns", high nibble the piece count;
//	the piece lists: for each sub-table (one, or one per leading-pawn file
//	a-d) an order byte (two with pawns on both sides) and one byte per
//	piece, the low nibble for the white-to-move side, the high nibble for
//	black-to-move, each a piece code type | colour<<3 in index order;
//	a store header per sub-table and side (see pairs.go);
//	DTZ only: the value maps of each sub-table;
//	all index tables, all size tables, then the data blocks, each store's
//	data starting on a 64-byte boundary.
//
// DTZ tables store a single side to move (bit 0 of each store's flags names
// it): the other side's DTZ is found by a one-ply search.

type tableKind uint8

const (
	kindWDL tableKind = iota
	kindDTZ
)

var magics = [2][4]byte{
	kindWDL: {0x71, 0xe8, 0x23, 0x5d},
	kindDTZ: {0xd7, 0x66, 0x0c, 0xa5},
}

var suffixes = [2]string{kindWDL: ".rtbw", kindDTZ: ".rtbz"}

// encoding is how one sub-table numbers its placements.
type encoding struct {
	pieces [maxTablePieces]uint8  // piece codes in index order
	norm   [maxTablePieces]uint8  // size of the group starting at i, 0 inside one
	factor [maxTablePieces]uint64 // multiplier of the group starting at i
	size   uint64                 // number of placements
}

// subTable is one sub-table: one leading-pawn file (or the whole pawnless
// table) for one side to move.
type subTable struct {
	enc   encoding
	store *pairs
	// DTZ tables with remapped values: where each of the four maps (win,
	// loss, cursed win, blessed loss) starts, and its length.
	mapOff [4]int
	mapLen [4]int
}

// DTZ store flag bits.
const (
	dtzBlackStored = 1  // the stored side to move is black
	dtzMapped      = 2  // values go through a map
	dtzWinPlies    = 4  // wins are stored in plies, not moves
	dtzLossPlies   = 8  // losses likewise
	dtzWideMap     = 16 // map entries are 16-bit
)

// table is one file, opened and parsed on first use.
type table struct {
	owner     *Tables
	path      string
	name      string // e.g. KQvKR
	kind      tableKind
	num       int // pieces
	hasPawns  bool
	symmetric bool // same material both sides (KQvKQ)

	once     sync.Once
	ready    bool // parsed successfully; written in once, read after it
	broken   atomic.Bool
	failOnce sync.Once
	data     []byte
	unmap    func() error

	// Set by parse.
	key      matKey // the material with the file's white as white
	lead     int    // pawns of the leading colour (pawn tables)
	other    int    // pawns of the other colour
	leadCode uint8  // piece code of the leading pawns
	files    int    // sub-tables per side: 1, or 4 with pawns
	mapsAt   int    // DTZ: file offset of the value maps
	sides    int    // sides stored: 2 for split WDL tables, else 1
	sub      [4][2]subTable
}

// use opens the table on first call and reports whether it can be probed.
func (t *table) use() bool {
	t.once.Do(func() {
		data, unmap, err := mapFile(t.path)
		if err != nil {
			t.fail(err)
			return
		}
		if err := t.parse(data); err != nil {
			if unmap != nil {
				unmap()
			}
			t.fail(err)
			return
		}
		t.data, t.unmap = data, unmap
		t.ready = true
	})
	return t.ready && !t.broken.Load()
}

// fail reports the table's first error and takes it out of use.
func (t *table) fail(err error) {
	t.failOnce.Do(func() {
		t.broken.Store(true)
		t.owner.report(fmt.Errorf("syzygy: %s: %w", t.path, err))
	})
}

// parse reads the headers and checks that everything they point to lies
// inside the file, so that probing can index the data without checks beyond
// those that depend on the values decoded.
func (t *table) parse(b []byte) error {
	// Every published file is a multiple of 64 bytes plus a 16-byte
	// checksum; anything else was cut short or is not a table.
	if len(b)%64 != 16 {
		return corruptf("length %d is not 16 more than a multiple of 64", len(b))
	}
	if [4]byte(b[:4]) != magics[t.kind] {
		return corruptf("bad magic %x", b[:4])
	}
	flags := b[4]
	switch {
	case flags&2 != 0 != t.hasPawns:
		return corruptf("pawn flag does not match the name")
	case flags&1 != 0 == t.symmetric:
		return corruptf("side flag does not match the name")
	case flags>>4 != 0 && int(flags>>4) != t.num:
		return corruptf("header says %d pieces", flags>>4)
	}
	t.sides = 1
	if t.kind == kindWDL && !t.symmetric {
		t.sides = 2
	}
	off := 5
	var err error
	if t.hasPawns {
		off, err = t.parsePawnPieces(b, off)
	} else {
		off, err = t.parsePieces(b, off)
	}
	if err != nil {
		return err
	}
	off += off & 1

	wdl := t.kind == kindWDL
	for f := 0; f < t.files; f++ {
		for s := 0; s < t.sides; s++ {
			st := &t.sub[f][s]
			st.store, off, err = readPairs(b, off, st.enc.size, wdl)
			if err != nil {
				return err
			}
			if wdl {
				if err := checkWDLValues(b, st.store); err != nil {
					return err
				}
			}
		}
	}
	if !wdl {
		if off, err = t.parseMaps(b, off); err != nil {
			return err
		}
	}

	// The areas follow in order: all index tables, all size tables, all
	// data. Each step is checked before the next, so off stays small.
	step := func(n uint64) error {
		if uint64(off)+n > uint64(len(b)) {
			return corruptf("store areas beyond the end of the file")
		}
		off += int(n)
		return nil
	}
	for f := 0; f < t.files; f++ {
		for s := 0; s < t.sides; s++ {
			p := t.sub[f][s].store
			p.indexTable = off
			if err := step(p.indexBytes); err != nil {
				return err
			}
		}
	}
	for f := 0; f < t.files; f++ {
		for s := 0; s < t.sides; s++ {
			p := t.sub[f][s].store
			p.sizeTable = off
			if err := step(p.sizeBytes); err != nil {
				return err
			}
		}
	}
	for f := 0; f < t.files; f++ {
		for s := 0; s < t.sides; s++ {
			p := t.sub[f][s].store
			if p.constant {
				continue
			}
			off = (off + 63) &^ 63
			p.data = off
			if err := step(p.dataBytes); err != nil {
				return err
			}
		}
	}
	return nil
}

// checkWDLValues makes sure every single-value symbol of a WDL store is a
// WDL (0..4 for loss..win), so that probes need not check.
func checkWDLValues(b []byte, p *pairs) error {
	if p.constant {
		if p.constVal > 4 {
			return corruptf("WDL value %d", p.constVal)
		}
		return nil
	}
	for s := 0; s < p.numSyms; s++ {
		if _, r := p.symChildren(b, s); r == 0xfff && b[p.symPat+3*s] > 4 {
			return corruptf("WDL value %d", b[p.symPat+3*s])
		}
	}
	return nil
}

// nibble picks side s's half of a byte.
func nibble(x byte, s int) uint8 {
	if s == 0 {
		return x & 0xf
	}
	return x >> 4
}

// parsePieces reads a pawnless table's piece list.
func (t *table) parsePieces(b []byte, off int) (int, error) {
	t.files = 1
	if off+1+t.num > len(b) {
		return 0, corruptf("piece list beyond the end")
	}
	for s := 0; s < t.sides; s++ {
		e := &t.sub[0][s].enc
		for i := 0; i < t.num; i++ {
			e.pieces[i] = nibble(b[off+1+i], s)
		}
		if err := t.checkMaterial(e, s); err != nil {
			return 0, err
		}
		if err := t.setupPieces(e, int(nibble(b[off], s))); err != nil {
			return 0, err
		}
	}
	return off + 1 + t.num, nil
}

// checkMaterial checks that a piece list holds the table's material (the
// file name's, in either colour orientation) and records the orientation
// the file uses, from its first list.
func (t *table) checkMaterial(e *encoding, s int) error {
	k, ok := codesKey(e.pieces[:t.num])
	if !ok {
		return corruptf("bad piece list %v", e.pieces[:t.num])
	}
	nameKey, _, _ := parseTableName(t.name)
	switch {
	case t.key == 0 && s == 0 && (k == nameKey || k == nameKey.mirror()):
		// Some files store the name's black as white; the pieces decide.
		t.key = k
	case k == t.key:
	default:
		return corruptf("piece list %v does not match %s", e.pieces[:t.num], t.name)
	}
	return nil
}

// groups sets norm for the identical-piece groups from index from on and
// checks that identical pieces stand together. It returns the number of
// groups.
func (t *table) groups(e *encoding, from int) (int, error) {
	n := 0
	for i := from; i < t.num; {
		j := i
		for j < t.num && e.pieces[j] == e.pieces[i] {
			j++
		}
		for k := j; k < t.num; k++ {
			if e.pieces[k] == e.pieces[i] {
				return 0, corruptf("piece %d split in the list", e.pieces[i])
			}
		}
		e.norm[i] = uint8(j - i)
		i = j
		n++
	}
	return n, nil
}

// setupPieces sets a pawnless sub-table's groups and factors.
func (t *table) setupPieces(e *encoding, order int) error {
	counts := map[uint8]int{}
	for _, c := range e.pieces[:t.num] {
		counts[c]++
	}
	unique := 0
	for _, n := range counts {
		if n == 1 {
			unique++
		}
	}
	var lead int
	var leadSize uint64
	switch {
	case unique >= 3:
		lead, leadSize = 3, 31332 // three unique pieces, symmetry-reduced
	case unique == 2:
		lead, leadSize = 2, 462 // the two kings
	default:
		return corruptf("no encoding for %s", t.name)
	}
	for i := 0; i < lead; i++ {
		if counts[e.pieces[i]] != 1 {
			return corruptf("leading piece %d is not unique", e.pieces[i])
		}
	}
	e.norm[0] = uint8(lead)
	ng, err := t.groups(e, lead)
	if err != nil {
		return err
	}
	if order > ng {
		return corruptf("order %d with %d groups", order, ng)
	}
	// The index is a mixed-radix number; order says where the leading
	// group's digit goes among the others'.
	f := uint64(1)
	free := 64 - lead
	for k, i := 0, lead; k <= ng; k++ {
		if k == order {
			e.factor[0] = f
			f *= leadSize
			continue
		}
		e.factor[i] = f
		f *= binomial[e.norm[i]][free]
		free -= int(e.norm[i])
		i += int(e.norm[i])
	}
	e.size = f
	return nil
}

// parsePawnPieces reads a pawn table's four piece lists.
func (t *table) parsePawnPieces(b []byte, off int) (int, error) {
	t.files = 4
	nameKey, _, _ := parseTableName(t.name)
	both := nameKey&0x7 != 0 && (nameKey>>15)&0x7 != 0
	ob := 1 // order bytes per list
	if both {
		ob = 2
	}
	if off+4*(ob+t.num) > len(b) {
		return 0, corruptf("piece lists beyond the end")
	}
	t.leadCode = b[off+ob] & 0xf
	if t.leadCode&7 != 1 {
		return 0, corruptf("first piece %d is not a pawn", t.leadCode)
	}
	for f := 0; f < 4; f++ {
		for s := 0; s < t.sides; s++ {
			e := &t.sub[f][s].enc
			for i := 0; i < t.num; i++ {
				e.pieces[i] = nibble(b[off+ob+i], s)
			}
			if err := t.checkMaterial(e, s); err != nil {
				return 0, err
			}
			order, order2 := int(nibble(b[off], s)), -1
			if both {
				order2 = int(nibble(b[off+1], s))
			}
			if err := t.setupPawns(e, f, order, order2); err != nil {
				return 0, err
			}
		}
		off += ob + t.num
	}
	return off, nil
}

// setupPawns sets a pawn sub-table's groups and factors for leading-pawn
// file f (0 = a/h ... 3 = d/e).
func (t *table) setupPawns(e *encoding, f, order, order2 int) error {
	lead, other := 0, 0
	for _, c := range e.pieces[:t.num] {
		switch c {
		case t.leadCode:
			lead++
		case t.leadCode ^ 8:
			other++
		}
	}
	if t.lead == 0 {
		t.lead, t.other = lead, other
	}
	if lead != t.lead || other != t.other || (other > 0) != (order2 >= 0) {
		return corruptf("pawn counts differ between lists")
	}
	for i := 0; i < lead+other; i++ {
		want := t.leadCode
		if i >= lead {
			want ^= 8
		}
		if e.pieces[i] != want {
			return corruptf("pawns not first in the list")
		}
	}
	e.norm[0] = uint8(lead)
	if other > 0 {
		e.norm[lead] = uint8(other)
	}
	ng, err := t.groups(e, lead+other)
	if err != nil {
		return err
	}
	slots := ng + 1
	if other > 0 {
		slots++
	}
	if order >= slots || order2 >= slots || order == order2 {
		return corruptf("orders %d, %d with %d groups", order, order2, slots)
	}
	fac := uint64(1)
	free := 64 - lead - other
	for k, i := 0, lead+other; k < slots; k++ {
		switch k {
		case order:
			e.factor[0] = fac
			fac *= pawnFactor[lead-1][f]
		case order2:
			e.factor[lead] = fac
			fac *= binomial[other][48-lead]
		default:
			e.factor[i] = fac
			fac *= binomial[e.norm[i]][free]
			free -= int(e.norm[i])
			i += int(e.norm[i])
		}
	}
	e.size = fac
	return nil
}

// parseMaps reads a DTZ table's value maps. A mapped store keeps small
// symbol numbers and four maps (one per WDL outcome) turn them into
// distances; the maps are byte or (flag dtzWideMap) 16-bit arrays, each led
// by its length.
func (t *table) parseMaps(b []byte, off int) (int, error) {
	t.mapsAt = off
	for f := 0; f < t.files; f++ {
		st := &t.sub[f][0]
		fl := st.store.flags
		if st.store.constant || fl&dtzMapped == 0 {
			continue
		}
		if fl&dtzWideMap == 0 {
			for m := 0; m < 4; m++ {
				if off >= len(b) {
					return 0, corruptf("value map beyond the end")
				}
				st.mapLen[m] = int(b[off])
				st.mapOff[m] = off + 1
				off += 1 + st.mapLen[m]
			}
		} else {
			off += off & 1
			for m := 0; m < 4; m++ {
				if off+2 > len(b) {
					return 0, corruptf("value map beyond the end")
				}
				st.mapLen[m] = int(binary.LittleEndian.Uint16(b[off:]))
				st.mapOff[m] = off + 2
				off += 2 + 2*st.mapLen[m]
			}
		}
		if off > len(b) {
			return 0, corruptf("value map beyond the end")
		}
	}
	return off + off&1, nil
}

// newTable describes the file at path without opening it; ok is false when
// its name is not a table name.
func newTable(owner *Tables, path string) (*table, bool) {
	base := filepath.Base(path)
	var kind tableKind
	var name string
	switch ext := filepath.Ext(base); ext {
	case suffixes[kindWDL]:
		kind = kindWDL
	case suffixes[kindDTZ]:
		kind = kindDTZ
	default:
		return nil, false
	}
	name = base[:len(base)-len(suffixes[kind])]
	k, num, ok := parseTableName(name)
	if !ok {
		return nil, false
	}
	return &table{
		owner:     owner,
		path:      path,
		name:      name,
		kind:      kind,
		num:       num,
		hasPawns:  k&(7|7<<15) != 0,
		symmetric: k == k.mirror(),
	}, true
}

// close unmaps the file. The caller makes sure no probe is running.
func (t *table) close() {
	if t.unmap != nil {
		t.unmap()
		t.unmap = nil
	}
	t.data = nil
	t.ready = false
}
