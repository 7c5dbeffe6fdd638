// Package selfplay makes the network's training data ("bounder selfplay"):
// games of Bounder against itself, searched in process at a fixed node
// count per move, whose positions are written in package trainset's binary
// format with the search's score and the game's result.
//
// # Games
//
// A game starts from the start position and a few random legal moves
// (RandomPlies, or one more for half the games so that both colours get to
// move first out of the random part); an opening the search then scores
// beyond MaxOpening centipawns is thrown away and another drawn. Each move
// is a search of Nodes nodes (the Limits.Nodes stop: it ends the
// iteration in progress, so a move costs Nodes nodes, a little more at
// most) with the playing defaults on one thread; the transposition table
// is kept from move to move and cleared between games.
//
// A game ends by the rules (mate, stalemate, threefold repetition, the
// fifty-move rule, insufficient material), by adjudication, or at MaxPlies
// as a draw. Adjudication: a win once the score of the side to move has
// been at least WinScore (or at most -WinScore) for WinPlies plies in a
// row, both sides agreeing; a draw once, from DrawFrom plies on, the score
// has stayed within DrawScore for DrawPlies plies in a row; and, with
// Syzygy tables, the tables' result as soon as the position is in them
// (cursed wins and blessed losses are draws).
//
// # Against another evaluation
//
// With Config.Opponent set, Eval plays Opponent instead of itself: each
// game draws the colour Eval takes from its random stream, and each side
// searches with its own searcher and table, since a table holding two
// evaluations' scores would mix them. Every position is written with the
// score of the side that searched it, so the data holds the opponent's
// judgement as well as Eval's.
//
// # Which positions are written
//
// Every position searched, unless the side to move is in check, the move
// found is a capture or a promotion (the position is not quiet, and its
// score belongs to the exchange, not to the position), or the score is a
// mate score. The random plies are never searched, so never written.
//
// # Workers, files and resuming
//
// Run starts one worker per core (Workers), each with its own seed
// (Seed+i) and its own file in the output directory (selfplay-SEED.bin),
// so that runs on more machines only need other seeds. A game's records
// reach its file in one write when the game ends; a file cut off in the
// middle of a write loses its torn last record when the run is started
// again (trainset.Repair), and the worker then goes on from the games the
// file holds: game g of a seed is played from its own random stream
// (seeded by the worker's seed and g), so a resumed run plays the games a
// run that was never stopped would have played. (Games are counted by the
// records that end them, so a game that wrote no position at all would be
// played again under another number: rare, as a game writes some eighty.)
package selfplay

import (
	"context"
	"math/rand"

	"github.com/bounder-chess/bounder/engine"
	"github.com/bounder-chess/bounder/search"
	"github.com/bounder-chess/bounder/syzygy"
	"github.com/bounder-chess/bounder/trainset"
)

// Config says how games are played.
type Config struct {
	Nodes       uint64 // nodes per move
	RandomPlies int    // random moves at the start of a game (one more in half of them)
	MaxOpening  int    // an opening scored beyond this (centipawns) is drawn again
	HashMiB     int
	Eval        string // the evaluation playing (search.Evals()); "" = the default
	Opponent    string // the other side's evaluation when not Eval's ("": Eval plays both)

	WinScore  int // adjudicate a win at this score...
	WinPlies  int // ...held for this many plies in a row (0: off)
	DrawScore int // adjudicate a draw within this score...
	DrawPlies int // ...held this many plies in a row...
	DrawFrom  int // ...from this ply on (0: off)
	MaxPlies  int // a game this long is a draw

	Tables *syzygy.Tables // Syzygy tables ending games they hold (nil: none)
}

// DefaultConfig is the configuration of bounder selfplay's defaults.
func DefaultConfig() Config {
	return Config{Nodes: 5000, RandomPlies: 8, MaxOpening: 300, HashMiB: 16,
		WinScore: 2000, WinPlies: 6, DrawScore: 8, DrawPlies: 16, DrawFrom: 80, MaxPlies: 400}
}

// Game is what one game gave.
type Game struct {
	Records []trainset.Record // the positions written, labelled
	Result  int               // trainset.BlackWin, Draw or WhiteWin
	Plies   int               // plies played, random ones included
	Nodes   uint64            // nodes searched
	Ending  string            // why it ended: "mate", "stalemate", "repetition", "fifty", "material", "adjudicated", "tablebase", "length"
	Eval    engine.Color      // the colour Config.Eval played (White without an opponent)
}

// EvalScore is the game's result for Eval's side: 1 a win, 0 a draw, -1 a
// loss.
func (g Game) EvalScore() int {
	s := g.Result - trainset.Draw
	if g.Eval == engine.Black {
		s = -s
	}
	return s
}

// Player plays games; it owns its searchers, so each goroutine needs its
// own.
type Player struct {
	cfg   Config
	sides [2]side // Eval's and Opponent's (the same one without an opponent)
	buf   []engine.Move
	recs  []trainset.Record
}

// side is one player of a game: a searcher (each its own table, since two
// evaluations' scores must not meet in one) and its options.
type side struct {
	s   *search.Searcher
	opt search.Options
}

// NewPlayer returns a player with its own searchers.
func NewPlayer(cfg Config) *Player {
	p := &Player{cfg: cfg, buf: make([]engine.Move, 0, 256)}
	p.sides[0] = newSide(cfg, cfg.Eval)
	if cfg.Opponent == "" {
		p.sides[1] = p.sides[0]
	} else {
		p.sides[1] = newSide(cfg, cfg.Opponent)
	}
	return p
}

func newSide(cfg Config, eval string) side {
	opt := search.DefaultOptions()
	opt.Threads = 1
	if eval != "" {
		opt.Eval = eval
	}
	return side{s: search.NewSearcher(max(1, cfg.HashMiB)), opt: opt}
}

// GameSeed is the seed of game g of a worker seeded with seed.
func GameSeed(seed int64, g int64) int64 {
	x := uint64(seed)*0x9E3779B97F4A7C15 + uint64(g)*0xBF58476D1CE4E5B9
	x ^= x >> 31
	x *= 0x94D049BB133111EB
	x ^= x >> 29
	return int64(x)
}

// Play plays one game from the random stream of seed. It returns early,
// with ok false, when ctx is cancelled.
func (p *Player) Play(ctx context.Context, seed int64) (g Game, ok bool) {
	rng := rand.New(rand.NewSource(seed))
	for {
		pos, ok := p.opening(rng)
		if !ok {
			continue
		}
		p.sides[0].s.Clear()
		// With an opponent, the colour Eval plays is the stream's next
		// draw, so each gets both colours and a resumed run the same
		// games. (Without one nothing is drawn: old seeds keep their games.)
		evalColor := engine.White
		if p.cfg.Opponent != "" {
			p.sides[1].s.Clear()
			evalColor = engine.Color(rng.Intn(2))
		}
		g, ok, balanced := p.playFrom(ctx, pos, evalColor)
		if !ok {
			return g, false
		}
		if balanced {
			return g, true
		}
	}
}

// opening plays the random plies; ok is false when the game ended in them.
func (p *Player) opening(rng *rand.Rand) (*engine.Position, bool) {
	pos := engine.NewPosition()
	n := p.cfg.RandomPlies + rng.Intn(2)
	for i := 0; i < n; i++ {
		moves := pos.GenerateMoves(p.buf)
		if len(moves) == 0 {
			return nil, false
		}
		pos.Make(moves[rng.Intn(len(moves))])
	}
	return pos, pos.HasLegalMove()
}

// playFrom plays a game from pos, Eval playing evalColor and Opponent (when
// set) the other; balanced is false when the opening was scored beyond
// MaxOpening (the game is then not played).
func (p *Player) playFrom(ctx context.Context, pos *engine.Position, evalColor engine.Color) (g Game, ok, balanced bool) {
	p.recs = p.recs[:0]
	g.Plies = pos.Ply()
	g.Eval = evalColor
	win, draw := 0, 0 // plies in a row of the adjudication scores
	lastSign := 0
	first := true
	for {
		if r, ending, over := p.over(pos); over {
			g.Result, g.Ending = r, ending
			break
		}
		if g.Plies >= p.cfg.MaxPlies {
			g.Result, g.Ending = trainset.Draw, "length"
			break
		}
		sd := p.sides[0]
		if pos.SideToMove() != evalColor {
			sd = p.sides[1]
		}
		res := sd.s.Search(ctx, pos, search.Limits{Nodes: p.cfg.Nodes}, sd.opt, nil)
		if ctx.Err() != nil {
			return g, false, false
		}
		g.Nodes += res.Stats.Nodes
		m, score := res.BestMove, res.Score
		if m == engine.NullMove {
			g.Result, g.Ending = trainset.Draw, "length" // cannot happen: over() found a move
			break
		}
		if first && !search.IsMate(score) && abs(score) > p.cfg.MaxOpening {
			return g, true, false
		}
		first = false
		white := score
		if pos.SideToMove() == engine.Black {
			white = -score
		}
		if keep(pos, m, score) {
			r := trainset.Pack(pos, white, trainset.Draw, false)
			if p.cfg.Opponent != "" && pos.SideToMove() != evalColor {
				r.SetOpponent()
			}
			p.recs = append(p.recs, r)
		}
		// Adjudication, on the score of White's view so that both sides'
		// agreement is one sign held.
		if p.cfg.WinPlies > 0 && abs(score) >= p.cfg.WinScore {
			s := sign(white)
			if s == lastSign {
				win++
			} else {
				win, lastSign = 1, s
			}
			if win >= p.cfg.WinPlies {
				g.Result, g.Ending = resultOf(s), "adjudicated"
				break
			}
		} else {
			win, lastSign = 0, 0
		}
		if p.cfg.DrawFrom > 0 && g.Plies >= p.cfg.DrawFrom && abs(score) <= p.cfg.DrawScore {
			draw++
			if draw >= p.cfg.DrawPlies {
				g.Result, g.Ending = trainset.Draw, "adjudicated"
				break
			}
		} else {
			draw = 0
		}
		pos.Make(m)
		g.Plies++
	}
	for i := range p.recs {
		p.recs[i].SetResult(g.Result)
	}
	if len(p.recs) > 0 {
		p.recs[len(p.recs)-1].SetGameEnd()
	}
	g.Records = p.recs
	return g, true, true
}

// over reports whether the game has ended in pos, with its result.
func (p *Player) over(pos *engine.Position) (result int, ending string, over bool) {
	if !pos.HasLegalMove() {
		if pos.InCheck() {
			return resultOf(-colorSign(pos.SideToMove())), "mate", true
		}
		return trainset.Draw, "stalemate", true
	}
	switch {
	case pos.IsThreefold():
		return trainset.Draw, "repetition", true
	case pos.IsFiftyMoveDraw():
		return trainset.Draw, "fifty", true
	case pos.IsInsufficientMaterial():
		return trainset.Draw, "material", true
	}
	if t := p.cfg.Tables; t != nil && pos.CastlingRights() == 0 && engine.PopCount(pos.Occupied()) <= t.MaxPieces() {
		if wdl, ok := t.ProbeWDL(pos); ok {
			s := 0
			switch wdl {
			case syzygy.Win:
				s = colorSign(pos.SideToMove())
			case syzygy.Loss:
				s = -colorSign(pos.SideToMove())
			}
			return resultOf(s), "tablebase", true
		}
	}
	return 0, "", false
}

// keep says whether a searched position is written.
func keep(pos *engine.Position, m engine.Move, score int) bool {
	if pos.InCheck() || search.IsMate(score) || m.Promotion() != engine.NoPieceType || m.IsEnPassant() {
		return false
	}
	return m.IsCastle() || pos.PieceAt(m.To()) == engine.NoPiece
}

func colorSign(c engine.Color) int {
	if c == engine.White {
		return 1
	}
	return -1
}

// resultOf turns a sign of White's view (1 White won, -1 Black won, 0 a
// draw) into a result.
func resultOf(s int) int { return trainset.Draw + s }

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
