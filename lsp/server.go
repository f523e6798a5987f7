package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"runtime/debug"
	"sync"
	"time"

	"github.com/sourcegraph/jsonrpc2"
	"github.com/tliron/commonlog"

	"github.com/wright-lsp/wright-lsp/edits"
	"github.com/wright-lsp/wright-lsp/engine"
	"github.com/wright-lsp/wright-lsp/engine/lint"
)

// LSP error codes beyond JSON-RPC's own.
const (
	codeServerNotInitialized = -32002
	codeRequestCancelled     = -32800
	codeContentModified      = -32801
	codeRequestFailed        = -32803
)

// Options configure a server.
type Options struct {
	// Version is reported in the initialize result.
	Version string
	// Debounce is how long diagnostics wait for typing to pause. By
	// default (0 or negative) they do not wait: a document is analysed
	// as soon as it changes, an analysis overtaken by a newer version is
	// abandoned at its next stage, and edits made while one runs cost one
	// more analysis of the version current when it ends (publisher). A
	// fixed pause only delays what the user sees: the whole analysis of
	// the largest real script takes less than a pause would.
	Debounce time.Duration
	// Log receives the server's log; nil logs nothing.
	Log commonlog.Logger
}

// A Server is one language server connection.
type Server struct {
	opts     Options
	conn     *jsonrpc2.Conn
	connOnce sync.Once
	log      commonlog.Logger

	// mu guards the fields below it up to docs, the agent sessions
	// included. Lock order: while holding mu the server may take the
	// store's and the publisher's locks, never the reverse, and nothing
	// holding mu waits on a request or on the client.
	mu          sync.Mutex
	initialized bool
	shutdown    bool
	exited      chan struct{}
	exitOnce    sync.Once
	enc         edits.Encoding
	client      clientCapabilities
	roots       []string
	config      config
	lintConfig  *lint.Config
	engineOpts  engine.Options
	cancels     map[string]context.CancelFunc
	// agents holds one agent session per program entry path.
	agents agentSessions

	docs  *store
	diags *publisher
	// traces are the Simulate lenses' documents (simulate.go).
	traces traceStore
	// semantic holds each document's last semantic tokens, the base of a
	// delta (semantic_delta.go).
	semantic semanticResults
	// out is the stream to the client: answers are framed onto it
	// directly (reply).
	out *stream
	// pulls remembers the answers of a client that pulls diagnostics
	// (pulldiag.go).
	pulls pullState

	// ctx ends when the connection does: work on the server's own
	// goroutines (indexing) stops then, and Serve waits for it.
	ctx        context.Context
	background sync.WaitGroup
	// indexDone is closed when the workspace's first indexing ends; nil
	// before it starts (guarded by mu).
	indexDone chan struct{}
}

// Serve runs a server over rwc until the client sends exit or closes the
// stream. It reports whether shutdown preceded the end (LSP's exit code
// is 0 then, 1 otherwise).
func Serve(ctx context.Context, rwc io.ReadWriteCloser, opts Options) (cleanShutdown bool, err error) {
	opts.Debounce = max(opts.Debounce, 0)
	s := &Server{opts: opts, log: opts.Log, exited: make(chan struct{}), cancels: map[string]context.CancelFunc{},
		lintConfig: &lint.Config{}}
	if s.log == nil {
		s.log = commonlog.MOCK_LOGGER
	}
	s.docs = newStore()
	s.diags = newPublisher(s)
	s.pulls.interval = 50 * time.Millisecond
	s.agents = agentSessions{}
	var stopBackground context.CancelFunc
	s.ctx, stopBackground = context.WithCancel(ctx)
	defer s.background.Wait()
	defer stopBackground()
	st := newStream(rwc)
	st.logf = s.log.Errorf
	s.out = st
	conn := jsonrpc2.NewConn(ctx, st, s)
	select {
	case <-conn.DisconnectNotify():
	case <-s.exited:
		conn.Close()
	}
	s.diags.stop()
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.shutdown, nil
}

// A method answers one request or notification. It runs with the
// server's state unlocked.
type method func(ctx context.Context, s *Server, params json.RawMessage) (any, error)

// Handle dispatches one message. It runs in the connection's read loop:
// notifications that change documents are applied here, in arrival
// order; requests run on their own goroutine with a cancellable context,
// so that a slow request never blocks the next message.
func (s *Server) Handle(ctx context.Context, conn *jsonrpc2.Conn, req *jsonrpc2.Request) {
	// The connection starts reading before NewConn returns: take it from
	// the first message, so every later goroutine sees it.
	s.connOnce.Do(func() { s.conn = conn })
	params := json.RawMessage("null")
	if req.Params != nil {
		params = *req.Params
	}
	if req.Method == "$/cancelRequest" {
		s.cancel(params)
		return
	}
	if req.Method == "exit" {
		s.exitOnce.Do(func() { close(s.exited) })
		return
	}
	s.mu.Lock()
	initialized, shutdown := s.initialized, s.shutdown
	s.mu.Unlock()
	m, known := methods[req.Method]
	switch {
	case req.Notif:
		if !initialized || shutdown {
			return // notifications before initialize or after shutdown are dropped (LSP)
		}
		if !known {
			return // unknown notifications ($/…) are ignored
		}
		s.protect(req.Method, func() { m(ctx, s, params) })
		return
	case !initialized && req.Method != "initialize":
		s.replyError(conn, req.ID, codeServerNotInitialized, "the server is not initialized: send initialize first")
		return
	case shutdown:
		s.replyError(conn, req.ID, jsonrpc2.CodeInvalidRequest, "the server is shutting down: only exit is accepted")
		return
	case !known:
		s.replyError(conn, req.ID, jsonrpc2.CodeMethodNotFound, fmt.Sprintf("method not found: %s", req.Method))
		return
	case req.Method == "initialize" || req.Method == "shutdown":
		// Lifecycle requests change what later messages may do: answer
		// them in order, before reading on.
		s.run(ctx, conn, req, m, params)
		return
	}
	rctx, cancel := context.WithCancel(ctx)
	key := req.ID.String()
	s.mu.Lock()
	s.cancels[key] = cancel
	s.mu.Unlock()
	go func() {
		defer func() {
			cancel()
			s.mu.Lock()
			delete(s.cancels, key)
			s.mu.Unlock()
		}()
		s.run(rctx, conn, req, m, params)
	}()
}

// run answers one request, turning a panic into an error reply.
func (s *Server) run(ctx context.Context, conn *jsonrpc2.Conn, req *jsonrpc2.Request, m method, params json.RawMessage) {
	var result any
	var err error
	func() {
		defer func() {
			if r := recover(); r != nil {
				s.log.Errorf("%s: panic: %v\n%s", req.Method, r, debug.Stack())
				err = &jsonrpc2.Error{Code: jsonrpc2.CodeInternalError, Message: fmt.Sprintf("internal error in %s: %v", req.Method, r)}
			}
		}()
		result, err = m(ctx, s, params)
	}()
	if ctx.Err() != nil && err == nil {
		err = &jsonrpc2.Error{Code: codeRequestCancelled, Message: "the request was cancelled"}
	}
	if err != nil {
		var je *jsonrpc2.Error
		if !errors.As(err, &je) {
			je = &jsonrpc2.Error{Code: codeRequestFailed, Message: err.Error()}
		}
		if ctx.Err() != nil {
			je = &jsonrpc2.Error{Code: codeRequestCancelled, Message: "the request was cancelled"}
		}
		conn.ReplyWithError(context.Background(), req.ID, je)
		return
	}
	if err := s.reply(conn, req.ID, result); err != nil {
		s.log.Errorf("%s: replying: %v", req.Method, err)
	}
}

// protect runs a notification, logging a panic instead of dying of it.
func (s *Server) protect(name string, f func()) {
	defer func() {
		if r := recover(); r != nil {
			s.log.Errorf("%s: panic: %v\n%s", name, r, debug.Stack())
		}
	}()
	f()
}

// reply writes a request's result. It is marshalled once and framed
// here: the connection's Reply marshals it, then validates and compacts
// it twice more as it wraps it in the response, which on the largest
// answers (a large file's semantic tokens) costs milliseconds. Frames are
// written whole under the stream's lock, as the connection's are.
func (s *Server) reply(conn *jsonrpc2.Conn, id jsonrpc2.ID, result any) error {
	var data []byte
	var err error
	if a, ok := result.(jsonAppender); ok {
		data = a.appendJSON(nil)
	} else {
		data, err = json.Marshal(result)
	}
	if err != nil {
		conn.ReplyWithError(context.Background(), id, &jsonrpc2.Error{Code: jsonrpc2.CodeInternalError, Message: "the answer could not be encoded: " + err.Error()})
		return err
	}
	idJSON, err := json.Marshal(id)
	if err != nil {
		return err
	}
	head := append(append([]byte(`{"id":`), idJSON...), `,"result":`...)
	return s.out.writeFrame(head, data, []byte(`,"jsonrpc":"2.0"}`))
}

// A jsonAppender is an answer that writes its own JSON, for the few
// answers so large that encoding/json's reflection shows (tokensAnswer).
type jsonAppender interface {
	appendJSON(out []byte) []byte
}

func (s *Server) replyError(conn *jsonrpc2.Conn, id jsonrpc2.ID, code int64, message string) {
	conn.ReplyWithError(context.Background(), id, &jsonrpc2.Error{Code: code, Message: message})
}

// cancel cancels the request $/cancelRequest names.
func (s *Server) cancel(params json.RawMessage) {
	var p struct {
		ID jsonrpc2.ID `json:"id"`
	}
	if json.Unmarshal(params, &p) != nil {
		return
	}
	s.mu.Lock()
	cancel := s.cancels[p.ID.String()]
	s.mu.Unlock()
	if cancel != nil {
		cancel()
	}
}

// invalidParams is the error of params that do not decode.
func invalidParams(err error) error {
	return &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidParams, Message: "invalid params: " + err.Error()}
}

// decode reads params into a new T.
func decode[T any](params json.RawMessage) (*T, error) {
	var v T
	if err := json.Unmarshal(params, &v); err != nil {
		return nil, invalidParams(err)
	}
	return &v, nil
}

// handler adapts a typed request function.
func handler[P any](f func(ctx context.Context, s *Server, p *P) (any, error)) method {
	return func(ctx context.Context, s *Server, params json.RawMessage) (any, error) {
		p, err := decode[P](params)
		if err != nil {
			return nil, err
		}
		res, err := f(ctx, s, p)
		if errors.Is(err, errOverPyFeature) || errors.Is(err, errTooLarge) {
			return nil, nil
		}
		return res, err
	}
}

// notification adapts a typed notification function.
func notification[P any](f func(s *Server, p *P)) method {
	return func(_ context.Context, s *Server, params json.RawMessage) (any, error) {
		p, err := decode[P](params)
		if err != nil {
			s.log.Warningf("dropping a notification: %v", err)
			return nil, nil
		}
		f(s, p)
		return nil, nil
	}
}

// methods maps LSP methods to their functions; features register
// themselves here from their files.
var methods = map[string]method{}

func register(name string, m method) {
	if _, dup := methods[name]; dup {
		panic("lsp: " + name + " registered twice")
	}
	methods[name] = m
}

// notify sends a notification from any goroutine.
func (s *Server) notify(method string, params any) {
	if err := s.conn.Notify(context.Background(), method, params); err != nil {
		s.log.Debugf("notify %s: %v", method, err)
	}
}

// call sends a request to the client on its own goroutine: the reply
// arrives through the read loop, which must never wait for it. done gets
// the error, if any, after at most timeout.
func (s *Server) call(method string, params, result any, timeout time.Duration, done func(error)) {
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), timeout)
		defer cancel()
		err := s.conn.Call(ctx, method, params, result)
		if done != nil {
			done(err)
		}
	}()
}
