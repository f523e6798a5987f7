package service

// This file resolves a session's INPUT (a file or a directory) to the
// program's entry file and its kind, and reads the entry.

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/wright-lsp/wright-lsp/edits"
	"github.com/wright-lsp/wright-lsp/engine/source"
)

// Input kinds.
const (
	KindAuto     = "auto"
	KindWorkshop = "workshop"
	KindOverPy   = "opy"
	KindOSTW     = "ostw"
	KindProtocol = "protocol"
)

// ParseKind reads a --kind value, accepting the workflow aliases ws (and
// hir) for workshop and json for protocol.
func ParseKind(s string) (string, error) {
	switch s {
	case "", KindAuto:
		return KindAuto, nil
	case KindWorkshop, "ws", "hir":
		return KindWorkshop, nil
	case KindOverPy, KindOSTW, KindProtocol:
		return s, nil
	case "json":
		return KindProtocol, nil
	}
	return "", fmt.Errorf("unknown input kind %q: expected auto, workshop (ws, hir), opy, ostw or protocol (json)", s)
}

// kindsByExtension maps file extensions to input kinds. .txt is absent:
// a text file's kind is read from its content.
var kindsByExtension = map[string]string{
	".ow": KindWorkshop, ".workshop": KindWorkshop, ".opy": KindOverPy, ".ostw": KindOSTW, ".del": KindOSTW, ".json": KindProtocol,
}

// ProjectFile is the optional file at a directory input's root naming the
// entry.
const ProjectFile = ".wright.yaml"

// resolveEntry finds the entry file of input: input itself when it is a
// file, else the entry: of the directory's .wright.yaml, else its single
// top-level source file.
func resolveEntry(input string) (string, *Error) {
	info, err := os.Stat(input)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return "", errorf("input-io", "%s: no such file or directory", input)
		}
		return "", errorf("input-io", "%s: %v", input, err)
	}
	if !info.IsDir() {
		return input, nil
	}
	if entry, found, e := projectEntry(input); e != nil || found {
		return entry, e
	}
	names, err := os.ReadDir(input)
	if err != nil {
		return "", errorf("input-io", "%s: %v", input, err)
	}
	var candidates []string
	for _, d := range names {
		ext := strings.ToLower(filepath.Ext(d.Name()))
		if k := kindsByExtension[ext]; (k == KindWorkshop || k == KindOverPy) && d.Type().IsRegular() {
			candidates = append(candidates, filepath.Join(input, d.Name()))
		}
	}
	switch len(candidates) {
	case 0:
		return "", errorf("input-io", "%s: no Workshop (.ow, .workshop) or OverPy (.opy) file at the top level, and no %s naming the entry", input, ProjectFile)
	case 1:
		return candidates[0], nil
	}
	sort.Strings(candidates)
	e := errorf("input-entry-ambiguous", "%s holds %d candidate entry files (%s); name one with entry: in %s",
		input, len(candidates), strings.Join(candidates, ", "), ProjectFile)
	e.Candidates = candidates
	return "", e
}

// projectEntry reads entry: from dir's .wright.yaml. Other keys belong to
// the lint policy and are not read here.
func projectEntry(dir string) (entry string, found bool, _ *Error) {
	path := filepath.Join(dir, ProjectFile)
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return "", false, nil
	}
	if err != nil {
		return "", false, errorf("input-io", "%s: %v", path, err)
	}
	var doc struct {
		Entry string `yaml:"entry"`
	}
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return "", false, errorf("input-io", "%s: %v", path, err)
	}
	if doc.Entry == "" {
		return "", false, nil
	}
	if filepath.IsAbs(doc.Entry) || !filepath.IsLocal(doc.Entry) {
		return "", false, errorf("input-io", "%s: entry %q must be a path inside the directory", path, doc.Entry)
	}
	return filepath.Join(dir, doc.Entry), true, nil
}

// detectKind decides the entry's kind: the configured one, else by
// extension, else by content.
func detectKind(configured, path, text string) (string, *Error) {
	if configured != KindAuto {
		return configured, nil
	}
	if k, ok := kindsByExtension[strings.ToLower(filepath.Ext(path))]; ok {
		return k, nil
	}
	workshop, opy := looksLikeWorkshop(text), looksLikeOverPy(text)
	switch {
	case workshop && !opy:
		return KindWorkshop, nil
	case opy && !workshop:
		return KindOverPy, nil
	}
	return "", errorf("input-kind-ambiguous", "%s: cannot tell whether this is Workshop or OverPy text; start the session with --kind workshop or --kind opy", path)
}

// looksLikeWorkshop reports a Workshop rule header (a word directly
// followed by ("), or a block: one word on a line, then a lone {.
func looksLikeWorkshop(text string) bool {
	previous := ""
	for line := range strings.Lines(text) {
		t := strings.TrimSpace(line)
		if i := strings.Index(t, "(\""); i > 0 && !strings.ContainsAny(t[:i], " \t\"") {
			return true
		}
		if t == "{" && previous != "" && !strings.ContainsAny(previous, " \t\"(:") {
			return true
		}
		if t != "" {
			previous = t
		}
	}
	return false
}

// looksLikeOverPy reports an OverPy rule header (rule "name":) or
// declaration.
func looksLikeOverPy(text string) bool {
	for line := range strings.Lines(text) {
		t := strings.TrimSpace(line)
		if strings.HasPrefix(t, "rule \"") && strings.HasSuffix(t, ":") ||
			strings.HasPrefix(t, "globalvar ") || strings.HasPrefix(t, "playervar ") || strings.HasPrefix(t, "#!") {
			return true
		}
	}
	return false
}

// readError converts a source read failure into the input-io refusal,
// with the line and column of a byte that is not UTF-8.
func readError(err error) *Error {
	var re *source.ReadError
	if errors.As(err, &re) && re.Problem == source.ReadNotUTF8 {
		if p, perr := edits.NewMapper(re.Text).OffsetPoint(re.Offset); perr == nil {
			return errorf("input-io", "%s:%d:%d: not UTF-8 text: invalid byte 0x%02x; save the file as UTF-8",
				re.Path, p.Line, p.Column, re.Text[re.Offset])
		}
	}
	return errorf("input-io", "%v", err)
}
