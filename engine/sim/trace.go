package sim

// This file writes the trace (owsim-trace/1, semantics.md §4.2) as
// canonical JSON, one event per line, keys in the order the format
// fixes. Events are appended as bytes as they happen: no map is ever
// iterated, and nothing is buffered but the text.

import (
	"strconv"
)

// TraceFormat is the format tag of a trace.
const TraceFormat = "owsim-trace/1"

// TickMs is the length of a tick in milliseconds (62.5 Hz).
const TickMs = 16

// tracer collects the event lines in chunks, so that a long trace is
// never copied as it grows, only once when it is done.
type tracer struct {
	buf    []byte
	chunks [][]byte
	size   int // bytes in chunks
	n      int
}

const chunkSize = 1 << 20

// begin opens an event line.
func (t *tracer) begin(tick int, ev string) {
	if len(t.buf) >= chunkSize {
		t.chunks = append(t.chunks, t.buf)
		t.size += len(t.buf)
		t.buf = make([]byte, 0, chunkSize+chunkSize/4)
	}
	if t.n > 0 {
		t.buf = append(t.buf, ",\n"...)
	}
	t.n++
	t.buf = append(t.buf, `{"tick":`...)
	t.buf = strconv.AppendInt(t.buf, int64(tick), 10)
	t.buf = append(t.buf, `,"ev":"`...)
	t.buf = append(t.buf, ev...)
	t.buf = append(t.buf, '"')
}

func (t *tracer) key(k string) {
	t.buf = append(t.buf, ',', '"')
	t.buf = append(t.buf, k...)
	t.buf = append(t.buf, '"', ':')
}

func (t *tracer) str(k, v string) {
	t.key(k)
	t.buf = appendString(t.buf, v)
}

func (t *tracer) int(k string, v int) {
	t.key(k)
	t.buf = strconv.AppendInt(t.buf, int64(v), 10)
}

func (t *tracer) num(k string, v float64) {
	t.key(k)
	t.buf = appendNumber(t.buf, v)
}

func (t *tracer) bool(k string, v bool) {
	t.key(k)
	t.buf = strconv.AppendBool(t.buf, v)
}

func (t *tracer) val(k string, v Value) {
	t.key(k)
	t.buf = appendValue(t.buf, v)
}

func (t *tracer) strs(k string, v []string) {
	t.key(k)
	t.buf = append(t.buf, '[')
	for i, s := range v {
		if i > 0 {
			t.buf = append(t.buf, ',')
		}
		t.buf = appendString(t.buf, s)
	}
	t.buf = append(t.buf, ']')
}

func (t *tracer) vals(k string, v []Value) {
	t.key(k)
	t.buf = append(t.buf, '[')
	for i, x := range v {
		if i > 0 {
			t.buf = append(t.buf, ',')
		}
		t.buf = appendValue(t.buf, x)
	}
	t.buf = append(t.buf, ']')
}

func (t *tracer) end() { t.buf = append(t.buf, '}') }

// len returns the bytes written so far.
func (t *tracer) len() int { return t.size + len(t.buf) }

// appendTo appends every line written to b.
func (t *tracer) appendTo(b []byte) []byte {
	for _, c := range t.chunks {
		b = append(b, c...)
	}
	return append(b, t.buf...)
}

// header returns the first line of the trace.
func header(ticks int, verbosity string) []byte {
	b := []byte(`{"format":"` + TraceFormat + `","tickMs":16,"ticks":`)
	b = strconv.AppendInt(b, int64(ticks), 10)
	b = append(b, `,"verbosity":`...)
	b = appendString(b, verbosity)
	return append(b, `,"events":[`...)
}

// Release names this simulator's release: capabilities reports it as
// athena_version. Its major version changes with the trace format.
const Release = "wright-sim/1.0.0"
