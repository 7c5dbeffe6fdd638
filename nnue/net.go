// Package nnue is Bounder's network evaluation: an efficiently updatable
// neural network (NNUE) of the perspective kind, (768 → N) × 2 → 1, the
// output neuron chosen from B by the number of pieces on the board (output
// buckets; B = 1 is one output for every position).
//
// # The network
//
// Each side's view of the board is 768 inputs, one per (colour relative to
// that side, piece type, square) with the square mirrored vertically for
// Black, so both views are the same function of "own" and "their" pieces.
// A feature transformer maps each view to N hidden values (the
// accumulator: the bias plus the weight rows of the pieces on the board),
// and the side to move's accumulator followed by the other side's, each
// clipped to [0, 1] (clipped ReLU), feed one output neuron: bucket
// Bucket(pieces, B) of B, so that the opening, the middlegame and the
// endings each weigh the hidden units their own way. The output times
// Scale is the score in centipawns for the side to move. The output layer
// sees each clipped value c as it is (CReLU) or squared, c² (SCReLU, the
// squared clipped ReLU): the square lets one layer weigh how sure a unit
// is, at the cost of a multiplication more a unit.
//
// # Quantisation
//
// The net is stored and run in integers: the transformer's weights and
// biases times QA (int16; the accumulator is int16, clipped to [0, QA]),
// the output weights times QB (int16) and the output bias times QA·QB; the
// output sum (int32) times Scale over QA·QB is the score. With SCReLU the
// sum is of c·(c·w), c = clamp(x, 0, QA), over QA: c·w is taken in int16
// (the trainer keeps |w| ≤ 127, so it is exact) and the int32 sum wraps as
// two's complement does, so the assembly and the plain Go kernels agree
// bit for bit whatever the order of their additions (a real net stays far
// from the bound: 2N·QA²·127 is 2^31 at N = 128 only if every unit is
// saturated with the largest weight of one sign). package train fits the
// float net and writes this form.
//
// # The file
//
// Little-endian: the magic "BNNU", a uint32 version, a uint32 N, in
// version 2 a uint32 B, then the int16 arrays in order — transformer
// weights (768·N, feature-major), transformer biases (N), output weights
// (B·2N, bucket by bucket) — the int32 output biases (B), and last a
// uint32 CRC-32 (IEEE) of everything before it. Version 1 is version 2
// without B, for B = 1, and a net of one bucket is written as version 1.
// Version 3 is version 2 with a uint32 activation after B (0 CReLU, 1
// SCReLU), written for SCReLU nets only, so a CReLU net's file is what it
// was before. Read rejects a file of another magic, version or size, an N
// outside 8..2048, a B outside 1..32, an unknown activation or a wrong
// checksum, with an error that says which.
package nnue

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"strings"
)

// Quantisation and output scale.
const (
	QA    = 255
	QB    = 64
	Scale = 400
)

// Inputs is the number of inputs of each view.
const Inputs = 768

// Activation is what the output layer sees of a hidden value x.
type Activation uint32

// The activations.
const (
	CReLU  Activation = 0 // clamp(x, 0, 1)
	SCReLU Activation = 1 // clamp(x, 0, 1)²
)

func (a Activation) String() string {
	switch a {
	case CReLU:
		return "CReLU"
	case SCReLU:
		return "SCReLU"
	}
	return fmt.Sprintf("Activation(%d)", uint32(a))
}

// ParseActivation reads an activation's name, as String writes it (any
// case).
func ParseActivation(s string) (Activation, bool) {
	for _, a := range []Activation{CReLU, SCReLU} {
		if strings.EqualFold(s, a.String()) {
			return a, true
		}
	}
	return 0, false
}

const (
	magic      = "BNNU"
	version    = 3
	minN       = 8
	maxN       = 2048
	maxBuckets = 32
)

// Net is a quantised network.
type Net struct {
	N       int
	B       int // output buckets (0 is read as 1)
	Act     Activation
	FTW     []int16 // Inputs × N, the row of feature f at f·N
	FTB     []int16 // N
	OutW    []int16 // B × 2N: per bucket the side to move's half, then the other's
	OutB    []int32 // B
	Version string  // its file's checksum, as 8 hex digits
}

// Buckets is the number of output buckets.
func (net *Net) Buckets() int { return max(net.B, 1) }

// Bucket is the output bucket of a position with pieces pieces (kings
// included, 2 to 32) in a net of b buckets: equal ranges of the piece
// count, the fewest pieces in bucket 0.
func Bucket(pieces, b int) int {
	return min(b-1, max(0, pieces-2)*b/31)
}

// Feature is the input index of piece type t (1-6) of colour c on square
// sq, seen from perspective view.
func Feature(view, c uint8, t uint8, sq uint8) int {
	if view == 1 {
		sq ^= 56
	}
	return int(c^view)*384 + int(t-1)*64 + int(sq)
}

// Read reads a network file.
func Read(r io.Reader) (*Net, error) {
	data, err := io.ReadAll(io.LimitReader(r, 64<<20))
	if err != nil {
		return nil, err
	}
	return Parse(data)
}

// Parse reads a network from its file's bytes.
func Parse(data []byte) (*Net, error) {
	if len(data) < 16 {
		return nil, fmt.Errorf("network: %d bytes is too short", len(data))
	}
	if string(data[:4]) != magic {
		return nil, errors.New("network: not a Bounder network file (bad magic)")
	}
	v := binary.LittleEndian.Uint32(data[4:])
	if v < 1 || v > version {
		return nil, fmt.Errorf("network: version %d, want 1 to %d", v, version)
	}
	n := int(binary.LittleEndian.Uint32(data[8:]))
	if n < minN || n > maxN {
		return nil, fmt.Errorf("network: hidden size %d, want %d to %d", n, minN, maxN)
	}
	head, b, act := 12, 1, CReLU
	if v >= 2 {
		head = 16
		if v == 3 {
			head = 20
		}
		if len(data) < head+4 {
			return nil, fmt.Errorf("network: %d bytes is too short", len(data))
		}
		if b = int(binary.LittleEndian.Uint32(data[12:])); b < 1 || b > maxBuckets {
			return nil, fmt.Errorf("network: %d output buckets, want 1 to %d", b, maxBuckets)
		}
		if v == 3 {
			if act = Activation(binary.LittleEndian.Uint32(data[16:])); act != CReLU && act != SCReLU {
				return nil, fmt.Errorf("network: activation %d, want 0 (CReLU) or 1 (SCReLU)", uint32(act))
			}
		}
	}
	want := head + 2*(Inputs*n+n+b*2*n) + 4*b + 4
	if len(data) != want {
		return nil, fmt.Errorf("network: %d bytes, want %d for hidden size %d and %d buckets", len(data), want, n, b)
	}
	body := data[:len(data)-4]
	if sum, got := crc32.ChecksumIEEE(body), binary.LittleEndian.Uint32(data[len(data)-4:]); sum != got {
		return nil, fmt.Errorf("network: checksum %08x, want %08x (the file is corrupt)", sum, got)
	}
	net := &Net{N: n, B: b, Act: act, FTW: make([]int16, Inputs*n), FTB: make([]int16, n), OutW: make([]int16, b*2*n), OutB: make([]int32, b)}
	rd := bytes.NewReader(data[head:])
	for _, a := range []any{net.FTW, net.FTB, net.OutW, net.OutB} {
		if err := binary.Read(rd, binary.LittleEndian, a); err != nil {
			return nil, err
		}
	}
	net.Version = fmt.Sprintf("%08x", binary.LittleEndian.Uint32(data[len(data)-4:]))
	return net, nil
}

// Write writes the network's file: for CReLU, version 1 for one bucket (so
// that such a net's file is what it was before buckets), else version 2;
// version 3 for SCReLU.
func (net *Net) Write(w io.Writer) error {
	var b bytes.Buffer
	b.WriteString(magic)
	nb := net.Buckets()
	switch {
	case net.Act != CReLU:
		binary.Write(&b, binary.LittleEndian, uint32(3))
		binary.Write(&b, binary.LittleEndian, uint32(net.N))
		binary.Write(&b, binary.LittleEndian, uint32(nb))
		binary.Write(&b, binary.LittleEndian, uint32(net.Act))
	case nb == 1:
		binary.Write(&b, binary.LittleEndian, uint32(1))
		binary.Write(&b, binary.LittleEndian, uint32(net.N))
	default:
		binary.Write(&b, binary.LittleEndian, uint32(2))
		binary.Write(&b, binary.LittleEndian, uint32(net.N))
		binary.Write(&b, binary.LittleEndian, uint32(nb))
	}
	for _, a := range []any{net.FTW, net.FTB, net.OutW, net.OutB} {
		binary.Write(&b, binary.LittleEndian, a)
	}
	binary.Write(&b, binary.LittleEndian, crc32.ChecksumIEEE(b.Bytes()))
	_, err := w.Write(b.Bytes())
	return err
}

// Bytes is the network's file.
func (net *Net) Bytes() []byte {
	var b bytes.Buffer
	net.Write(&b)
	return b.Bytes()
}

// MustParse is Parse for a file known to be good (the embedded net); it
// panics otherwise.
func MustParse(data []byte) *Net {
	n, err := Parse(data)
	if err != nil {
		panic(err)
	}
	return n
}
