package lab

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
)

// The journal makes a run resumable. Every search an invocation finishes
// (one position of one series, one minimal graph, one repetition of one
// timed search, one synthetic tree) is appended to the out directory's
// journal, DIR/searches.csv, as one CSV row: a key that names the search
// (what was searched and how: the series, the depth, the position's FEN or
// the tree) and the counts it returned. A run finds the searches already
// there and searches only the others, so a run cut off (interrupted,
// killed, the machine down) continues where it stopped, and a run repeated
// searches nothing; the experiments' files are then written from the
// journal's counts as from fresh ones, so they are the same files.
//
// A row is written whole with one write and no buffer in between, so a
// stopped run leaves at most its last line torn; the next run cuts such a
// line off before it appends. A row whose counts do not read (another
// version's layout) is searched again, and a later row of the same key
// replaces an earlier one. The first line names the engine the journal was
// made with (stamp.id: the lab's signature, not the bench's): a journal of
// another engine is moved aside to searches.ENGINE.csv, not used. Two runs
// must not share a directory at the same time.

// journalName is the journal's file in the out directory.
const journalName = "searches.csv"

// journalHead starts the journal's first line; the engine follows it.
const journalHead = "# bounder lab journal: the searches of this directory, one a line; engine "

// journal is an open journal: the rows read and the file appended to.
type journal struct {
	path   string
	engine string
	mu     sync.Mutex
	f      *os.File
	rows   map[string][]string // key -> counts
	read   int                 // searches found in the file
	added  int                 // searches appended by this run
	// notes are what opening it did that the user should know (a torn line
	// cut off, another engine's journal moved aside).
	notes []string
	// afterAppend, when not nil, runs after each row is appended, with the
	// journal locked (one at a time; the tests stop a run part-way with it).
	afterAppend func()
}

// openJournal opens (or makes) dir's journal for engine.
func openJournal(dir, engine string) (*journal, error) {
	j := &journal{path: filepath.Join(dir, journalName), engine: engine, rows: map[string][]string{}}
	data, err := os.ReadFile(j.path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		data = nil
	case err != nil:
		return nil, err
	}
	if len(data) > 0 {
		if cut := bytes.LastIndexByte(data, '\n') + 1; cut < len(data) {
			// A torn last line: the run that wrote it stopped mid-row.
			if err := os.Truncate(j.path, int64(cut)); err != nil {
				return nil, err
			}
			j.notes = append(j.notes, fmt.Sprintf("%s: cut off a torn last line (%d bytes)", j.path, len(data)-cut))
			data = data[:cut]
		}
	}
	if len(data) > 0 {
		first, _, _ := bytes.Cut(data, []byte("\n"))
		was, ok := strings.CutPrefix(string(first), journalHead)
		if !ok || was != engine {
			aside := filepath.Join(dir, "searches."+fileSafe(was)+".csv")
			if !ok {
				aside = filepath.Join(dir, "searches.unknown.csv")
			}
			if err := os.Rename(j.path, aside); err != nil {
				return nil, err
			}
			j.notes = append(j.notes, fmt.Sprintf("%s was made by another engine (%s; this one is %s): moved to %s, not used",
				j.path, was, engine, aside))
			data = nil
		}
	}
	if len(data) == 0 {
		if err := os.WriteFile(j.path, []byte(journalHead+engine+"\n"), 0o644); err != nil {
			return nil, err
		}
	} else if err := j.load(data); err != nil {
		return nil, err
	}
	if j.f, err = os.OpenFile(j.path, os.O_WRONLY|os.O_APPEND, 0); err != nil {
		return nil, err
	}
	return j, nil
}

// fileSafe makes s a part of a file name: runs of anything but letters,
// digits, '.' and '-' become one '-'.
func fileSafe(s string) string {
	var b strings.Builder
	dash := false
	for _, c := range s {
		ok := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '-'
		switch {
		case ok:
			b.WriteRune(c)
			dash = false
		case !dash:
			b.WriteByte('-')
			dash = true
		}
	}
	return strings.Trim(b.String(), "-")
}

// load reads the rows of data (whole lines).
func (j *journal) load(data []byte) error {
	r := csv.NewReader(bytes.NewReader(data))
	r.Comment = '#'
	r.FieldsPerRecord = -1
	for {
		rec, err := r.Read()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return fmt.Errorf("%s: %v (a damaged journal: remove the line, or the file to search everything again)", j.path, err)
		}
		if len(rec) < 2 {
			continue
		}
		if _, seen := j.rows[rec[0]]; !seen {
			j.read++
		}
		j.rows[rec[0]] = rec[1:]
	}
}

// get returns the counts of the search key, if the journal has them.
func (j *journal) get(key string) ([]string, bool) {
	j.mu.Lock()
	defer j.mu.Unlock()
	c, ok := j.rows[key]
	return c, ok
}

// count is the number of rows whose key starts with prefix.
func (j *journal) count(prefix string) int {
	j.mu.Lock()
	defer j.mu.Unlock()
	n := 0
	for k := range j.rows {
		if strings.HasPrefix(k, prefix) {
			n++
		}
	}
	return n
}

// forget drops key's row (its counts did not read), so that the search
// is made and appended again.
func (j *journal) forget(key string) {
	j.mu.Lock()
	defer j.mu.Unlock()
	if _, ok := j.rows[key]; ok {
		delete(j.rows, key)
		j.read--
	}
}

// add appends the search key with its counts, one whole line in one write.
func (j *journal) add(key string, counts []string) error {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	w.Write(append([]string{key}, counts...))
	w.Flush()
	if err := w.Error(); err != nil {
		return err
	}
	j.mu.Lock()
	defer j.mu.Unlock()
	if _, err := j.f.Write(b.Bytes()); err != nil {
		return fmt.Errorf("%s: %v", j.path, err)
	}
	j.rows[key] = counts
	j.added++
	if j.afterAppend != nil {
		j.afterAppend()
	}
	return nil
}

func (j *journal) close() error {
	if j == nil || j.f == nil {
		return nil
	}
	return j.f.Close()
}

// The counts' cells: unsigned and signed integers, read back in order.

func appendUints(cells []string, xs ...uint64) []string {
	for _, x := range xs {
		cells = append(cells, strconv.FormatUint(x, 10))
	}
	return cells
}

func appendInts(cells []string, xs ...int) []string {
	for _, x := range xs {
		cells = append(cells, strconv.Itoa(x))
	}
	return cells
}

// cellReader reads cells in order; the first error sticks.
type cellReader struct {
	cells []string
	err   error
}

var errCells = errors.New("the journal's row does not read")

func (c *cellReader) next() string {
	if c.err != nil {
		return ""
	}
	if len(c.cells) == 0 {
		c.err = errCells
		return ""
	}
	s := c.cells[0]
	c.cells = c.cells[1:]
	return s
}

func (c *cellReader) uint() uint64 {
	s := c.next()
	if c.err != nil {
		return 0
	}
	v, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		c.err = errCells
	}
	return v
}

func (c *cellReader) int() int {
	s := c.next()
	if c.err != nil {
		return 0
	}
	v, err := strconv.Atoi(s)
	if err != nil {
		c.err = errCells
	}
	return v
}

// done is the reader's error, or errCells when cells are left over.
func (c *cellReader) done() error {
	if c.err == nil && len(c.cells) > 0 {
		c.err = errCells
	}
	return c.err
}
