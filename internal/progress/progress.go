package progress

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"
)

// Contract names the version of the stream.
const Contract = "wright-stream/v1"

// The events of a stage.
const (
	StageStart       = "stage-start"
	StageUpdate      = "stage-update"
	StageComplete    = "stage-complete"
	PipelineComplete = "pipeline-complete"
)

// Event is a progress event.
type Event struct {
	Type     string `json:"type"`
	Contract string `json:"contract"`
	Stage    string `json:"stage"`
	Event    string `json:"event"`
	// Progress is a whole percentage, 0 to 100, that never decreases.
	Progress int    `json:"progress"`
	Message  string `json:"message"`
	// Timestamp is Unix time in milliseconds.
	Timestamp int64 `json:"timestamp"`
}

// Result is the final event: the command, its verdict and exit code, and
// its usual JSON answer, one per program (what --format json prints, one
// per line), or the refusal that stopped it.
type Result struct {
	Type     string            `json:"type"`
	Contract string            `json:"contract"`
	Command  string            `json:"command"`
	Verdict  string            `json:"verdict"`
	Exit     int               `json:"exit"`
	Results  []json.RawMessage `json:"results"`
	Error    *Refusal          `json:"error,omitempty"`
}

// Refusal is why a streamed command stopped before it had results for
// every input.
type Refusal struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

// A Reporter reports one command's progress.
type Reporter struct {
	mu     sync.Mutex
	stream io.Writer
	bar    io.Writer
	start  time.Time
	delay  time.Duration
	last   int
	drawn  bool
	err    error
}

// DefaultDelay is how long a command runs before its bar is drawn.
const DefaultDelay = 300 * time.Millisecond

// New returns a reporter writing events to stream (nil: no stream) and
// a bar to bar (nil: no bar; pass a terminal only).
func New(stream, bar io.Writer) *Reporter {
	delay := DefaultDelay
	if d, err := time.ParseDuration(os.Getenv("WRIGHT_PROGRESS_DELAY")); err == nil && d >= 0 {
		delay = d
	}
	return &Reporter{stream: stream, bar: bar, start: time.Now(), delay: delay}
}

// Streaming reports whether the reporter writes a stream.
func (r *Reporter) Streaming() bool { return r != nil && r.stream != nil }

// Report reports an event of stage at pct percent.
func (r *Reporter) Report(stage, event string, pct int, message string) {
	if r == nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	pct = min(max(pct, r.last, 0), 100)
	r.last = pct
	if r.stream != nil {
		r.write(Event{Type: "progress", Contract: Contract, Stage: stage, Event: event, Progress: pct,
			Message: message, Timestamp: time.Now().UnixMilli()})
	}
	if r.bar != nil && time.Since(r.start) >= r.delay {
		r.draw(pct, message)
	}
}

// Of is the percentage of done steps of total, scaled into [from, to].
func Of(done, total, from, to int) int {
	if total <= 0 {
		return to
	}
	return from + (to-from)*done/total
}

// Finish erases the bar, if one was drawn, and writes the result event
// on the stream: reports 100 percent first, so that the result is the
// last line. It returns the first error writing the stream met.
func (r *Reporter) Finish(res *Result) error {
	if r == nil {
		return nil
	}
	if r.stream != nil {
		r.Report("complete", PipelineComplete, 100, fmt.Sprintf("%s: %s", res.Command, res.Verdict))
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.erase()
	if r.stream != nil {
		res.Type, res.Contract = "result", Contract
		if res.Results == nil {
			res.Results = []json.RawMessage{}
		}
		r.write(res)
	}
	return r.err
}

// Erase erases the bar, before the command prints something else on
// the terminal.
func (r *Reporter) Erase() {
	if r == nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.erase()
}

// write writes one line of the stream. The results are embedded as the
// service wrote them: <, > and & are not escaped again.
func (r *Reporter) write(v any) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	err := enc.Encode(v)
	if err == nil {
		_, err = r.stream.Write(b.Bytes())
	}
	if err != nil && r.err == nil {
		r.err = err
	}
}

// barWidth is the width of the bar itself; the line is at most
// lineWidth characters, so that it fits an 80-column terminal.
const (
	barWidth  = 24
	lineWidth = 79
)

func (r *Reporter) draw(pct int, message string) {
	filled := barWidth * pct / 100
	line := fmt.Sprintf("[%s%s] %3d%% %s", strings.Repeat("#", filled), strings.Repeat(" ", barWidth-filled), pct, message)
	if runes := []rune(line); len(runes) > lineWidth {
		line = string(runes[:lineWidth-1]) + "…"
	}
	// Return to the line's start and clear it, then draw.
	fmt.Fprintf(r.bar, "\r\x1b[K%s", line)
	r.drawn = true
}

func (r *Reporter) erase() {
	if r.drawn {
		fmt.Fprint(r.bar, "\r\x1b[K")
		r.drawn = false
	}
}
