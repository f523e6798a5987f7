// Command gen writes the embedded vocabulary (catalog.gen.json) from the
// shared catalog. Run it through go generate in engine/vocab.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/wright-lsp/wright-lsp/engine/vocab/catalogfile"
)

func main() {
	in := flag.String("catalog", "../../../shared/data/catalog.json", "path of the shared catalog.json")
	out := flag.String("out", "catalog.gen.json", "path of the embedded vocabulary to write")
	flag.Parse()
	src, err := os.ReadFile(*in)
	if err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
	data, err := catalogfile.Convert(src)
	if err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
	if err := os.WriteFile(*out, data, 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}
