// Command gen writes the committed JSON Schema of the wright-agent/v1
// contract. Run it through go generate in package contract.
package main

import (
	"fmt"
	"os"

	"github.com/wright-lsp/wright-lsp/contract/schemagen"
)

func main() {
	data, err := schemagen.Generate(".")
	if err == nil {
		err = os.WriteFile("wright-agent-v1.schema.json", data, 0o644)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}
