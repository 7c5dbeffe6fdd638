package trainset

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
)

// Repair opens path for appending records, creating it if need be. A file
// whose length is not a whole number of records ends in a record torn by a
// crash: Repair cuts that tail off (and says how many bytes it dropped), so
// that what follows starts on a record boundary. It returns the file, the
// number of whole records it holds and the bytes dropped.
func Repair(path string) (f *os.File, records int64, dropped int64, err error) {
	f, err = os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, 0, 0, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, 0, 0, err
	}
	n := st.Size()
	whole := n / Size * Size
	if whole != n {
		if err := f.Truncate(whole); err != nil {
			f.Close()
			return nil, 0, 0, err
		}
	}
	if _, err := f.Seek(whole, io.SeekStart); err != nil {
		f.Close()
		return nil, 0, 0, err
	}
	return f, whole / Size, n - whole, nil
}

// Write writes records with one call, so that a game's records reach the
// file together.
func Write(w io.Writer, recs []Record) error {
	if len(recs) == 0 {
		return nil
	}
	buf := make([]byte, 0, len(recs)*Size)
	for i := range recs {
		buf = append(buf, recs[i][:]...)
	}
	_, err := w.Write(buf)
	return err
}

// Reader reads records one by one, validating each.
type Reader struct {
	r    *bufio.Reader
	name string
	n    int64 // records read
}

// NewReader reads records from r; name is used in errors.
func NewReader(r io.Reader, name string) *Reader {
	return &Reader{r: bufio.NewReaderSize(r, 1<<16), name: name}
}

// ErrCorrupt is wrapped by the errors of records that fail Validate and of
// a file that ends inside a record.
var ErrCorrupt = errors.New("corrupt training data")

// Next reads the next record into rec. It returns io.EOF at the end of the
// data, and an error wrapping ErrCorrupt that names the record (counted
// from 0) when a record is invalid or cut short.
func (r *Reader) Next(rec *Record) error {
	n, err := io.ReadFull(r.r, rec[:])
	switch {
	case err == io.EOF:
		return io.EOF
	case err == io.ErrUnexpectedEOF:
		return fmt.Errorf("%s: record %d: %w: cut short after %d of %d bytes", r.name, r.n, ErrCorrupt, n, Size)
	case err != nil:
		return fmt.Errorf("%s: %w", r.name, err)
	}
	if err := rec.Validate(); err != nil {
		return fmt.Errorf("%s: record %d: %w: %v", r.name, r.n, ErrCorrupt, err)
	}
	r.n++
	return nil
}

// Count is the number of records read so far.
func (r *Reader) Count() int64 { return r.n }

// ReadFile reads every record of a file.
func ReadFile(path string) ([]Record, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var recs []Record
	if st, err := f.Stat(); err == nil {
		recs = make([]Record, 0, st.Size()/Size)
	}
	rd := NewReader(f, path)
	for {
		var rec Record
		err := rd.Next(&rec)
		if err == io.EOF {
			return recs, nil
		}
		if err != nil {
			return nil, err
		}
		recs = append(recs, rec)
	}
}
