// Package book reads, writes and builds Polyglot opening books (.bin), picks
// book moves, and names openings.
//
// A Polyglot book is a sequence of 16-byte big-endian entries sorted by
// position key: key uint64, move uint16, weight uint16, learn uint32. The key
// is engine.Position.Key (the Polyglot Random64 key). The move packs to-file
// (bits 0-2), to-rank (3-5), from-file (6-8), from-rank (9-11) and a promotion
// piece (12-14: 0 none, 1 knight, 2 bishop, 3 rook, 4 queen); castling is
// stored as the king taking its own rook (e1h1), which DecodeMove translates
// to the UCI form (e1g1) when the moving piece is the king on its start
// square.
//
// Reading: a Book reads through an io.ReaderAt (an *os.File for Open, so a
// large book is never loaded whole) with a binary search per probe. Probe
// picks a move by weight with an injected *rand.Rand, or the best one.
//
// Writing: Build turns PGN games into entries the way Polyglot's make-book
// does (2 points per win, 1 per draw, 0 per loss for the side that moved,
// summed per position and move; pairs seen in fewer than MinGames games or
// with no points dropped; sorted by key, then weight descending), so that a
// book built here is byte-identical to one built by `polyglot make-book` from
// the same games (the interoperability tests check this).
//
// The embedded default book (Default) is built from the named lines of the
// ECO table shipped with github.com/notnil/chess/opening (lichess openings,
// CC0); OpeningName names positions from the same table.
//
// Main is the `bounder book ...` command line (build, dump).
package book
