package eval

// HandWeights returns Bounder's hand-written starting weights: plain chess
// knowledge (centralisation, mobility, pawn structure and king safety rules
// of thumb), from which the tuner can start ("bounder tune --init hand").
// The weights in use (weights.go) were generated from these or tuned.
func HandWeights() Weights {
	var w Weights
	set := func(i int, mg, eg int) { w[i] = S{int32(mg), int32(eg)} }

	for i, v := range [5][2]int{{85, 110}, {320, 300}, {330, 320}, {470, 540}, {950, 1000}} {
		set(fMaterial+i, v[0], v[1])
	}

	// Piece squares: 64 entries per piece, rank*8 + file, the same on both
	// wings (f is the file folded onto a-d).
	setPST := func(pt, r, f, mg, eg int) {
		set(fPST+pt*64+r*8+f, mg, eg)
		set(fPST+pt*64+r*8+7-f, mg, eg)
	}
	for r := 0; r < 8; r++ {
		cr := min(r, 7-r) // 0 on the back ranks .. 3 in the centre
		for f := 0; f < 4; f++ {
			c := f + cr // centralisation, 0..6
			if r >= 1 && r <= 6 {
				mg := 0
				if r >= 2 && r <= 4 {
					mg = []int{-4, 0, 4, 10}[f] * (r - 1) / 2
				}
				setPST(0, r, f, mg, []int{0, 0, 3, 6, 12, 20, 30, 0}[r])
			}
			setPST(1, r, f, c*8-22, c*6-18)
			setPST(2, r, f, c*4-10, c*3-9)
			rookMG := f * 2
			if r == 6 {
				rookMG += 12
			}
			setPST(3, r, f, rookMG-3, 0)
			setPST(4, r, f, c*2-5, c*5-14)
			kingMG := -40 - 10*(r-2)
			switch r {
			case 0:
				kingMG = []int{15, 25, 0, -10}[f]
			case 1:
				kingMG = []int{0, 0, -15, -25}[f]
			}
			setPST(5, r, f, kingMG, c*10-30)
		}
	}

	// Mobility: linear around a typical count.
	for n := 0; n < 9; n++ {
		set(fMobN+n, (n-4)*6, (n-4)*6)
	}
	for n := 0; n < 14; n++ {
		set(fMobB+n, (n-6)*5, (n-6)*5)
	}
	for n := 0; n < 15; n++ {
		set(fMobR+n, (n-7)*3, (n-7)*5)
	}
	for n := 0; n < 28; n++ {
		set(fMobQ+n, (n-12)*1, (n-12)*2)
	}

	set(fIsolated, -10, -12)
	set(fDoubled, -8, -20)
	set(fBackward, -8, -8)
	for r, v := range [8][2]int{{}, {}, {4, 2}, {6, 4}, {10, 8}, {20, 15}, {40, 30}, {}} {
		set(fPhalanx+r, v[0], v[1])
	}
	for r, v := range [8][2]int{{}, {}, {6, 3}, {8, 5}, {12, 8}, {20, 15}, {30, 25}, {}} {
		set(fSupport+r, v[0], v[1])
	}
	for r, v := range [8][2]int{{}, {0, 5}, {5, 10}, {10, 20}, {20, 40}, {35, 70}, {60, 110}, {}} {
		set(fPassed+r, v[0], v[1])
	}
	for r, v := range [8][2]int{{}, {}, {1, 2}, {2, 5}, {5, 10}, {10, 20}, {15, 35}, {}} {
		set(fPassFree+r, v[0], v[1])
	}
	for r, v := range [8][2]int{{}, {}, {1, 3}, {3, 8}, {6, 15}, {12, 30}, {20, 50}, {}} {
		set(fPassSafe+r, v[0], v[1])
	}
	for r := 3; r <= 6; r++ {
		set(fPassKUs+r, 0, -2*(r-2))
		set(fPassKThm+r, 0, 3*(r-2))
	}

	// King safety: the attacker's bonus grows with the square of the units.
	for u := 0; u <= kingUnitsMax; u++ {
		set(fKingAtk+u, min(u*u/3, 500), u)
	}
	for f := 0; f < 4; f++ {
		for r, v := range [8]int{-25, 10, 5, -5, -15, -15, -15, -15} {
			set(fShield+f*8+r, v, 0)
		}
		for r, v := range [8]int{0, -30, -20, -10, -5, 0, 0, 0} {
			set(fStorm+f*8+r, v, 0)
		}
	}
	for r := 1; r < 8; r++ {
		set(fStormBlk+r, -2, 0)
	}
	set(fStormBlk+2, -5, 0)
	set(fKingOpen, -20, 0)
	set(fKingSemi, -10, 0)

	set(fBishopPair, 30, 50)
	set(fRookOpen, 25, 10)
	set(fRookSemi, 12, 8)
	set(fQueenOpen, 5, 5)
	set(fQueenSemi, 3, 3)
	set(fRook7th, 15, 25)
	set(fQueen7th, 5, 15)
	set(fOutpostN, 25, 15)
	set(fOutpostB, 12, 6)

	set(fThreatP+0, 50, 40) // knight
	set(fThreatP+1, 50, 40) // bishop
	set(fThreatP+2, 60, 50) // rook
	set(fThreatP+3, 60, 50) // queen
	set(fThreatM+0, 40, 40) // rook
	set(fThreatM+1, 40, 40) // queen
	set(fThreatR, 40, 40)
	set(fHanging, 20, 15)
	set(fTempo, 15, 5)

	set(fThreatMinor+0, 20, 20) // knight
	set(fThreatMinor+1, 20, 20) // bishop
	set(fThreatPush, 15, 10)
	set(fMinorBehindPawn, 6, 2)
	set(fBadBishop, -2, -4)

	set(fMopEdge, 0, 20)
	set(fMopKings, 0, 10)
	set(fMopCorner, 0, 15)
	return w
}
