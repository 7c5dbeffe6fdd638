package search

import (
	"sort"

	"github.com/bounder-chess/bounder/engine"
	"github.com/bounder-chess/bounder/eval"
)

// minimax is the reference the pure-mode invariant is checked against: plain
// negamax without a table and without any pruning, over the same quiescence
// tree (stand pat, captures and queen promotions; every evasion in check) and
// the same evaluation. It shares no code with the worker.
func minimax(pos *engine.Position, ev *eval.Evaluator, depth, ply int) int {
	if depth <= 0 {
		return quiesce(pos, ev, -Infinity, Infinity, ply)
	}
	var buf [engine.MaxMoves]engine.Move
	moves := pos.GenerateMoves(buf[:])
	if len(moves) == 0 {
		if pos.InCheck() {
			return -MateScore + ply
		}
		return 0
	}
	best := -Infinity
	for _, m := range moves {
		pos.Make(m)
		best = max(best, -minimax(pos, ev, depth-1, ply+1))
		pos.Unmake()
	}
	return best
}

// quiesce is a plain full-window alpha-beta over the quiescence tree:
// exact, and unlike minimax over every capture sequence it finishes.
func quiesce(pos *engine.Position, ev *eval.Evaluator, alpha, beta, ply int) int {
	if ply >= MaxPly-1 {
		return ev.Evaluate(pos)
	}
	var buf [engine.MaxMoves]engine.Move
	inCheck := pos.InCheck()
	best := -Infinity
	var moves []engine.Move
	if inCheck {
		moves = pos.GenerateMoves(buf[:])
		if len(moves) == 0 {
			return -MateScore + ply
		}
	} else {
		best = ev.Evaluate(pos)
		if best >= beta {
			return best
		}
		moves = pos.GenerateCaptures(buf[:])
	}
	// Most valuable victim first: the order changes no value, but without
	// it the capture tree of a busy middlegame takes minutes.
	sort.SliceStable(moves, func(i, j int) bool { return victimValue(pos, moves[i]) > victimValue(pos, moves[j]) })
	for _, m := range moves {
		if p := m.Promotion(); !inCheck && p != engine.NoPieceType && p != engine.Queen {
			continue
		}
		pos.Make(m)
		v := -quiesce(pos, ev, -beta, -max(alpha, best), ply+1)
		pos.Unmake()
		if v > best {
			best = v
			if best >= beta {
				break
			}
		}
	}
	return best
}

func victimValue(pos *engine.Position, m engine.Move) int {
	v := eval.PieceValue[pos.PieceAt(m.To()).Type()]*10 - int(pos.PieceAt(m.From()).Type())
	if m.Promotion() == engine.Queen {
		v += 8000
	}
	return v
}

// alphaBetaRef is a plain full-window alpha-beta without a table, with its
// own move ordering (captures first): exact like minimax, but fast enough
// to serve as the reference at depths where minimax takes minutes.
func alphaBetaRef(pos *engine.Position, ev *eval.Evaluator, alpha, beta, depth, ply int) int {
	if depth <= 0 {
		return quiesce(pos, ev, alpha, beta, ply)
	}
	var buf [engine.MaxMoves]engine.Move
	moves := pos.GenerateMoves(buf[:])
	if len(moves) == 0 {
		if pos.InCheck() {
			return -MateScore + ply
		}
		return 0
	}
	sort.SliceStable(moves, func(i, j int) bool { return victimValue(pos, moves[i]) > victimValue(pos, moves[j]) })
	best := -Infinity
	for _, m := range moves {
		pos.Make(m)
		v := -alphaBetaRef(pos, ev, -beta, -max(alpha, best), depth-1, ply+1)
		pos.Unmake()
		if v > best {
			best = v
			if best >= beta {
				break
			}
		}
	}
	return best
}
