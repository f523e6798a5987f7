package service

import (
	"context"
	"testing"
	"unicode/utf8"
)

// FuzzHandle sends arbitrary bytes to a session with no program: the
// answer is always exactly one of a result and a structured refusal, and
// every refusal has a code and a message.
func FuzzHandle(f *testing.F) {
	for _, seed := range []string{
		`{"op":"capabilities"}`, `{"op":"lookup","language":"workshop","query":"Wait"}`, `{"op":"symbols"}`,
		`{"op":"rules","name":"x"}`, `{"op":"symbols","op":"rules"}`, `[[[[`, `{"op":"listEntries","language":"workshop","kind":"hero","cursor":"x"}`,
		`{"op":"validateEditTransaction","transaction":{"edits":[{"source":"a","source_identity":"","range":{"start":{"line":1,"column":1},"end":{"line":1,"column":1}},"new_text":""}]}}`,
	} {
		f.Add([]byte(seed))
	}
	s := NewSession(SessionOptions{Input: "testdata/does-not-exist.ow"})
	f.Fuzz(func(t *testing.T, raw []byte) {
		resp := s.Handle(context.Background(), raw)
		if (resp.Result == nil) == (resp.Error == nil) {
			t.Fatalf("%q: answer %+v has not exactly one of result and error", raw, resp)
		}
		if e := resp.Error; e != nil {
			if e.Code == "" || e.Message == "" || !utf8.ValidString(e.Message) {
				t.Fatalf("%q: refusal %+v", raw, e)
			}
			if e.Code == "internal-error" {
				t.Fatalf("%q: the service failed: %s", raw, e.Message)
			}
		}
		if _, err := Marshal(resp); err != nil {
			t.Fatalf("%q: the answer does not encode: %v", raw, err)
		}
	})
}
