package lsp

// This file answers textDocument/semanticTokens/range and
// textDocument/semanticTokens/full/delta. A range is the full answer's
// tokens that meet it (editors ask for the visible lines first on a
// large file); a delta is the one edit that turns the client's last full
// answer into the new one, so a keystroke sends a few integers rather
// than the whole file's tokens again.

import (
	"context"
	"strconv"
	"sync"

	protocol "github.com/tliron/glsp/protocol_3_16"
)

type semanticTokensRangeParams struct {
	TextDocument protocol.TextDocumentIdentifier `json:"textDocument"`
	Range        protocol.Range                  `json:"range"`
}

type semanticTokensDeltaParams struct {
	TextDocument     protocol.TextDocumentIdentifier `json:"textDocument"`
	PreviousResultID string                          `json:"previousResultId"`
}

// semanticTokensEdit is LSP's SemanticTokensEdit: replace deleteCount
// integers at start by data.
type semanticTokensEdit struct {
	Start       int      `json:"start"`
	DeleteCount int      `json:"deleteCount"`
	Data        []uint32 `json:"data"`
}

// semanticResults keeps the last full answer sent for each document, the
// base of the next delta.
type semanticResults struct {
	mu   sync.Mutex
	last map[string]semanticResult
	next int
}

type semanticResult struct {
	id   string
	data []uint32
}

// remember records data as uri's latest answer and returns its id.
func (r *semanticResults) remember(uri string, data []uint32) string {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.last == nil {
		r.last = map[string]semanticResult{}
	}
	r.next++
	id := strconv.Itoa(r.next)
	r.last[uri] = semanticResult{id: id, data: data}
	return id
}

// previous returns uri's latest answer when its id is id.
func (r *semanticResults) previous(uri, id string) ([]uint32, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	res, ok := r.last[uri]
	return res.data, ok && res.id == id
}

// forget drops uri's answer (the document closed).
func (r *semanticResults) forget(uri string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	delete(r.last, uri)
}

func init() {
	register("textDocument/semanticTokens/range", handler(func(ctx context.Context, s *Server, p *semanticTokensRangeParams) (any, error) {
		if _, ok := s.overpyDoc(p.TextDocument.URI); ok {
			data, err := s.documentTokens(ctx, p.TextDocument.URI)
			if err != nil {
				return nil, err
			}
			return tokensAnswer{data: tokensInRange(data, p.Range)}, nil
		}
		// Workshop: only the rules that meet the range are read; the
		// filter then trims the tokens of those rules outside it.
		d, err := s.document(p.TextDocument.URI)
		if err != nil {
			return nil, err
		}
		rng, err := s.span(d, p.Range)
		if err != nil {
			return nil, err
		}
		rng.End = max(rng.End, rng.Start+1) // an empty range still meets the tokens at its place
		data, err := s.semanticTokensIn(ctx, d, rng)
		if err != nil {
			return nil, err
		}
		return tokensAnswer{data: tokensInRange(data, p.Range)}, nil
	}))
	register("textDocument/semanticTokens/full/delta", handler(func(ctx context.Context, s *Server, p *semanticTokensDeltaParams) (any, error) {
		data, err := s.documentTokens(ctx, p.TextDocument.URI)
		if err != nil {
			return nil, err
		}
		old, ok := s.semantic.previous(p.TextDocument.URI, p.PreviousResultID)
		id := s.semantic.remember(p.TextDocument.URI, data)
		if !ok {
			// The client's base is not the last answer (or the server
			// restarted): the whole answer, which it takes in place.
			return tokensAnswer{resultID: id, data: data}, nil
		}
		return map[string]any{"resultId": id, "edits": tokenEdits(old, data)}, nil
	}))
}

// documentTokens returns the encoded tokens of a Workshop or OverPy
// document.
func (s *Server) documentTokens(ctx context.Context, uri string) ([]uint32, error) {
	if d, ok := s.overpyDoc(uri); ok {
		return s.overpySemanticTokens(d), nil
	}
	d, err := s.document(uri)
	if err != nil {
		return nil, err
	}
	return s.semanticTokens(ctx, d)
}

// tokensInRange keeps the encoded tokens that meet rng, re-encoded
// relative to each other: the first relative to the document's start.
// Positions are in the encoding the tokens were made with.
func tokensInRange(data []uint32, rng protocol.Range) []uint32 {
	out := []uint32{}
	var line, char, keptLine, keptChar uint32
	for i := 0; i+5 <= len(data); i += 5 {
		if data[i] > 0 {
			line += data[i]
			char = data[i+1]
		} else {
			char += data[i+1]
		}
		end := char + data[i+2]
		before := line < rng.Start.Line || line == rng.Start.Line && end <= rng.Start.Character
		after := line > rng.End.Line || line == rng.End.Line && char >= rng.End.Character
		if before || after {
			continue
		}
		dl, dc := line-keptLine, char
		if dl == 0 {
			dc = char - keptChar
		}
		out = append(out, dl, dc, data[i+2], data[i+3], data[i+4])
		keptLine, keptChar = line, char
	}
	return out
}

// tokenEdits returns the edits that turn old into data: none when they
// are equal, else one, over what lies between their common prefix and
// suffix.
func tokenEdits(old, data []uint32) []semanticTokensEdit {
	prefix := 0
	for prefix < len(old) && prefix < len(data) && old[prefix] == data[prefix] {
		prefix++
	}
	if prefix == len(old) && prefix == len(data) {
		return []semanticTokensEdit{}
	}
	suffix := 0
	for suffix < len(old)-prefix && suffix < len(data)-prefix && old[len(old)-1-suffix] == data[len(data)-1-suffix] {
		suffix++
	}
	return []semanticTokensEdit{{Start: prefix, DeleteCount: len(old) - prefix - suffix, Data: data[prefix : len(data)-suffix]}}
}
