package engine

import (
	"fmt"
	"strings"
	"testing"

	"github.com/notnil/chess"
)

// fuzzSeeds are added to both fuzzers besides the checked-in corpus under
// testdata/fuzz: legal positions with every special move, and near misses.
var fuzzSeeds = []string{
	StartFEN,
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
	"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
	"3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1",
	"8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1",
	"kb6/8/8/3pP3/8/8/7K/8 w - d6 0 2",
	"2r3nr/p2n3k/8/1p1Pp3/Pp1PpPP1/8/1BB1K3/R2Nb3 b - d3 0 43",
	"7b/8/8/3pP3/8/8/8/K6k w - d6 0 2",
	"2K2r2/4P3/8/8/8/8/8/3k4 w - - 0 1",
	"8/8/8/8/8/8/8/8 w - - 0 1",
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1",
	"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
	"4k3/8/8/8/8/8/8/4K2R w K -",
	"4k3/8/8/8/8/8/8/4K2R w KK - 0 1",
	"4k3/8/8/8/8/8/8/4K2R w - - 0 0",
	"4k3/8/8/8/8/8/8/4K2R w - - -1 1",
	"4k3/9/8/8/8/8/8/4K2R w - - 0 1",
	"4k3/8/8/8/8/8/8/4K2R x - - 0 1",
	// Chess960 and Double Fischer random: Shredder-FEN, X-FEN, near misses.
	"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
	"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9",
	"rr6/2kpp3/1ppn2p1/p2b1q1p/P4P1P/1PNN2P1/2PP4/1K2R2R b E - 1 20",
	"1rkr3b/1ppn3p/3pB1n1/6q1/R2P4/4N1P1/1P5P/2KRQ1B1 b Dbd - 0 14",
	"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/RKRBBQNN w CAhf - 0 1",
	"1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3K1R w HBgb - 0 1",
	"4k3/8/8/8/8/8/8/rR3K2 w Q - 0 1",
	"4k3/8/8/8/8/8/8/5KR1 w K - 0 1",
	"4k3/8/8/8/8/8/8/4K2R w G - 0 1",
	"4k3/8/8/8/8/8/8/4K2R w HK - 0 1",
	"4k3/8/8/8/8/8/4K3/7R w H - 0 1",
}

// FuzzFENMoves: ParseFEN never panics; a position it accepts round-trips
// through FEN (its castling rules and Chess960 mode included, and through
// Shredder-FEN too), is internally consistent, and has the same legal moves
// as notnil/chess, to depth 2 (every reply of every move). Bounder rejects
// the impossible positions on which notnil's answers are meaningless (no
// king, side not to move in check, castling rights without king and rook,
// ...), so every standard position it accepts is compared. notnil knows no
// Chess960: a position whose castling needs it is walked to depth 2 by
// checkedPerft instead (keys, ChildKey, IsLegal, the captures/quiets split
// and Unmake checked at every node), and its colour flip must have as many
// moves.
func FuzzFENMoves(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(checkFENAgainstNotnil)
}

// checkFENAgainstNotnil is the body of FuzzFENMoves and FuzzBoard.
func checkFENAgainstNotnil(t *testing.T, fen string) {
	p, err := ParseFEN(fen)
	if err != nil {
		if p != nil {
			t.Fatalf("ParseFEN(%q) returned a position with error %v", fen, err)
		}
		return
	}
	checkConsistent(t, p)
	canon := p.FEN()
	q, err := ParseFEN(canon)
	if err != nil {
		t.Fatalf("FEN %q of accepted %q does not parse: %v", canon, fen, err)
	}
	if q.FEN() != canon || q.Key() != p.Key() || q.castling != p.castling || q.Chess960() != p.Chess960() {
		t.Fatalf("FEN round trip of %q: %q, key %016x vs %016x", fen, q.FEN(), q.Key(), p.Key())
	}
	if s, err := ParseFEN(shredderFEN(p)); err != nil || s.castling != p.castling || s.Key() != p.Key() {
		t.Fatalf("Shredder-FEN %q of accepted %q reads differently: %v", shredderFEN(p), fen, err)
	}
	if p.Chess960() {
		if n, m := checkedPerft(t, p, 2), p.Mirror().Perft(2); n != m {
			t.Fatalf("perft 2 of %q is %d, of its mirror %d", canon, n, m)
		}
		return
	}
	if field := strings.Fields(canon)[2]; strings.Trim(field, "KQkq-") != "" {
		t.Fatalf("standard position %q written with castling field %q", fen, field)
	}
	opt, err := chess.FEN(canon)
	if err != nil {
		t.Fatalf("notnil rejects Bounder's FEN %q: %v", canon, err)
	}
	np := chess.NewGame(opt).Position()
	if np.XFENString() != canon {
		t.Fatalf("notnil reads %q as %q", canon, np.XFENString())
	}
	compareWithNotnil(t, p, np, 2)
	if p.FEN() != canon || p.Key() != q.Key() {
		t.Fatalf("comparison changed the position %q", canon)
	}
}

// shredderFEN is p's FEN with the castling field in Shredder-FEN: each
// right as its rook's file letter.
func shredderFEN(p *Position) string {
	f := strings.Fields(p.FEN())
	if p.castle != 0 {
		var b strings.Builder
		for i := 0; i < 4; i++ {
			if p.castle&(1<<i) != 0 {
				b.WriteByte(byte('A'+p.castling.rules[i].rookFrom.File()) | byte(i/2)*0x20)
			}
		}
		f[2] = b.String()
	}
	return strings.Join(f, " ")
}

// boardFEN turns fuzz bytes into a FEN, so that mutations move pieces
// rather than break the syntax: data[0] holds the side to move (bit 0), the
// castling rights (bits 1-4) and whether to set an en-passant square (bit
// 5, on the file given by bits 6-7 and the next byte's low bit); every
// following pair of bytes places piece "KQRBNPkqrbnp"[b%12] on square a%64.
func boardFEN(data []byte) string {
	if len(data) < 2 {
		return ""
	}
	var board [64]byte
	for i := 2; i+1 < len(data); i += 2 {
		board[data[i]%64] = "KQRBNPkqrbnp"[data[i+1]%12]
	}
	placement := placementFEN(&board)
	side := "wb"[data[0]&1]
	castle := ""
	for i, c := range "KQkq" {
		if data[0]&(2<<i) != 0 {
			castle += string(c)
		}
	}
	if castle == "" {
		castle = "-"
	}
	ep := "-"
	if data[0]&32 != 0 {
		file := int(data[0]>>6) | int(data[1]&1)<<2
		ep = string([]byte{byte('a' + file), "63"[data[0]&1]})
	}
	return fmt.Sprintf("%s %c %s %s 0 1", placement, side, castle, ep)
}

// boardBytes is the inverse of boardFEN, for seeds.
func boardBytes(fen string) []byte {
	p, err := ParseFEN(fen)
	if err != nil {
		panic(err)
	}
	data := []byte{byte(p.SideToMove()) | p.CastlingRights()<<1, 0}
	if ep := p.EnPassant(); ep != NoSquare {
		data[0] |= 32 | byte(ep.File()&3)<<6
		data[1] = byte(ep.File() >> 2)
	}
	for s := Square(0); s < 64; s++ {
		if pc := p.PieceAt(s); pc != NoPiece {
			data = append(data, byte(s), byte(strings.IndexByte("KQRBNPkqrbnp", pc.Letter())))
		}
	}
	return data
}

// FuzzBoard is FuzzFENMoves on positions built from bytes, which reaches
// far more legal and odd positions than mutating FEN text does.
func FuzzBoard(f *testing.F) {
	for _, s := range fuzzSeeds {
		if _, err := ParseFEN(s); err == nil {
			f.Add(boardBytes(s))
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		checkFENAgainstNotnil(t, boardFEN(data))
	})
}

// TestBoardBytesRoundTrip keeps the FuzzBoard seed encoding honest.
func TestBoardBytesRoundTrip(t *testing.T) {
	for _, s := range fuzzSeeds {
		p, err := ParseFEN(s)
		if err != nil {
			continue
		}
		q, err := ParseFEN(boardFEN(boardBytes(s)))
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		if q.Key() != p.Key() {
			t.Fatalf("%s comes back as %s", s, q.FEN())
		}
	}
}

// compareWithNotnil compares the legal moves of p and np, recursively.
func compareWithNotnil(t *testing.T, p *Position, np *chess.Position, depth int) {
	t.Helper()
	nmoves := np.ValidMoves()
	moves := p.GenerateMoves(nil)
	if got, want := bounderCodes(moves), notnilCodes(nmoves); !equalCodes(got, want) {
		t.Fatalf("moves of %s: bounder vs notnil %s", p.FEN(), codeDiff(got, want))
	}
	if depth <= 1 {
		return
	}
	for _, nm := range nmoves {
		m, err := p.ParseMove(nm.String())
		if err != nil {
			t.Fatalf("ParseMove(%s) in %s: %v", nm, p.FEN(), err)
		}
		child := p.ChildKey(m)
		p.Make(m)
		if child != p.Key() || p.Key() != p.computeKey() {
			t.Fatalf("keys after %s: %016x, ChildKey %016x, recomputed %016x", p.FEN(), p.Key(), child, p.computeKey())
		}
		compareWithNotnil(t, p, np.Update(nm), depth-1)
		p.Unmake()
	}
}

// FuzzParseMove: ParseMove and PlayMoves never panic, accept exactly the
// legal moves written as FormatMove writes them (Chess960 castling as the
// king taking its rook), and leave the position unchanged on error.
func FuzzParseMove(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s, "e2e4")
	}
	f.Add(StartFEN, "e2e4 e7e5 g1f3")
	f.Add(StartFEN, "e2e4 e7e5 e1e2 e8e7 e2e1x")
	f.Add("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "e1g1")
	f.Add("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "e1c1 a6e2")
	f.Add("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 b kq - 0 1", "b2a1q")
	f.Add("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 b kq - 0 1", "b2a1k")
	f.Add("8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1", "c4d3")
	f.Add(StartFEN, "0000")
	f.Add(StartFEN, "E2E4")
	f.Add("1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3K1R w HBgb - 0 1", "f1b1 f8g8")
	f.Add("1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3K1R w HBgb - 0 1", "f1c1")
	f.Add("4k3/8/8/8/8/8/8/6KR w K - 0 1", "g1h1")
	f.Fuzz(func(t *testing.T, fen, moves string) {
		p, err := ParseFEN(fen)
		if err != nil {
			return
		}
		before, key := p.FEN(), p.Key()
		legal := map[string]Move{}
		for _, m := range p.GenerateMoves(nil) {
			legal[p.FormatMove(m)] = m
		}
		m, err := p.ParseMove(moves)
		if want, ok := legal[moves]; ok != (err == nil) || (ok && m != want) {
			t.Fatalf("ParseMove(%q) in %s = %v, %v; legal: %v", moves, before, m, err, ok)
		}
		if err == nil && !p.IsLegal(m) {
			t.Fatalf("IsLegal(%s) false in %s", m, before)
		}
		if p.FEN() != before || p.Key() != key || p.Ply() != 0 {
			t.Fatalf("ParseMove(%q) changed %s", moves, before)
		}
		list := strings.Fields(moves)
		if err := p.PlayMoves(list); err != nil {
			if p.FEN() != before || p.Key() != key || p.Ply() != 0 {
				t.Fatalf("failed PlayMoves(%q) changed %s to %s", moves, before, p.FEN())
			}
			return
		}
		if p.Ply() != len(list) {
			t.Fatalf("PlayMoves(%q) made %d moves", moves, p.Ply())
		}
		checkConsistent(t, p)
		for range list {
			p.Unmake()
		}
		if p.FEN() != before || p.Key() != key {
			t.Fatalf("unmaking PlayMoves(%q) gives %s, want %s", moves, p.FEN(), before)
		}
	})
}
