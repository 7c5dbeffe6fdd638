package epd

import "github.com/bounder-chess/bounder/search"

// newSearcher makes the searcher Main uses; tests may replace it.
var newSearcher = func(hashMiB int) Searcher { return search.NewSearcher(hashMiB) }
