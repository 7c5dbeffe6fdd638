// Package usage prints the help of Bounder's subcommands in their common
// layout, so that "bounder X --help" reads the same for every X:
//
//	usage: bounder X ARGS [flags]
//
//	One paragraph: what the command does, its input and output, its exit
//	statuses.
//
//	Flags:
//	  --name VALUE   what the flag does (default 10)
//
// The flag list is made from the command's flag.FlagSet, so it cannot
// drift from the flags the command accepts. A flag's usage string may name
// its value in backquotes ("tuning data `FILE`"); otherwise the value is
// named by its type (N, X, S, D).
package usage

import (
	"flag"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// width is the column at which help text is wrapped (in runes: the
// descriptions use "·" and "²").
const width = 79

// Print writes head (the usage line and the paragraph, as written) and,
// when fs has flags, a blank line and the flag list.
func Print(w io.Writer, head string, fs *flag.FlagSet) {
	io.WriteString(w, strings.TrimRight(head, "\n")+"\n")
	n := 0
	fs.VisitAll(func(*flag.Flag) { n++ })
	if n == 0 {
		return
	}
	io.WriteString(w, "\nFlags:\n")
	Flags(w, fs)
}

// Flags writes one entry per flag of fs, in name order:
// "  --name VALUE" and the description, aligned and wrapped.
func Flags(w io.Writer, fs *flag.FlagSet) {
	type entry struct{ left, text string }
	var entries []entry
	col := 0
	fs.VisitAll(func(f *flag.Flag) {
		name, text := flag.UnquoteUsage(f)
		left := "  --" + f.Name
		if !isBool(f) {
			left += " " + valueName(name)
		}
		if d := f.DefValue; d != "" && d != "0" && d != "false" && d != "0s" && !isBool(f) || isBool(f) && d == "true" {
			text += fmt.Sprintf(" (default %s)", d)
		}
		entries = append(entries, entry{left, text})
		col = max(col, utf8.RuneCountInString(left))
	})
	col = min(col, 24) + 2
	for _, e := range entries {
		line := e.left
		if utf8.RuneCountInString(line)+2 > col {
			// A long flag name: its description starts on the next line.
			io.WriteString(w, line+"\n")
			line = ""
		}
		line += strings.Repeat(" ", col-utf8.RuneCountInString(line))
		for i, word := range strings.Fields(e.text) {
			if i > 0 && utf8.RuneCountInString(line)+1+utf8.RuneCountInString(word) > width {
				io.WriteString(w, line+"\n")
				line = strings.Repeat(" ", col)
			} else if i > 0 {
				line += " "
			}
			line += word
		}
		io.WriteString(w, line+"\n")
	}
}

func isBool(f *flag.Flag) bool {
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

// valueName turns flag.UnquoteUsage's type names into short placeholders;
// a name given in backquotes is kept.
func valueName(name string) string {
	switch name {
	case "int", "uint":
		return "N"
	case "float":
		return "X"
	case "string", "value":
		return "S"
	case "duration":
		return "D"
	}
	return name
}
