package transport

import (
	"bufio"
	"bytes"
	"context"
	"io"

	"github.com/wright-lsp/wright-lsp/contract"
	"github.com/wright-lsp/wright-lsp/service"
)

// frameLimit is the longest line a transport reads: the request limit
// plus room for JSON-RPC or MCP framing around it.
const frameLimit = service.MaxRequestSize + 64<<10

// ServeStdio answers one JSON request per line of r with one JSON
// response per line of w, until r ends. Blank lines are skipped.
func ServeStdio(ctx context.Context, s *service.Session, r io.Reader, w io.Writer) error {
	lr := newLineReader(r, frameLimit)
	bw := bufio.NewWriter(w)
	for {
		line, size, err := lr.next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		var resp contract.Response
		switch {
		case line == nil:
			resp = service.TooLarge(size)
		case len(bytes.TrimSpace(line)) == 0:
			continue
		default:
			resp = s.Handle(ctx, line)
		}
		if err := writeLine(bw, resp); err != nil {
			return err
		}
	}
}

// writeLine writes v as one line of compact JSON and flushes it.
func writeLine(w *bufio.Writer, v any) error {
	data, err := service.Marshal(v)
	if err != nil {
		return err
	}
	if _, err := w.Write(append(data, '\n')); err != nil {
		return err
	}
	return w.Flush()
}
