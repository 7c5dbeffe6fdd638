package pgnstats

import (
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/notnil/chess"

	"github.com/bounder-chess/bounder/match"
	"github.com/bounder-chess/bounder/wdl"
)

// The positions of played games as samples of the WDL model: each move
// whose comment begins with the engine's score ("+0.35/12 ...", as
// "bounder match" and cutechess write it, "+0.35/12 0.123s, tl=..." as
// fastchess does) gives the position before it, with that score (from the
// mover's view), its material count and the game's result for the mover.
// The moves are replayed (notnil/chess) for the material count. Book moves,
// mate scores ("+M5") and moves without a score give no sample; nor do the
// games that have no result, and those lost on time, by an illegal move or
// by a failing engine, whose result says nothing of the positions' worth.

// WDLSkips counts the moves of games read that gave no sample, and the
// games of a variant.
type WDLSkips struct {
	Mates    int // a mate score
	Unscored int // a book move, or a comment without a score, or none
	Early    int // within the first plies skipped
	Variants int // games of a variant (Chess960), which are not replayed
	Forfeits int // games lost on time, by an illegal move or a failing engine
}

// errVariant is a game of a variant, whose moves notnil/chess does not
// replay.
var errVariant = errors.New("not standard chess: variant")

// wdlGameSamples reads the samples of one game's text (tags and movetext,
// as SplitPGN returns it), leaving out its first skipPlies plies. A game
// without a result gives none.
func wdlGameSamples(text string, skipPlies int) (samples []wdl.Sample, skips WDLSkips, err error) {
	defer func() {
		// notnil/chess panics on some malformed positions: an error, as
		// for the opening suites (pgnOpening).
		if r := recover(); r != nil {
			samples, err = nil, fmt.Errorf("malformed game: %v", r)
		}
	}()
	tags, movetext := splitTags(text)
	if v := tags["Variant"]; v != "" && !strings.EqualFold(v, "standard") {
		return nil, skips, fmt.Errorf("%w %q", errVariant, v)
	}
	var whiteResult int8
	switch tags["Result"] {
	case match.ResultWhiteWins:
		whiteResult = 1
	case match.ResultBlackWins:
		whiteResult = -1
	case match.ResultDraw:
		whiteResult = 0
	default:
		return nil, skips, nil
	}
	switch match.Termination(tags["Termination"]) {
	case match.TermTimeForfeit, match.TermIllegalMove, match.TermAbandoned, match.TermStall:
		// The result says nothing of the position's worth.
		skips.Forfeits++
		return nil, skips, nil
	}
	fen := match.StartFEN
	if f, ok := tags["FEN"]; ok {
		fen = f
	}
	pos, _, err := match.ParseFEN(fen)
	if err != nil {
		return nil, skips, err
	}

	// pending is the sample of the move just played, waiting for the
	// move's comment to give its score.
	var pending *wdl.Sample
	ply := 0
	err = scanMovetext(movetext, func(san string) error {
		if pending != nil {
			skips.Unscored++ // the last move had no comment
		}
		m, err := resolveSAN(pos, san)
		if err != nil {
			return fmt.Errorf("ply %d of the game: %w", ply+1, err)
		}
		pending = nil
		if ply >= skipPlies {
			result := whiteResult
			if pos.Turn() == chess.Black {
				result = -result
			}
			pending = &wdl.Sample{Material: boardMaterial(pos.Board().String()), Result: result}
		} else {
			skips.Early++
		}
		pos = pos.Update(m)
		ply++
		return nil
	}, func(comment string) {
		if pending == nil {
			return // a second comment, or one before the first move
		}
		switch cp, kind := commentScore(comment); kind {
		case scoreCP:
			pending.Score = cp
			samples = append(samples, *pending)
		case scoreMate:
			skips.Mates++
		default:
			skips.Unscored++
		}
		pending = nil
	})
	if err != nil {
		return nil, skips, err
	}
	if pending != nil {
		skips.Unscored++
	}
	return samples, skips, nil
}

// variationLength is the length of the variation at the start of s, from
// its '(' to its matching ')', comments included.
func variationLength(s string) (int, error) {
	depth := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return i + 1, nil
			}
		case '{':
			end := strings.IndexByte(s[i:], '}')
			if end < 0 {
				return 0, errors.New("a comment is not closed")
			}
			i += end
		}
	}
	return 0, errors.New("a variation is not closed")
}

// Kinds of a move comment's score.
const (
	scoreNone = iota
	scoreCP
	scoreMate
)

// commentScore reads the score at the start of a move comment:
// "+0.35/12 ..." (pawns with decimals, from the mover's view, then the
// depth) or "+M5/20 ..." or "-M3/...".
func commentScore(comment string) (cp int, kind int) {
	f, depth, ok := strings.Cut(strings.TrimSpace(comment), "/")
	if !ok || f == "" || strings.ContainsAny(f, " \t\n") || depth == "" || depth[0] < '0' || depth[0] > '9' {
		return 0, scoreNone
	}
	s := strings.TrimLeft(f, "+-")
	if len(f)-len(s) > 1 {
		return 0, scoreNone
	}
	if strings.HasPrefix(s, "M") {
		if _, err := strconv.Atoi(s[1:]); err != nil {
			return 0, scoreNone
		}
		return 0, scoreMate
	}
	if s == "" || s[0] < '0' || s[0] > '9' || !strings.Contains(s, ".") {
		return 0, scoreNone // pawns with decimals: not "inf", "nan", ".5", hex or "1/2-1/2"
	}
	v, err := strconv.ParseFloat(f, 64)
	if err != nil || math.Abs(v) > 1e6 {
		return 0, scoreNone
	}
	return int(math.Round(v * 100)), scoreCP
}

// boardMaterial is wdl.Material of a FEN's piece placement.
func boardMaterial(placement string) int {
	var n [5]int // pawns, knights, bishops, rooks, queens
	for _, c := range placement {
		switch c {
		case 'P', 'p':
			n[0]++
		case 'N', 'n':
			n[1]++
		case 'B', 'b':
			n[2]++
		case 'R', 'r':
			n[3]++
		case 'Q', 'q':
			n[4]++
		}
	}
	return wdl.Material(n[0], n[1], n[2], n[3], n[4])
}

// resolveSAN finds the legal move of pos that the SAN text names, read as
// leniently as PGN readers do: check marks and annotations ("+", "#", "!",
// "?") dropped, "0-0" for "O-O", a promotion with or without "=", and
// redundant disambiguation or long algebraic ("Ng1f3", "e2-e4").
func resolveSAN(pos *chess.Position, text string) (*chess.Move, error) {
	s := strings.TrimRight(text, "+#!?")
	if s == "O-O" || s == "0-0" || s == "O-O-O" || s == "0-0-0" {
		tag := chess.KingSideCastle
		if len(s) == 5 {
			tag = chess.QueenSideCastle
		}
		for _, m := range pos.ValidMoves() {
			if m.HasTag(tag) {
				return m, nil
			}
		}
		return nil, fmt.Errorf("%w %q", match.ErrIllegal, text)
	}
	promo := chess.NoPieceType
	if i := strings.IndexByte(s, '='); i >= 0 {
		if len(s) != i+2 {
			return nil, fmt.Errorf("bad move %q", text)
		}
		promo = pieceType(s[i+1])
		s = s[:i]
		if promo == chess.NoPieceType || promo == chess.King || promo == chess.Pawn {
			return nil, fmt.Errorf("bad move %q", text)
		}
	} else if n := len(s); n >= 3 && s[n-2] >= '1' && s[n-2] <= '8' && strings.IndexByte("QRBN", s[n-1]) >= 0 {
		promo = pieceType(s[n-1])
		s = s[:n-1]
	}
	piece := chess.Pawn
	if len(s) > 0 && strings.IndexByte("KQRBN", s[0]) >= 0 {
		piece = pieceType(s[0])
		s = s[1:]
	}
	if len(s) < 2 {
		return nil, fmt.Errorf("bad move %q", text)
	}
	dest, from := s[len(s)-2:], strings.NewReplacer("x", "", "-", "", ":", "").Replace(s[:len(s)-2])
	if dest[0] < 'a' || dest[0] > 'h' || dest[1] < '1' || dest[1] > '8' || len(from) > 2 {
		return nil, fmt.Errorf("bad move %q", text)
	}
	to := chess.Square(int(dest[1]-'1')*8 + int(dest[0]-'a'))
	var found *chess.Move
	for _, m := range pos.ValidMoves() {
		if m.S2() != to || m.Promo() != promo || pos.Board().Piece(m.S1()).Type() != piece {
			continue
		}
		ok := true
		for i := 0; i < len(from); i++ {
			switch c := from[i]; {
			case c >= 'a' && c <= 'h':
				ok = ok && int(m.S1().File()) == int(c-'a')
			case c >= '1' && c <= '8':
				ok = ok && int(m.S1().Rank()) == int(c-'1')
			default:
				ok = false
			}
		}
		if !ok {
			continue
		}
		if found != nil {
			return nil, fmt.Errorf("ambiguous move %q", text)
		}
		found = m
	}
	if found == nil {
		return nil, fmt.Errorf("%w %q", match.ErrIllegal, text)
	}
	return found, nil
}

// pieceType is the piece a SAN letter names, NoPieceType for none.
func pieceType(c byte) chess.PieceType {
	switch c {
	case 'K':
		return chess.King
	case 'Q':
		return chess.Queen
	case 'R':
		return chess.Rook
	case 'B':
		return chess.Bishop
	case 'N':
		return chess.Knight
	}
	return chess.NoPieceType
}

// ReadWDLSamples reads the samples of every game of a PGN text (see
// wdlGameSamples), leaving out each game's first skipPlies plies; games is
// the number of games read, with or without a result.
func ReadWDLSamples(r io.Reader, skipPlies int) (samples []wdl.Sample, games int, skips WDLSkips, err error) {
	texts, err := match.SplitPGN(r)
	if err != nil {
		return nil, 0, skips, err
	}
	for i, text := range texts {
		s, k, err := wdlGameSamples(text, skipPlies)
		if errors.Is(err, errVariant) {
			skips.Variants++
			continue
		}
		if err != nil {
			return nil, i, skips, fmt.Errorf("game %d: %w", i+1, err)
		}
		samples = append(samples, s...)
		skips.Mates += k.Mates
		skips.Unscored += k.Unscored
		skips.Early += k.Early
		skips.Forfeits += k.Forfeits
	}
	return samples, len(texts), skips, nil
}
