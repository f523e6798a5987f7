package service

// This file keeps a served session's files inside its project: every
// file the session reads for the program (the entry, the project file,
// the members it fingerprints, the files OverPy includes) must resolve
// inside the project root, and compile writes only inside the output
// root. A path is resolved with its symbolic links followed, so a link
// leading out of the root is refused whatever its spelling; the open
// itself goes through an os.Root, which refuses a link swapped in after
// the check. The one-shot CLI reads and writes where its user asks
// (SessionOptions.Unconfined).

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/wright-lsp/wright-lsp/engine/source"
)

// Codes of the confinement's refusals.
const (
	// CodeInputOutsideProject refuses a read that resolves outside the
	// project root.
	CodeInputOutsideProject = "input-outside-project"
	// CodeOutputOutsideProject refuses a compile output that resolves
	// outside the output root.
	CodeOutputOutsideProject = "output-outside-project"
)

// A root is a directory a session's files must resolve inside.
type root struct {
	// dir is the directory as configured (for messages); real is its
	// absolute path with symbolic links resolved.
	dir, real string
}

// openRoot resolves dir. A root that does not exist (the input is
// missing) is an error.
func openRoot(dir string) (*root, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return nil, err
	}
	return &root{dir: dir, real: real}, nil
}

// resolve returns path relative to the root's real location, its
// symbolic links followed as far as the path exists (a missing tail is
// taken as written); ok is false when it resolves outside the root. A
// final component that is a dangling link is not followed: callers that
// open it go through an os.Root, and compile resolves it itself.
func (r *root) resolve(path string) (rel string, ok bool) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", false
	}
	dir, rest := abs, ""
	for {
		resolved, err := filepath.EvalSymlinks(dir)
		if err == nil {
			rel, err := filepath.Rel(r.real, filepath.Join(resolved, rest))
			if err != nil || rel != "." && !filepath.IsLocal(rel) {
				return "", false
			}
			return rel, true
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", false
		}
		rest = filepath.Join(filepath.Base(dir), rest)
		dir = parent
	}
}

// inside reports whether path resolves inside the root.
func (r *root) inside(path string) bool {
	_, ok := r.resolve(path)
	return ok
}

// projectRoot is the directory every file a session reads must resolve
// inside: Root when set, else the input when it is a directory, else the
// input's directory.
func (s *Session) projectRoot() string {
	if s.opts.Root != "" {
		return s.opts.Root
	}
	if info, err := os.Stat(s.opts.Input); err == nil && info.IsDir() {
		return s.opts.Input
	}
	return filepath.Dir(s.opts.Input)
}

// outputRoot is the directory compile writes inside: OutputRoot when
// set, else the project root.
func (s *Session) outputRoot() string {
	if s.opts.OutputRoot != "" {
		return s.opts.OutputRoot
	}
	return s.projectRoot()
}

// confinement returns the project root, or nil for an unconfined
// session. A root that cannot be resolved is reported as the input's
// problem.
func (s *Session) confinement() (*root, *Error) {
	if s.opts.Unconfined {
		return nil, nil
	}
	r, err := openRoot(s.projectRoot())
	if err != nil {
		return nil, rootError(s.projectRoot(), err)
	}
	return r, nil
}

func rootError(dir string, err error) *Error {
	if errors.Is(err, fs.ErrNotExist) {
		return errorf("input-io", "%s: no such file or directory", dir)
	}
	return errorf("input-io", "%s: %v", dir, err)
}

// outsideProject is the refusal of a read of path, which resolves outside
// the project root.
func outsideProject(path string, r *root) *Error {
	return errorf(CodeInputOutsideProject, "%s resolves outside the project root %s (a symbolic link or a path leading out of it): the service reads only files inside the project", path, r.dir)
}

// checkInside refuses path when it resolves outside the session's
// project root.
func (s *Session) checkInside(path string) *Error {
	r, e := s.confinement()
	if e != nil || r == nil {
		return e
	}
	if !r.inside(path) {
		return outsideProject(path, r)
	}
	return nil
}

// readConfined reads path as source text: through an os.Root at the
// project root for a confined session, so that no link, even one swapped
// in after the check, leads the read out of it.
func (s *Session) readConfined(path string) (*source.File, error) {
	r, e := s.confinement()
	if e != nil {
		return nil, e
	}
	if r == nil {
		return source.ReadFile(path)
	}
	rel, ok := r.resolve(path)
	if !ok {
		return nil, outsideProject(path, r)
	}
	var linked uint64
	f, err := source.ReadOpen(path, func() (*os.File, error) {
		dir, err := os.OpenRoot(r.real)
		if err != nil {
			return nil, err
		}
		defer dir.Close()
		f, err := dir.Open(rel)
		if err != nil {
			return nil, err
		}
		if info, err := f.Stat(); err == nil && info.Mode().IsRegular() && hardLinks(info) > 1 {
			linked = hardLinks(info)
			f.Close()
			return nil, errHardLinked
		}
		return f, nil
	})
	switch {
	case linked > 1:
		return nil, errorf(CodeInputOutsideProject, "%s has %d hard links, which may lie outside the project root %s: the service reads only files whose every name is inside the project; copy the file instead of linking it", path, linked, r.dir)
	case err != nil && escapes(err):
		return nil, outsideProject(path, r)
	}
	return f, err
}

var errHardLinked = errors.New("the file has other hard links")

// readDirNames lists the names in a directory of the project, for
// OverPy's #!include "folder/": inside the root, as readConfined reads.
func (s *Session) readDirNames(path string) ([]string, error) {
	r, e := s.confinement()
	if e != nil {
		return nil, e
	}
	var entries []fs.DirEntry
	if r == nil {
		var err error
		if entries, err = os.ReadDir(path); err != nil {
			return nil, err
		}
	} else {
		rel, ok := r.resolve(path)
		if !ok {
			return nil, outsideProject(path, r)
		}
		dir, err := os.OpenRoot(r.real)
		if err != nil {
			return nil, err
		}
		defer dir.Close()
		entries, err = fs.ReadDir(dir.FS(), filepath.ToSlash(rel))
		if err != nil {
			if escapes(err) {
				return nil, outsideProject(path, r)
			}
			return nil, err
		}
	}
	names := make([]string, 0, len(entries))
	for _, d := range entries {
		if d.Type().IsRegular() {
			names = append(names, d.Name())
		}
	}
	return names, nil
}

// escapes reports an os.Root refusing a path that leads out of it.
func escapes(err error) bool {
	return err != nil && strings.Contains(err.Error(), "path escapes from parent")
}
