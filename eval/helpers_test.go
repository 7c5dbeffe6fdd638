package eval

import (
	"bufio"
	"math/rand"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/bounder-chess/bounder/engine"
)

// loadFENs reads testdata/positions.epd (4-field FENs).
func loadFENs(t testing.TB) []string {
	t.Helper()
	f, err := os.Open("testdata/positions.epd")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var fens []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if line := strings.TrimSpace(sc.Text()); line != "" {
			fens = append(fens, line)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return fens
}

var (
	playoutOnce sync.Once
	playoutFENs []string
)

// playouts derives varied positions (middlegames to bare endgames) from
// the test positions by deterministic random games that prefer captures.
func playouts(t testing.TB) []string {
	t.Helper()
	fens := loadFENs(t)
	playoutOnce.Do(func() {
		rng := rand.New(rand.NewSource(1))
		var buf [engine.MaxMoves]engine.Move
		var caps [engine.MaxMoves]engine.Move
		for i := 0; i < len(fens); i += 8 {
			pos, err := engine.ParseFEN(fens[i])
			if err != nil {
				continue
			}
			for ply := 0; ply < 160; ply++ {
				moves := pos.GenerateMoves(buf[:])
				if len(moves) == 0 || pos.IsInsufficientMaterial() && ply%2 == 1 {
					break
				}
				if ply%12 == 11 {
					playoutFENs = append(playoutFENs, pos.FEN())
				}
				captures := pos.GenerateCaptures(caps[:])
				var m engine.Move
				if len(captures) > 0 && rng.Intn(3) > 0 {
					m = captures[rng.Intn(len(captures))]
				} else {
					m = moves[rng.Intn(len(moves))]
				}
				pos.Make(m)
			}
			playoutFENs = append(playoutFENs, pos.FEN())
		}
	})
	return playoutFENs
}

// allFENs is the test positions followed by the playout positions.
func allFENs(t testing.TB) []string {
	return append(loadFENs(t), playouts(t)...)
}

func mustParse(t testing.TB, fen string) *engine.Position {
	t.Helper()
	pos, err := engine.ParseFEN(fen)
	if err != nil {
		t.Fatalf("%s: %v", fen, err)
	}
	return pos
}

// expandRank turns a FEN rank ("r3k2r") into 8 characters ('.' = empty).
func expandRank(s string) []byte {
	var out []byte
	for i := 0; i < len(s); i++ {
		if s[i] >= '1' && s[i] <= '8' {
			for n := 0; n < int(s[i]-'0'); n++ {
				out = append(out, '.')
			}
		} else {
			out = append(out, s[i])
		}
	}
	return out
}

func compressRank(b []byte) string {
	var sb strings.Builder
	empty := 0
	for _, c := range b {
		if c == '.' {
			empty++
			continue
		}
		if empty > 0 {
			sb.WriteByte(byte('0' + empty))
			empty = 0
		}
		sb.WriteByte(c)
	}
	if empty > 0 {
		sb.WriteByte(byte('0' + empty))
	}
	return sb.String()
}

func swapCase(b byte) byte {
	switch {
	case b >= 'a' && b <= 'z':
		return b - 'a' + 'A'
	case b >= 'A' && b <= 'Z':
		return b - 'A' + 'a'
	}
	return b
}

// colourFlipFEN mirrors a FEN top to bottom and swaps the colours (the
// same position with the roles of white and black exchanged).
func colourFlipFEN(fen string) string {
	f := strings.Fields(fen)
	ranks := strings.Split(f[0], "/")
	out := make([]string, 8)
	for i, r := range ranks {
		b := []byte(r)
		for j := range b {
			b[j] = swapCase(b[j])
		}
		out[7-i] = string(b)
	}
	side := "w"
	if f[1] == "w" {
		side = "b"
	}
	castle := "-"
	if f[2] != "-" {
		var sb strings.Builder
		for _, c := range "KQkq" {
			if strings.ContainsRune(f[2], swapCaseRune(c)) {
				sb.WriteRune(c)
			}
		}
		castle = sb.String()
	}
	ep := f[3]
	if ep != "-" {
		ep = string([]byte{ep[0], '1' + '8' - ep[1]})
	}
	return strings.Join([]string{strings.Join(out, "/"), side, castle, ep}, " ")
}

func swapCaseRune(r rune) rune { return rune(swapCase(byte(r))) }

// fileFlipFEN mirrors a FEN left to right (a-file <-> h-file); the
// position must have no castling rights.
func fileFlipFEN(fen string) string {
	f := strings.Fields(fen)
	ranks := strings.Split(f[0], "/")
	for i, r := range ranks {
		b := expandRank(r)
		for j, k := 0, len(b)-1; j < k; j, k = j+1, k-1 {
			b[j], b[k] = b[k], b[j]
		}
		ranks[i] = compressRank(b)
	}
	ep := f[3]
	if ep != "-" {
		ep = string([]byte{'a' + 'h' - ep[0], ep[1]})
	}
	return strings.Join([]string{strings.Join(ranks, "/"), f[1], f[2], ep}, " ")
}
