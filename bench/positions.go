package bench

// Positions is the fixed bench set: openings, middlegames, tactics, checks,
// castling, en passant, promotions and endgames. Changing it changes every
// bench signature, so it is append-never: edit only with a reason, and
// expect the node count to move.
//
// Sources (all under shared/data; see testdata/epd/SOURCES.md and
// shared/data/SOURCES.md for their origins and licences). EPD suite
// positions were given " 0 1" move counters.
//
//	noob     openings/noob_3moves.epd (official-stockfish/books, CC0-1.0)
//	cpw      perft/cpw-standard.epd (Chess Programming Wiki "Perft Results")
//	perft    perft/perftsuite.epd line N (ROCE perftsuite via sunfish)
//	BK/WAC/ECM  epd/bratko-kopec.epd, epd/wacnew.epd, epd/ECM.epd by id
//	bounder  written for this set
var Positions = []string{
	// Openings.
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",                 // cpw: start position
	"r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4",       // noob line 1
	"rnbqkb1r/ppp1pp1p/3p1np1/8/1P1P4/4P3/P1P2PPP/RNBQKBNR w KQkq - 0 4",       // noob line 15001
	"rnbqkbnr/ppp2ppp/4p3/3p4/P7/3P2P1/1PP1PP1P/RNBQKBNR w KQkq - 0 4",         // noob line 45001
	"rn1qkbnr/ppp1pppp/8/3p4/6b1/2N1PN2/PPPP1PPP/R1BQKB1R w KQkq - 0 4",        // noob line 105001
	"rnbqkbnr/1p2pppp/8/p1pp4/5N2/2P5/PP1PPPPP/RNBQKB1R w KQkq - 0 4",          // noob line 150001
	"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",                // cpw: position 5
	"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", // cpw: position 6

	// Middlegames with castling rights, checks and promotions in the air.
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", // cpw: Kiwipete
	"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",     // cpw: position 4 (white in check)
	"r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",     // cpw: position 4 mirrored (black in check)
	"rnbqkbnr/ppp2ppp/8/1B1pp3/4P3/8/PPPP1PPP/RNBQK1NR b KQkq - 1 3",       // bounder: black in check from Bb5
	"rnb1kbnr/pppp1ppp/8/4p3/4P2q/5P2/PPPP2PP/RNBQKBNR w KQkq - 1 3",       // bounder: white in check from Qh4
	"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",                                 // perft line 13: castling
	"1k6/8/8/5pP1/4K1P1/8/8/8 w - f6 0 1",                                  // perft line 127: en passant
	"1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - 0 1",                 // BK.01
	"rnbqkb1r/p3pppp/1p6/2ppP3/3N4/2P5/PPP1QPPP/R1B1KB1R w KQkq - 0 1",     // BK.04
	"1nk1r1r1/pp2n1pp/4p3/q2pPp1N/b1pP1P2/B1P2R2/2P1B1PP/R2Q2K1 w - - 0 1", // BK.07
	"3rr1k1/pp3pp1/1qn2np1/8/3p4/PP1R1P2/2P1NQPP/R1B3K1 b - - 0 1",         // BK.10
	"r2q1rk1/4bppp/p2p4/2pP4/3pP3/3Q4/PP1B1PPP/R3R1K1 w - - 0 1",           // BK.13
	"r1bqkb1r/4npp1/p1p4p/1p1pP1B1/8/1B6/PPPN1PPP/R2Q1RK1 w kq - 0 1",      // BK.16
	"3rr3/2pq2pk/p2p1pnp/8/2QBPP2/1P6/P5PP/4RRK1 b - - 0 1",                // BK.19
	"2r2rk1/1bqnbpp1/1p1ppn1p/pP6/N1P1P3/P2B1N1P/1B2QPP1/R2R2K1 b - - 0 1", // BK.22

	// Tactics.
	"rnbqkb1r/pppp1ppp/8/4P3/6n1/7P/PPPNPPP1/R1BQKBNR b KQkq - 0 1",  // WAC.007
	"2r5/2rk2pp/1pn1pb2/pN1p4/P2P4/1N2B3/nPR1KPPP/3R4 b - - 0 1",     // WAC.037
	"3r2k1/p2q4/1p4p1/3rRp1p/5P1P/6PK/P3R3/3Q4 w - - 0 1",            // WAC.067
	"6k1/5p2/p5np/4B3/3P4/1PP1q3/P3r1QP/6RK w - - 0 1",               // WAC.097
	"2k4r/1pr1n3/p1p1q2p/5pp1/3P1P2/P1P1P3/1R2Q1PP/1RB3K1 w - - 0 1", // WAC.127
	"5rk1/p4ppp/2p1b3/3Nq3/4P1n1/1p1B2QP/1PPr2P1/1K2R2R w - - 0 1",   // WAC.157
	"6k1/5p2/p3p3/1p3qp1/2p1Qn2/2P1R3/PP1r1PPP/4R1K1 b - - 0 1",      // WAC.187
	"r3kb1r/1pp3p1/p3bp1p/5q2/3QN3/1P6/PBP3P1/3RR1K1 w kq - 0 1",     // WAC.217
	"rnb2rk1/pp2np1p/2p2q1b/8/2BPPN2/2P2Q2/PP4PP/R1B2RK1 w - - 0 1",  // ECM.013
	"q6r/pp3pkp/5np1/4Q3/4P3/6N1/P4PPP/5RK1 w - - 0 1",               // ECM.113
	"k3r3/pR5p/PppR1p1p/4nP2/1PP5/8/4B1rP/2K5 w - - 0 1",             // ECM.213
	"r2qrbk1/1p4pb/2n2p1p/pNpn4/2N5/PP1PPQPB/1B5P/2R2RK1 w - - 0 1",  // ECM.313
	"6k1/2p3p1/2b4p/p4P2/2pR2PK/2P1r2P/1B6/8 b - - 0 1",              // ECM.413
	"3r3k/p4npp/1p2qpb1/4P3/5P2/P3N3/1B2QP1P/6RK w - - 0 1",          // ECM.513
	"6k1/2q3p1/1n2Pp1p/pBp2P2/Pp2P3/1P1Q1KP1/8/8 w - - 0 1",          // ECM.613
	"r3r1k1/pp3pp1/3p4/2q4p/2P5/1PB2Q1P/n4PP1/3R1RK1 w - - 0 1",      // ECM.713

	// Endgames and promotions.
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", // cpw: position 3
	"8/8/4k3/3Nn3/3nN3/4K3/8/8 w - - 0 1",       // perft line 39
	"8/8/1B6/7b/7k/8/2B1b3/7K w - - 0 1",        // perft line 48
	"7k/RR6/8/8/8/8/rr6/7K b - - 0 1",           // perft line 57
	"8/8/8/8/8/7K/7P/7k w - - 0 1",              // perft line 66
	"8/2k1p3/3pP3/3P2K1/8/8/8/8 w - - 0 1",      // perft line 69
	"8/8/3k4/3p4/8/3P4/3K4/8 w - - 0 1",         // perft line 81
	"3k4/3pp3/8/8/8/8/3PP3/3K4 w - - 0 1",       // perft line 111
	"n1n5/1Pk5/8/8/8/8/5Kp1/5N1N w - - 0 1",     // perft line 120: promotions
	"8/Pk6/8/8/8/8/6Kp/8 b - - 0 1",             // perft line 123: promotion race
	"n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",   // perft line 126: promotions
}
