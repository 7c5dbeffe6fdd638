package pgnstats

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/notnil/chess"

	"github.com/bounder-chess/bounder/match"
)

// Reading played games back from PGN: the games "bounder match" writes, and
// those of other tools (cutechess, fastchess), as GameRecords whose moves
// carry the scores of their comments. "bounder datagen --pgn" turns them
// into tuning data; the WDL sampler (wdlsamples.go) walks the same movetext
// with scanMovetext.

// ReadSkips counts the games a reader of played games left out.
type ReadSkips struct {
	Variants int // games of a variant (Chess960), which are not replayed
}

// ReadGames reads every game of a PGN text as a match.GameRecord: the start
// position (the FEN tag, or the standard one), the moves in UCI notation,
// each with the score of its comment ("+0.35/12 0.2s": pawns from the
// mover's view, then the depth; ScoreNone without one), a move whose
// comment is "book" marked as a book move, the result and the
// termination (TermNormal when the tag is missing). Games of a variant are
// counted in skips and left out. A game that cannot be read (an illegal or
// ambiguous move, a broken comment) is an error naming it.
func ReadGames(r io.Reader) (games []match.GameRecord, skips ReadSkips, err error) {
	texts, err := match.SplitPGN(r)
	if err != nil {
		return nil, skips, err
	}
	for i, text := range texts {
		g, err := readGame(text)
		if errors.Is(err, errVariant) {
			skips.Variants++
			continue
		}
		if err != nil {
			return nil, skips, fmt.Errorf("game %d: %w", i+1, err)
		}
		games = append(games, g)
	}
	return games, skips, nil
}

// readGame reads one game's text (tags and movetext, as SplitPGN returns
// it).
func readGame(text string) (g match.GameRecord, err error) {
	defer func() {
		// notnil/chess panics on some malformed positions.
		if r := recover(); r != nil {
			g, err = match.GameRecord{}, fmt.Errorf("malformed game: %v", r)
		}
	}()
	tags, movetext := splitTags(text)
	if v := tags["Variant"]; v != "" && !strings.EqualFold(v, "standard") {
		return g, fmt.Errorf("%w %q", errVariant, v)
	}
	g = match.GameRecord{Event: tags["Event"], Site: tags["Site"], Round: tags["Round"],
		White: tags["White"], Black: tags["Black"], StartFEN: match.StartFEN,
		Termination: match.Termination(tags["Termination"])}
	if g.Termination == "" {
		g.Termination = match.TermNormal
	}
	switch r := tags["Result"]; r {
	case match.ResultWhiteWins, match.ResultBlackWins, match.ResultDraw:
		g.Result = r
	default:
		g.Result = match.ResultNone
	}
	if f, ok := tags["FEN"]; ok {
		g.StartFEN = f
	}
	pos, norm, err := match.ParseFEN(g.StartFEN)
	if err != nil {
		return match.GameRecord{}, err
	}
	g.StartFEN = norm
	var last *match.MoveRecord
	err = scanMovetext(movetext, func(san string) error {
		m, err := resolveSAN(pos, san)
		if err != nil {
			return fmt.Errorf("ply %d of the game: %w", len(g.Moves)+1, err)
		}
		g.Moves = append(g.Moves, match.MoveRecord{UCI: chess.UCINotation{}.Encode(pos, m)})
		last = &g.Moves[len(g.Moves)-1]
		pos = pos.Update(m)
		return nil
	}, func(comment string) {
		if last == nil {
			return // a comment before the first move
		}
		if strings.EqualFold(strings.TrimSpace(comment), "book") {
			last.Book = true
		} else if cp, kind := commentScore(comment); kind != scoreNone {
			last.Score = match.Score{Kind: match.ScoreCP, Value: cp}
			if kind == scoreMate {
				last.Score = match.Score{Kind: match.ScoreMate, Value: commentMate(comment)}
			}
			last.Depth = commentDepth(comment)
		}
		last = nil // a second comment says nothing more
	})
	if err != nil {
		return match.GameRecord{}, err
	}
	return g, nil
}

// commentMate is the signed move count of a comment's mate score
// ("+M5/20" is 5, "-M3/9" is -3); commentScore has checked its form.
func commentMate(comment string) int {
	f, _, _ := strings.Cut(strings.TrimSpace(comment), "/")
	n := 0
	fmt.Sscanf(strings.TrimLeft(f, "+-M"), "%d", &n)
	if strings.HasPrefix(f, "-") {
		return -n
	}
	return n
}

// commentDepth is the depth after a score's "/" ("+0.35/12 0.2s" is 12),
// 0 when there is none.
func commentDepth(comment string) int {
	_, rest, _ := strings.Cut(comment, "/")
	n := 0
	for _, c := range rest {
		if c < '0' || c > '9' || n > 1e6 {
			break
		}
		n = 10*n + int(c-'0')
	}
	return n
}

// splitTags separates a game's tag pairs from its movetext.
func splitTags(text string) (tags map[string]string, movetext string) {
	tags = map[string]string{}
	var moves strings.Builder
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(line, "[") && strings.HasSuffix(line, "]") {
			if k, v, ok := strings.Cut(line[1:len(line)-1], " "); ok {
				tags[k] = strings.Trim(strings.TrimSpace(v), `"`)
			}
			continue
		}
		moves.WriteString(line)
		moves.WriteByte('\n')
	}
	return tags, moves.String()
}

// scanMovetext walks a game's movetext: onMove gets each move's SAN text
// (move numbers, results, NAGs, variations and ";" comments are skipped),
// onComment each "{...}" comment of the main line, in order. An error of
// onMove ends the walk and is returned.
func scanMovetext(rest string, onMove func(san string) error, onComment func(comment string)) error {
	for len(rest) > 0 {
		c := rest[0]
		switch {
		case c == ' ' || c == '\n' || c == '\t' || c == '\r':
			rest = rest[1:]
		case c == '{':
			end := strings.IndexByte(rest, '}')
			if end < 0 {
				return errors.New("a comment is not closed")
			}
			onComment(rest[1:end])
			rest = rest[end+1:]
		case c == ';':
			end := strings.IndexByte(rest, '\n')
			if end < 0 {
				end = len(rest) - 1
			}
			rest = rest[end+1:]
		case c == '(':
			n, err := variationLength(rest)
			if err != nil {
				return err
			}
			rest = rest[n:]
		case c == '$':
			n := 1
			for n < len(rest) && rest[n] >= '0' && rest[n] <= '9' {
				n++
			}
			rest = rest[n:]
		default:
			n := strings.IndexAny(rest, " \n\t\r{}();")
			if n < 0 {
				n = len(rest)
			}
			if n == 0 { // a stray ')' or '}'
				return fmt.Errorf("unexpected %q in the moves", rest[:1])
			}
			tok := rest[:n]
			rest = rest[n:]
			if tok == "1-0" || tok == "0-1" || tok == "1/2-1/2" || tok == "*" {
				return nil
			}
			if !strings.HasPrefix(tok, "0-0") { // not castling written with zeros
				// A move number: "12.", "12...", or "12.e4" joined to its move.
				if after := strings.TrimLeft(tok, "0123456789"); len(after) < len(tok) {
					if !strings.HasPrefix(after, ".") {
						return fmt.Errorf("unexpected %q in the moves", tok)
					}
					tok = after
				}
				if tok = strings.TrimLeft(tok, "."); tok == "" {
					continue
				}
			}
			if err := onMove(tok); err != nil {
				return err
			}
		}
	}
	return nil
}
