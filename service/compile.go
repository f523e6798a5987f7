package service

// This file answers compile: the loaded program printed in the game's
// export style, in any client language, optionally through the compat
// profile, and written atomically to a file. The answer is a
// wright-result/v1 envelope naming the file and its digest, never the
// program's text.
//
// Exit codes: 0 written; 1 the program has errors; 2 a problem with the
// request or the output (invalid-locale, invalid-profile, output-exists,
// output-is-input, output-io, output-too-large, missing-mapping); 3 an
// internal failure.
// Whatever fails, nothing is written.

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/wright-lsp/wright-lsp/contract"
	"github.com/wright-lsp/wright-lsp/engine/ast"
	"github.com/wright-lsp/wright-lsp/engine/compat"
	"github.com/wright-lsp/wright-lsp/engine/cost"
	"github.com/wright-lsp/wright-lsp/engine/diag"
	"github.com/wright-lsp/wright-lsp/engine/parser"
	"github.com/wright-lsp/wright-lsp/engine/printer"
	"github.com/wright-lsp/wright-lsp/engine/source"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// A Profile is the transformation applied to a Workshop program before it
// is written.
type Profile string

// The profiles.
const (
	// ProfileOff writes the program as it was read.
	ProfileOff Profile = "off"
	// ProfileCompat first rewrites legacy forms (Set Global Variable(A,
	// 1), Compare(a, ==, b), bare colours, …) into the ones the game
	// exports today (package compat).
	ProfileCompat Profile = "compat"
)

// Profiles lists the profiles, for capabilities and usage messages.
var Profiles = []Profile{ProfileOff, ProfileCompat}

// ParseProfile reads a --profile value; "" is off.
func ParseProfile(s string) (Profile, error) {
	switch Profile(s) {
	case "", ProfileOff:
		return ProfileOff, nil
	case ProfileCompat:
		return ProfileCompat, nil
	}
	return "", fmt.Errorf("unknown profile %q: expected off or compat", s)
}

// CompileOptions are what a compile asks for.
type CompileOptions struct {
	// Output names the file to write; "" means <entry stem>.ow in the
	// working directory. "-" is an ordinary file name here.
	Output string
	// Force replaces an existing output file (never the input).
	Force bool
	// To is the locale to write in (any case, "_" for "-"); "" is the
	// input's.
	To string
	// Profile is off ("" too) or compat.
	Profile Profile
	// Optimize runs the optimiser first; nil is the input's default: on
	// for OverPy unless its program has #!disableOptimizations, off for
	// Workshop.
	Optimize *bool
	// Root, when set, confines the output: it must resolve inside Root,
	// symbolic links followed, or the compile fails
	// output-outside-project; a link is written through (to its target
	// inside Root), never replaced by a file. The service sets it; the
	// CLI writes where its user asks.
	Root string
}

// Compile prints p as asked and writes it to the output file atomically:
// the file holds either its old content or the whole program, whatever
// happens during the write. See the file comment for the exit codes.
func Compile(p *Program, opts CompileOptions) *contract.CompileResult {
	c := newCompilation(p)
	target := opts.Output
	if target == "" {
		target = DefaultOutput(p.File.Path)
	}
	loc, prof := c.options(opts)
	dest := c.checkOutput(target, opts)
	if dest != nil {
		defer dest.close()
	}
	text, rewrites, ok := c.render(loc, prof, c.p.wantsOptimize(opts.Optimize))
	if !ok {
		return c.result()
	}
	c.commit(target, dest, opts, text)
	if c.exit != 0 {
		return c.result()
	}
	c.out = c.outputOf(target, text, loc, prof, rewrites)
	c.next = append(c.next, command("check", target))
	return c.result()
}

// Render is Compile without the file: the program's text as Compile would
// write it, and its envelope, whose output describes the text as written
// to "-". The text is "" when the envelope fails. Output and Force are not
// read. It is for callers that stream the program themselves (the CLI's
// compile -o -); the service never does.
func Render(p *Program, opts CompileOptions) (string, *contract.CompileResult) {
	c := newCompilation(p)
	loc, prof := c.options(opts)
	text, rewrites, ok := c.render(loc, prof, c.p.wantsOptimize(opts.Optimize))
	if ok {
		c.out = c.outputOf("-", text, loc, prof, rewrites)
	}
	return text, c.result()
}

func (c *compilation) outputOf(target, text string, loc vocab.Locale, prof Profile, rewrites map[string]int) *contract.CompileOutput {
	sum := sha256.Sum256([]byte(text))
	return &contract.CompileOutput{WrittenTo: target, SHA256: hex.EncodeToString(sum[:]), Bytes: len(text),
		Locale: loc.String(), Profile: string(prof), Rewrites: rewrites, Elements: c.elements, Optimization: c.optimization}
}

// DefaultOutput is where a compile without output writes the program
// whose entry is entry: <entry stem>.ow, in the working directory.
func DefaultOutput(entry string) string {
	base := filepath.Base(entry)
	return strings.TrimSuffix(base, filepath.Ext(base)) + ".ow"
}

// Load brings the session's program up to date and returns it, for an
// operation that answers a program that does not parse with its
// diagnostics (compile, as check does): the adopted program, or the
// checked text of an entry that reads but does not parse. Any other load
// failure is refused.
func (s *Session) Load() (*Program, error) {
	l := s.current()
	switch {
	case l.program != nil:
		return l.program, nil
	case l.rejected != nil:
		return l.rejected, nil
	}
	return nil, l.err
}

// Compile loads the session's program and compiles it (see Compile),
// its output confined to the session's output root. A
// program that does not parse is answered with its diagnostics (exit 1);
// an input that cannot load (cannot be read, has no provider) is answered
// with the loader's refusal as the envelope's one diagnostic (exit 2), as
// check answers it: compile is a workflow, and a workflow's failed load
// surfaces inside its envelope.
func (s *Session) Compile(opts CompileOptions) (*contract.CompileResult, error) {
	l := s.current()
	p := l.program
	if p == nil {
		p = l.rejected
	}
	if p == nil {
		return &contract.CompileResult{Envelope: FailedCheck("compile", l.err, s.opts.Input).Envelope}, nil
	}
	if !s.opts.Unconfined {
		opts.Root = s.outputRoot()
	}
	return Compile(p, opts), nil
}

// A compilation collects a compile's envelope as it goes.
type compilation struct {
	p *Program
	// diags are compile's own diagnostics; the program's follow them.
	diags []contract.Diagnostic
	exit  int
	next  []string
	out   *contract.CompileOutput
	// elements is the count of the program rendered; optimization what
	// the optimiser did to it, when it ran.
	elements     int
	optimization *contract.CompileOptimization
}

func newCompilation(p *Program) *compilation {
	return &compilation{p: p, next: []string{}}
}

// fail records one of compile's own diagnostics, at the start of path,
// and the exit code it implies (the highest recorded wins).
func (c *compilation) fail(exit int, code, path, format string, args ...any) {
	c.diags = append(c.diags, contract.Diagnostic{Code: code, Severity: "error", Message: fmt.Sprintf(format, args...),
		Range: contract.Range{Path: path, Start: contract.Point{Line: 1, Column: 1}, End: contract.Point{Line: 1, Column: 1}}})
	c.exit = max(c.exit, exit)
}

// options reads the locale and profile asked for.
func (c *compilation) options(opts CompileOptions) (vocab.Locale, Profile) {
	loc := c.p.Checked.Script.Locale
	if opts.To != "" {
		l, err := vocab.ParseLocale(opts.To)
		if err != nil {
			c.fail(2, "invalid-locale", c.p.File.Path, "%v", err)
		}
		loc = l
	}
	prof, err := ParseProfile(string(opts.Profile))
	if err != nil {
		c.fail(2, "invalid-profile", c.p.File.Path, "%v", err)
	}
	return loc, prof
}

// render prints the program, after the problems found so far and the
// program's own errors, which it reports instead. ok is false when the
// compile has failed.
func (c *compilation) render(loc vocab.Locale, prof Profile, optimizing bool) (text string, rewrites map[string]int, ok bool) {
	if c.exit != 0 {
		return "", nil, false
	}
	if c.p.HasErrors() {
		c.exit = 1
		c.next = append(c.next, command("check", "--all", c.p.Origin.Input))
		return "", nil, false
	}
	script := c.p.Checked.Script
	if optimizing {
		o := c.p.Optimized()
		script = o.Script
		c.optimization = &contract.CompileOptimization{Before: o.Report.Before, After: o.Report.After}
		for _, r := range o.Report.Rules {
			if r.Saved() != 0 || r.Removed {
				c.optimization.Rules++
			}
		}
	}
	if prof == ProfileCompat {
		var changes []compat.Change
		script, changes = compat.Rewrite(script, compat.Options{})
		for _, ch := range changes {
			if rewrites == nil {
				rewrites = map[string]int{}
			}
			rewrites[ch.Kind.String()]++
		}
	}
	text, pdiags := printer.Print(script, printer.Options{Locale: loc})
	if len(pdiags) > 0 {
		c.missing(pdiags)
		return "", nil, false
	}
	if len(text) > source.MaxFileSize {
		// Never write what no command reads back.
		c.fail(2, "output-too-large", c.p.File.Path,
			"the program prints as %d bytes; the limit is 4 MiB (%d bytes), the largest source file wright-lsp reads: nothing was written",
			len(text), source.MaxFileSize)
		return "", nil, false
	}
	c.elements = cost.Count(script, cost.Options{}).Total
	if problem := readsBack(script, text, loc); problem != "" {
		c.fail(3, "internal-error", c.p.File.Path,
			"the program printed in %s does not read back as itself (%s); nothing was written", loc, problem)
		return "", nil, false
	}
	return text, rewrites, true
}

// missing reports the printer's missing-mapping diagnostics, one per name
// (its first use), with how many uses it has.
func (c *compilation) missing(ds diag.List) {
	uses := map[string]int{}
	var first []diag.Diagnostic
	for _, d := range ds {
		if uses[d.Message] == 0 {
			first = append(first, d)
		}
		uses[d.Message]++
	}
	for _, d := range first {
		msg := d.Message
		if n := uses[d.Message]; n > 1 {
			msg += fmt.Sprintf(" (%d uses)", n)
		}
		c.diags = append(c.diags, contract.Diagnostic{Code: string(d.Code), Severity: "error", Message: msg,
			Range: c.p.Range(d.Span)})
	}
	c.exit = max(c.exit, 2)
}

// readsBack checks that text, printed from script in loc, parses without
// error as the same structure; it returns what differs, or "".
func readsBack(script *ast.Script, text string, loc vocab.Locale) string {
	back := parser.Parse(source.NewFile("compiled.ow", text), parser.Options{Locale: loc, LocaleGiven: true})
	for _, d := range back.Diags {
		if d.Severity == diag.Error {
			return "a parse error: " + d.Message
		}
	}
	want, got := strings.Split(ast.Dump(script), "\n"), strings.Split(ast.Dump(back.Script), "\n")
	for i := range max(len(want), len(got)) {
		if i >= len(want) || i >= len(got) || want[i] != got[i] {
			return fmt.Sprintf("structure line %d differs", i+1)
		}
	}
	return ""
}

// result assembles the envelope: compile's own diagnostics first, then
// the program's, capped at DefaultLimit. The exit code is computed on the
// whole set.
func (c *compilation) result() *contract.CompileResult {
	e := c.p.envelope("compile", true)
	all := append(append([]contract.Diagnostic{}, c.diags...), e.Diagnostics...)
	e.Diagnostics, e.Truncation = all, nil
	if len(all) > DefaultLimit {
		e.Diagnostics = all[:DefaultLimit]
		e.Truncation = &contract.Truncation{Total: len(all), Shown: DefaultLimit, Withheld: len(all) - DefaultLimit,
			Expand: "check with all: true (CLI wright-lsp check --all) lists every diagnostic of the program"}
	}
	e.Exit, e.Verdict = c.exit, "pass"
	if c.exit != 0 {
		e.Verdict = "fail"
	}
	e.Next = c.next
	res := &contract.CompileResult{Envelope: e}
	if c.exit == 0 {
		res.Output = c.out
	}
	return res
}

// ---- The output file

// A destination is where the program is written: a name in a directory.
type destination struct {
	dir writeDir
	// name is the file within dir: the target itself, or, confined, the
	// path relative to the output root of the file the target resolves
	// to (a link's target).
	name string
	// root is the open output root of a confined compile.
	root *os.Root
}

func (d *destination) close() {
	if d.root != nil {
		d.root.Close()
	}
}

// checkOutput refuses an output outside the output root (confined), the
// input, an existing file without force, a directory or a file with other
// hard links (confined). It returns where to write, or nil when the
// compile has failed. Nothing outside the root is examined beyond
// resolving the path: whether it exists there is never reported.
func (c *compilation) checkOutput(target string, opts CompileOptions) *destination {
	d := &destination{dir: osDir{}, name: target}
	check := target
	if opts.Root != "" {
		var ok bool
		if d, check, ok = c.confine(target, opts.Root); !ok {
			return nil
		}
	}
	input := c.p.File.Path
	// Any spelling of the input: a link, another path to it.
	if sameFile(check, input) {
		c.fail(2, "output-is-input", target,
			"%s is the input source file %s: compile never replaces its input, even with force; name another output", target, input)
		d.close()
		return nil
	}
	info, err := d.dir.Lstat(d.name)
	switch {
	case err == nil && info.IsDir():
		c.fail(2, "output-io", target, "%s is a directory: name a file to write", target)
	case err == nil && opts.Root != "" && hardLinks(info) > 1:
		c.fail(2, CodeOutputOutsideProject, target,
			"%s has %d hard links, which may lie outside the output root %s: compile does not replace a file with other names; remove it or name another output",
			target, hardLinks(info), opts.Root)
	case err == nil && !opts.Force:
		c.outputExists(target, opts)
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		c.fail(2, "output-io", target, "%s: %v", target, err)
	default:
		return d
	}
	d.close()
	return nil
}

// maxLinks bounds the symbolic links followed from an output.
const maxLinks = 40

// confine resolves target inside the output root: its directories'
// links followed, and a final link followed to its target (written
// through, never replaced). It fails output-outside-project when target
// or a link's target resolves outside the root. check is a path naming
// the file to write, for comparing with the input.
func (c *compilation) confine(target, rootDir string) (d *destination, check string, ok bool) {
	r, err := openRoot(rootDir)
	if err != nil {
		c.fail(2, "output-io", target, "the output root %s: %v", rootDir, err)
		return nil, "", false
	}
	outside := func(how string) (*destination, string, bool) {
		c.fail(2, CodeOutputOutsideProject, target,
			"%s %s outside the project root %s: the service writes only inside it; name an output under %s (serve --output-root sets another root)",
			target, how, rootDir, rootDir)
		return nil, "", false
	}
	rel, ok := r.resolve(target)
	if !ok {
		return outside("resolves")
	}
	if rel == "." {
		c.fail(2, "output-io", target, "%s is a directory: name a file to write", target)
		return nil, "", false
	}
	dir, err := os.OpenRoot(r.real)
	if err != nil {
		c.fail(2, "output-io", target, "the output root %s: %v", rootDir, err)
		return nil, "", false
	}
	for hops := 0; ; hops++ {
		info, err := dir.Lstat(rel)
		if err != nil || info.Mode()&fs.ModeSymlink == 0 {
			break
		}
		link, err := dir.Readlink(rel)
		if err != nil || hops == maxLinks {
			dir.Close()
			c.fail(2, "output-io", target, "%s: a symbolic link that cannot be followed (%v)", target, err)
			return nil, "", false
		}
		if !filepath.IsAbs(link) {
			link = filepath.Join(r.real, filepath.Dir(rel), link)
		}
		if rel, ok = r.resolve(link); !ok {
			dir.Close()
			return outside("is a symbolic link leading")
		}
	}
	return &destination{dir: dir, name: rel, root: dir}, filepath.Join(r.real, rel), true
}

// outputExists refuses to replace target, and says how to.
func (c *compilation) outputExists(target string, opts CompileOptions) {
	c.fail(2, "output-exists", target, "%s already exists: set force: true (CLI --force) to replace it", target)
	args := []string{"compile", "--force", "-o", target}
	if opts.To != "" {
		args = append(args, "--to", opts.To)
	}
	if opts.Profile == ProfileCompat {
		args = append(args, "--profile", "compat")
	}
	c.next = append(c.next, command(append(args, c.p.Origin.Input)...))
}

// commit writes text to the destination, reporting what went wrong
// under the target's name.
func (c *compilation) commit(target string, dest *destination, opts CompileOptions, text string) {
	err := writeAtomic(dest.dir, dest.name, []byte(text), opts.Force)
	switch {
	case err == nil:
	case errors.Is(err, errOutputExists):
		// It appeared while the program was being written.
		c.outputExists(target, opts)
	default:
		// Name the problem, not the temporary file it happened to.
		reason := err
		var pe *os.PathError
		if errors.As(err, &pe) {
			reason = pe.Err
		}
		if escapes(err) {
			// A link swapped in after the check.
			c.fail(2, CodeOutputOutsideProject, target, "writing %s: the path leads outside the project root %s; nothing was written", target, opts.Root)
			return
		}
		if dir := filepath.Dir(target); errors.Is(err, fs.ErrNotExist) {
			c.fail(2, "output-io", target, "writing %s: the directory %s does not exist; nothing was written", target, dir)
			return
		}
		c.fail(2, "output-io", target, "writing %s: %v; nothing was written", target, reason)
	}
}

// errOutputExists is writeAtomic's refusal to replace a file without
// force.
var errOutputExists = errors.New("the output file exists")

// A writeDir is where writeAtomic creates, links and renames files: the
// file system itself (osDir, for the CLI, which writes where its user
// asks), or an *os.Root at a session's output root, whose operations
// refuse any path leading out of it.
type writeDir interface {
	OpenFile(name string, flag int, perm fs.FileMode) (*os.File, error)
	Rename(oldname, newname string) error
	Link(oldname, newname string) error
	Remove(name string) error
	Lstat(name string) (fs.FileInfo, error)
	Stat(name string) (fs.FileInfo, error)
}

// osDir is the file system, names as the process sees them.
type osDir struct{}

func (osDir) OpenFile(name string, flag int, perm fs.FileMode) (*os.File, error) {
	return os.OpenFile(name, flag, perm)
}
func (osDir) Rename(oldname, newname string) error   { return os.Rename(oldname, newname) }
func (osDir) Link(oldname, newname string) error     { return os.Link(oldname, newname) }
func (osDir) Remove(name string) error               { return os.Remove(name) }
func (osDir) Lstat(name string) (fs.FileInfo, error) { return os.Lstat(name) }
func (osDir) Stat(name string) (fs.FileInfo, error)  { return os.Stat(name) }

// The file operations of writeAtomic. Tests replace them to inject
// failures and to stop the process at chosen points.
var (
	// writeTemp writes the program to the temporary file.
	writeTemp = func(f *os.File, data []byte) error {
		_, err := f.Write(data)
		return err
	}
	// beforeCommit runs once the temporary file is complete and synced,
	// before it takes the target's name.
	beforeCommit = func(tmp string) {}
	renameFile   = writeDir.Rename
	linkFile     = writeDir.Link
)

// writeAtomic writes data to path in d so that path holds either its old
// content or all of data, whatever happens: a temporary file in path's
// directory is written, synced and then given path's name (the directory
// is synced after, where the system allows). Without replace an existing
// path is never replaced: the temporary file is hard-linked to path,
// which fails if path exists; where links are not supported, path is
// checked, then renamed over. On failure the temporary file is removed.
// A killed process can leave one behind, named .<name>.<random>.tmp.
// The rename replaces path's directory entry: a file with other hard
// links keeps its content under them.
func writeAtomic(d writeDir, path string, data []byte, replace bool) (err error) {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	tmp, f, err := createTemp(d, dir, base)
	if err != nil {
		return err
	}
	closed := false
	defer func() {
		if err != nil {
			if !closed {
				f.Close()
			}
			d.Remove(tmp)
		}
	}()
	if replace {
		// Keep the permissions of the file being replaced.
		if info, serr := d.Stat(path); serr == nil && info.Mode().IsRegular() {
			if err = f.Chmod(info.Mode().Perm()); err != nil {
				return err
			}
		}
	}
	if err = writeTemp(f, data); err != nil {
		return err
	}
	if err = f.Sync(); err != nil {
		return err
	}
	closed = true
	if err = f.Close(); err != nil {
		return err
	}
	beforeCommit(tmp)
	if replace {
		err = renameFile(d, tmp, path)
	} else {
		err = linkFile(d, tmp, path)
		switch {
		case err == nil:
			d.Remove(tmp)
		case errors.Is(err, fs.ErrExist):
			err = errOutputExists
		default:
			// No hard links here (some file systems): check, then rename.
			if _, lerr := d.Lstat(path); lerr == nil {
				err = errOutputExists
			} else {
				err = renameFile(d, tmp, path)
			}
		}
	}
	if err != nil {
		return err
	}
	syncDir(d, dir)
	return nil
}

// createTemp creates a new file for writing next to base in dir. Unlike
// os.CreateTemp it leaves the permissions to the umask, as any other
// new file gets.
func createTemp(d writeDir, dir, base string) (string, *os.File, error) {
	for range 100 {
		name := filepath.Join(dir, "."+base+"."+strings.ToLower(rand.Text()[:10])+".tmp")
		f, err := d.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o666)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		return name, f, err
	}
	return "", nil, fmt.Errorf("cannot create a temporary file in %s", dir)
}

// syncDir makes a rename in dir durable where the system allows syncing a
// directory (it does not on Windows, where the error is ignored).
func syncDir(d writeDir, dir string) {
	f, err := d.OpenFile(dir, os.O_RDONLY, 0)
	if err != nil {
		return
	}
	f.Sync()
	f.Close()
}
