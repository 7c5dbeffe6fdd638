// Package nnue is Bounder's network evaluation: an efficiently updatable
// neural network (NNUE) of the perspective kind, (768 → N) × 2 → 1.
//
// # The network
//
// Each side's view of the board is 768 inputs, one per (colour relative to
// that side, piece type, square) with the square mirrored vertically for
// Black, so both views are the same function of "own" and "their" pieces.
// A feature transformer maps each view to N hidden values (the
// accumulator: the bias plus the weight rows of the pieces on the board),
// and the side to move's accumulator followed by the other side's, each
// clipped to [0, 1] (clipped ReLU), feed one output neuron. The output
// times Scale is the score in centipawns for the side to move.
//
// # Quantisation
//
// The net is stored and run in integers: the transformer's weights and
// biases times QA (int16; the accumulator is int16, clipped to [0, QA]),
// the output weights times QB (int16) and the output bias times QA·QB; the
// output sum (int32) times Scale over QA·QB is the score. package train
// fits the float net and writes this form.
//
// # The file
//
// Little-endian: the magic "BNNU", a uint32 version (1), a uint32 N, then
// the int16 arrays in order — transformer weights (768·N, feature-major),
// transformer biases (N), output weights (2N) — an int32 output bias, and
// last a uint32 CRC-32 (IEEE) of everything before it. Read rejects a file
// of another magic, version or size, an N outside 8..2048 or a wrong
// checksum, with an error that says which.
package nnue

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
)

// Quantisation and output scale.
const (
	QA    = 255
	QB    = 64
	Scale = 400
)

// Inputs is the number of inputs of each view.
const Inputs = 768

const (
	magic   = "BNNU"
	version = 1
	minN    = 8
	maxN    = 2048
)

// Net is a quantised network.
type Net struct {
	N       int
	FTW     []int16 // Inputs × N, the row of feature f at f·N
	FTB     []int16 // N
	OutW    []int16 // 2N: the side to move's half, then the other's
	OutB    int32
	Version string // its file's checksum, as 8 hex digits
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
	if v := binary.LittleEndian.Uint32(data[4:]); v != version {
		return nil, fmt.Errorf("network: version %d, want %d", v, version)
	}
	n := int(binary.LittleEndian.Uint32(data[8:]))
	if n < minN || n > maxN {
		return nil, fmt.Errorf("network: hidden size %d, want %d to %d", n, minN, maxN)
	}
	want := 12 + 2*(Inputs*n+n+2*n) + 4 + 4
	if len(data) != want {
		return nil, fmt.Errorf("network: %d bytes, want %d for hidden size %d", len(data), want, n)
	}
	body := data[:len(data)-4]
	if sum, got := crc32.ChecksumIEEE(body), binary.LittleEndian.Uint32(data[len(data)-4:]); sum != got {
		return nil, fmt.Errorf("network: checksum %08x, want %08x (the file is corrupt)", sum, got)
	}
	net := &Net{N: n, FTW: make([]int16, Inputs*n), FTB: make([]int16, n), OutW: make([]int16, 2*n)}
	rd := bytes.NewReader(data[12:])
	for _, a := range [][]int16{net.FTW, net.FTB, net.OutW} {
		if err := binary.Read(rd, binary.LittleEndian, a); err != nil {
			return nil, err
		}
	}
	if err := binary.Read(rd, binary.LittleEndian, &net.OutB); err != nil {
		return nil, err
	}
	net.Version = fmt.Sprintf("%08x", binary.LittleEndian.Uint32(data[len(data)-4:]))
	return net, nil
}

// Write writes the network's file.
func (net *Net) Write(w io.Writer) error {
	var b bytes.Buffer
	b.WriteString(magic)
	binary.Write(&b, binary.LittleEndian, uint32(version))
	binary.Write(&b, binary.LittleEndian, uint32(net.N))
	for _, a := range [][]int16{net.FTW, net.FTB, net.OutW} {
		binary.Write(&b, binary.LittleEndian, a)
	}
	binary.Write(&b, binary.LittleEndian, net.OutB)
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
