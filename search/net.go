package search

import (
	"github.com/bounder-chess/bounder/engine"
	"github.com/bounder-chess/bounder/nnue"
)

// NetworkEval is the name of the network evaluation among Evals().
const NetworkEval = "Network"

// prepareNet sets up the network's accumulators for a search with opt:
// when the evaluation is the network, the worker's stack is made for the
// net (once per net) and its root computed from the root position.
func (w *worker) prepareNet(opt Options) {
	w.useNet = equalFold(opt.Eval, NetworkEval)
	if !w.useNet {
		return
	}
	net := opt.Net
	if net == nil {
		net = nnue.Default()
	}
	if w.nn == nil || w.nn.Net() != net {
		w.nn = nnue.NewStack(net, MaxPly+2)
	}
	w.nn.Reset(w.pos)
}

// make plays m at a node of the tree, keeping the network's accumulators
// in step when it evaluates.
func (w *worker) make(m engine.Move) {
	if w.useNet {
		w.nn.Make(w.pos, m)
		return
	}
	w.pos.Make(m)
}

// unmake takes back the last move made with make.
func (w *worker) unmake() {
	if w.useNet {
		w.nn.Unmake(w.pos)
		return
	}
	w.pos.Unmake()
}

func (w *worker) makeNull() {
	if w.useNet {
		w.nn.PushNull()
	}
	w.pos.MakeNull()
}

func (w *worker) unmakeNull() {
	w.pos.UnmakeNull()
	if w.useNet {
		w.nn.Pop()
	}
}

// netEval is the network's score of the current node, kept inside the
// hand-crafted evaluation's range so that no evaluation reaches the mate
// scores; the positions the network has not learnt (NetBlind) get the
// hand-crafted evaluation's instead.
func (w *worker) netEval() int {
	if netCheck != nil {
		netCheck(w)
	}
	if NetBlind(w.pos) {
		return w.ev.Evaluate(w.pos)
	}
	return max(-evalLimit, min(evalLimit, w.nn.Evaluate(w.pos)))
}

// NetBlind reports the positions left to the hand-crafted evaluation when
// the network evaluates: those of fewer than five pieces, kings included,
// and those where a side has its king alone. Self-play ends a game as soon
// as it reaches the Syzygy tables of three and four pieces, and adjudicates
// the lopsided ones before a king is left bare, so the training data holds
// neither, and the net, which has not learnt to drive a lone king to the
// edge, let KRB against K go to a repetition at 20,000 nodes a move. The
// hand-crafted evaluation has the mop-up terms and the draw scaling these
// endings need (eval/endgame.go).
func NetBlind(pos *engine.Position) bool {
	return engine.PopCount(pos.Occupied()) < netMinPieces ||
		pos.ColorPieces(engine.White) == pos.Pieces(engine.White, engine.King) ||
		pos.ColorPieces(engine.Black) == pos.Pieces(engine.Black, engine.King)
}

// netMinPieces is the fewest pieces (kings included) that the network
// evaluates: one more than the largest Syzygy tables self-play stops at.
const netMinPieces = 5

const evalLimit = 15000

// netCheck, set by tests, is called at every network evaluation.
var netCheck func(w *worker)
