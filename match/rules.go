package match

import (
	"errors"
	"fmt"
	"strings"

	"github.com/notnil/chess"

	eng "github.com/bounder-chess/bounder/engine"
)

// StartFEN is the standard starting position.
const StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

// board tracks a game's position and the drawing rules.
//
// It works on chess.Position rather than chess.Game: Game re-scans its whole
// history on every move (quadratic per game, a real cost over thousands of
// games), and it only offers threefold repetition and the fifty-move rule
// instead of applying them, so they are tracked here anyway.
type board struct {
	startFEN string
	pos      *chess.Position
	moves    []string
	reps     map[string]int // repetition key -> occurrences
}

// newBoard sets up fen ("" for the standard start).
func newBoard(fen string) (*board, error) {
	if strings.TrimSpace(fen) == "" {
		fen = StartFEN
	}
	pos, norm, err := ParseFEN(fen)
	if err != nil {
		return nil, err
	}
	b := &board{startFEN: norm, pos: pos, reps: map[string]int{}}
	b.reps[repetitionKey(pos)]++
	return b, nil
}

// ParseFEN decodes a 6-field FEN and returns it normalised (single spaces).
// It checks what notnil/chess does not, so that malformed input is an error
// rather than a panic deep in move generation.
func ParseFEN(fen string) (*chess.Position, string, error) {
	f := strings.Fields(fen)
	if len(f) != 6 {
		return nil, "", fmt.Errorf("FEN %q: want 6 fields, have %d", fen, len(f))
	}
	norm := strings.Join(f, " ")
	if strings.Count(f[0], "K") != 1 || strings.Count(f[0], "k") != 1 {
		return nil, "", fmt.Errorf("FEN %q: each side needs exactly one king", fen)
	}
	pos := &chess.Position{}
	if err := pos.UnmarshalText([]byte(norm)); err != nil {
		return nil, "", fmt.Errorf("FEN %q: %v", fen, err)
	}
	// notnil/chess takes positions no game can reach, such as one whose
	// side not to move is in check, which engines refuse (Bounder answers
	// bestmove 0000) and a match would score as losses: Bounder's own
	// parser checks what a legal position needs.
	if _, err := eng.ParseFEN(norm); err != nil {
		return nil, "", fmt.Errorf("FEN %q: %s", fen, strings.TrimPrefix(err.Error(), "fen: "))
	}
	return pos, norm, nil
}

// start is the FEN the game started from.
func (b *board) start() string { return b.startFEN }

// ErrIllegal is wrapped by the errors of a move the rules do not allow.
var ErrIllegal = errors.New("illegal move")

// play makes a UCI move if it is legal.
func (b *board) play(uci string) error {
	m, err := legalMove(b.pos, uci)
	if err != nil {
		return err
	}
	b.pos = b.pos.Update(m)
	b.moves = append(b.moves, uci)
	b.reps[repetitionKey(b.pos)]++
	return nil
}

// legalMove finds uci among pos's legal moves. The returned move carries
// notnil's tags (castling, en passant, check), which Update relies on.
func legalMove(pos *chess.Position, uci string) (*chess.Move, error) {
	want, err := chess.UCINotation{}.Decode(nil, uci)
	if err != nil {
		return nil, fmt.Errorf("%w %q", ErrIllegal, uci)
	}
	for _, m := range pos.ValidMoves() {
		if m.S1() == want.S1() && m.S2() == want.S2() && m.Promo() == want.Promo() {
			return m, nil
		}
	}
	return nil, fmt.Errorf("%w %q in %s", ErrIllegal, uci, pos)
}

// sideToMove is 0 for White, 1 for Black.
func (b *board) sideToMove() int {
	if b.pos.Turn() == chess.White {
		return 0
	}
	return 1
}

func (b *board) fullMoveNumber() int {
	// notnil does not export the counter; it is the FEN's last field.
	f := strings.Fields(b.pos.String())
	n := 1
	fmt.Sscan(f[len(f)-1], &n)
	return n
}

// positionCommand is the UCI "position" command for the current game.
func (b *board) positionCommand() string {
	return positionLine(b.startFEN, b.startFEN == StartFEN, b.moves)
}

// positionLine is the UCI position command for a game from fen (sent as
// "startpos" when startpos is true) after moves.
func positionLine(fen string, startpos bool, moves []string) string {
	var s strings.Builder
	if startpos {
		s.WriteString("position startpos")
	} else {
		s.WriteString("position fen ")
		s.WriteString(fen)
	}
	if len(moves) > 0 {
		s.WriteString(" moves")
		for _, m := range moves {
			s.WriteByte(' ')
			s.WriteString(m)
		}
	}
	return s.String()
}

// outcome applies the rules that end a game by themselves: mate, stalemate,
// dead positions, the fifty-move rule and threefold repetition (the last two
// are claimed automatically, as every engine tester does).
func (b *board) outcome() (result, reason string, over bool) {
	switch b.pos.Status() {
	case chess.Checkmate:
		if b.pos.Turn() == chess.White {
			return ResultBlackWins, "Black mates", true
		}
		return ResultWhiteWins, "White mates", true
	case chess.Stalemate:
		return ResultDraw, "Draw by stalemate", true
	}
	if insufficientMaterial(b.pos.Board()) {
		return ResultDraw, "Draw by insufficient mating material", true
	}
	if b.pos.HalfMoveClock() >= 100 {
		return ResultDraw, "Draw by fifty moves rule", true
	}
	if b.reps[repetitionKey(b.pos)] >= 3 {
		return ResultDraw, "Draw by 3-fold repetition", true
	}
	return "", "", false
}

// repetitionKey identifies a position for the repetition rule: placement,
// side to move, castling rights and a capturable en-passant square. The
// X-FEN form only names the en-passant square when a pawn could take there,
// which is what makes two positions "the same" under the rules.
func repetitionKey(pos *chess.Position) string {
	f := strings.Fields(pos.XFENString())
	return strings.Join(f[:4], " ")
}

// insufficientMaterial reports the dead positions everyone agrees on: bare
// kings, a single minor piece, or bishops all on squares of one colour.
func insufficientMaterial(bd *chess.Board) bool {
	knights := 0
	var bishops [2]int // by square colour
	for sq, p := range bd.SquareMap() {
		switch p.Type() {
		case chess.Queen, chess.Rook, chess.Pawn:
			return false
		case chess.Knight:
			knights++
		case chess.Bishop:
			bishops[(int(sq.File())+int(sq.Rank()))%2]++
		}
	}
	nb := bishops[0] + bishops[1]
	if knights+nb <= 1 {
		return true
	}
	return knights == 0 && (bishops[0] == 0 || bishops[1] == 0)
}

// canMate reports whether side (0 White, 1 Black) has any material to
// mate with at all. A flag against a lone king (or king and one minor piece
// facing a lone king) is a draw, as in over-the-board play.
func (b *board) canMate(side int) bool {
	colour := chess.White
	if side == 1 {
		colour = chess.Black
	}
	own, opp := 0, 0
	for _, p := range b.pos.Board().SquareMap() {
		if p.Type() == chess.King {
			continue
		}
		if p.Color() == colour {
			own++
			if p.Type() == chess.Queen || p.Type() == chess.Rook || p.Type() == chess.Pawn {
				return true
			}
		} else {
			opp++
		}
	}
	return own > 1 || (own == 1 && opp > 0)
}

// Adjudication ends hopeless or dead-drawn games early. A zero move count
// disables the corresponding rule.
type Adjudication struct {
	// Draw when both engines' scores stay within ±DrawScore centipawns for
	// DrawMoveCount consecutive moves each, counting only moves from full
	// move DrawMoveNumber on.
	DrawMoveNumber int
	DrawMoveCount  int
	DrawScore      int
	// Resign for a side whose score is at or below -ResignScore for
	// ResignMoveCount consecutive moves while its opponent's is at or
	// above +ResignScore for as many moves: both engines must agree.
	ResignMoveCount int
	ResignScore     int
}

// adjudicator applies Adjudication to the scores as they arrive.
type adjudicator struct {
	rules      Adjudication
	drawStreak int    // consecutive plies inside the draw window
	losing     [2]int // per side: consecutive own moves at or below -ResignScore
	winning    [2]int // per side: consecutive own moves at or above +ResignScore
}

// observe takes the score side reported with the move it just made in full
// move moveNumber and decides whether the game is over.
func (a *adjudicator) observe(side, moveNumber int, s Score) (result, reason string, over bool) {
	cp, ok := s.centipawns()
	r := a.rules
	if r.DrawMoveCount > 0 {
		if ok && moveNumber >= r.DrawMoveNumber && abs(cp) <= r.DrawScore {
			a.drawStreak++
		} else {
			a.drawStreak = 0
		}
		if a.drawStreak >= 2*r.DrawMoveCount {
			return ResultDraw, "Draw by adjudication", true
		}
	}
	if r.ResignMoveCount > 0 {
		prevLosing, prevWinning := a.losing[side], a.winning[side]
		a.losing[side], a.winning[side] = 0, 0
		if ok && cp <= -r.ResignScore {
			a.losing[side] = prevLosing + 1
		}
		if ok && cp >= r.ResignScore {
			a.winning[side] = prevWinning + 1
		}
		for loser := 0; loser < 2; loser++ {
			if a.losing[loser] >= r.ResignMoveCount && a.winning[1-loser] >= r.ResignMoveCount {
				if loser == 0 {
					return ResultBlackWins, "Black wins by adjudication", true
				}
				return ResultWhiteWins, "White wins by adjudication", true
			}
		}
	}
	return "", "", false
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
