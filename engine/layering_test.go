package engine_test

import (
	"os/exec"
	"strings"
	"testing"
)

// TestLayering keeps the dependency arrows pointing one way:
// cmd → lsp / transport → service → engine, providers, edits; a provider
// lowers onto the engine and reaches no higher; contract holds wire
// types only. Each package prefix lists what it may not depend on.
func TestLayering(t *testing.T) {
	const module = "github.com/wright-lsp/wright-lsp/"
	out, err := exec.Command("go", "list", "-f", `{{.ImportPath}} {{join .Deps " "}}`, module+"...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	forbidden := map[string][]string{
		"engine":    {"contract", "service", "edits", "transport", "lsp", "cmd", "providers"},
		"edits":     {"contract", "service", "transport", "lsp", "cmd"},
		"contract":  {"engine", "service", "edits", "transport", "lsp", "cmd"},
		"service":   {"transport", "lsp", "cmd"},
		"providers": {"contract", "service", "edits", "transport", "lsp", "cmd"},
		"transport": {"lsp", "cmd"},
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		fields := strings.Fields(line)
		if len(fields) == 0 {
			continue
		}
		pkg := strings.TrimPrefix(fields[0], module)
		for prefix, banned := range forbidden {
			if pkg != prefix && !strings.HasPrefix(pkg, prefix+"/") {
				continue
			}
			for _, dep := range fields[1:] {
				for _, f := range banned {
					if dep == module+f || strings.HasPrefix(dep, module+f+"/") {
						t.Errorf("%s depends on %s", fields[0], dep)
					}
				}
			}
		}
	}
}
