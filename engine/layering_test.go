package engine_test

import (
	"os/exec"
	"strings"
	"testing"
)

// TestLayering keeps the dependency arrows pointing one way: no engine
// package may depend on the contract, the service, the edits package, the
// language server or a command.
func TestLayering(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", `{{.ImportPath}} {{join .Deps " "}}`, "./...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	const module = "github.com/wright-lsp/wright-lsp/"
	forbidden := []string{"contract", "service", "edits", "lsp", "cmd"}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		fields := strings.Fields(line)
		if len(fields) == 0 {
			continue
		}
		for _, dep := range fields[1:] {
			for _, f := range forbidden {
				if dep == module+f || strings.HasPrefix(dep, module+f+"/") {
					t.Errorf("%s depends on %s", fields[0], dep)
				}
			}
		}
	}
}
