package match

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"

	"github.com/notnil/chess"
)

// pgnLineWidth is the export-format limit on movetext lines.
const pgnLineWidth = 79

// PGN renders the game as a PGN game: the seven-tag roster, FEN/SetUp for a
// non-standard start (Variant "Chess960", SetUp and FEN for every Chess960
// game, whose castling SAN writes O-O and O-O-O), TimeControl, Termination
// and PlyCount, then SAN moves annotated with "{book}" or "{score/depth
// time}" and a final comment giving the reason the game ended. The text ends
// with a newline.
func (g *GameRecord) PGN() string {
	var b strings.Builder
	tag := func(k, v string) {
		fmt.Fprintf(&b, "[%s \"%s\"]\n", k, escapeTag(v))
	}
	date := "????.??.??"
	if !g.Date.IsZero() {
		date = g.Date.Format("2006.01.02")
	}
	tag("Event", orUnknown(g.Event))
	tag("Site", orUnknown(g.Site))
	tag("Date", date)
	tag("Round", orUnknown(g.Round))
	tag("White", orUnknown(g.White))
	tag("Black", orUnknown(g.Black))
	result := g.Result
	if result == "" {
		result = ResultNone
	}
	tag("Result", result)
	switch {
	case g.Variant == FischerRandom:
		// Always a FEN: it fixes the castling rooks, even for the
		// standard position (518). X-FEN castling rights, which
		// python-chess and cutechess read and write.
		tag("Variant", "Chess960")
		tag("SetUp", "1")
		tag("FEN", orStart(g.StartFEN))
	case g.StartFEN != "" && g.StartFEN != StartFEN:
		tag("SetUp", "1")
		tag("FEN", g.StartFEN)
	}
	tag("TimeControl", g.TimeControl.String())
	if g.Termination != "" {
		tag("Termination", string(g.Termination))
	}
	tag("PlyCount", strconv.Itoa(len(g.Moves)))
	b.WriteByte('\n')
	writeWrapped(&b, g.movetext(result))
	return b.String()
}

// movetext returns the movetext tokens; a comment is one token.
func (g *GameRecord) movetext(result string) []string {
	if g.Variant == FischerRandom {
		return g.movetext960(result)
	}
	fen := g.StartFEN
	if fen == "" {
		fen = StartFEN
	}
	pos, _, err := ParseFEN(fen)
	if err != nil {
		return []string{"{invalid start position}", result}
	}
	fields := strings.Fields(fen)
	moveNo, _ := strconv.Atoi(fields[5])
	var toks []string
	for i, mv := range g.Moves {
		m, err := legalMove(pos, mv.UCI)
		if err != nil {
			// Only reachable for a hand-made record; keep the rest visible.
			toks = append(toks, "{illegal move "+mv.UCI+"}")
			break
		}
		if pos.Turn() == chess.White {
			toks = append(toks, strconv.Itoa(moveNo)+".")
		} else {
			if i == 0 {
				toks = append(toks, strconv.Itoa(moveNo)+"...")
			}
			moveNo++
		}
		toks = append(toks, chess.AlgebraicNotation{}.Encode(pos, m))
		if c := mv.comment(); c != "" {
			toks = append(toks, "{"+c+"}")
		}
		pos = pos.Update(m)
	}
	// notnil's PGN reader cannot take a comment before the first move, so
	// a game without moves keeps its reason in the Termination tag only.
	if g.Reason != "" && len(g.Moves) > 0 {
		toks = append(toks, "{"+sanitizeComment(g.Reason)+"}")
	}
	return append(toks, result)
}

// comment is cutechess-style: "book", or "+0.35/12 0.123s".
func (m MoveRecord) comment() string {
	if m.Book {
		return "book"
	}
	t := strconv.FormatFloat(m.Elapsed.Seconds(), 'f', 3, 64) + "s"
	if s := m.Score.String(); s != "" {
		return s + "/" + strconv.Itoa(m.Depth) + " " + t
	}
	return t
}

func writeWrapped(b *strings.Builder, toks []string) {
	width := 0
	for _, t := range toks {
		if width > 0 && width+1+len(t) > pgnLineWidth {
			b.WriteByte('\n')
			width = 0
		}
		if width > 0 {
			b.WriteByte(' ')
			width++
		}
		b.WriteString(t)
		width += len(t)
	}
	b.WriteByte('\n')
}

func orStart(fen string) string {
	if fen == "" {
		return StartFEN
	}
	return fen
}

func orUnknown(s string) string {
	if s == "" {
		return "?"
	}
	return s
}

func escapeTag(s string) string {
	s = strings.ReplaceAll(s, `\`, `\\`)
	return strings.ReplaceAll(s, `"`, `\"`)
}

// sanitizeComment keeps a free-text reason from closing its comment early.
func sanitizeComment(s string) string {
	return strings.NewReplacer("{", "(", "}", ")").Replace(s)
}

// PGNWriter appends games to a writer, one complete game per call, safe for
// concurrent use. Give it an *os.File (not a buffer) for the games to reach
// the disk as they finish.
type PGNWriter struct {
	mu sync.Mutex
	w  io.Writer
}

// NewPGNWriter returns a PGNWriter writing to w.
func NewPGNWriter(w io.Writer) *PGNWriter {
	return &PGNWriter{w: w}
}

// WriteGame writes g followed by the blank line that separates games.
func (p *PGNWriter) WriteGame(g *GameRecord) error {
	text := g.PGN() + "\n"
	p.mu.Lock()
	defer p.mu.Unlock()
	_, err := io.WriteString(p.w, text)
	return err
}
