// Package search is Bounder's searcher: one memory-enhanced, fail-soft
// alpha-beta over a two-bound transposition table, driven at the root by the
// algorithms of the MTD framework.
//
// The vocabulary follows the papers in the project's shared/papers folder:
//
//   - ab is the single tree walker: fail-soft negamax alpha-beta with the
//     transposition table (de Bruin & Pijls, Fig. 5; Plaat et al., Fig. 2),
//     with quiescence search at the leaves. When the driver asks for it
//     (scout), interior nodes search all but their first move with a null
//     window and re-search on a fail high: that is NegaScout (Reinefeld,
//     Fig. 2). With a null window the two are the same search.
//   - mt(γ) is ab called with the null window (γ-1, γ): Memory-enhanced Test.
//     Its result g is a lower bound on the minimax value if g >= γ and an
//     upper bound otherwise (Plaat et al., §2).
//   - A driver is a loop at the root that chooses the next window from the
//     bounds proved so far (Plaat et al., Fig. 11): MT-SSS* = MTD(+∞),
//     MT-DUAL* = MTD(-∞), MTD(f), MTD(bi), MTD(step); Aspiration NegaScout
//     and plain alpha-beta are drivers too, with wider windows; Best Node
//     Search (Rutko, Fig. 4) tests each root move against a separation value.
//   - The transposition table stores, per position, a lower and an upper
//     bound (the papers' f- and f+) with the draft they are valid for, so a
//     driver can refine a solution tree without re-searching it.
//   - etc is Enhanced Transposition Cutoffs (Plaat, thesis ch. 5, Fig. 5.4):
//     before searching the children of a node far enough from the leaves,
//     probe the table for each child and cut off when a stored bound already
//     refutes the window. Child keys are computed from the parent key and the
//     move (engine.Position.ChildKey), so ETC costs probes, not make/unmake.
//
// Pure mode (Options.Selective = false) turns off everything that makes the
// tree depend on the path or prunes it forward, so that every driver must
// return the same root value as plain minimax at a fixed depth:
//
//   - no forward pruning, reductions or extensions;
//   - no draws by repetition or the fifty-move rule inside the tree (the game
//     history decides those, and they make values path-dependent);
//   - table entries are used for cutoffs (and by ETC) only when their draft
//     equals the remaining depth exactly, never when it is greater, since a
//     deeper result is a different (better) value than the fixed-depth one.
//
// Quiescence search, checkmate and stalemate stay. Mate scores are stored in
// the table relative to the node, so they too are path-independent. The
// quiescence search is table-free unless Options.StoreLeaves: then it stores
// (and reads, at draft 0 only) a bound for every node it searches, the
// horizon's included, as MT does (Plaat et al., Fig. 17), which the lab
// uses as the papers' method; a quiescence value depends on the position
// alone, so that too keeps every driver's value the minimax value.
//
// The search prints nothing: it reports through callbacks.
package search
