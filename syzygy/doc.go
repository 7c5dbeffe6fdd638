// Package syzygy probes Syzygy endgame tablebases: Ronald de Man's files
// that hold, for every position of up to seven pieces, the outcome with
// perfect play under the fifty-move rule (.rtbw, "WDL") and the number of
// plies to the next capture or pawn move on the way to it (.rtbz, "DTZ").
// It is written in Go from the published descriptions of the format (no
// cgo), and it uses the engine package for positions and moves.
//
// # Using it
//
//	tb, err := syzygy.Open(os.Getenv("SYZYGY_PATH")) // "dir1:dir2"
//	...
//	if wdl, ok := tb.ProbeWDL(pos); ok { ... }     // in the search
//	move, wdl, dtz, ok := tb.BestMove(pos)         // at the root
//	tb.Close()
//
// Open (or New and AddDirectory) only lists the files; each is mapped into
// memory on its first probe. ProbeWDL gives the outcome (-2 loss, -1
// blessed loss, 0 draw, 1 cursed win, 2 win, for the side to move) and
// ProbeDTZ the distance to zeroing with python-chess's conventions; both
// take the position as if its fifty-move counter were zero, as the tables
// do. RankRootMoves and BestMove apply the counter: among winning moves
// they prefer the one that zeroes soonest, so a won ending stays won and is
// played out. ProbeMain is the "bounder probe" command.
//
// Probes run from many goroutines at once, each with its own Position (a
// probe makes and takes back captures on it). ProbeWDL does not allocate.
// A missing table, castling rights or too many pieces give ok = false. A
// file that is short, has a bad header or points outside itself is
// reported once (Errors, SetErrorHandler) and then left out; probing never
// reads outside a file. (A file truncated by another program while it is
// mapped is beyond any reader's control: the operating system then stops
// the process.)
//
// # The format, briefly
//
// A table covers one material balance, such as KQvKR, both colour
// orientations at once: a position with the colours the other way round is
// looked up with colours swapped and the board turned over. Each position
// of the material maps to an index:
//
//   - Without pawns, the board's eight symmetries bring the first piece into
//     the triangle a1-d1-d4 (and the leading pieces below the a1-h8
//     diagonal when that is free). The leading group, three unique pieces or
//     the two kings, is numbered jointly (31332 or 462 placements); every
//     further group of identical pieces is a combination of the squares
//     still free. The index is a mixed-radix number of these digits, in an
//     order each file chooses for compression.
//   - With pawns, the leading pawn nearest the a or h file picks one of four
//     sub-tables (its file, a-d, after a left-right mirror) and only that
//     mirror is used, since pawns break the other symmetries. The other
//     pawns of its colour, then those of the other colour (on the 48 pawn
//     squares), then the pieces follow as above.
//
// The values are compressed per sub-table: runs are folded into pair
// symbols, the symbols Huffman-coded into fixed-size blocks, and a sparse
// index (every 2^k values) with a per-block count leads to the block
// holding a value. WDL tables store both sides to move (one, for like
// material); DTZ tables store only one, and the other side's DTZ is found by
// a one-ply search.
//
// The tables leave out what a short search can find. Positions whose best
// move is a capture hold whatever compressed best, so a WDL probe searches
// the captures (alpha-beta, down to positions with fewer pieces) and takes
// the better of them and the stored value. En passant is not stored at all:
// a probe of a position with an en-passant capture tries it and keeps it
// when it is better, or when it is the only legal move. DTZ tables count
// from positions where the side to move does not zero at once; a winning
// capture or pawn push gives a DTZ of 1 without them, and DTZ values are
// mostly stored in moves rather than plies, so a distance may read one ply
// short where that cannot change the outcome.
//
// Like the rest of Bounder, the package is licensed GPL-3.0-or-later.
package syzygy
