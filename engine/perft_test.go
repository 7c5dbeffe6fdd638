package engine

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// perftCase is one EPD line of a perft suite: a FEN and the leaf counts by
// depth (counts[d] for depth d; counts[0] unused).
type perftCase struct {
	name   string // file:line
	fen    string
	counts []uint64
}

func loadPerftSuite(t testing.TB, file string) []perftCase {
	t.Helper()
	path := filepath.Join("..", "testdata", "perft", file)
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	var cases []perftCase
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		parts := strings.Split(text, ";")
		c := perftCase{name: fmt.Sprintf("%s:%d", file, line), fen: strings.TrimSpace(parts[0]), counts: []uint64{1}}
		for _, op := range parts[1:] {
			fs := strings.Fields(op)
			require.Len(t, fs, 2, "%s: operation %q", c.name, op)
			d, err := strconv.Atoi(strings.TrimPrefix(fs[0], "D"))
			require.NoError(t, err, "%s: operation %q", c.name, op)
			require.Equal(t, len(c.counts), d, "%s: depths must run 1, 2, 3...", c.name)
			n, err := strconv.ParseUint(fs[1], 10, 64)
			require.NoError(t, err, "%s: operation %q", c.name, op)
			c.counts = append(c.counts, n)
		}
		cases = append(cases, c)
	}
	require.NoError(t, sc.Err())
	require.NotEmpty(t, cases)
	return cases
}

// TestPerftSuites checks every position of both suites at every depth up to
// 5 by default (about 900 M leaves, a few seconds), every depth with -long.
// After each count the position must be exactly restored.
func TestPerftSuites(t *testing.T) {
	t.Parallel()
	for _, file := range []string{"perftsuite.epd", "cpw-standard.epd"} {
		for _, c := range loadPerftSuite(t, file) {
			p, err := ParseFEN(c.fen)
			require.NoError(t, err, c.name)
			fen, key := p.FEN(), p.Key()
			for d := 1; d < len(c.counts); d++ {
				if !*long && d > 5 {
					continue
				}
				require.Equal(t, c.counts[d], p.Perft(d), "%s depth %d: %s", c.name, d, c.fen)
				require.Equal(t, fen, p.FEN(), "%s depth %d: FEN after perft", c.name, d)
				require.Equal(t, key, p.Key(), "%s depth %d: key after perft", c.name, d)
				require.Equal(t, p.computeKey(), p.Key(), "%s depth %d: recomputed key", c.name, d)
				require.Zero(t, p.Ply(), "%s: history after perft", c.name)
			}
		}
	}
}

// TestDivideSumsToPerft checks Divide against Perft and the legal moves.
func TestDivideSumsToPerft(t *testing.T) {
	for _, c := range loadPerftSuite(t, "cpw-standard.epd") {
		p, err := ParseFEN(c.fen)
		require.NoError(t, err)
		div := p.Divide(3)
		var sum uint64
		var got []string
		for _, e := range div {
			sum += e.Nodes
			got = append(got, e.Move.String())
		}
		assert.Equal(t, c.counts[3], sum, c.name)
		assert.ElementsMatch(t, moveStrings(p.GenerateMoves(nil)), got, c.name)
		assert.Equal(t, c.counts[1], uint64(len(div)), c.name)
	}
}

// TestPerftEdgeDepths: depth 0 is one node (the position itself).
func TestPerftEdgeDepths(t *testing.T) {
	p := NewPosition()
	assert.Equal(t, uint64(1), p.Perft(0))
	assert.Equal(t, uint64(1), p.Perft(-3))
	for _, e := range p.Divide(1) {
		assert.Equal(t, uint64(1), e.Nodes, e.Move.String())
	}
}

// checkedPerft walks the tree like Perft but, at every node, checks all the
// invariants that the fast path takes for granted: the incremental key
// equals a recomputation and ChildKey, bitboards agree with the mailbox,
// GenerateCaptures is exactly the captures and promotions of GenerateMoves
// and GenerateQuiets exactly the rest (as sets), IsLegal accepts every generated move, and Unmake and
// UnmakeNull restore the position. Plain comparisons keep it fast;
// failures report the FEN.
func checkedPerft(t *testing.T, p *Position, depth int) uint64 {
	t.Helper()
	checkConsistent(t, p)
	if depth == 0 {
		return 1
	}
	var mbuf, cbuf, qbuf [MaxMoves]Move
	moves := p.GenerateMoves(mbuf[:])
	caps := p.GenerateCaptures(cbuf[:])
	quiets := p.GenerateQuiets(qbuf[:])
	var wantCaps, wantQuiets []Move
	for _, m := range moves {
		if !p.IsLegal(m) {
			t.Fatalf("IsLegal(%s) is false for a generated move in %s", m, p.FEN())
		}
		if p.isCaptureOrPromotion(m) {
			wantCaps = append(wantCaps, m)
		} else {
			wantQuiets = append(wantQuiets, m)
		}
	}
	if !sameMoveSet(wantCaps, caps) {
		t.Fatalf("GenerateCaptures in %s: got %v, want %v", p.FEN(), moveStrings(caps), moveStrings(wantCaps))
	}
	if !sameMoveSet(wantQuiets, quiets) {
		t.Fatalf("GenerateQuiets in %s: got %v, want %v", p.FEN(), moveStrings(quiets), moveStrings(wantQuiets))
	}
	saved := *p
	if !p.InCheck() {
		p.MakeNull()
		checkConsistent(t, p)
		p.UnmakeNull()
		if !sameState(p, &saved) {
			t.Fatalf("MakeNull/UnmakeNull does not restore %s: got %s", saved.FEN(), p.FEN())
		}
	}
	var n uint64
	for _, m := range moves {
		child := p.ChildKey(m)
		p.Make(m)
		if child != p.key {
			t.Fatalf("ChildKey(%s) = %016x, key after Make = %016x in %s", m, child, p.key, saved.FEN())
		}
		n += checkedPerft(t, p, depth-1)
		p.Unmake()
		if !sameState(p, &saved) {
			t.Fatalf("Make/Unmake %s does not restore %s: got %s", m, saved.FEN(), p.FEN())
		}
	}
	return n
}

// sameState compares everything but the history slices.
func sameState(a, b *Position) bool {
	return a.board == b.board && a.byType == b.byType && a.byColor == b.byColor &&
		a.side == b.side && a.castle == b.castle && a.ep == b.ep && a.rule50 == b.rule50 &&
		a.moveNo == b.moveNo && a.key == b.key && a.kings == b.kings &&
		a.castling == b.castling && a.chess960 == b.chess960 &&
		len(a.keys) == len(b.keys) && len(a.stack) == len(b.stack)
}

func sameMoveSet(a, b []Move) bool {
	if len(a) != len(b) {
		return false
	}
	seen := make(map[Move]int, len(a))
	for _, m := range a {
		seen[m]++
	}
	for _, m := range b {
		if seen[m] == 0 {
			return false
		}
		seen[m]--
	}
	return true
}

// isCaptureOrPromotion: castling is neither, even where the Chess960 king
// lands on its own rook's square or stays on its own.
func (p *Position) isCaptureOrPromotion(m Move) bool {
	return (p.board[m.To()] != NoPiece && !m.IsCastle()) || m.IsEnPassant() || m.Promotion() != NoPieceType
}

// checkConsistent checks the redundant parts of the position against each other.
func checkConsistent(t *testing.T, p *Position) {
	t.Helper()
	if k := p.computeKey(); k != p.key {
		t.Fatalf("incremental key %016x != recomputed %016x in %s", p.key, k, p.FEN())
	}
	var byType [7]uint64
	var byColor [2]uint64
	for s := Square(0); s < 64; s++ {
		if pc := p.board[s]; pc != NoPiece {
			byType[pc.Type()] |= SquareBB(s)
			byType[NoPieceType] |= SquareBB(s)
			byColor[pc.Color()] |= SquareBB(s)
		}
	}
	if byType != p.byType || byColor != p.byColor {
		t.Fatalf("bitboards disagree with the board in %s", p.FEN())
	}
	for c := White; c <= Black; c++ {
		if SquareBB(p.kings[c]) != p.Pieces(c, King) {
			t.Fatalf("king square of %s is wrong in %s", c, p.FEN())
		}
	}
	if p.ep != NoSquare && !p.epCapturable(p.ep, p.side) {
		t.Fatalf("ep square %s kept without a capturer in %s", p.ep, p.FEN())
	}
	if len(p.keys) != len(p.stack) {
		t.Fatalf("history lengths %d != %d", len(p.keys), len(p.stack))
	}
	// Every right held has its king and rook on their start squares.
	for i := 0; i < 4; i++ {
		if p.castle&(1<<i) == 0 {
			continue
		}
		c, r := Color(i/2), &p.castling.rules[i]
		if r.kingFrom != p.kings[c] || p.board[r.rookFrom] != MakePiece(c, Rook) {
			t.Fatalf("castling right %d without its king on %s and rook on %s in %s", i, r.kingFrom, r.rookFrom, p.FEN())
		}
	}
}

// TestCheckedPerft runs checkedPerft over the suites to a small node budget.
func TestCheckedPerft(t *testing.T) {
	t.Parallel()
	budget := uint64(50_000)
	if *long {
		budget = 1_000_000
	}
	for _, file := range []string{"perftsuite.epd", "cpw-standard.epd"} {
		for _, c := range loadPerftSuite(t, file) {
			p, err := ParseFEN(c.fen)
			require.NoError(t, err)
			for d := 1; d < len(c.counts) && c.counts[d] <= budget; d++ {
				require.Equal(t, c.counts[d], checkedPerft(t, p, d), "%s depth %d", c.name, d)
			}
		}
	}
}

func moveStrings(ms []Move) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.String()
	}
	sort.Strings(out)
	return out
}
