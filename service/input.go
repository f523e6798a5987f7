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

	"github.com/wright-lsp/wright-lsp/edits"
	"github.com/wright-lsp/wright-lsp/engine/lint"
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

// resolveEntry finds the entry file of the session's input: the input
// itself when it is a file, else the entry: of the directory's
// .wright.yaml, else its single top-level source file. The project file
// is read as any file of the project is (inside the root).
func (s *Session) resolveEntry() (string, *Error) {
	input := s.opts.Input
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
	if entry, found, e := s.projectEntry(input); e != nil || found {
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

// projectEntry reads entry: from dir's .wright.yaml. The other keys
// belong to the lint policy (buildLint applies them); an unknown key is
// refused here, whoever reads the file.
func (s *Session) projectEntry(dir string) (entry string, found bool, _ *Error) {
	path := filepath.Join(dir, ProjectFile)
	if _, err := os.Lstat(path); errors.Is(err, os.ErrNotExist) {
		return "", false, nil
	}
	f, err := s.readSource(path)
	if err != nil {
		var e *Error
		if errors.As(err, &e) {
			return "", false, e
		}
		return "", false, readError(err)
	}
	entry, err = lint.ProjectEntry(path, []byte(f.Text))
	if err != nil {
		return "", false, errorf(CodeProjectFileInvalid, "%v", err)
	}
	if entry == "" {
		return "", false, nil
	}
	if filepath.IsAbs(entry) || !filepath.IsLocal(entry) {
		return "", false, errorf(CodeProjectFileInvalid, "%s: entry %q must be a path inside the directory", path, entry)
	}
	return filepath.Join(dir, entry), true, nil
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
	if k := KindOfText(text); k != "" {
		return k, nil
	}
	return "", errorf("input-kind-ambiguous", "%s: cannot tell whether this is Workshop or OverPy text: expected a Workshop rule, settings or variables block, or an OverPy rule or declaration; name the kind with --kind workshop or --kind opy", path)
}

// KindOfText tells Workshop text from OverPy text by the lines that start
// at the left margin, where the top-level items of both languages start:
// KindWorkshop, KindOverPy, or "" when the text shows neither (or as much
// of both). It reads every layout the corpus holds: the game's export
// (rule("name") then { on its own line), OverPy's output (rule ("name") {),
// any client language, a leading byte-order mark, CRLF line ends.
func KindOfText(text string) string {
	text = strings.TrimPrefix(text, "\ufeff")
	workshop, opy := 0, 0
	inComment := false
	previous := "" // the last top-level line read
	for rest := text; rest != ""; {
		line := rest
		if i := strings.IndexByte(rest, '\n'); i >= 0 {
			line, rest = rest[:i], rest[i+1:]
		} else {
			rest = ""
		}
		if !inComment && line != "" && (line[0] == ' ' || line[0] == '\t') {
			// Indented (most lines of a program): no need to trim it.
			continue
		}
		line = strings.TrimRight(line, " \t\r\n")
		if inComment {
			if strings.Contains(line, "*/") {
				inComment = false
			}
			continue
		}
		if line == "" || line[0] == ' ' || line[0] == '\t' {
			continue
		}
		if strings.HasPrefix(line, "/*") {
			inComment = !strings.Contains(line[2:], "*/")
			continue
		}
		switch {
		case strings.HasPrefix(line, "//"):
			// A Workshop comment; in OverPy // divides.
			workshop++
		case strings.HasPrefix(line, "#"), strings.HasPrefix(line, "@"), overpyHeader(line):
			opy++
		case workshopHeader(line):
			workshop++
		case line == "{" && previous != "" && !strings.ContainsAny(previous, "\"(:=#"):
			// The game's layout: a block's one-word name, then { alone.
			workshop++
		case strings.HasSuffix(line, " {") && !strings.ContainsAny(line, "\"(:="):
			// WORD { (OverPy's output layout of a Workshop block), or
			// OverPy's settings followed by a JSON object.
			if jsonNext(rest) {
				opy++
			} else {
				workshop++
			}
		}
		previous = line
	}
	switch {
	case workshop > opy:
		return KindWorkshop
	case opy > workshop:
		return KindOverPy
	}
	return ""
}

// workshopHeader reports a Workshop rule header, in any client language
// and either layout: WORD("name") or WORD ("name"), perhaps disabled and
// perhaps followed by {.
func workshopHeader(line string) bool {
	line = strings.TrimSpace(strings.TrimSuffix(line, "{"))
	open := strings.Index(line, "(")
	if open <= 0 || !strings.HasSuffix(line, ")") {
		return false
	}
	return strings.HasPrefix(strings.TrimSpace(line[open+1:]), "\"")
}

// overpyDeclarations start the top-level lines of OverPy that are not
// rules.
var overpyDeclarations = []string{"def ", "globalvar ", "playervar ", "subroutine ", "macro ", "enum ", "import "}

// overpyHeader reports an OverPy rule header (rule "name":) or declaration.
func overpyHeader(line string) bool {
	if strings.HasPrefix(line, "rule ") && strings.HasSuffix(line, ":") {
		rest := strings.TrimSpace(line[len("rule "):])
		return strings.HasPrefix(rest, "\"") || strings.HasPrefix(rest, "'")
	}
	for _, d := range overpyDeclarations {
		if strings.HasPrefix(line, d) {
			return true
		}
	}
	return false
}

// jsonNext reports whether the next non-blank line starts a JSON member
// ("key": …), as OverPy's settings object does.
func jsonNext(text string) bool {
	for l := range strings.Lines(text) {
		if t := strings.TrimSpace(l); t != "" {
			return strings.HasPrefix(t, "\"")
		}
	}
	return false
}

// readError converts a source read failure into the input-io refusal,
// with the line and column of a byte that is not UTF-8.
func readError(err error) *Error {
	var se *Error
	if errors.As(err, &se) {
		return se // the read was refused (outside the project)
	}
	var re *source.ReadError
	if errors.As(err, &re) && re.Problem == source.ReadNotUTF8 {
		if p, perr := edits.NewMapper(re.Text).OffsetPoint(re.Offset); perr == nil {
			return errorf("input-io", "%s:%d:%d: not UTF-8 text: invalid byte 0x%02x; save the file as UTF-8",
				re.Path, p.Line, p.Column, re.Text[re.Offset])
		}
	}
	return errorf("input-io", "%v", err)
}
