package progress

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"time"
)

// TestProgressNeverDecreases reports out of order, as parallel workers
// do: the stream's progress never goes back, and the result comes last
// after 100.
func TestProgressNeverDecreases(t *testing.T) {
	var stream bytes.Buffer
	r := New(&stream, nil)
	for _, pct := range []int{1, 30, 20, 50, -5, 120, 99} {
		r.Report("check", StageUpdate, pct, "m")
	}
	if err := r.Finish(&Result{Command: "check", Verdict: "pass"}); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(stream.String()), "\n")
	var got []int
	for _, l := range lines[:len(lines)-1] {
		var e Event
		if err := json.Unmarshal([]byte(l), &e); err != nil {
			t.Fatal(err)
		}
		got = append(got, e.Progress)
	}
	want := []int{1, 30, 30, 50, 50, 100, 100, 100}
	if len(got) != len(want) {
		t.Fatalf("progress %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("progress %v, want %v", got, want)
		}
	}
	var res Result
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &res); err != nil || res.Type != "result" || res.Contract != Contract || res.Results == nil {
		t.Errorf("last line %q (%v)", lines[len(lines)-1], err)
	}
}

func TestOf(t *testing.T) {
	for _, tc := range []struct{ done, total, from, to, want int }{
		{0, 10, 1, 99, 1}, {5, 10, 1, 99, 50}, {10, 10, 1, 99, 99}, {3, 0, 1, 99, 99},
	} {
		if got := Of(tc.done, tc.total, tc.from, tc.to); got != tc.want {
			t.Errorf("Of(%d, %d, %d, %d) = %d, want %d", tc.done, tc.total, tc.from, tc.to, got, tc.want)
		}
	}
}

// TestBar: drawn once the delay has passed, within 79 columns, erased
// by Erase; never drawn while the delay has not passed.
func TestBar(t *testing.T) {
	var term bytes.Buffer
	r := New(nil, &term)
	r.delay = 0
	r.Report("lint", StageUpdate, 50, strings.Repeat("x", 200))
	line := strings.TrimPrefix(term.String(), "\r\x1b[K")
	if !strings.HasPrefix(line, "[############            ]  50% x") || len([]rune(line)) != lineWidth {
		t.Errorf("bar %q (%d characters)", line, len([]rune(line)))
	}
	r.Erase()
	if !strings.HasSuffix(term.String(), "…\r\x1b[K") {
		t.Errorf("not erased: %q", term.String())
	}
	term.Reset()
	r = New(nil, &term)
	r.delay = time.Hour
	r.Report("lint", StageUpdate, 50, "m")
	r.Erase()
	if term.Len() != 0 {
		t.Errorf("a bar before the delay: %q", term.String())
	}
	var nilReporter *Reporter
	nilReporter.Report("lint", StageStart, 0, "m") // a command without stream or terminal
	if err := nilReporter.Finish(&Result{}); err != nil {
		t.Error(err)
	}
}
