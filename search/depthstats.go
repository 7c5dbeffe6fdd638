package search

// Sub returns d less prev, array by array: one iteration's counts, given the
// copies of two reports (Options.DepthStats holds the search's sums).
func (d DepthStats) Sub(prev DepthStats) DepthStats {
	for i := range d.Interior {
		d.Interior[i] -= prev.Interior[i]
		d.Leaves[i] -= prev.Leaves[i]
		d.TTHits[i] -= prev.TTHits[i]
		d.TTCutoffs[i] -= prev.TTCutoffs[i]
		d.ETCProbes[i] -= prev.ETCProbes[i]
		d.ETCCutoffs[i] -= prev.ETCCutoffs[i]
	}
	return d
}

// Sums are the arrays' totals, as a Stats (the other fields zero): with
// Options.DepthStats zeroed before a search, they equal the search's Stats
// counts of the same names.
func (d *DepthStats) Sums() Stats {
	var s Stats
	for i := range d.Interior {
		s.Interior += d.Interior[i]
		s.Leaves += d.Leaves[i]
		s.TTHits += d.TTHits[i]
		s.TTCutoffs += d.TTCutoffs[i]
		s.ETCProbes += d.ETCProbes[i]
		s.ETCCutoffs += d.ETCCutoffs[i]
	}
	return s
}

// Add adds o's counts to d's.
func (d *DepthStats) Add(o *DepthStats) {
	for i := range d.Interior {
		d.Interior[i] += o.Interior[i]
		d.Leaves[i] += o.Leaves[i]
		d.TTHits[i] += o.TTHits[i]
		d.TTCutoffs[i] += o.TTCutoffs[i]
		d.ETCProbes[i] += o.ETCProbes[i]
		d.ETCCutoffs[i] += o.ETCCutoffs[i]
	}
}
