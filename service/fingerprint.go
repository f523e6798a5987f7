package service

// This file fingerprints a session's input so that every program-reading
// request can tell, cheaply, whether the files on disk changed since the
// program was loaded.

import (
	"crypto/sha256"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// racyWindow is how close to the moment a fingerprint is taken a file's
// modification time must be for the fingerprint to also hash the file.
// File systems stamp modifications with a coarse clock (a few
// milliseconds on Linux, two seconds on FAT), so a file rewritten twice
// within one tick, at the same size, looks unchanged to stat. Such a
// "racily clean" file is confirmed by its content until its stamp is
// older than the window (the same reasoning as Git's index).
const racyWindow = 3 * time.Second

// maxMembers bounds how many files a directory input may hold: a session
// pointed at a huge tree refuses rather than walking it on every request.
const maxMembers = 10000

// A fileStamp is what stat reports of one member file.
type fileStamp struct {
	path  string
	size  int64
	mtime int64 // nanoseconds
	mode  fs.FileMode
	// racy is set when the stamp is within racyWindow of the moment the
	// fingerprint was taken; hash then holds the content's digest.
	racy bool
	hash [sha256.Size]byte
	// overlay is the editor's version of the file, plus one, when an
	// overlay holds its unsaved text (the disk is not consulted then).
	overlay int64
}

// An Overlay gives the unsaved text of files an editor holds open, with
// a version that changes whenever the text does.
type Overlay func(path string) (text string, version int64, ok bool)

// A fingerprint is the observable state of an input's file set.
type fingerprint struct {
	stamps []fileStamp
	// inputs are the other files the program was compiled from (the
	// files an OverPy entry includes), with the digest of the text the
	// compile read: they are compared by content, so a change between
	// the read and the fingerprint is never missed.
	inputs []compileInput
}

// A compileInput is a file a provider read, beyond the input's members.
type compileInput struct {
	path string
	hash [sha256.Size]byte
}

// addInputs records the files beyond the input's members that the
// program was compiled from, as the compile read them.
func (fp *fingerprint) addInputs(files map[string]string) {
	if fp == nil {
		return
	}
	have := map[string]bool{}
	for _, st := range fp.stamps {
		have[filepath.Clean(st.path)] = true
	}
	for path, text := range files {
		if !have[filepath.Clean(path)] {
			fp.inputs = append(fp.inputs, compileInput{path: path, hash: sha256.Sum256([]byte(text))})
		}
	}
}

// inputsUnchanged reports whether every compile input still holds the
// text the compile read (the editor's, when it has the file open).
func (fp *fingerprint) inputsUnchanged(overlay Overlay) bool {
	for _, in := range fp.inputs {
		if overlay != nil {
			if text, _, ok := overlay(in.path); ok {
				if sha256.Sum256([]byte(text)) != in.hash {
					return false
				}
				continue
			}
		}
		data, err := os.ReadFile(in.path)
		if err != nil || sha256.Sum256(data) != in.hash {
			return false
		}
	}
	return true
}

// members lists the files whose changes can change the program: the
// input itself when it is a file or the overlay holds it, and the
// project file beside it (whose lint policy applies); for a directory,
// the project file and every source file under it (hidden directories
// excluded).
func members(input, project string, overlay Overlay) ([]string, error) {
	if overlay != nil {
		if _, _, ok := overlay(input); ok {
			return []string{input}, nil
		}
	}
	info, err := os.Stat(input)
	if err != nil {
		return nil, err
	}
	if !info.IsDir() {
		return []string{input, project}, nil
	}
	var out []string
	err = filepath.WalkDir(input, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			// An unreadable subdirectory is a change only if it becomes
			// readable; record its name so that it counts.
			out = append(out, path)
			if d != nil && d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		name := d.Name()
		if d.IsDir() {
			if path != input && (strings.HasPrefix(name, ".") || name == "node_modules") {
				return fs.SkipDir
			}
			return nil
		}
		if name == ProjectFile || kindsByExtension[strings.ToLower(filepath.Ext(name))] != "" || strings.EqualFold(filepath.Ext(name), ".txt") {
			out = append(out, path)
			if len(out) > maxMembers {
				return errTooManyMembers
			}
		}
		return nil
	})
	return out, err
}

var errTooManyMembers = &Error{Code: "input-io", Message: "the input directory holds more than 10000 source files"}

// takeFingerprint stats every member of input. With a root, a member
// that resolves outside it (through a link) is stamped as the link
// itself: its target is neither statted nor read.
func takeFingerprint(input, project string, overlay Overlay, r *root) (*fingerprint, error) {
	paths, err := members(input, project, overlay)
	if err != nil {
		return nil, err
	}
	now := time.Now()
	fp := &fingerprint{stamps: make([]fileStamp, 0, len(paths))}
	for _, p := range paths {
		fp.stamps = append(fp.stamps, stamp(p, now, overlay, r))
	}
	return fp, nil
}

// statMember stats a member: the file it names, or, for a link leading
// out of the root, the link itself (outside is then set). The walk does
// not follow links, so only a member that is a link is resolved; an
// input whose own path leads out never loads (its read is refused).
//
// One lstat answers for a member that is not a link, as stat would.
func statMember(path string, r *root) (info fs.FileInfo, outside bool, err error) {
	l, err := os.Lstat(path)
	if err != nil || l.Mode()&fs.ModeSymlink == 0 {
		return l, false, err
	}
	if r != nil && !r.inside(path) {
		return l, true, nil
	}
	info, err = os.Stat(path)
	return info, false, err
}

// stamp stats one file. A file that cannot be statted gets a zero stamp,
// so that it becoming readable is a change.
func stamp(path string, now time.Time, overlay Overlay, r *root) fileStamp {
	if overlay != nil {
		if text, version, ok := overlay(path); ok {
			return fileStamp{path: path, size: int64(len(text)), overlay: version + 1}
		}
	}
	info, outside, err := statMember(path, r)
	if err != nil {
		return fileStamp{path: path}
	}
	if outside {
		return fileStamp{path: path, size: info.Size(), mtime: info.ModTime().UnixNano(), mode: info.Mode()}
	}
	st := fileStamp{path: path, size: info.Size(), mtime: info.ModTime().UnixNano(), mode: info.Mode()}
	if now.Sub(info.ModTime()) < racyWindow && info.Mode().IsRegular() {
		if data, err := os.ReadFile(path); err == nil {
			st.racy, st.hash = true, sha256.Sum256(data)
		}
	}
	return st
}

// unchanged reports whether input's file set still matches fp: the same
// members, each with the same stamp and, for a racily clean member, the
// same content.
func (fp *fingerprint) unchanged(input, project string, overlay Overlay, r *root) bool {
	if fp == nil {
		return false
	}
	paths, err := members(input, project, overlay)
	if err != nil || len(paths) != len(fp.stamps) || !fp.inputsUnchanged(overlay) {
		return false
	}
	for i, p := range paths {
		old := &fp.stamps[i]
		if old.path != p {
			return false
		}
		if overlay != nil {
			if text, version, ok := overlay(p); ok || old.overlay != 0 {
				if !ok || old.overlay != version+1 || old.size != int64(len(text)) {
					return false
				}
				continue
			}
		}
		info, outside, err := statMember(p, r)
		if err != nil {
			if old.mode != 0 {
				return false
			}
			continue
		}
		if info.Size() != old.size || info.ModTime().UnixNano() != old.mtime || info.Mode() != old.mode {
			return false
		}
		if outside {
			continue
		}
		if old.racy {
			data, err := os.ReadFile(p)
			if err != nil || sha256.Sum256(data) != old.hash {
				return false
			}
			// Confirmed and now old enough: a later write gets a new stamp.
			if time.Since(info.ModTime()) >= racyWindow {
				old.racy = false
			}
		}
	}
	return true
}
