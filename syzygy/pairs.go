package syzygy

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// The value store. Each sub-table's values are compressed in two stages:
// runs of values are replaced by "pair" symbols (a symbol stands for two
// smaller symbols, recursively, down to single values), and the symbol
// stream is then written with a canonical Huffman code, cut into blocks of
// 2^blockSize bytes. To find value number idx:
//
//   - the index table has an entry every 2^idxBits values: a block number
//     and where, relative to the middle of that stretch, the values start;
//   - the size table gives each block's value count (less one), so one walks
//     forward or back from that block to the one holding idx;
//   - the block is decoded symbol by symbol, skipping whole symbols until
//     the one covering idx, which is then unfolded down the pair tree.
//
// Every offset read from the file is checked against the file's length
// when the table is opened or before it is used, so a corrupt file yields an
// error, never a read out of range.

// pairs describes one compressed value store.
type pairs struct {
	header   int  // file offset of the header
	constant bool // every value the same (no stream at all)
	constVal int  // that value

	flags     byte // the header's first byte (DTZ tables keep flags here)
	blockSize uint // log2 of the bytes per block
	idxBits   uint // log2 of the values per index-table entry

	numIndices uint64 // entries of the index table
	numBlocks  int    // entries of the size table
	realBlocks int    // blocks in the data area (numBlocks may pad)

	minLen, maxLen int // code lengths, in bits
	firstSym       int // file offset of the u16 first-symbol per length
	symPat         int // file offset of the 3-byte symbol definitions
	numSyms        int
	symLen         []uint8 // values a symbol stands for, less one
	// Indexed by code length (minLen..maxLen): the lowest code of that
	// length, left-aligned in 64 bits, and the symbol of that code. Fixed
	// arrays, copied from the file, keep the decoding loop tight.
	base  [33]uint64
	first [33]int

	indexTable, sizeTable, data int // file offsets, set after all headers
	indexBytes, sizeBytes       uint64
	dataBytes                   uint64
}

// errCorrupt is wrapped by every error about a table's contents.
var errCorrupt = errors.New("corrupt table")

func corruptf(format string, a ...any) error {
	return fmt.Errorf("%w: %s", errCorrupt, fmt.Sprintf(format, a...))
}

// readPairs parses the store header at off for a sub-table of size values
// and returns the store and the offset after its header.
func readPairs(b []byte, off int, size uint64, wdl bool) (*pairs, int, error) {
	p := &pairs{header: off}
	if off+2 > len(b) {
		return nil, 0, corruptf("store header at %d beyond the end", off)
	}
	p.flags = b[off]
	if p.flags&0x80 != 0 {
		// A store holding one value: WDL tables give it, DTZ ones are zero
		// (the DTZ is then the WDL's own zeroing distance).
		p.constant = true
		if wdl {
			p.constVal = int(b[off+1])
		}
		return p, off + 2, nil
	}
	if off+12 > len(b) {
		return nil, 0, corruptf("store header at %d beyond the end", off)
	}
	p.blockSize = uint(b[off+1])
	p.idxBits = uint(b[off+2])
	extra := int(b[off+3])
	p.realBlocks = int(binary.LittleEndian.Uint32(b[off+4:]))
	p.numBlocks = p.realBlocks + extra
	p.maxLen = int(b[off+8])
	p.minLen = int(b[off+9])
	switch {
	case p.idxBits < 1 || p.idxBits > 40:
		return nil, 0, corruptf("index step 2^%d", p.idxBits)
	case p.blockSize > 30:
		return nil, 0, corruptf("block size 2^%d", p.blockSize)
	case p.minLen < 1 || p.minLen > p.maxLen || p.maxLen > 32:
		// Lengths above 32 would break the decoder's refill of 32 bits at
		// a time; the generator never writes them.
		return nil, 0, corruptf("code lengths %d..%d", p.minLen, p.maxLen)
	case p.realBlocks < 1 && size > 0:
		return nil, 0, corruptf("no data blocks")
	}
	h := p.maxLen - p.minLen + 1
	p.firstSym = off + 10
	if p.firstSym+2*h+2 > len(b) {
		return nil, 0, corruptf("code table beyond the end")
	}
	p.numSyms = int(binary.LittleEndian.Uint16(b[p.firstSym+2*h:]))
	if p.numSyms < 1 || p.numSyms > 4096 { // symbol numbers have 12 bits
		return nil, 0, corruptf("%d symbols", p.numSyms)
	}
	p.symPat = p.firstSym + 2*h + 2
	next := p.symPat + 3*p.numSyms + p.numSyms&1
	if next > len(b) {
		return nil, 0, corruptf("symbol table beyond the end")
	}

	p.numIndices = size>>p.idxBits + 1
	if size&(1<<p.idxBits-1) == 0 {
		p.numIndices--
	}
	p.indexBytes = 6 * p.numIndices
	p.sizeBytes = 2 * uint64(p.numBlocks)
	p.dataBytes = uint64(p.realBlocks) << p.blockSize
	if p.indexBytes > uint64(len(b)) || p.sizeBytes > uint64(len(b)) || p.dataBytes > uint64(len(b)) {
		return nil, 0, corruptf("store larger than the file")
	}

	if err := p.computeSymLen(b); err != nil {
		return nil, 0, err
	}

	// Canonical Huffman: the codes of one length are consecutive numbers,
	// and the file gives the symbol of each length's first code. base[l],
	// left-aligned in 64 bits, is the smallest code of length l, so a
	// code's length is the first whose base it reaches; the longest
	// length's base is 0, which ends that search.
	for l := p.minLen; l <= p.maxLen; l++ {
		p.first[l] = int(binary.LittleEndian.Uint16(b[p.firstSym+2*(l-p.minLen):]))
	}
	for l := p.maxLen - 1; l >= p.minLen; l-- {
		p.base[l] = (p.base[l+1] + uint64(p.first[l]) - uint64(p.first[l+1])) / 2
	}
	for l := p.minLen; l <= p.maxLen; l++ {
		p.base[l] <<= 64 - uint(l)
	}
	return p, next, nil
}

// symChildren reads the two halves of pair symbol s; right is 0xfff for a
// symbol that is a single value.
func (p *pairs) symChildren(b []byte, s int) (left, right int) {
	w := p.symPat + 3*s
	left = int(b[w+1]&0xf)<<8 | int(b[w])
	right = int(b[w+2])<<4 | int(b[w+1]>>4)
	return
}

// computeSymLen finds how many values each symbol stands for. A symbol's
// halves may be defined after it, so this walks the pair graph depth first
// (with its own stack: a corrupt file could nest deeply), refusing cycles,
// halves out of range and expansions longer than the format allows.
func (p *pairs) computeSymLen(b []byte) error {
	const (
		unseen = iota
		open
		done
	)
	state := make([]uint8, p.numSyms)
	length := make([]int, p.numSyms)
	stack := make([]int, 0, 64)
	for s0 := 0; s0 < p.numSyms; s0++ {
		if state[s0] == done {
			continue
		}
		stack = append(stack[:0], s0)
		for len(stack) > 0 {
			s := stack[len(stack)-1]
			if state[s] == done { // pushed twice, as both halves of one pair
				stack = stack[:len(stack)-1]
				continue
			}
			l, r := p.symChildren(b, s)
			if r == 0xfff {
				length[s] = 0
				state[s] = done
				stack = stack[:len(stack)-1]
				continue
			}
			if l >= p.numSyms || r >= p.numSyms {
				return corruptf("symbol %d refers to %d/%d of %d", s, l, r, p.numSyms)
			}
			state[s] = open
			pushed := false
			for _, c := range [2]int{l, r} {
				switch state[c] {
				case open:
					return corruptf("symbol %d is part of itself", c)
				case unseen:
					stack = append(stack, c)
					pushed = true
				}
			}
			if pushed {
				continue
			}
			length[s] = length[l] + length[r] + 1
			if length[s] > 255 {
				return corruptf("symbol %d stands for %d values", s, length[s]+1)
			}
			state[s] = done
			stack = stack[:len(stack)-1]
		}
	}
	p.symLen = make([]uint8, p.numSyms)
	for i, l := range length {
		p.symLen[i] = uint8(l)
	}
	return nil
}

// be64 and be32 read the bit stream big-endian, reading zeros past the end
// of the file: the decoder looks a little ahead of the bits it uses, and a
// corrupt block could send it further.
func be64(b []byte, off int) uint64 {
	if off >= 0 && off+8 <= len(b) {
		return binary.BigEndian.Uint64(b[off:])
	}
	var v uint64
	for i := 0; i < 8; i++ {
		v <<= 8
		if j := off + i; j >= 0 && j < len(b) {
			v |= uint64(b[j])
		}
	}
	return v
}

func be32(b []byte, off int) uint32 {
	if off >= 0 && off+4 <= len(b) {
		return binary.BigEndian.Uint32(b[off:])
	}
	return uint32(be64(b, off) >> 32)
}

// value returns stored value number idx: for WDL tables the WDL plus 2, for
// DTZ tables the (possibly remapped) distance.
func (p *pairs) value(b []byte, idx uint64, wdl bool) (int, error) {
	if p.constant {
		return p.constVal, nil
	}
	main := idx >> p.idxBits
	if main >= p.numIndices {
		return 0, corruptf("index %d beyond the table", idx)
	}
	// The entry's offset is relative to the middle of its stretch, so the
	// walk from the entry's block is at most half a stretch either way.
	lit := int64(idx&(1<<p.idxBits-1)) - int64(1)<<(p.idxBits-1)
	e := p.indexTable + 6*int(main)
	block := int64(binary.LittleEndian.Uint32(b[e:]))
	lit += int64(binary.LittleEndian.Uint16(b[e+4:]))

	blockLen := func(k int64) int64 {
		return int64(binary.LittleEndian.Uint16(b[p.sizeTable+2*int(k):])) + 1
	}
	if block >= int64(p.numBlocks) {
		return 0, corruptf("index entry names block %d of %d", block, p.numBlocks)
	}
	for lit < 0 {
		block--
		if block < 0 {
			return 0, corruptf("walked before the first block")
		}
		lit += blockLen(block)
	}
	for {
		n := blockLen(block)
		if lit < n {
			break
		}
		lit -= n
		block++
		if block >= int64(p.numBlocks) {
			return 0, corruptf("walked past the last block")
		}
	}
	if block >= int64(p.realBlocks) {
		return 0, corruptf("block %d beyond the data", block)
	}

	ptr := p.data + int(block)<<p.blockSize
	code := be64(b, ptr)
	ptr += 8
	bits := 0 // bits of code consumed since the last refill
	var sym int
	for {
		l := p.minLen
		for code < p.base[l] {
			l++ // terminates: the longest length's base is 0
		}
		sym = p.first[l] + int((code-p.base[l])>>(64-uint(l)))
		if sym < 0 || sym >= p.numSyms {
			return 0, corruptf("code decodes to symbol %d of %d", sym, p.numSyms)
		}
		n := int64(p.symLen[sym]) + 1
		if lit < n {
			break
		}
		lit -= n
		code <<= uint(l)
		bits += l
		if bits >= 32 {
			bits -= 32
			code |= uint64(be32(b, ptr)) << uint(bits)
			ptr += 4
		}
	}
	// Unfold the pair symbol down to the single value at lit; each step
	// goes to a strictly shorter symbol, so this ends.
	for p.symLen[sym] != 0 {
		l, r := p.symChildren(b, sym)
		if n := int64(p.symLen[l]) + 1; lit < n {
			sym = l
		} else {
			lit -= n
			sym = r
		}
	}
	w := p.symPat + 3*sym
	if wdl {
		return int(b[w]), nil
	}
	return int(b[w+1]&0xf)<<8 | int(b[w]), nil
}
