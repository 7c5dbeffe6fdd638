package epd

import (
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseEPD(t *testing.T) {
	r, err := ParseEPD(`2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id "WAC.001";`)
	require.NoError(t, err)
	assert.Equal(t, "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1", r.Board)
	assert.Equal(t, []string{"w", "-", "-"}, []string{r.Side, r.Castling, r.EnPassant})
	assert.False(t, r.HasCounters)
	assert.Equal(t, []Op{{"bm", []string{"Qg6"}}, {"id", []string{"WAC.001"}}}, r.Ops)
	assert.Equal(t, "WAC.001", r.ID())
	fen, err := r.FEN()
	require.NoError(t, err)
	assert.Equal(t, "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1", fen)

	// Quoted strings keep spaces and semicolons; several operands; no final ';'.
	r, err = ParseEPD("4k3/8/8/8/8/8/8/4K3 b - - am Kd7 Ke7;c0 \"Qd2=10, a;b\";  noop ;  bm  Kf8 Kd8")
	require.NoError(t, err)
	assert.Equal(t, []Op{
		{"am", []string{"Kd7", "Ke7"}},
		{"c0", []string{"Qd2=10, a;b"}},
		{"noop", nil},
		{"bm", []string{"Kf8", "Kd8"}},
	}, r.Ops)

	// Full FEN counters, and hmvc/fmvn.
	r, err = ParseEPD("4k3/8/8/8/8/8/8/4K3 w - - 12 40 bm Kd2;")
	require.NoError(t, err)
	assert.True(t, r.HasCounters)
	fen, _ = r.FEN()
	assert.Equal(t, "4k3/8/8/8/8/8/8/4K3 w - - 12 40", fen)
	r, err = ParseEPD("4k3/8/8/8/8/8/8/4K3 w - - hmvc 7; fmvn 31;")
	require.NoError(t, err)
	fen, _ = r.FEN()
	assert.Equal(t, "4k3/8/8/8/8/8/8/4K3 w - - 7 31", fen)
	r, err = ParseEPD("4k3/8/8/8/8/8/8/4K3 w - - hmvc x;")
	require.NoError(t, err)
	_, err = r.FEN()
	assert.Error(t, err)

	// Only the four fields: a record without operations.
	r, err = ParseEPD("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3")
	require.NoError(t, err)
	assert.Empty(t, r.Ops)
	assert.Equal(t, "e3", r.EnPassant)
}

func TestParseEPDErrors(t *testing.T) {
	for _, line := range []string{
		"",
		"   \t",
		"this is not an epd line",
		"4k3/8/8/8/8/8/8/4K3 w -",                  // three fields
		"4k3/8/8/8/8/8/8 w - - bm Kd2;",            // seven ranks
		"4k3/8/8/8/8/8/8/4K4 w - - bm Kd2;",        // nine squares
		"4k3/8/8/8/8/8/8/4X3 w - - bm Kd2;",        // bad letter
		"4k3/8/8/8/8/8/8/4K3 x - - bm Kd2;",        // side
		"4k3/8/8/8/8/8/8/4K3 w KK - bm Kd2;",       // repeated right
		"4k3/8/8/8/8/8/8/4K3 w KQkqK - bm Kd2;",    // too many rights
		"4k3/8/8/8/8/8/8/4K3 w - e4 bm Kd2;",       // ep rank
		"4k3/8/8/8/8/8/8/4K3 w - - 5 bm Kd2;",      // clock without move number
		"4k3/8/8/8/8/8/8/4K3 w - - ; bm Kd2;",      // empty operation
		"4k3/8/8/8/8/8/8/4K3 w - - 1bm Kd2;",       // opcode starts with a digit
		"4k3/8/8/8/8/8/8/4K3 w - - b-m Kd2;",       // bad opcode character
		"4k3/8/8/8/8/8/8/4K3 w - - id \"abc;",      // unterminated string
		"4k3/8/8/8/8/8/8/4K3 w - - id \"abc\"def;", // junk after a quote
		"4k3/8/8/8/8/8/8/4K3 w - - averyveryverylongopcode 1;",
	} {
		_, err := ParseEPD(line)
		assert.Error(t, err, "%q", line)
	}
	_, err := ParseEPD("")
	assert.ErrorIs(t, err, ErrEmpty)
}

func TestRecordStringRoundTrip(t *testing.T) {
	for _, line := range []string{
		`2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id "WAC.001";`,
		`4k3/8/8/8/8/8/8/4K3 w - - 3 9 c0 "a b;c" "" x"y; noop;`,
		`4k3/8/8/8/8/8/8/4K3 b - - id quoted`,
	} {
		r, err := ParseEPD(line)
		require.NoError(t, err)
		r2, err := ParseEPD(r.String())
		require.NoError(t, err, r.String())
		assert.True(t, reflect.DeepEqual(r, r2), "%q -> %q", line, r.String())
	}
}

// FuzzParseEPD checks that the parser never panics, that what it accepts it
// writes back as the same record, and that resolving an accepted record
// (FEN validation, SAN, c0 points) never panics either. Seeds are in
// testdata/fuzz/FuzzParseEPD.
func FuzzParseEPD(f *testing.F) {
	f.Add(`2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id "WAC.001";`)
	f.Fuzz(func(t *testing.T, line string) {
		r, err := ParseEPD(line)
		if err != nil {
			return
		}
		s := r.String()
		r2, err := ParseEPD(s)
		if err != nil {
			t.Fatalf("ParseEPD(%q) = %q, which does not parse: %v", line, s, err)
		}
		if !reflect.DeepEqual(r, r2) {
			t.Fatalf("round trip changed the record:\n%q\n%q", line, s)
		}
		if strings.ContainsAny(r.Board+r.Side+r.Castling+r.EnPassant, " \t;\"") {
			t.Fatalf("FEN field with a separator: %+v", r)
		}
		if p, err := NewProblem(r); err == nil {
			for _, m := range append(p.BM, p.AM...) {
				if !p.Pos.IsLegal(m) {
					t.Fatalf("resolved an illegal move %v in %q", m, line)
				}
				_ = p.SAN(m)
			}
			_ = p.Expected()
		}
	})
}
