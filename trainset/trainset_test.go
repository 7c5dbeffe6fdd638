package trainset

import (
	"bytes"
	"errors"
	"io"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bounder-chess/bounder/engine"
	"github.com/stretchr/testify/require"
)

// randomPositions plays random games from the start position and from a few
// positions with castling and en passant, and returns every position met.
func randomPositions(t *testing.T, n int) []*engine.Position {
	t.Helper()
	rng := rand.New(rand.NewSource(1))
	starts := []string{
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
	}
	var out []*engine.Position
	buf := make([]engine.Move, 0, 256)
	for len(out) < n {
		pos, err := engine.ParseFEN(starts[rng.Intn(len(starts))])
		require.NoError(t, err)
		for ply := 0; ply < 200 && len(out) < n; ply++ {
			moves := pos.GenerateMoves(buf)
			if len(moves) == 0 {
				break
			}
			pos.Make(moves[rng.Intn(len(moves))])
			out = append(out, pos.Clone())
		}
	}
	return out
}

func TestPackRoundTrip(t *testing.T) {
	for i, pos := range randomPositions(t, 5000) {
		score, result := (i*37)%4001-2000, i%3
		r := Pack(pos, score, result, i%7 == 0)
		require.NoError(t, r.Validate(), pos.FEN())
		require.Equal(t, pos.FEN(), r.FEN(), "the record's FEN is the position's")
		require.Equal(t, score, r.Score())
		require.Equal(t, result, r.Result())
		require.Equal(t, i%7 == 0, r.GameEnd())
		require.Equal(t, pos.SideToMove(), r.Side())
		d := r.Decode()
		for sq := engine.Square(0); sq < 64; sq++ {
			require.Equal(t, pos.PieceAt(sq), d.Board[sq])
		}
	}
}

func TestScoreClamped(t *testing.T) {
	pos := engine.NewPosition()
	r := Pack(pos, 99999, Draw, false)
	require.Equal(t, 32767, r.Score())
	r = Pack(pos, -99999, Draw, false)
	require.Equal(t, -32767, r.Score())
}

func TestValidateRejects(t *testing.T) {
	good := Pack(engine.NewPosition(), 10, WhiteWin, false)
	cases := map[string]func(r *Record){
		"result":     func(r *Record) { r[26] = 3 },
		"flags":      func(r *Record) { r[27] |= 8 },
		"ep":         func(r *Record) { r[28] = 30 },
		"piece code": func(r *Record) { r[8] = r[8]&0xF0 | 7 },
		"extra code": func(r *Record) { r[23] = 0x10 },
		"no king":    func(r *Record) { r[10] = r[10]&0xF0 | 2 }, // e1's king (the 5th piece) becomes a knight
	}
	for name, spoil := range cases {
		r := good
		spoil(&r)
		require.Error(t, r.Validate(), name)
	}
	p, err := engine.ParseFEN("4k3/8/8/8/8/8/8/4K3 w - - 0 1")
	require.NoError(t, err)
	r := Pack(p, 0, Draw, false)
	// Put a pawn on a8: occupancy bit 56, and the pieces in square order
	// are then the white king, the pawn and the black king.
	r[7] |= 1
	r[8] = r[8]&0x0F | 1<<4
	r[9] = byte(engine.MakePiece(engine.Black, engine.King))
	require.ErrorContains(t, r.Validate(), "a pawn on a8")
}

func TestFileRoundTripAndRepair(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "d.bin")
	var recs []Record
	for i, pos := range randomPositions(t, 300) {
		recs = append(recs, Pack(pos, i, i%3, false))
	}
	f, n, dropped, err := Repair(path)
	require.NoError(t, err)
	require.Zero(t, n)
	require.Zero(t, dropped)
	require.NoError(t, Write(f, recs[:200]))
	require.NoError(t, f.Close())

	// A crash in the middle of a write leaves a torn record.
	raw, err := os.ReadFile(path)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(path, append(raw, recs[200][:11]...), 0o644))
	_, err = ReadFile(path)
	require.ErrorIs(t, err, ErrCorrupt)
	require.ErrorContains(t, err, "record 200")

	f, n, dropped, err = Repair(path)
	require.NoError(t, err)
	require.EqualValues(t, 200, n)
	require.EqualValues(t, 11, dropped)
	require.NoError(t, Write(f, recs[200:]))
	require.NoError(t, f.Close())
	got, err := ReadFile(path)
	require.NoError(t, err)
	require.Equal(t, recs, got)
}

func TestReaderNamesCorruptRecord(t *testing.T) {
	var b bytes.Buffer
	recs := make([]Record, 5)
	for i := range recs {
		recs[i] = Pack(engine.NewPosition(), i, Draw, false)
	}
	recs[3][26] = 9
	require.NoError(t, Write(&b, recs))
	rd := NewReader(&b, "x.bin")
	var rec Record
	for i := 0; i < 3; i++ {
		require.NoError(t, rd.Next(&rec))
	}
	err := rd.Next(&rec)
	require.True(t, errors.Is(err, ErrCorrupt))
	require.True(t, strings.Contains(err.Error(), "x.bin: record 3"), err.Error())
}

func TestReaderEOF(t *testing.T) {
	rd := NewReader(bytes.NewReader(nil), "empty")
	var rec Record
	require.Equal(t, io.EOF, rd.Next(&rec))
}

// FuzzRecord: any 32 bytes either fail Validate or decode to a FEN the
// engine accepts or rejects with an error, never a panic.
func FuzzRecord(f *testing.F) {
	r := Pack(engine.NewPosition(), 12, Draw, true)
	f.Add(r[:])
	f.Fuzz(func(t *testing.T, b []byte) {
		if len(b) != Size {
			return
		}
		var rec Record
		copy(rec[:], b)
		if rec.Validate() != nil {
			return
		}
		_ = rec.FEN()
		_, _ = engine.ParseFEN(rec.FEN())
	})
}
