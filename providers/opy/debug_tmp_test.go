package opy

import (
	"os"
	"path/filepath"
	"testing"
)

func TestDebugTmp(t *testing.T) {
	name := os.Getenv("OPYTEST")
	if name == "" {
		t.Skip()
	}
	src := filepath.Join(corpus, "tests", name+".opy")
	text, _ := os.ReadFile(src)
	res := Compile(src, string(text), Options{})
	os.WriteFile("/tmp/ours.txt", []byte(res.Text), 0o644)
	got, _ := structure(t, name, res.Text)
	want, _ := os.ReadFile(filepath.Join(corpus, "noopt", name+".txt"))
	exp, _ := structure(t, name, string(want))
	os.WriteFile("/tmp/ours.dump", []byte(got), 0o644)
	os.WriteFile("/tmp/theirs.dump", []byte(exp), 0o644)
	for _, d := range res.Diags {
		t.Logf("%v %s %s", d.Span, d.Code, d.Message)
	}
}
