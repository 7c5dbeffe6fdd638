// Command randomengine is a minimal UCI engine that plays uniformly random
// legal moves. It exists to test the match runner, so it can also misbehave
// on request: crash, stall, play an illegal move or think too long.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"math/rand"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/notnil/chess"
)

func main() {
	crashAfter := flag.Int("crash-after", -1, "exit (status 3) when asked for move N+1, after answering N go commands")
	stall := flag.Bool("stall", false, "never answer go")
	illegal := flag.Bool("illegal", false, "answer the first go with an illegal move")
	delay := flag.Duration("delay", 0, "think this long before every move")
	score := flag.Int("score", 0, "centipawn score to report with every move")
	seed := flag.Int64("seed", 0, "random seed; 0 picks one from the clock")
	name := flag.String("name", "randomengine", "name reported to the GUI")
	requireOption := flag.String("require-option", "", "NAME=VALUE that must be set before isready, else exit (status 4)")
	var extra lines
	flag.Var(&extra, "option", "an option to offer besides Hash, as the words after \"option\" in its `LINE` (repeatable)")
	scoreOption := flag.String("score-option", "", "report the value of option `NAME` as the score (when it is an integer), so that a test sees what was set")
	refuse := flag.String("refuse", "", "answer every setoption of option `NAME` with an info string error, as engines that check values do")
	flag.Parse()

	if *seed == 0 {
		*seed = time.Now().UnixNano() ^ int64(os.Getpid())<<20
	}
	rng := rand.New(rand.NewSource(*seed))
	out := bufio.NewWriter(os.Stdout)
	say := func(format string, a ...any) {
		fmt.Fprintf(out, format+"\n", a...)
		out.Flush()
	}

	var st state
	options := map[string]string{}
	gos := 0
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 64*1024), 4*1024*1024)
	for in.Scan() {
		f := strings.Fields(in.Text())
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "uci":
			say("id name %s", *name)
			say("id author Bounder test suite")
			say("option name Hash type spin default 16 min 1 max 1024")
			for _, l := range extra {
				say("option %s", l)
			}
			say("uciok")
		case "setoption":
			n, v := parseSetOption(f[1:])
			if *refuse != "" && n == *refuse {
				say("info string error: %s: value %s refused", n, v)
				continue
			}
			options[n] = v
		case "isready":
			if *requireOption != "" {
				n, v, _ := strings.Cut(*requireOption, "=")
				if options[n] != v {
					fmt.Fprintf(os.Stderr, "option %s is %q, want %q\n", n, options[n], v)
					os.Exit(4)
				}
			}
			say("readyok")
		case "ucinewgame":
			st = state{}
		case "position":
			if err := st.set(f[1:]); err != nil {
				fmt.Fprintln(os.Stderr, "position:", err)
				os.Exit(5)
			}
		case "go":
			gos++
			if *crashAfter >= 0 && gos > *crashAfter {
				os.Exit(3)
			}
			if *stall {
				continue
			}
			time.Sleep(*delay)
			if st.pos == nil {
				st.pos = chess.StartingPosition()
			}
			var mv string
			if *illegal && gos == 1 {
				mv = illegalMove(st.pos)
			} else {
				moves := st.pos.ValidMoves()
				if len(moves) == 0 {
					say("bestmove (none)")
					continue
				}
				mv = chess.UCINotation{}.Encode(st.pos, moves[rng.Intn(len(moves))])
			}
			cp := *score
			if n, err := strconv.Atoi(options[*scoreOption]); err == nil && *scoreOption != "" {
				cp = n
			}
			say("info depth 1 score cp %d nodes 1 pv %s", cp, mv)
			say("bestmove %s", mv)
		case "quit":
			return
		}
	}
}

// lines is a repeatable string flag.
type lines []string

func (l *lines) String() string     { return strings.Join(*l, "; ") }
func (l *lines) Set(v string) error { *l = append(*l, v); return nil }

// parseSetOption reads "name N... [value V...]".
func parseSetOption(f []string) (name, value string) {
	s := strings.Join(f, " ")
	s = strings.TrimPrefix(s, "name ")
	name, value, _ = strings.Cut(s, " value ")
	return strings.TrimSpace(name), strings.TrimSpace(value)
}

// state is the current game. Positions are extended move by move when a
// new "position" command repeats the previous one plus new moves, which is
// what GUIs send; replaying the whole game every time would be quadratic.
type state struct {
	start string
	moves []string
	pos   *chess.Position
}

func (s *state) set(f []string) error {
	var start string
	switch {
	case len(f) > 0 && f[0] == "startpos":
		start, f = "startpos", f[1:]
	case len(f) >= 7 && f[0] == "fen":
		start, f = strings.Join(f[1:7], " "), f[7:]
	default:
		return fmt.Errorf("cannot parse %q", strings.Join(f, " "))
	}
	var moves []string
	if len(f) > 0 && f[0] == "moves" {
		moves = f[1:]
	}
	if start != s.start || s.pos == nil || len(moves) < len(s.moves) || !prefix(s.moves, moves) {
		pos := chess.StartingPosition()
		if start != "startpos" {
			pos = &chess.Position{}
			if err := pos.UnmarshalText([]byte(start)); err != nil {
				return err
			}
		}
		s.start, s.moves, s.pos = start, nil, pos
	}
	for _, mv := range moves[len(s.moves):] {
		m, err := find(s.pos, mv)
		if err != nil {
			return err
		}
		s.pos = s.pos.Update(m)
		s.moves = append(s.moves, mv)
	}
	return nil
}

func prefix(a, b []string) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func find(pos *chess.Position, uci string) (*chess.Move, error) {
	for _, m := range pos.ValidMoves() {
		if (chess.UCINotation{}).Encode(pos, m) == uci {
			return m, nil
		}
	}
	return nil, fmt.Errorf("illegal move %s in %s", uci, pos)
}

// illegalMove returns a well-formed move that is not legal: the king
// capturing a piece of its own side (or, with a bare king, a null move).
func illegalMove(pos *chess.Position) string {
	var king, other chess.Square = chess.NoSquare, chess.NoSquare
	for sq, p := range pos.Board().SquareMap() {
		if p.Color() != pos.Turn() {
			continue
		}
		if p.Type() == chess.King {
			king = sq
		} else {
			other = sq
		}
	}
	if king == chess.NoSquare || other == chess.NoSquare {
		return "a1a1"
	}
	return king.String() + other.String()
}
