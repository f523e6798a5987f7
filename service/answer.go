package service

// This file answers a request on a program the caller holds: the CLI
// inspects and analyzes the tree the parser recovered from a program
// with errors, and reports the errors beside the answer, where the
// session refuses to serve such a program.

import (
	"context"
	"errors"

	"github.com/wright-lsp/wright-lsp/contract"
)

// HandleOn answers one request as Handle does, on p (a program Load
// returned, with errors or not) instead of the session's current one.
// Requests that read no program are answered as Handle answers them.
func (s *Session) HandleOn(ctx context.Context, p *Program, raw []byte) (resp contract.Response) {
	defer func() {
		if r := recover(); r != nil {
			resp = refusal(errorf("internal-error", "the service failed on this request and recovered: %v", r))
		}
	}()
	req, e := decodeRequest(raw)
	if e != nil {
		return refusal(e)
	}
	if !req.op.Program {
		return s.Handle(ctx, raw)
	}
	result, err := handlers[req.op.Name](s, p, req.raw)
	if err != nil {
		var se *Error
		if !errors.As(err, &se) {
			se = errorf("internal-error", "%v", err)
		}
		return refusal(se)
	}
	data, err := Marshal(result)
	if err != nil {
		return refusal(errorf("internal-error", "encoding the result: %v", err))
	}
	return contract.Response{Result: data}
}
