package main

// This file runs one-shot commands through the agent service: a command
// builds the request the service would receive, so that its JSON output
// is the service's result, byte for byte.

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"runtime"
	"sync"

	"github.com/wright-lsp/wright-lsp/contract"
	"github.com/wright-lsp/wright-lsp/engine"
	"github.com/wright-lsp/wright-lsp/engine/lint"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
	"github.com/wright-lsp/wright-lsp/service"
)

// A sessionMaker opens a session per input with the command's options.
type sessionMaker struct {
	opts service.SessionOptions
}

// newSessionMaker reads the command's locale, kind and lint policy, or
// prints the problem and returns nil (exit 2).
func newSessionMaker(name string, c *commonFlags, policy *policyFlags, stderr io.Writer) *sessionMaker {
	// A one-shot command reads and writes the files its user names.
	opts := service.SessionOptions{Kind: service.KindAuto, Version: version(), Unconfined: true}
	if c != nil {
		kind, err := service.ParseKind(c.kind)
		if err != nil {
			fmt.Fprintf(stderr, "wright-lsp %s: %v\n", name, err)
			return nil
		}
		opts.Kind = kind
		if c.locale != "" {
			l, err := vocab.ParseLocale(c.locale)
			if err != nil {
				fmt.Fprintf(stderr, "wright-lsp %s: %v\n", name, err)
				return nil
			}
			opts.Engine = engine.Options{Locale: l, LocaleGiven: true}
		}
	}
	opts.Lint = &lint.Config{}
	if policy != nil {
		// Checked now, so that a bad flag is a usage error; each session
		// builds it again at each load, with its project's .wright.yaml
		// (Session.LintConfig).
		cfg, err := policy.config()
		if err != nil {
			fmt.Fprintf(stderr, "wright-lsp %s: %v\n", name, err)
			return nil
		}
		opts.Lint, opts.Policy = cfg, policy.statement()
	}
	return &sessionMaker{opts: opts}
}

// session opens a session over one input; standard input is served from
// its text.
func (m *sessionMaker) session(in input) *service.Session {
	opts := m.opts
	opts.Input = in.path
	if in.path == stdinName {
		text := in.text
		opts.Overlay = func(path string) (string, int64, bool) {
			if path == stdinName {
				return text, 1, true
			}
			return "", 0, false
		}
	}
	return service.NewSession(opts)
}

// call sends req (a contract request struct) to s. A refusal is returned
// as a non-nil error, not printed.
func call(s *service.Session, req any) (json.RawMessage, *contract.Error) {
	data, err := service.Marshal(req)
	if err != nil {
		panic(err) // contract request types always encode
	}
	resp := s.Handle(context.Background(), data)
	if resp.Error != nil {
		return nil, resp.Error
	}
	return resp.Result.(json.RawMessage), nil
}

// refusalExit is the exit code of a refused request: an internal failure
// is 3, anything else is the caller's input or usage (2). A program that
// does not parse is not refused here: the commands load it first and
// report its errors (exit 1).
func refusalExit(e *contract.Error) int {
	if e.Code == "internal-error" {
		return exitInternal
	}
	return exitUsage
}

// reportRefusal prints a refusal in the CLI's words.
func reportRefusal(name string, e *contract.Error, stderr io.Writer) {
	fmt.Fprintf(stderr, "wright-lsp %s: %s (%s)\n", name, e.Message, e.Code)
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

// parallel runs f for 0 ≤ i < n on as many goroutines as there are
// processors, and returns the results in order.
func parallel[T any](n int, f func(i int) T) []T {
	out := make([]T, n)
	next := make(chan int)
	var wg sync.WaitGroup
	var panicked any
	var once sync.Once
	for range min(runtime.GOMAXPROCS(0), max(n, 1)) {
		wg.Go(func() {
			defer func() {
				if r := recover(); r != nil {
					once.Do(func() { panicked = r })
					for range next {
					}
				}
			}()
			for i := range next {
				out[i] = f(i)
			}
		})
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
	if panicked != nil {
		panic(panicked)
	}
	return out
}

// reportError prints a service error and returns its exit code.
func reportError(name string, err error, stderr io.Writer) int {
	if e, ok := err.(*service.Error); ok {
		fmt.Fprintf(stderr, "wright-lsp %s: %s (%s)\n", name, e.Message, e.Code)
		return refusalExit(&contract.Error{Code: e.Code})
	}
	fmt.Fprintf(stderr, "wright-lsp %s: %v\n", name, err)
	return exitInternal
}
