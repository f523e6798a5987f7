package main

// This file turns a command's INPUT arguments into the programs it reads:
// files by their path, - for standard input, directories (every Workshop
// and OverPy file under them, or the program a .wright.yaml names) and
// globs, which the command expands itself so that a quoted pattern, or
// one with **, works in any shell.

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/wright-lsp/wright-lsp/service"
)

// stdinName is how standard input is named in diagnostics.
const stdinName = "<stdin>"

// An input is one program a command reads.
type input struct {
	// path is the file or project directory, or stdinName.
	path string
	// text is standard input's text, when path is stdinName.
	text string
	// walked is set when a directory walk found the file (not named on
	// the command line): an OverPy file another one includes is then
	// checked as part of that one only.
	walked bool
}

// stdinText reads standard input once.
type stdinText struct {
	read bool
	text string
}

// inputProblem is an INPUT that names nothing readable.
type inputProblem struct{ msg string }

func (e *inputProblem) Error() string { return e.msg }

// expandInputs resolves the INPUT arguments, in the order given (a
// directory's files and a glob's matches in path order), each program
// once.
func expandInputs(args []string, in io.Reader) ([]input, error) {
	var out []input
	seen := map[string]bool{}
	add := func(i input) {
		key := i.path
		if abs, err := filepath.Abs(i.path); err == nil && i.path != stdinName {
			key = abs
		}
		if !seen[key] {
			seen[key] = true
			out = append(out, i)
		}
	}
	var stdin stdinText
	for _, arg := range args {
		if arg == "-" {
			if stdin.read {
				continue
			}
			data, err := io.ReadAll(in)
			if err != nil {
				return nil, &inputProblem{fmt.Sprintf("reading standard input: %v", err)}
			}
			stdin = stdinText{read: true, text: string(data)}
			add(input{path: stdinName, text: stdin.text})
			continue
		}
		info, err := os.Stat(arg)
		switch {
		case err == nil && info.IsDir():
			found, err := walkDir(arg)
			if err != nil {
				return nil, err
			}
			if len(found) == 0 {
				return nil, &inputProblem{fmt.Sprintf("%s: no Workshop (.ow, .workshop, .txt) or OverPy (.opy) file under it", arg)}
			}
			for _, f := range found {
				add(f)
			}
		case err == nil:
			add(input{path: arg})
		case errors.Is(err, fs.ErrNotExist) && isGlob(arg):
			matches, err := glob(arg)
			if err != nil {
				return nil, err
			}
			if len(matches) == 0 {
				return nil, &inputProblem{fmt.Sprintf("%s: the pattern matches no Workshop or OverPy file", arg)}
			}
			for _, m := range matches {
				add(m)
			}
		case errors.Is(err, fs.ErrNotExist):
			return nil, &inputProblem{fmt.Sprintf("%s: no such file or directory%s", arg, nearestFile(arg))}
		default:
			return nil, &inputProblem{fmt.Sprintf("%s: %v", arg, err)}
		}
	}
	return out, nil
}

// nearestFile suggests a file beside a missing one with a near name.
func nearestFile(p string) string {
	dir := filepath.Dir(p)
	entries, err := os.ReadDir(dir)
	if err != nil {
		return ""
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	best := nearest(filepath.Base(p), names)
	if best == "" {
		return ""
	}
	return fmt.Sprintf("; did you mean %q?", filepath.Join(dir, best))
}

// skippedDir reports directories a walk does not enter: hidden ones and
// dependency trees.
func skippedDir(name string) bool {
	return strings.HasPrefix(name, ".") && name != "." && name != ".." || name == "node_modules"
}

// walkDir lists the programs under dir: the program its .wright.yaml
// names when it has one with entry:, else every Workshop and OverPy file
// under it (a .txt file when its text reads as either), a subdirectory
// naming its own entry counting as one program.
func walkDir(dir string) ([]input, error) {
	if hasEntry(dir) {
		return []input{{path: dir}}, nil
	}
	var out []input
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return &inputProblem{fmt.Sprintf("%s: %v", p, err)}
		}
		if d.IsDir() {
			if p != dir && (skippedDir(d.Name()) || hasEntry(p)) {
				if hasEntry(p) && !skippedDir(d.Name()) {
					out = append(out, input{path: p, walked: true})
				}
				return fs.SkipDir
			}
			return nil
		}
		if d.Type().IsRegular() && isProgramFile(p) {
			out = append(out, input{path: p, walked: true})
		}
		return nil
	})
	return out, err
}

// hasEntry reports whether dir's .wright.yaml names an entry.
func hasEntry(dir string) bool {
	data, err := os.ReadFile(filepath.Join(dir, service.ProjectFile))
	if err != nil {
		return false
	}
	var doc struct {
		Entry string `yaml:"entry"`
	}
	return yaml.Unmarshal(data, &doc) == nil && doc.Entry != ""
}

// programExtensions are the extensions of Workshop and OverPy files.
var programExtensions = map[string]bool{".ow": true, ".workshop": true, ".opy": true}

// isProgramFile reports whether a file found under a directory is a
// program: a Workshop or OverPy file by its extension, or a .txt file
// whose text reads as either (notes and logs beside a program are not).
func isProgramFile(p string) bool {
	ext := strings.ToLower(filepath.Ext(p))
	if programExtensions[ext] {
		return true
	}
	if ext != ".txt" {
		return false
	}
	data, err := os.ReadFile(p)
	return err == nil && service.KindOfText(string(data)) != ""
}

// isGlob reports whether arg holds a pattern character.
func isGlob(arg string) bool {
	return strings.ContainsAny(arg, "*?[")
}

// glob expands a pattern: path.Match per path element, ** matching any
// number of directories. Directories it matches contribute their
// programs; files match whatever their extension when the pattern names
// one, else only Workshop and OverPy files.
func glob(pattern string) ([]input, error) {
	pattern = filepath.ToSlash(filepath.Clean(pattern))
	root, rest := ".", pattern
	if strings.HasPrefix(pattern, "/") {
		root, rest = "/", strings.TrimPrefix(pattern, "/")
	}
	// The longest leading part with no pattern character is walked from.
	parts := strings.Split(rest, "/")
	i := 0
	for i < len(parts)-1 && !isGlob(parts[i]) {
		i++
	}
	if i > 0 {
		root = path.Join(root, strings.Join(parts[:i], "/"))
	}
	segments := parts[i:]
	deep := slices.Contains(segments, "**")
	for _, s := range segments {
		if _, err := path.Match(s, ""); err != nil {
			return nil, &inputProblem{fmt.Sprintf("%s: bad pattern: %v", pattern, err)}
		}
	}
	var matches []string
	err := filepath.WalkDir(filepath.FromSlash(root), func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil // an unreadable directory matches nothing
		}
		rel, _ := filepath.Rel(filepath.FromSlash(root), p)
		rel = filepath.ToSlash(rel)
		if rel == "." {
			return nil
		}
		if d.IsDir() && skippedDir(d.Name()) && !strings.HasPrefix(segments[0], ".") {
			return fs.SkipDir
		}
		elements := strings.Split(rel, "/")
		if matchSegments(segments, elements) {
			matches = append(matches, p)
			if d.IsDir() {
				return fs.SkipDir
			}
		}
		if d.IsDir() && !deep && len(elements) >= len(segments) {
			return fs.SkipDir // deeper than the pattern reaches
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	sort.Strings(matches)
	namesExtension := strings.Contains(segments[len(segments)-1], ".")
	var out []input
	for _, m := range matches {
		info, err := os.Stat(m)
		switch {
		case err != nil:
		case info.IsDir():
			found, err := walkDir(m)
			if err != nil {
				return nil, err
			}
			out = append(out, found...)
		case namesExtension || isProgramFile(m):
			out = append(out, input{path: m, walked: true})
		}
	}
	return out, nil
}

// matchSegments matches path elements against pattern elements, ** taking
// any number of elements.
func matchSegments(pattern, name []string) bool {
	if len(pattern) == 0 {
		return len(name) == 0
	}
	if pattern[0] == "**" {
		for k := 0; k <= len(name); k++ {
			if matchSegments(pattern[1:], name[k:]) {
				return true
			}
		}
		return false
	}
	if len(name) == 0 {
		return false
	}
	ok, _ := path.Match(pattern[0], name[0])
	return ok && matchSegments(pattern[1:], name[1:])
}
