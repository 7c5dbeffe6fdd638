package selfplay

import (
	"context"
	"testing"
)

// BenchmarkGame plays whole games at the default configuration with the
// network, reporting the nodes a second and the positions written a
// second, the figures that set how fast selfplay makes data.
func BenchmarkGame(b *testing.B) {
	c := DefaultConfig()
	c.Eval = "Network"
	p := NewPlayer(c)
	var nodes uint64
	var recs int
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		g, _ := p.Play(context.Background(), GameSeed(1, int64(i)))
		nodes += g.Nodes
		recs += len(g.Records)
	}
	s := b.Elapsed().Seconds()
	b.ReportMetric(float64(nodes)/s, "nodes/s")
	b.ReportMetric(float64(recs)/s, "positions/s")
}
