// Command gen writes the default opening book (book/default.bin) from the
// ECO table of github.com/notnil/chess/opening with book.BuildDefault. The
// output depends only on that table and Bounder's code, so running it again
// gives the same bytes (a test in package book checks the embedded copy).
//
//	go generate ./book   (runs: go run ./gen -out default.bin)
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/bounder-chess/bounder/book"
)

func main() {
	out := flag.String("out", "default.bin", "file to write")
	flag.Parse()
	es, err := book.BuildDefault()
	if err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
	if err := os.WriteFile(*out, book.MarshalEntries(es), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
	fmt.Printf("gen: wrote %s: %d entries, %d bytes\n", *out, len(es), len(es)*book.EntrySize)
}
