package protocol

// This file is the client side: a provider run as a process, started on
// first need, asked one request at a time, and started again after it
// failed. Every way a process can fail (not found, exits, writes what is
// not a framed JSON-RPC message, answers too late) is an *Error with code
// provider-failed that says which; the caller never waits longer than the
// timeout and never crashes with the provider.

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"time"
)

// CodeProviderFailed is the code of a request the provider process could
// not answer: it did not start, exited, broke the protocol or timed out.
const CodeProviderFailed = "provider-failed"

// DefaultTimeout bounds each request when Client.Timeout is zero.
const DefaultTimeout = 30 * time.Second

// A Client runs a provider process and asks it requests. It is safe for
// concurrent use; requests are sent one at a time.
type Client struct {
	// Command is the program and its arguments; Dir its working
	// directory (empty: the caller's).
	Command []string
	Dir     string
	// Timeout bounds each request, initialize included.
	Timeout time.Duration

	mu   sync.Mutex
	proc *process
	info InitializeResult
}

// A process is one run of the provider.
type process struct {
	cmd    *exec.Cmd
	in     io.WriteCloser
	frames chan frame
	stderr *tail
	exited chan struct{}
	out    *os.File
	// done is closed when the client stops the process: the reader
	// then drops what it still reads.
	done chan struct{}
	next int
}

// A frame is one message read from the process, or why none could be.
type frame struct {
	body []byte
	err  error
}

// Initialize returns what the provider said of itself at its last start
// (zero before it started).
func (c *Client) Initialize() InitializeResult {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.info
}

// Check asks check.
func (c *Client) Check(p ProgramParams) (*CheckResult, error) {
	var r CheckResult
	return &r, c.Call(MethodCheck, p, &r)
}

// Compile asks compile.
func (c *Client) Compile(p ProgramParams) (*CompileResult, error) {
	var r CompileResult
	return &r, c.Call(MethodCompile, p, &r)
}

// SourceIdentity asks sourceIdentity.
func (c *Client) SourceIdentity(p SourceIdentityParams) (*SourceIdentityResult, error) {
	var r SourceIdentityResult
	return &r, c.Call(MethodSourceIdentity, p, &r)
}

// ValidateEdit asks validateEdit.
func (c *Client) ValidateEdit(p ValidateEditParams) (*ValidateEditResult, error) {
	var r ValidateEditResult
	return &r, c.Call(MethodValidateEdit, p, &r)
}

// Call sends one request and decodes its result, starting the process
// (and initializing it) when none runs. A process that failed is
// stopped; the next call starts a new one.
func (c *Client) Call(method string, params, result any) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.proc == nil {
		if err := c.start(); err != nil {
			return err
		}
	}
	err := c.call(method, params, result)
	var pe *Error
	if errors.As(err, &pe) && pe.Code == CodeProviderFailed {
		c.stop()
	}
	return err
}

// Close ends the process: shutdown and exit, then a kill if it lingers.
func (c *Client) Close() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.proc == nil {
		return
	}
	c.call(MethodShutdown, nil, nil)
	c.notify(MethodExit)
	select {
	case <-c.proc.exited:
	case <-time.After(time.Second):
	}
	c.stop()
}

func (c *Client) name() string { return strings.Join(c.Command, " ") }

func (c *Client) timeout() time.Duration {
	if c.Timeout > 0 {
		return c.Timeout
	}
	return DefaultTimeout
}

func (c *Client) failed(format string, args ...any) *Error {
	return &Error{Code: CodeProviderFailed, Message: fmt.Sprintf("provider %q: ", c.name()) + fmt.Sprintf(format, args...)}
}

// start runs the process and initializes it.
func (c *Client) start() error {
	if len(c.Command) == 0 {
		return c.failed("no command")
	}
	cmd := exec.Command(c.Command[0], c.Command[1:]...)
	cmd.Dir = c.Dir
	in, err := cmd.StdinPipe()
	if err != nil {
		return c.failed("%v", err)
	}
	// A pipe of our own, not StdoutPipe: Wait closes that one when the
	// process exits, which can cut a read of its last answer short.
	out, w, err := os.Pipe()
	if err != nil {
		return c.failed("%v", err)
	}
	cmd.Stdout = w
	p := &process{cmd: cmd, in: in, frames: make(chan frame, 1), stderr: &tail{}, exited: make(chan struct{}), done: make(chan struct{})}
	cmd.Stderr = p.stderr
	err = cmd.Start()
	w.Close()
	if err != nil {
		out.Close()
		in.Close()
		return c.failed("cannot start: %v", err)
	}
	p.out = out
	go func() {
		r := bufio.NewReader(out)
		for {
			body, err := readFrame(r)
			select {
			case p.frames <- frame{body, err}:
			case <-p.done:
				return
			}
			if err != nil {
				return
			}
		}
	}()
	go func() {
		cmd.Wait()
		close(p.exited)
	}()
	c.proc = p
	var info InitializeResult
	if err := c.call(MethodInitialize, InitializeParams{Protocol: Version}, &info); err != nil {
		c.stop()
		return err
	}
	if info.Protocol != Version {
		c.stop()
		return c.failed("initialize answered protocol %q, not %s", info.Protocol, Version)
	}
	c.info = info
	return nil
}

// stop kills the process and forgets it.
func (c *Client) stop() {
	if c.proc == nil {
		return
	}
	close(c.proc.done)
	c.proc.in.Close()
	c.proc.out.Close()
	c.proc.cmd.Process.Kill()
	c.proc = nil
}

func (c *Client) notify(method string) {
	msg, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "method": method})
	c.proc.write(msg)
}

// call sends a request to the running process and waits for its answer.
func (c *Client) call(method string, params, result any) error {
	p := c.proc
	p.next++
	id := p.next
	req := map[string]any{"jsonrpc": "2.0", "id": id, "method": method}
	if params != nil {
		req["params"] = params
	}
	msg, err := json.Marshal(req)
	if err != nil {
		return &Error{Code: "internal-error", Message: err.Error()}
	}
	if err := p.write(msg); err != nil {
		return c.writeFailed(method, err)
	}
	deadline := time.After(c.timeout())
	for {
		select {
		case f := <-p.frames:
			if f.err != nil {
				if errors.Is(f.err, io.EOF) || errors.Is(f.err, io.ErrUnexpectedEOF) || errors.Is(f.err, os.ErrClosed) {
					return c.exitError(method, f.err)
				}
				return c.failed("%s: its output is not a wright-provider/1 message: %v%s", method, f.err, p.stderr.say())
			}
			var resp struct {
				ID     *json.RawMessage `json:"id"`
				Method string           `json:"method"`
				Result json.RawMessage  `json:"result"`
				Error  *struct {
					Code    int             `json:"code"`
					Message string          `json:"message"`
					Data    json.RawMessage `json:"data"`
				} `json:"error"`
			}
			if err := json.Unmarshal(f.body, &resp); err != nil {
				return c.failed("%s: its answer is not JSON: %v%s", method, err, p.stderr.say())
			}
			if resp.ID == nil {
				continue // a notification: providers send none we read
			}
			if string(*resp.ID) != strconv.Itoa(id) {
				return c.failed("%s: it answered request %s, not %d", method, *resp.ID, id)
			}
			if resp.Error != nil {
				var data struct {
					Code string `json:"code"`
				}
				json.Unmarshal(resp.Error.Data, &data)
				if data.Code == "" {
					data.Code = "provider-error"
				}
				return &Error{Code: data.Code, Message: resp.Error.Message}
			}
			if result == nil {
				return nil
			}
			if err := json.Unmarshal(resp.Result, result); err != nil {
				return c.failed("%s: its result does not read: %v", method, err)
			}
			return nil
		case <-deadline:
			return c.failed("%s: no answer within %s (the process is stopped; the next request starts it again)", method, c.timeout())
		}
	}
}

// writeFailed says why a request could not be written: the process ended
// (or closed its input). What it wrote before decides, once it has ended:
// output that is no message is reported as such, as when the write went
// through first, so that the answer does not depend on when the process
// ended (a shell that prints a greeting and exits); otherwise the exit.
func (c *Client) writeFailed(method string, err error) *Error {
	p := c.proc
	select {
	case <-p.exited:
	case <-time.After(time.Second):
		return c.exitError(method, err)
	}
	// Its output is closed: the reader has a frame, an error or the end.
	select {
	case f := <-p.frames:
		if f.err != nil && !errors.Is(f.err, io.EOF) && !errors.Is(f.err, io.ErrUnexpectedEOF) && !errors.Is(f.err, os.ErrClosed) {
			return c.failed("%s: its output is not a wright-provider/1 message: %v%s", method, f.err, p.stderr.say())
		}
	case <-time.After(time.Second):
	}
	return c.exitError(method, err)
}

// exitError says the process ended, with its status and the last lines
// it logged.
func (c *Client) exitError(method string, err error) *Error {
	p := c.proc
	select {
	case <-p.exited:
	case <-time.After(time.Second):
	}
	status := "it closed its output"
	if st := p.cmd.ProcessState; st != nil {
		status = "it exited (" + st.String() + ")"
	}
	return c.failed("%s: %s before answering%s", method, status, p.stderr.say())
}

func (p *process) write(msg []byte) error {
	var b bytes.Buffer
	fmt.Fprintf(&b, "Content-Length: %d\r\n\r\n", len(msg))
	b.Write(msg)
	_, err := p.in.Write(b.Bytes())
	return err
}

// maxFrame bounds a message read from a provider (a compile of a large
// program is a few megabytes).
const maxFrame = 256 << 20

// readFrame reads one Content-Length framed message.
func readFrame(r *bufio.Reader) ([]byte, error) {
	n := -1
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			if line == "" && n < 0 {
				return nil, err
			}
			return nil, io.ErrUnexpectedEOF
		}
		line = strings.TrimRight(line, "\r\n")
		if line == "" {
			break
		}
		name, value, ok := strings.Cut(line, ":")
		if !ok {
			return nil, fmt.Errorf("header line %q is not NAME: VALUE", clip(line))
		}
		if strings.EqualFold(strings.TrimSpace(name), "Content-Length") {
			v, err := strconv.Atoi(strings.TrimSpace(value))
			if err != nil || v < 0 || v > maxFrame {
				return nil, fmt.Errorf("bad Content-Length %q", clip(value))
			}
			n = v
		}
	}
	if n < 0 {
		return nil, errors.New("a message without Content-Length")
	}
	body := make([]byte, n)
	if _, err := io.ReadFull(r, body); err != nil {
		return nil, io.ErrUnexpectedEOF
	}
	return body, nil
}

func clip(s string) string {
	if len(s) > 60 {
		return s[:60] + "…"
	}
	return s
}

// tail keeps the last lines a process wrote to standard error.
type tail struct {
	mu  sync.Mutex
	buf []byte
}

func (t *tail) Write(b []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, b...)
	if len(t.buf) > 4096 {
		t.buf = t.buf[len(t.buf)-4096:]
	}
	return len(b), nil
}

// say is the log's last line, as the end of a message ("" when none).
func (t *tail) say() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	s := strings.TrimSpace(string(t.buf))
	if s == "" {
		return ""
	}
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		s = s[i+1:]
	}
	return "; its log ends: " + clip(s)
}
