package book

import (
	"bufio"
	"fmt"
	"io"

	"github.com/bounder-chess/bounder/engine"
)

// maxLineDepth bounds the lines of WriteLines (make-book keeps 1024 plies).
const maxLineDepth = 1024

// WriteLines writes every line of the book for one side in the text format
// of `polyglot dump-book -bin NAME -color white|black`: a header
// `Dump of "NAME" for white.`, then one numbered line per leaf of the tree
// that starts at the initial position, in which the side's moves are its
// book moves (weight > 0, legal; the percentage is its share of the weights)
// and the other side's moves are its legal moves after which the side has a
// book move. A line ends where the side has no book move, at a position
// already on the line ({cycle: ply=N}) or one already visited
// ({trans: line=L, ply=N}).
//
// The side's moves come in file order, as in Polyglot; the other side's
// moves come in Bounder's generation order, which is not Polyglot's, so the
// numbering of the lines (and which of two transposing lines is cut short)
// can differ from Polyglot's; the set of lines is the same when the book has
// no transposition.
func (b *Book) WriteLines(w io.Writer, name string, side engine.Color) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "Dump of \"%s\" for %s.\n", name, side)
	d := &lineDumper{b: b, w: bw, side: side, visited: make(map[uint64][2]int), line: 1}
	pos := engine.NewPosition()
	if side == engine.White {
		d.search(pos, true)
	} else {
		d.search(pos, false)
	}
	if d.err != nil {
		return d.err
	}
	return bw.Flush()
}

type lineDumper struct {
	b       *Book
	w       *bufio.Writer
	side    engine.Color
	visited map[uint64][2]int // key -> line, ply when first reached
	line    int
	moves   []engine.Move
	probs   []float64
	keys    []uint64
	err     error
}

// bookMoves lists the legal moves with weight in pos, in file order, with
// their weights.
func (d *lineDumper) bookMoves(pos *engine.Position) ([]engine.Move, []uint16) {
	es, err := d.b.Entries(pos)
	if err != nil && d.err == nil {
		d.err = err
	}
	var ms []engine.Move
	var ws []uint16
	for _, e := range es {
		if e.Weight > 0 && e.Move != engine.NullMove {
			ms = append(ms, e.Move)
			ws = append(ws, e.Weight)
		}
	}
	return ms, ws
}

// printLine writes the current line with its line number and a tail.
func (d *lineDumper) printLine(tail string) {
	fmt.Fprintf(d.w, "%d: ", d.line)
	pos := engine.NewPosition()
	for i, m := range d.moves {
		if pos.SideToMove() == engine.White {
			fmt.Fprintf(d.w, "%d. ", i/2+1)
		}
		mover := pos.SideToMove()
		d.w.WriteString(san(pos, m))
		if mover == d.side {
			fmt.Fprintf(d.w, "{%.0f%%} ", 100*d.probs[i])
		} else {
			d.w.WriteByte(' ')
		}
		pos.Make(m)
	}
	d.w.WriteString(tail)
	d.w.WriteByte('\n')
	d.line++
}

// search walks the tree below pos; own says whether the side is to move.
// It returns the number of lines printed below pos.
func (d *lineDumper) search(pos *engine.Position, own bool) int {
	key := pos.Key()
	for i, k := range d.keys {
		if k == key {
			d.printLine(fmt.Sprintf("{cycle: ply=%d}", i))
			return 1
		}
	}
	if at, seen := d.visited[key]; seen {
		d.printLine(fmt.Sprintf("{trans: line=%d, ply=%d}", at[0], at[1]))
		return 1
	}
	d.visited[key] = [2]int{d.line, len(d.moves)}
	if len(d.moves) >= maxLineDepth || d.err != nil {
		return 0
	}

	var moves []engine.Move
	var probs []float64
	if own {
		var ws []uint16
		moves, ws = d.bookMoves(pos)
		sum := 0
		for _, w := range ws {
			sum += int(w)
		}
		for _, w := range ws {
			probs = append(probs, float64(w)/float64(sum))
		}
	} else {
		var buf [engine.MaxMoves]engine.Move
		for _, m := range pos.GenerateMoves(buf[:]) {
			pos.Make(m)
			if ms, _ := d.bookMoves(pos); len(ms) > 0 {
				moves = append(moves, m)
			}
			pos.Unmake()
		}
	}

	d.keys = append(d.keys, key)
	count := 0
	for i, m := range moves {
		p := 0.0
		if own {
			p = probs[i]
		}
		d.moves = append(d.moves, m)
		d.probs = append(d.probs, p)
		pos.Make(m)
		ret := d.search(pos, !own)
		pos.Unmake()
		if ret == 0 && own {
			d.printLine("")
			ret = 1
		}
		d.moves = d.moves[:len(d.moves)-1]
		d.probs = d.probs[:len(d.probs)-1]
		count += ret
	}
	d.keys = d.keys[:len(d.keys)-1]
	return count
}
