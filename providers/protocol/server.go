package protocol

import (
	"context"
	"encoding/json"
	"fmt"
	"io"

	"github.com/sourcegraph/jsonrpc2"
)

// A Provider answers the protocol's requests for one language.
type Provider interface {
	Initialize() InitializeResult
	Check(ProgramParams) (*CheckResult, error)
	Compile(ProgramParams) (*CompileResult, error)
	SourceIdentity(SourceIdentityParams) (*SourceIdentityResult, error)
	ValidateEdit(ValidateEditParams) (*ValidateEditResult, error)
}

// An Error is a refused request, with a stable kebab-case code in its
// data.
type Error struct {
	Code    string
	Message string
}

func (e *Error) Error() string { return e.Message }

// Serve answers requests on rwc until exit or the end of input. A panic
// in the provider is answered as an error; the server keeps serving.
func Serve(ctx context.Context, rwc io.ReadWriteCloser, p Provider) error {
	done := make(chan struct{})
	h := &handler{p: p, done: done}
	conn := jsonrpc2.NewConn(ctx, jsonrpc2.NewBufferedStream(rwc, jsonrpc2.VSCodeObjectCodec{}), h)
	select {
	case <-conn.DisconnectNotify():
	case <-done:
		conn.Close()
	}
	return nil
}

type handler struct {
	p           Provider
	done        chan struct{}
	initialized bool
	shutdown    bool
}

func (h *handler) Handle(ctx context.Context, conn *jsonrpc2.Conn, req *jsonrpc2.Request) {
	if req.Method == MethodExit {
		select {
		case <-h.done:
		default:
			close(h.done)
		}
		return
	}
	// Requests are answered in order, one at a time: a provider holds
	// no state between them worth racing for.
	result, err := h.answer(req)
	if req.Notif {
		return
	}
	if err != nil {
		re := &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidParams, Message: err.Error()}
		if e, ok := err.(*Error); ok {
			re.Code = -32803 // request failed
			data, _ := json.Marshal(map[string]string{"code": e.Code})
			raw := json.RawMessage(data)
			re.Data = &raw
		}
		if m, ok := err.(methodError); ok {
			re.Code = jsonrpc2.CodeMethodNotFound
			re.Message = string(m)
		}
		conn.ReplyWithError(ctx, req.ID, re)
		return
	}
	conn.Reply(ctx, req.ID, result)
}

type methodError string

func (m methodError) Error() string { return string(m) }

func (h *handler) answer(req *jsonrpc2.Request) (result any, err error) {
	defer func() {
		if r := recover(); r != nil {
			result, err = nil, &Error{Code: "internal-error", Message: fmt.Sprintf("the provider failed on this request and recovered: %v", r)}
		}
	}()
	params := json.RawMessage("null")
	if req.Params != nil {
		params = *req.Params
	}
	decode := func(v any) error {
		if err := json.Unmarshal(params, v); err != nil {
			return fmt.Errorf("%s: params do not read: %v", req.Method, err)
		}
		return nil
	}
	if req.Method != MethodInitialize && !h.initialized {
		return nil, &Error{Code: "not-initialized", Message: "send initialize first"}
	}
	if h.shutdown && req.Method != MethodShutdown {
		return nil, &Error{Code: "shut-down", Message: "the provider is shutting down: only exit is taken"}
	}
	switch req.Method {
	case MethodInitialize:
		var p InitializeParams
		if err := decode(&p); err != nil {
			return nil, err
		}
		if p.Protocol != Version {
			return nil, &Error{Code: "unsupported-protocol", Message: fmt.Sprintf("this provider speaks %s, not %q", Version, p.Protocol)}
		}
		h.initialized = true
		return h.p.Initialize(), nil
	case MethodShutdown:
		h.shutdown = true
		return nil, nil
	case MethodCheck:
		var p ProgramParams
		if err := decode(&p); err != nil {
			return nil, err
		}
		return h.p.Check(p)
	case MethodCompile:
		var p ProgramParams
		if err := decode(&p); err != nil {
			return nil, err
		}
		return h.p.Compile(p)
	case MethodSourceIdentity:
		var p SourceIdentityParams
		if err := decode(&p); err != nil {
			return nil, err
		}
		return h.p.SourceIdentity(p)
	case MethodValidateEdit:
		var p ValidateEditParams
		if err := decode(&p); err != nil {
			return nil, err
		}
		return h.p.ValidateEdit(p)
	}
	return nil, methodError("unknown method " + req.Method)
}
