package epd

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bounder-chess/bounder/engine"
)

func mustProblem(t *testing.T, line string) *Problem {
	t.Helper()
	r, err := ParseEPD(line)
	require.NoError(t, err)
	p, err := NewProblem(r)
	require.NoError(t, err)
	return p
}

func uci(ms []engine.Move) []string {
	var s []string
	for _, m := range ms {
		s = append(s, m.String())
	}
	return s
}

func TestResolveSAN(t *testing.T) {
	// Knights c4 and f3 both reach d2; b7 promotes; e5 takes d6 en passant;
	// both castlings are legal.
	pos, err := engine.ParseFEN("r3k2r/1P6/8/3pP3/2N5/5N2/8/R3K2R w KQkq d6 0 1")
	require.NoError(t, err)
	b := newSANBoard(pos)
	for san, want := range map[string]string{
		"exd6":      "e5d6",
		"exd6 e.p.": "e5d6",
		"exd6e.p.":  "e5d6",
		"e6":        "e5e6",
		"O-O":       "e1g1",
		"0-0":       "e1g1",
		"O-O-O":     "e1c1",
		"0-0-0+":    "e1c1",
		"Ncd2":      "c4d2",
		"Nfd2":      "f3d2",
		"N4d2":      "c4d2",
		"Nc4d2":     "c4d2", // over-disambiguated
		"Nc4-d2":    "c4d2",
		"Ng5!":      "f3g5",
		"Ng5!?":     "f3g5",
		"Nf3g5":     "f3g5",
		"bxa8=Q":    "b7a8q",
		"bxa8=Q+":   "b7a8q",
		"bxa8Q":     "b7a8q",
		"bxa8=N":    "b7a8n",
		"b8=Q+":     "b7b8q", // not check: the + is tolerated anyway
		"b8Q#":      "b7b8q",
		"Rxa8+":     "a1a8",
		"Rxa8":      "a1a8",
		"f3g5":      "f3g5", // coordinate notation
	} {
		m, err := b.Resolve(san)
		if assert.NoError(t, err, san) {
			assert.Equal(t, want, m.String(), san)
		}
	}
	for _, bad := range []string{"", "Nd2", "Zz9", "Ke3", "b8", "bxa8=K", "Qh5", "e7", "xx", "O-O-O-O"} {
		_, err := b.Resolve(bad)
		assert.Error(t, err, "%q", bad)
	}
	assert.Equal(t, "Ncd2", b.SAN(mustMove(t, pos, "c4d2")))
	assert.Equal(t, "bxa8=Q+", b.SAN(mustMove(t, pos, "b7a8q")))
	assert.Equal(t, "O-O", b.SAN(mustMove(t, pos, "e1g1")))
	assert.Equal(t, "(none)", b.SAN(engine.NullMove))
}

func mustMove(t *testing.T, pos *engine.Position, s string) engine.Move {
	t.Helper()
	m, err := pos.ParseMove(s)
	require.NoError(t, err)
	return m
}

func TestProblemKinds(t *testing.T) {
	p := mustProblem(t, `8/1p6/p5R1/k7/Prpp4/K7/1NP5/8 w - - am Rd6; bm Rb6 Rg5+; id "WAC.274";`)
	assert.Equal(t, KindMove, p.Kind)
	assert.Equal(t, "WAC.274", p.ID)
	assert.Equal(t, []string{"g6b6", "g6g5"}, uci(p.BM))
	assert.Equal(t, []string{"g6d6"}, uci(p.AM))
	assert.Equal(t, "am Rd6 bm Rb6 Rg5+", p.Expected())
	assert.True(t, p.MoveOK(mustMove(t, p.Pos, "g6g5")))
	assert.False(t, p.MoveOK(mustMove(t, p.Pos, "g6d6")))
	assert.False(t, p.MoveOK(mustMove(t, p.Pos, "g6g8")))
	assert.False(t, p.MoveOK(engine.NullMove))

	p = mustProblem(t, `4k3/8/8/8/8/8/8/R3K2R w KQ - am O-O; id "am.only";`)
	assert.Equal(t, KindMove, p.Kind)
	assert.True(t, p.MoveOK(mustMove(t, p.Pos, "e1d1")))
	assert.False(t, p.MoveOK(mustMove(t, p.Pos, "e1g1")))

	p = mustProblem(t, `6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - dm 1; id "m1";`)
	assert.Equal(t, KindMate, p.Kind)
	assert.Equal(t, 1, p.DM)
	assert.Equal(t, "dm 1", p.Expected())

	p = mustProblem(t, `6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - c0 "Rd8+=10, Rd7=4, Kf1=1, Rd8=7";`)
	assert.Equal(t, KindPoints, p.Kind)
	assert.Equal(t, 10, p.MaxPoints)
	assert.Equal(t, 10, p.Points[mustMove(t, p.Pos, "d1d8")])
	assert.Equal(t, 4, p.Points[mustMove(t, p.Pos, "d1d7")])
	assert.Equal(t, 0, p.Points[mustMove(t, p.Pos, "h2h3")])

	// A c0 that is an ordinary comment; a c0 that names an illegal move.
	p = mustProblem(t, `6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - c0 "White mates, see 1=0 below";`)
	assert.Equal(t, KindNone, p.Kind)
	assert.Nil(t, p.Points)
	assert.Equal(t, "-", p.Expected())
	p = mustProblem(t, `6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - bm Rd8#; c0 "Qd8=10";`)
	assert.Equal(t, KindMove, p.Kind)
	assert.Nil(t, p.Points)
	require.Len(t, p.Warnings, 1)
	assert.Empty(t, p.Invalid)

	// Invalid: illegal bm, empty bm, bad dm.
	for _, line := range []string{
		`6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - bm Zz9;`,
		`6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - bm Rd8 Qh5;`,
		`6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - am Qh5;`,
		`6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - bm;`,
		`6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - dm x;`,
		`6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - dm 0;`,
	} {
		p := mustProblem(t, line)
		assert.NotEmpty(t, p.Invalid, line)
	}
	// An impossible position is an error (a malformed line).
	for _, line := range []string{
		`8/8/8/8/8/8/8/8 w - - bm e4;`,       // no kings
		`R3k3/8/8/8/8/8/8/4K3 w - - bm Ra7;`, // the side not to move is in check
		`4k3/8/8/8/8/8/8/4K3 w K - bm Kd2;`,  // castling right without a rook
	} {
		r, err := ParseEPD(line)
		require.NoError(t, err)
		_, err = NewProblem(r)
		assert.Error(t, err, line)
	}
}

// The bundled suites read without a bad line and every bm and am resolves.
func TestBundledSuites(t *testing.T) {
	for _, c := range []struct {
		file          string
		n, nbm, nam   int
		first, lastID string
	}{
		{"wacnew.epd", 300, 348, 1, "WAC.001", "WAC.300"},
		{"ECM.epd", 879, 881, 0, "ECM.001", "ECM.879"},
		{"bratko-kopec.epd", 24, 26, 0, "BK.01", "BK.24"},
	} {
		s, err := ReadSuite("../testdata/epd/"+c.file, nil)
		require.NoError(t, err)
		assert.Empty(t, s.Malformed, c.file)
		require.Len(t, s.Problems, c.n, c.file)
		nbm, nam := 0, 0
		for _, p := range s.Problems {
			assert.Empty(t, p.Invalid, "%s %s", c.file, p.ID)
			assert.Empty(t, p.Warnings, "%s %s", c.file, p.ID)
			assert.Equal(t, KindMove, p.Kind)
			nbm += len(p.BM)
			nam += len(p.AM)
			// SAN written back matches SAN read, up to annotations.
			for i, m := range p.BM {
				assert.Equal(t, cleanSAN(p.BMSAN[i]), cleanSAN(p.SAN(m)), "%s %s", c.file, p.ID)
			}
		}
		assert.Equal(t, c.nbm, nbm, c.file)
		assert.Equal(t, c.nam, nam, c.file)
		assert.Equal(t, c.first, s.Problems[0].ID)
		assert.Equal(t, c.lastID, s.Problems[c.n-1].ID)
	}
}

func TestLoadSuite(t *testing.T) {
	s, err := ReadSuite("testdata/malformed.epd", nil)
	require.NoError(t, err)
	var lines []int
	for _, e := range s.Malformed {
		lines = append(lines, e.Line)
		assert.True(t, strings.HasPrefix(e.Error(), "testdata/malformed.epd:"), e.Error())
	}
	assert.Equal(t, []int{2, 4, 5, 6}, lines)
	require.Len(t, s.Problems, 3)
	assert.Equal(t, []int{1, 3, 7}, []int{s.Problems[0].Line, s.Problems[1].Line, s.Problems[2].Line})
	assert.NotEmpty(t, s.Problems[1].Invalid)

	s, err = ReadSuite("testdata/crlf.epd", nil)
	require.NoError(t, err)
	require.Len(t, s.Problems, 2)
	assert.Equal(t, "crlf.2", s.Problems[1].ID)

	// A BOM, comments, blank lines, no final newline, a missing id.
	s, err = LoadSuite("x.epd", strings.NewReader("\uFEFF# comment\n\n  \nk7/8/8/8/8/8/1q6/K7 w - - bm Kxb2"))
	require.NoError(t, err)
	require.Len(t, s.Problems, 1)
	assert.Equal(t, "x.epd:4", s.Problems[0].ID)
	assert.Empty(t, s.Malformed)

	_, err = ReadSuite("testdata/does-not-exist.epd", nil)
	assert.Error(t, err)
}
