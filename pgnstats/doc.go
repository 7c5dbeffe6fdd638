// Package pgnstats reads games already played, from the PGN files that
// "bounder match --pgnout" (match.PGNWriter) and other tools write; it
// plays nothing. It imports package match for the records, the statistics
// and the report it shares with the match, and match imports nothing of it.
//
// # Command line
//
//   - StatsMain implements "bounder stats": the report "bounder match"
//     prints (W/D/L, Elo, pairs, terminations, time per move), for games
//     read back from PGN, with the pooled SPRT of several runs, foresight
//     (foresight.go: how many plies earlier the winner's score saw the
//     result than the loser's) and the WDL model's calibration
//     (wdlstats.go).
//   - HistoryMain implements "bounder history": one engine's score against
//     each opponent over versions of it, as a table and a plot.
//   - WDLMain implements "bounder wdl fit": the win/draw/loss model of
//     Bounder's scores fitted to the scored positions of played games.
//
// # Library
//
//   - ReadGames reads a PGN file's games into match.GameRecords (moves in
//     UCI, each engine's score and depth from the move comments), skipping
//     games it cannot replay (ReadSkips); datagen labels positions from
//     them.
//   - ReadWDLSamples reads the scored positions of played games as
//     wdl.Samples (WDLSkips counts what it leaves out).
//
// Nothing in this package prints except to the writers it is given.
package pgnstats
