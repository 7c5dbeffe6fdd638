// Package engine is Bounder's game model, not its searcher: the board, moves,
// legal move generation (full and captures-only), make/unmake, Zobrist keys,
// repetition and fifty-move history, FEN and UCI move text, and perft;
// for standard chess and Chess960 (Fischer random and Double Fischer
// random) alike, see castling.go.
//
// Readers coming from other engines may expect "engine" to mean the search;
// here it is the bottom layer that every other package imports and that
// imports none of them.
//
// The board is a set of bitboards (bit 0 = a1, bit 63 = h8) plus a mailbox.
// Sliding attacks come from dragontoothmg's magic bitboards; everything else
// (generation, legality, make/unmake, keys) is Bounder's own, so that the hot
// path allocates nothing and keys are reproducible. Keys use the Polyglot
// Random64 table, so Position.Key equals the Polyglot book key.
package engine
