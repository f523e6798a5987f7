package lsp_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/wright-lsp/wright-lsp/lsp"
)

// TestNoDeadlockUnderInterleaving drives every path that takes the
// server's locks at once: configuration changes and watched-file events
// for the lint policy (both applied on the read loop), agent requests
// (wright/request and workspace/executeCommand), edits and reads. Each
// round waits for its requests with a deadline, so a deadlock fails the
// test with the goroutines that hold it instead of hanging the suite;
// once everything has answered, no goroutine may be left waiting on one
// of the server's locks.
func TestNoDeadlockUnderInterleaving(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "a.ow")
	if err := os.WriteFile(path, []byte(small), 0o644); err != nil {
		t.Fatal(err)
	}
	policy := filepath.Join(dir, ".wright.yaml")
	if err := os.WriteFile(policy, []byte("failOn: warning\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	uri := pathURI(path)
	c := startClient(t, lsp.Options{Version: "test", Debounce: time.Millisecond})
	c.initialize(dir, map[string]any{"workspace": map[string]any{"configuration": true, "didChangeWatchedFiles": map[string]any{"dynamicRegistration": true}}})
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "languageId": "workshop", "version": 1, "text": small}})

	// Publications are drained as they come so the client never stops
	// reading.
	stopDrain := make(chan struct{})
	drained := make(chan struct{})
	go func() {
		defer close(drained)
		for {
			select {
			case <-c.published:
			case <-stopDrain:
				return
			}
		}
	}()

	// Requests are pipelined (up to 32 in flight) between the
	// notifications, so a request's session lookup races the read loop's
	// configuration change as it does in an editor. The client's sends
	// run on their own goroutine: a deadlocked server stops reading, and
	// the watchdog below must still see it.
	const rounds = 3000
	var wg sync.WaitGroup
	var answered atomic.Int64
	inFlight := make(chan struct{}, 32)
	errs := make(chan error, rounds*3)
	request := func(i int, method string, params any) {
		inFlight <- struct{}{}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() { <-inFlight }()
			var raw json.RawMessage
			if err := c.conn.Call(context.Background(), method, params, &raw); err != nil {
				errs <- fmt.Errorf("round %d: %s: %w", i, method, err)
			}
			answered.Add(1)
		}()
	}
	notify := func(method string, params any) {
		if err := c.conn.Notify(context.Background(), method, params); err != nil {
			errs <- err
		}
	}
	sent := make(chan struct{})
	go func() {
		defer close(sent)
		version := 1
		for i := range rounds {
			switch i % 4 {
			case 0:
				request(i, "wright/request", map[string]any{"op": "capabilities"})
				notify("workspace/didChangeConfiguration", map[string]any{"settings": map[string]any{"wright": map[string]any{"disabledRules": []string{}}}})
			case 1:
				request(i, "workspace/executeCommand", map[string]any{"command": "wright.request", "arguments": []any{map[string]any{"op": "symbols", "document": path}}})
				notify("workspace/didChangeWatchedFiles", map[string]any{"changes": []any{map[string]any{"uri": pathURI(policy), "type": 2}}})
			case 2:
				version++
				notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": uri, "version": version},
					"contentChanges": []any{map[string]any{"range": map[string]any{"start": map[string]int{"line": 0, "character": 0}, "end": map[string]int{"line": 0, "character": 0}}, "text": ""}}})
				request(i, "textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": map[string]int{"line": 15, "character": 4}})
			case 3:
				request(i, "wright/request", map[string]any{"op": "capabilities"})
				notify("workspace/didChangeWatchedFiles", map[string]any{"changes": []any{map[string]any{"uri": pathURI(policy), "type": 2}}})
			}
		}
		wg.Wait()
	}()
	// The watchdog: every request is answered, and no 20 s pass without
	// an answer.
	last, lastChange := int64(-1), time.Now()
	for done := false; !done; {
		select {
		case <-sent:
			done = true
		case <-time.After(100 * time.Millisecond):
			if n := answered.Load(); n != last {
				last, lastChange = n, time.Now()
			} else if time.Since(lastChange) > 20*time.Second {
				dump := goroutines()
				c.pipe.Close() // the client's pending writes fail instead of hanging the cleanup
				t.Fatalf("deadlock: no answer for 20 s after %d answers; goroutines:\n%s", n, dump)
			}
		}
	}
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	close(stopDrain)
	<-drained

	// Nothing of the server stays blocked on a lock once all is answered
	// (publications still in flight finish within the grace period).
	grace := time.Now().Add(5 * time.Second)
	for {
		blocked := blockedOnLocks(goroutines())
		if len(blocked) == 0 {
			break
		}
		if time.Now().After(grace) {
			t.Fatalf("goroutines still blocked on the server's locks:\n%s", strings.Join(blocked, "\n\n"))
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func goroutines() string {
	buf := make([]byte, 1<<22)
	return string(buf[:runtime.Stack(buf, true)])
}

var lockWait = regexp.MustCompile(`^goroutine \d+ \[(sync\.Mutex\.Lock|sync\.RWMutex\.R?Lock|semacquire)`)

// blockedOnLocks returns the stacks of goroutines waiting on a mutex
// inside the lsp package.
func blockedOnLocks(dump string) []string {
	var out []string
	for _, g := range strings.Split(dump, "\n\n") {
		if lockWait.MatchString(g) && strings.Contains(g, "wright-lsp/lsp.") {
			out = append(out, g)
		}
	}
	return out
}
