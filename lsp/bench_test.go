package lsp_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/wright-lsp/wright-lsp/lsp"
)

func corpus(b testing.TB, name string) string {
	data, err := os.ReadFile(filepath.Join("..", "..", "shared", "corpus", "workshop", "game-exports", name))
	if err != nil {
		b.Fatalf("the shared corpus must be present: %v", err)
	}
	return string(data)
}

// openOwware starts a server with z_owware.txt, the largest game export,
// open and analysed (its diagnostics published).
func openOwware(b *testing.B) (c *client, uri, text string) {
	text = corpus(b, "z_owware.txt")
	dir := b.TempDir()
	path := filepath.Join(dir, "owware.ow")
	os.WriteFile(path, []byte(text), 0o644)
	uri = pathURI(path)
	c = startClient(b, lsp.Options{Version: "bench"})
	c.initialize(dir, map[string]any{})
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "languageId": "workshop", "version": 1, "text": text}})
	c.waitDiagnostics(uri)
	return c, uri, text
}

// BenchmarkKeystrokeToDiagnostics types one character at a time into
// the largest corpus file and measures from the didChange to the
// publication of that version's diagnostics, with the server's default
// options (no debounce): what the user waits for. It reports the median
// and the 99th percentile.
func BenchmarkKeystrokeToDiagnostics(b *testing.B) {
	c, uri, text := openOwware(b)
	// Type inside the first custom string: the program stays valid.
	at := strings.Index(text, `Custom String("`) + len(`Custom String("`)
	pos := lspPosition(text, at)
	var times []time.Duration
	version := 1
	for b.Loop() {
		version++
		c.drainPublished()
		start := time.Now()
		c.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": uri, "version": version},
			"contentChanges": []any{map[string]any{"range": map[string]any{"start": pos, "end": pos}, "text": "x"}}})
		c.waitDiagnostics(uri)
		times = append(times, time.Since(start))
	}
	slices.Sort(times)
	b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(times[min(len(times)-1, len(times)*99/100)].Microseconds())/1000, "p99-ms")
}

// BenchmarkKeystrokeToDiagnosticsOverPy does the same on the largest
// real OverPy mode, z_heatstreet.opy (370 KB): every keystroke compiles
// the program again and checks what it lowers to.
func BenchmarkKeystrokeToDiagnosticsOverPy(b *testing.B) {
	data, err := os.ReadFile(filepath.Join("..", "..", "shared", "corpus", "opy", "tests", "z_heatstreet.opy"))
	if err != nil {
		b.Fatalf("the shared corpus must be present: %v", err)
	}
	text := string(data)
	dir := b.TempDir()
	path := filepath.Join(dir, "heatstreet.opy")
	os.WriteFile(path, data, 0o644)
	uri := pathURI(path)
	c := startClient(b, lsp.Options{Version: "bench"})
	c.initialize(dir, map[string]any{})
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "languageId": "overpy", "version": 1, "text": text}})
	c.waitDiagnostics(uri)
	// Type inside a rule's name: the program stays valid.
	at := strings.Index(text, `rule "`) + len(`rule "`)
	pos := lspPosition(text, at)
	var times []time.Duration
	version := 1
	for b.Loop() {
		version++
		c.drainPublished()
		start := time.Now()
		c.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": uri, "version": version},
			"contentChanges": []any{map[string]any{"range": map[string]any{"start": pos, "end": pos}, "text": "x"}}})
		c.waitDiagnostics(uri)
		times = append(times, time.Since(start))
	}
	slices.Sort(times)
	b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(times[min(len(times)-1, len(times)*99/100)].Microseconds())/1000, "p99-ms")
}

// buildServer builds the binary once per test process.
func buildServer(b testing.TB) string {
	bin := filepath.Join(b.TempDir(), "wright-lsp")
	cmd := exec.Command("go", "build", "-o", bin, "../cmd/wright-lsp")
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		b.Fatal(err)
	}
	return bin
}

// lspProcess is the built server in a child process.
type lspProcess struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Reader
}

func startProcess(b testing.TB, bin string) *lspProcess {
	cmd := exec.Command(bin, "--stdio")
	in, _ := cmd.StdinPipe()
	out, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	return &lspProcess{cmd: cmd, in: in, out: bufio.NewReader(out)}
}

func (p *lspProcess) send(v any) {
	data, _ := json.Marshal(v)
	fmt.Fprintf(p.in, "Content-Length: %d\r\n\r\n%s", len(data), data)
}

// read returns the next message.
func (p *lspProcess) read() map[string]any {
	n := 0
	for {
		line, err := p.out.ReadString('\n')
		if err != nil {
			return nil
		}
		line = strings.TrimSpace(line)
		if line == "" {
			break
		}
		if v, ok := strings.CutPrefix(line, "Content-Length: "); ok {
			n, _ = strconv.Atoi(v)
		}
	}
	body := make([]byte, n)
	io.ReadFull(p.out, body)
	var m map[string]any
	json.Unmarshal(body, &m)
	return m
}

func (p *lspProcess) stop() {
	p.send(map[string]any{"jsonrpc": "2.0", "id": 999, "method": "shutdown"})
	p.send(map[string]any{"jsonrpc": "2.0", "method": "exit"})
	p.in.Close()
	p.cmd.Wait()
}

// BenchmarkStartToInitialize starts the server process and measures
// until its initialize result arrives.
func BenchmarkStartToInitialize(b *testing.B) {
	bin := buildServer(b)
	dir := b.TempDir()
	for b.Loop() {
		p := startProcess(b, bin)
		p.send(map[string]any{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": map[string]any{"rootUri": pathURI(dir), "capabilities": map[string]any{}}})
		if m := p.read(); m["result"] == nil {
			b.Fatalf("initialize: %v", m)
		}
		b.StopTimer()
		p.stop()
		b.StartTimer()
	}
}

// BenchmarkResidentMemoryFiveLargest opens the five largest corpus files
// in the server process, waits for their diagnostics, and reports the
// process's resident memory.
func BenchmarkResidentMemoryFiveLargest(b *testing.B) {
	bin := buildServer(b)
	names := []string{"z_owware.txt", "z_junkensteinsvictory.txt", "z_heatstreet.txt", "z_lootquest.txt", "z_1v1arena.txt"}
	for b.Loop() {
		dir := b.TempDir()
		p := startProcess(b, bin)
		p.send(map[string]any{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": map[string]any{"rootUri": pathURI(dir), "capabilities": map[string]any{}}})
		p.read()
		p.send(map[string]any{"jsonrpc": "2.0", "method": "initialized", "params": map[string]any{}})
		for i, name := range names {
			p.send(map[string]any{"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": map[string]any{"textDocument": map[string]any{
				"uri": pathURI(filepath.Join(dir, fmt.Sprintf("f%d.ow", i))), "languageId": "workshop", "version": 1, "text": corpus(b, name)}}})
		}
		for seen := 0; seen < len(names); {
			m := p.read()
			if m == nil {
				b.Fatal("the server stopped")
			}
			if m["method"] == "textDocument/publishDiagnostics" {
				seen++
			}
		}
		b.ReportMetric(float64(rss(b, p.cmd.Process.Pid))/(1<<20), "RSS-MB")
		p.stop()
	}
}

// rss reads a process's resident set size in bytes.
func rss(b testing.TB, pid int) int64 {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		b.Fatal(err)
	}
	for line := range strings.Lines(string(data)) {
		if v, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, _ := strconv.ParseInt(strings.Fields(v)[0], 10, 64)
			return kb << 10
		}
	}
	b.Fatal("no VmRSS")
	return 0
}
