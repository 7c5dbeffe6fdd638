// Package match plays engine-versus-engine matches between UCI engines and
// judges them statistically; it is the logic behind "bounder match".
// Reading games already played (bounder stats, history and wdl) is package
// pgnstats, which imports this one; this one imports no reader.
//
// # Command line
//
// Main(args, stdout, stderr) implements the subcommand; see its usage text
// (Main with "-h") for the flags. Progress lines go to stderr, the final
// report to stdout.
//
// # Library
//
// The same machinery is available to other programs, such as the evaluation
// tuner's data generation:
//
//   - EngineSpec says how to launch an engine (command, arguments, UCI
//     options); ParseEngineSpec reads the command-line form. CheckEngine
//     starts an engine once to find a spec that cannot work, such as an
//     option the engine does not offer (*UnknownOptionError) or a value it
//     refuses (*OptionValueError).
//   - LoadOpenings reads an EPD or PGN opening suite into []Opening; ReadEPD
//     and ReadPGNOpenings do the same from a reader.
//   - PlayGame plays one game between two fresh engine processes from an
//     Opening under a TimeControl (ParseTimeControl reads "10+0.1") and an
//     optional Adjudication, and returns a GameRecord: the start FEN, the
//     moves in UCI with each engine's reported score (from the mover's point
//     of view), the result, the termination and its reason, and each side's
//     thinking time (TimeUse: mean, longest, least left on the clock, long
//     thinks; the final report prints it per engine). GameRecord.PGN
//     renders it; PGNWriter appends records to a file safely from many
//     goroutines. PlayGame is safe to call concurrently: games share nothing.
//   - A Pair (StartPair) keeps two engine processes for game after game,
//     for many short games such as the tuner's data generation: starting two
//     processes can cost as much as a game at a few thousand nodes a move.
//   - Run plays a whole match from a Config (concurrency, opening order,
//     SPRT, PGN output) and returns a Summary.
//   - The statistics (EloFromScore, WDL, Pentanomial, Estimate, SPRT) are
//     pure functions of counts.
//   - The report: Summary.Write prints it, PairingResult.Write one pair of
//     engines' part (AddGame counts a game into it). Package pgnstats prints
//     the same report from PGN files, replaying each side's clock (Clocks,
//     TimeUse.Record) from the move times; SplitPGN and ParseFEN read the
//     files' games and start positions as the openings are read.
//   - Variants: Config.Variant (ParseVariant reads "standard",
//     "fischerandom" or "chess960") selects the referee. Standard games are
//     judged by github.com/notnil/chess, an implementation independent of
//     Bounder's; Chess960 and Double Fischer random games by Bounder's own
//     engine package, which notnil/chess cannot replace there (it has no
//     Chess960 castling). Chess960FEN gives the start positions by
//     Scharnagl's numbering.
//
// An engine that crashes, stalls, plays an illegal move or overruns its clock
// loses the game; that is a result, not an error. Every wait on an engine has
// a deadline, and engine processes are killed when a game ends. A stall is
// diagnosed before the engine goes (stall.go: isready, then SIGQUIT and the
// tail of its standard error, in GameRecord.Diagnosis).
//
// Nothing in this package prints except to the writers it is given.
package match
