package opy

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/wright-lsp/wright-lsp/engine"
	"github.com/wright-lsp/wright-lsp/engine/printer"
	"github.com/wright-lsp/wright-lsp/engine/source"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// heatstreet is the largest real OverPy mode of the corpus (370 KB).
func heatstreet(b *testing.B) (string, string) {
	path := filepath.Join(corpus, "tests", "z_heatstreet.opy")
	text, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	return path, string(text)
}

// BenchmarkCompileHeatstreet: the frontend alone, OverPy text to lowered
// Workshop text and source map.
func BenchmarkCompileHeatstreet(b *testing.B) {
	path, text := heatstreet(b)
	vocab.Default()
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		Compile(path, text, Options{})
	}
}

// BenchmarkCheckHeatstreet: what check does, the frontend then the
// engine's parse and validation of the lowered text.
func BenchmarkCheckHeatstreet(b *testing.B) {
	path, text := heatstreet(b)
	vocab.Default()
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		res := Compile(path, text, Options{})
		engine.Check(source.NewFile(path, res.Text), engine.Options{Locale: vocab.EnUS, LocaleGiven: true})
	}
}

// BenchmarkCompileOutputHeatstreet: what compile does, check then the
// program printed in the game's export style.
func BenchmarkCompileOutputHeatstreet(b *testing.B) {
	path, text := heatstreet(b)
	vocab.Default()
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		res := Compile(path, text, Options{})
		c := engine.Check(source.NewFile(path, res.Text), engine.Options{Locale: vocab.EnUS, LocaleGiven: true})
		printer.Print(c.Script, printer.Options{Locale: vocab.EnUS})
	}
}
