package main

// This file runs one-shot commands through the agent service: a command
// builds the request the service would receive, so that its JSON output
// is the service's result, byte for byte.

import (
	"context"
	"encoding/json"
	"fmt"
	"io"

	"github.com/wright-lsp/wright-lsp/contract"
	"github.com/wright-lsp/wright-lsp/engine"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
	"github.com/wright-lsp/wright-lsp/service"
)

// sessionFor returns a session over input with the command's locale and
// lint policy, or prints the problem and returns nil (exit 2).
func sessionFor(name, input string, c *commonFlags, policy *policyFlags, stderr io.Writer) *service.Session {
	opts := service.SessionOptions{Input: input, Kind: service.KindAuto, Version: version()}
	if c != nil && c.locale != "" {
		l, err := vocab.ParseLocale(c.locale)
		if err != nil {
			fmt.Fprintf(stderr, "wright-lsp %s: %v\n", name, err)
			return nil
		}
		opts.Engine = engine.Options{Locale: l, LocaleGiven: true}
	}
	if policy != nil {
		cfg, err := policy.config()
		if err != nil {
			fmt.Fprintf(stderr, "wright-lsp %s: %v\n", name, err)
			return nil
		}
		opts.Lint = cfg
	}
	return service.NewSession(opts)
}

// call sends req (a contract request struct) to s. A refusal is printed
// and returned as a non-nil error.
func call(name string, s *service.Session, req any, stderr io.Writer) (json.RawMessage, *contract.Error) {
	data, err := service.Marshal(req)
	if err != nil {
		panic(err) // contract request types always encode
	}
	resp := s.Handle(context.Background(), data)
	if resp.Error != nil {
		fmt.Fprintf(stderr, "wright-lsp %s: %s (%s)\n", name, resp.Error.Message, resp.Error.Code)
		return nil, resp.Error
	}
	return resp.Result.(json.RawMessage), nil
}

// refusalExit is the exit code of a refused request: an internal failure
// is 3, anything else is the caller's input or usage (2).
func refusalExit(e *contract.Error) int {
	if e.Code == "internal-error" {
		return exitInternal
	}
	return exitUsage
}

// decode reads a result into its contract type.
func decode[T any](raw json.RawMessage) *T {
	var v T
	if err := json.Unmarshal(raw, &v); err != nil {
		panic(fmt.Sprintf("the service's result does not decode: %v", err))
	}
	return &v
}

// emitJSON writes a result as the service produced it, on one line.
func emitJSON(w io.Writer, raw json.RawMessage) {
	w.Write(append(raw, '\n'))
}
