package syzygy

// Position indexing. A table is a long array of values, one per placement
// of its pieces; this file turns a placement into that array's index the way
// the generator laid it out. The tables below are built at start-up from the
// rules they encode (rather than written out as number grids) so that each
// one's meaning is visible in the code that makes it.

// maxTablePieces bounds the pieces of any Syzygy table (7-piece sets are the
// largest published).
const maxTablePieces = 7

var (
	// triangle numbers the ten squares of the a1-d1-d4 triangle, which
	// every square can be brought into by the board's symmetries: the six
	// squares strictly below the a1-h8 diagonal first (b1 c1 d1 c2 d2 d3 =
	// 0..5), then the four diagonal ones (a1 b2 c3 d4 = 6..9). Every other
	// square gets the number of its image in the triangle.
	triangle [64]int

	// lower numbers the 28 squares below the a1-h8 diagonal 0..27 and the
	// diagonal 28..35; a square above the diagonal takes its mirror's number.
	lower [64]int

	// diag numbers the a1-h8 diagonal 0..7 and the h1-a8 diagonal 8..15.
	diag [64]int

	// flap is the rank/file slot of a leading pawn on files a-d (and their
	// mirrors): file*6 + rank-2. It picks both the sub-table (the file) and
	// the base offset inside it.
	flap [64]int

	// invFlap is flap's inverse on files a-d.
	invFlap [24]int

	// ptwist orders the squares the other leading pawns may stand on:
	// central files before edge files, higher ranks before lower ones, the
	// e-h half before the a-d half. A leading pawn set is a combination of
	// squares in this order.
	ptwist [64]int

	// kkIndex[t][s] numbers the legal placements of two kings (or any two
	// unique leading pieces that cannot touch) where the first stands on
	// triangle square t and the second on s; -1 marks placements that are
	// illegal or reduced away by symmetry.
	kkIndex [10][64]int

	// binomial[k][n] is n choose k, for placing k identical pieces.
	binomial [maxTablePieces + 1][65]uint64

	// pawnIndex[k][slot] is where the positions of k+1 leading pawns begin
	// when the first one stands on flap slot; pawnFactor[k][file] is how many
	// such positions each file's sub-table holds.
	pawnIndex  [6][24]uint64
	pawnFactor [6][4]uint64
)

// fileFold maps a file to its distance from the nearer edge: a/h 0 ... d/e 3.
var fileFold = [8]int{0, 1, 2, 3, 3, 2, 1, 0}

// offDiag is > 0 above the a1-h8 diagonal, 0 on it, < 0 below it.
func offDiag(s int) int { return (s >> 3) - (s & 7) }

// flipDiag reflects a square in the a1-h8 diagonal (swaps file and rank).
func flipDiag(s int) int { return ((s >> 3) | (s << 3)) & 63 }

func init() {
	for n := 0; n <= 64; n++ {
		binomial[0][n] = 1
	}
	for k := 1; k <= maxTablePieces; k++ {
		for n := 1; n <= 64; n++ {
			binomial[k][n] = binomial[k-1][n-1] + binomial[k][n-1]
		}
	}

	// The canonical triangle first, then every square through its image.
	off, on := 0, 6
	for s := 0; s < 64; s++ {
		f, r := s&7, s>>3
		if f <= 3 && r < f {
			triangle[s] = off
			off++
		} else if f <= 3 && r == f {
			triangle[s] = on
			on++
		}
	}
	for s := 0; s < 64; s++ {
		t := s
		if t&7 >= 4 {
			t ^= 7
		}
		if t>>3 >= 4 {
			t ^= 56
		}
		if offDiag(t) > 0 {
			t = flipDiag(t)
		}
		triangle[s] = triangle[t]
	}

	n := 0
	for s := 0; s < 64; s++ {
		if offDiag(s) < 0 {
			lower[s] = n
			n++
		}
	}
	for s := 0; s < 64; s++ {
		switch d := offDiag(s); {
		case d == 0:
			lower[s] = 28 + s&7
		case d > 0:
			lower[s] = lower[flipDiag(s)]
		}
	}

	for s := 0; s < 64; s++ {
		f, r := s&7, s>>3
		switch {
		case f == r:
			diag[s] = f
		case f+r == 7:
			diag[s] = 8 + r
		}
	}

	for s := 8; s < 56; s++ {
		f, r := s&7, s>>3
		flap[s] = fileFold[f]*6 + r - 1
		center := 3 - fileFold[f] // 0 for d/e ... 3 for a/h
		ptwist[s] = center*12 + (6-r)*2
		if f < 4 {
			ptwist[s]++
		}
	}
	for j := range invFlap {
		invFlap[j] = (j%6+1)*8 + j/6
	}

	for k := range pawnIndex {
		for file := 0; file < 4; file++ {
			var total uint64
			for j := file * 6; j < file*6+6; j++ {
				pawnIndex[k][j] = total
				if k == 0 {
					total++
				} else {
					total += binomial[k][ptwist[invFlap[j]]]
				}
			}
			pawnFactor[k][file] = total
		}
	}

	initKK()
}

// initKK numbers two-king placements: the first king in the triangle, the
// second anywhere it may legally stand, except that with the first king on
// the diagonal the second must not be above it (the diagonal reflection
// makes those duplicates). Placements with both kings on the diagonal come
// last, as the generator numbered them.
func initKK() {
	type pair struct{ t, s int }
	var bothOnDiag []pair
	code := 0
	for t := 0; t < 10; t++ {
		for s := 0; s < 64; s++ {
			kkIndex[t][s] = -1
		}
		k1 := triangleSquare(t)
		for s := 0; s < 64; s++ {
			if s == k1 || kingsTouch(k1, s) {
				continue
			}
			switch {
			case offDiag(k1) == 0 && offDiag(s) > 0:
				// reduced away by the diagonal symmetry
			case offDiag(k1) == 0 && offDiag(s) == 0:
				bothOnDiag = append(bothOnDiag, pair{t, s})
			default:
				kkIndex[t][s] = code
				code++
			}
		}
	}
	for _, p := range bothOnDiag {
		kkIndex[p.t][p.s] = code
		code++
	}
}

// triangleSquare is the square of the a1-d1-d4 triangle numbered t.
func triangleSquare(t int) int {
	for s := 0; s < 64; s++ {
		if f, r := s&7, s>>3; f <= 3 && r <= f && triangle[s] == t {
			return s
		}
	}
	panic("syzygy: no triangle square") // unreachable: all ten are numbered
}

func kingsTouch(a, b int) bool {
	df, dr := a&7-b&7, a>>3-b>>3
	return df >= -1 && df <= 1 && dr >= -1 && dr <= 1
}

// encodePieces returns the index of a pawnless placement. sq holds the
// squares in the table's piece order; it is reordered in place. The index
// leads with three unique pieces (e.g. K, K, Q) when the material has
// them, else with the two kings (KNNvK). The board
// symmetries first bring the first piece into the a1-d1-d4 triangle and, if
// the leading pieces allow, below the diagonal; then the leading group is
// numbered jointly and each further group of identical pieces as a
// combination of the squares the earlier pieces leave free.
func encodePieces(sq *[maxTablePieces]int, n int, e *encoding) uint64 {
	if sq[0]&4 != 0 {
		for i := 0; i < n; i++ {
			sq[i] ^= 7
		}
	}
	if sq[0]&32 != 0 {
		for i := 0; i < n; i++ {
			sq[i] ^= 56
		}
	}
	lead := int(e.norm[0]) // 3 or 2
	// The first piece off the diagonal decides the diagonal reflection, but
	// only while it is one of the leading pieces (whose numbering assumes
	// "below the diagonal"); later pieces are numbered on the whole board.
	for i := 0; i < n; i++ {
		if d := offDiag(sq[i]); d != 0 {
			if i < lead && d > 0 {
				for j := 0; j < n; j++ {
					sq[j] = flipDiag(sq[j])
				}
			}
			break
		}
	}

	var idx uint64
	if lead == 3 {
		a, b, c := sq[0], sq[1], sq[2]
		// b and c are numbered among the squares the earlier pieces leave.
		bAdj := b
		if b > a {
			bAdj--
		}
		cAdj := c
		if c > a {
			cAdj--
		}
		if c > b {
			cAdj--
		}
		switch {
		case offDiag(a) != 0:
			idx = uint64(triangle[a]*63*62 + bAdj*62 + cAdj)
		case offDiag(b) != 0:
			idx = uint64(6*63*62 + diag[a]*28*62 + lower[b]*62 + cAdj)
		case offDiag(c) != 0:
			dB := diag[b]
			if b > a {
				dB--
			}
			idx = uint64(6*63*62 + 4*28*62 + diag[a]*7*28 + dB*28 + lower[c])
		default:
			dB := diag[b]
			if b > a {
				dB--
			}
			dC := diag[c]
			if c > a {
				dC--
			}
			if c > b {
				dC--
			}
			idx = uint64(6*63*62 + 4*28*62 + 4*7*28 + diag[a]*7*6 + dB*6 + dC)
		}
	} else {
		k := kkIndex[triangle[sq[0]]][sq[1]]
		if k < 0 {
			return badIndex
		}
		idx = uint64(k)
	}
	return addGroups(idx*e.factor[0], sq, lead, n, e)
}

// addGroups adds the groups' part to a leading part of an index.
func addGroups(idx uint64, sq *[maxTablePieces]int, from, n int, e *encoding) uint64 {
	g := encodeGroups(sq, from, n, e)
	if g == badIndex {
		return badIndex
	}
	return idx + g
}

// badIndex marks a placement the encoding cannot number (only possible for
// an illegal position); it is larger than any table.
const badIndex = ^uint64(0)

// encodeGroups adds the index parts of the groups of identical pieces from
// sq[from] on: each group is a combination, in the combinatorial number
// system, of the squares not taken by the pieces before it.
func encodeGroups(sq *[maxTablePieces]int, from, n int, e *encoding) uint64 {
	var idx uint64
	for i := from; i < n; {
		t := int(e.norm[i])
		if t == 0 {
			return badIndex // unreachable for a validated table
		}
		sortSquares(sq[i : i+t])
		var s uint64
		for m := i; m < i+t; m++ {
			p := sq[m]
			below := 0
			for l := 0; l < i; l++ {
				if p > sq[l] {
					below++
				}
			}
			s += binomial[m-i+1][p-below]
		}
		idx += s * e.factor[i]
		i += t
	}
	return idx
}

// encodePawns returns the index of a placement with pawns. sq[0:lead] are
// the leading pawns with sq[0] already the one that chose the file; then
// come the other side's pawns (if the table has both), then the pieces.
func encodePawns(sq *[maxTablePieces]int, n, lead, other int, e *encoding) uint64 {
	if sq[0]&4 != 0 {
		for i := 0; i < n; i++ {
			sq[i] ^= 7
		}
	}
	// The other leading pawns, highest ptwist first, form a combination
	// below the first pawn's slot.
	for i := 1; i < lead; i++ {
		for j := i + 1; j < lead; j++ {
			if ptwist[sq[i]] < ptwist[sq[j]] {
				sq[i], sq[j] = sq[j], sq[i]
			}
		}
	}
	idx := pawnIndex[lead-1][flap[sq[0]]]
	for i := lead - 1; i > 0; i-- {
		idx += binomial[lead-i][ptwist[sq[i]]]
	}
	idx *= e.factor[0]

	i := lead
	if other > 0 {
		// The second pawn group lives on the 48 pawn squares less those the
		// leading pawns took.
		sortSquares(sq[i : i+other])
		var s uint64
		for m := i; m < i+other; m++ {
			p := sq[m]
			below := 0
			for l := 0; l < i; l++ {
				if p > sq[l] {
					below++
				}
			}
			s += binomial[m-i+1][p-below-8]
		}
		idx += s * e.factor[i]
		i += other
	}
	return addGroups(idx, sq, i, n, e)
}

// sortSquares sorts a handful of squares ascending (insertion sort: no
// allocation, and the groups hold at most five).
func sortSquares(s []int) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j-1] > s[j]; j-- {
			s[j-1], s[j] = s[j], s[j-1]
		}
	}
}

// leadPawnFirst moves the leading pawn nearest an edge file (lowest flap,
// ties kept in square order) to sq[0] and returns its folded file, which
// selects the sub-table.
func leadPawnFirst(sq *[maxTablePieces]int, lead int) int {
	for i := 1; i < lead; i++ {
		if flap[sq[0]] > flap[sq[i]] {
			sq[0], sq[i] = sq[i], sq[0]
		}
	}
	return fileFold[sq[0]&7]
}
