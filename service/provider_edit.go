package service

// This file answers providerValidateEdit: a transaction over OverPy
// documents, checked here against the caller's preconditions (known
// sources, current identities, ranges inside the text, no overlaps),
// restated in the provider's positions by the edits mapper, applied and
// checked by the OverPy provider, and the whole edited document set
// checked again. Nothing is ever written.

import (
	"errors"
	"fmt"
	"path/filepath"
	"sort"

	"github.com/wright-lsp/wright-lsp/contract"
	"github.com/wright-lsp/wright-lsp/edits"
	"github.com/wright-lsp/wright-lsp/engine/diag"
	"github.com/wright-lsp/wright-lsp/providers/protocol"
)

// CodeEditLanguageMismatch refuses a providerValidateEdit whose documents
// are not of the language it names (a Workshop session's project, a
// document with another languageId).
const CodeEditLanguageMismatch = "edit-language-mismatch"

// A providerDoc is one document of the set a provider edit is validated
// over.
type providerDoc struct {
	// key is the document's name in the request (or, for a project the
	// session supplies, its file:// URI); uri is the canonical file://
	// URI the provider is told; abs its absolute path.
	key, uri, abs string
	// path is how ranges name the file: the session's spelling of a
	// member file, else abs.
	path string
	text string
}

// providerDocSet is the document set, by canonical URI.
type providerDocSet struct {
	byURI map[string]*providerDoc
	// order is the URIs in checking order: the session's entry first,
	// then by URI.
	order []string
}

// find returns the document a name (a URI or a path, in any spelling
// that resolves to the file) designates.
func (ds *providerDocSet) find(name string) *providerDoc {
	path, err := URIPath(name)
	if err != nil {
		return nil
	}
	if d := ds.byURI[PathURI(path)]; d != nil {
		return d
	}
	for _, uri := range ds.order {
		if d := ds.byURI[uri]; sameFile(d.abs, path) {
			return d
		}
	}
	return nil
}

// ProviderValidateEdit answers providerValidateEdit.
func (s *Session) ProviderValidateEdit(req *contract.ProviderValidateEditRequest) (*contract.ProviderEditValidation, error) {
	prov, e := s.editProvider(req.LanguageID)
	if e != nil {
		return nil, e
	}
	if len(req.Transaction.Edits) == 0 {
		return nil, errorf("malformed-request", "the transaction has no edits")
	}
	ds, err := s.providerDocuments(req)
	if err != nil {
		return nil, err
	}
	if req.ProjectRoot != "" {
		r, err := openRoot(req.ProjectRoot)
		if err != nil {
			return nil, rootError(req.ProjectRoot, err)
		}
		for _, uri := range ds.order {
			if d := ds.byURI[uri]; !r.inside(d.abs) {
				return nil, errorf(CodeInputOutsideProject, "document %s is outside project_root %s", d.key, req.ProjectRoot)
			}
		}
	}
	// Name each edited source by its document, then check and apply the
	// transaction against the sources' text.
	tx := fromWire(req.Transaction)
	for i, e := range tx.Edits {
		d := ds.find(e.Source)
		if d == nil {
			return nil, errorf(edits.CodeUnknownSource, "edit %d: %s is not a document of the set (%d documents%s)", i, e.Source, len(ds.order), setOrigin(req))
		}
		tx.Edits[i].Source = d.key
	}
	var sourceErr *Error
	text := func(key string) (string, bool) {
		d := ds.find(key)
		if req.Sources == nil {
			return d.text, true
		}
		if t, ok := req.Sources[d.key]; ok {
			return t, true
		}
		// Another spelling of the document's file (its path, say).
		names := make([]string, 0, len(req.Sources))
		for name := range req.Sources {
			names = append(names, name)
		}
		sort.Strings(names)
		for _, name := range names {
			if ds.find(name) == d {
				return req.Sources[name], true
			}
		}
		sourceErr = errorf(edits.CodeUnknownSource, "sources carries no text for %s, which the transaction edits", d.key)
		return "", false
	}
	applied, aerr := edits.Apply(tx, text)
	if sourceErr != nil {
		return nil, sourceErr
	}
	var r *edits.Refusal
	if errors.As(aerr, &r) {
		return nil, errorf(r.Code, "%s", r.Message)
	} else if aerr != nil {
		return nil, aerr
	}
	out := &contract.ProviderEditValidation{OK: true, LanguageID: req.LanguageID, Transaction: contract.EditTransaction{Edits: []contract.TransactionEdit{}},
		Edits: []contract.ProviderTextEdit{}, Diagnostics: []contract.Diagnostic{}, Previews: []contract.EditPreview{}}
	out.Transaction = transaction(tx)
	params := protocol.ValidateEditParams{ProgramParams: protocol.ProgramParams{Entry: ds.order[0], Documents: map[string]string{}}}
	for _, uri := range ds.order {
		params.Documents[uri] = ds.byURI[uri].text
	}
	for _, a := range applied {
		d := ds.find(a.Source)
		params.Documents[d.uri] = a.Old
		pes, err := a.ProviderEdits()
		if err != nil {
			return nil, errorf("internal-error", "%v", err)
		}
		for _, pe := range pes {
			e := protocol.TextEdit{URI: d.uri, NewText: pe.NewText, Range: protocol.Range{
				Start: protocol.Position{Line: pe.Start.Line, Character: pe.Start.Character},
				End:   protocol.Position{Line: pe.End.Line, Character: pe.End.Character}}}
			params.Edits = append(params.Edits, e)
			out.Edits = append(out.Edits, contract.ProviderTextEdit{URI: e.URI, NewText: e.NewText, Range: contract.ProviderRange{
				Start: contract.ProviderPosition(pe.Start), End: contract.ProviderPosition(pe.End)}})
		}
	}
	res, perr := prov.ValidateEdit(params)
	if perr != nil {
		return nil, providerError(perr)
	}
	for _, a := range applied {
		if got := res.Documents[ds.find(a.Source).uri]; got != a.New {
			return nil, errorf("internal-error", "the provider's edit of %s differs from the transaction's", a.Source)
		}
	}
	diags, err := s.recheck(prov, ds, params, res)
	if err != nil {
		return nil, err
	}
	post := func(uri string) (string, bool) {
		if t, ok := res.Documents[uri]; ok {
			return t, true
		}
		t, ok := params.Documents[uri]
		return t, ok
	}
	out.Diagnostics = s.contractDiagnostics(ds, diags, post)
	for _, d := range out.Diagnostics {
		if d.Severity == diag.Error.String() {
			out.OK = false
		}
	}
	if !out.OK {
		// No preview of a document set that does not check: the
		// diagnostics say what to change.
		out.Diagnostics = errorsFirst(out.Diagnostics)
		return out, nil
	}
	for _, a := range applied {
		d := ds.find(a.Source)
		out.Previews = append(out.Previews, contract.EditPreview{Source: d.key, Text: a.New, SourceIdentity: a.Identity,
			Diff: edits.Unified(filepath.ToSlash(d.path), a.Old, a.New)})
	}
	return out, nil
}

func setOrigin(req *contract.ProviderValidateEditRequest) string {
	if req.Documents == nil {
		return ", the session's project"
	}
	return ", the request's documents"
}

// providerError states a provider's refusal as the service's.
func providerError(err error) *Error {
	var se *Error
	if errors.As(err, &se) {
		return se
	}
	var pe *protocol.Error
	if errors.As(err, &pe) {
		return errorf(pe.Code, "%s", pe.Message)
	}
	return errorf("internal-error", "the provider failed: %v", err)
}

// providerDocuments builds the document set: the request's documents, or
// the session's loaded project (which loads it, refusing as any program
// read does when it cannot).
func (s *Session) providerDocuments(req *contract.ProviderValidateEditRequest) (*providerDocSet, *Error) {
	ds := &providerDocSet{byURI: map[string]*providerDoc{}}
	add := func(key, path, spelling, text string) *Error {
		abs, err := filepath.Abs(path)
		if err != nil {
			return errorf("malformed-request", "document %s: %v", key, err)
		}
		d := &providerDoc{key: key, uri: PathURI(abs), abs: abs, path: spelling, text: text}
		if prev := ds.byURI[d.uri]; prev != nil {
			return errorf("malformed-request", "documents %s and %s name one file", prev.key, key)
		}
		ds.byURI[d.uri] = d
		ds.order = append(ds.order, d.uri)
		return nil
	}
	if req.Documents == nil {
		l := s.current()
		if l.err != nil {
			return nil, l.err
		}
		p := l.program
		if !p.IsOverPy() {
			return nil, errorf(CodeEditLanguageMismatch, "%s is %s input, not opy: validate its edits with validateEditTransaction, or send the opy documents", p.Origin.Entry, p.Origin.Kind)
		}
		// The entry first: the program the session serves.
		for _, f := range p.OverPy().Program.Files {
			if e := add(PathURI(f.Path), f.Path, f.Path, f.Text); e != nil {
				return nil, e
			}
		}
		return ds, nil
	}
	if len(req.Documents) == 0 {
		return nil, errorf("malformed-request", "documents is empty: send the project's documents, or leave documents out for the session's project")
	}
	keys := make([]string, 0, len(req.Documents))
	for k := range req.Documents {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		doc := req.Documents[k]
		if doc.URI != "" && doc.URI != k {
			return nil, errorf("malformed-request", "documents[%s].uri is %s: a document's uri is its key", k, doc.URI)
		}
		if doc.LanguageID != "" && doc.LanguageID != req.LanguageID {
			return nil, errorf(CodeEditLanguageMismatch, "document %s is %s, not %s", k, doc.LanguageID, req.LanguageID)
		}
		path, err := URIPath(k)
		if err != nil {
			return nil, providerError(err)
		}
		abs, _ := filepath.Abs(path)
		if e := add(k, path, abs, doc.Text); e != nil {
			return nil, e
		}
	}
	return ds, nil
}

// recheck checks the edited document set as a whole: the provider
// validated the program of the first document; every document no checked
// program reads is checked as a program of its own, and a program another
// one reads is dropped (its file is checked as part of that one). It
// returns the diagnostics of the programs kept.
func (s *Session) recheck(prov protocol.Provider, ds *providerDocSet, params protocol.ValidateEditParams, res *protocol.ValidateEditResult) ([]protocol.Diagnostic, *Error) {
	type checked struct {
		entry  string
		inputs map[string]bool
		diags  []protocol.Diagnostic
	}
	docs := map[string]string{}
	for uri, t := range params.Documents {
		docs[uri] = t
	}
	for uri, t := range res.Documents {
		docs[uri] = t
	}
	set := func(uris []string) map[string]bool {
		m := map[string]bool{}
		for _, u := range uris {
			m[u] = true
		}
		return m
	}
	programs := []checked{{entry: params.Entry, inputs: set(res.Inputs), diags: res.Diagnostics}}
	covered := set(res.Inputs)
	for _, uri := range ds.order {
		if covered[uri] {
			continue
		}
		r, err := prov.Check(protocol.ProgramParams{Entry: uri, Documents: docs})
		if err != nil {
			return nil, providerError(err)
		}
		programs = append(programs, checked{entry: uri, inputs: set(r.Inputs), diags: r.Diagnostics})
		for _, u := range r.Inputs {
			covered[u] = true
		}
	}
	var out []protocol.Diagnostic
	seen := map[string]bool{}
	for i, p := range programs {
		included := false
		for j, q := range programs {
			if i != j && q.inputs[p.entry] && !p.inputs[q.entry] {
				included = true
			}
		}
		if included {
			continue
		}
		for _, d := range p.diags {
			key := d.URI + "\x00" + d.Code + "\x00" + d.Message + "\x00" + rangeKey(d.Range)
			if !seen[key] {
				seen[key] = true
				out = append(out, d)
			}
		}
	}
	return out, nil
}

func rangeKey(r protocol.Range) string {
	return fmt.Sprintf("%d:%d-%d:%d", r.Start.Line, r.Start.Character, r.End.Line, r.End.Character)
}

// contractDiagnostics states the provider's diagnostics in contract
// ranges over the post-edit text; a position that text does not hold is
// reported unmapped, never at a guessed place.
func (s *Session) contractDiagnostics(ds *providerDocSet, diags []protocol.Diagnostic, post func(uri string) (string, bool)) []contract.Diagnostic {
	mappers := map[string]*edits.Mapper{}
	rng := func(uri string, r protocol.Range) contract.Range {
		path, _ := URIPath(uri)
		if d := ds.byURI[uri]; d != nil {
			path = d.path
		}
		m := mappers[uri]
		if m == nil {
			t, ok := post(uri)
			if !ok {
				// A file the program reads beyond the set: its text
				// as the provider read it.
				p, _ := URIPath(uri)
				var err error
				if t, err = s.readText(p); err != nil {
					return unmapped(path)
				}
			}
			m = edits.NewMapper(t)
			mappers[uri] = m
		}
		a, b, err := m.ProviderRange(edits.Position{Line: r.Start.Line, Character: r.Start.Character}, edits.Position{Line: r.End.Line, Character: r.End.Character})
		if err != nil {
			return unmapped(path)
		}
		return contract.Range{Path: path, Start: contract.Point(a), End: contract.Point(b)}
	}
	out := make([]contract.Diagnostic, 0, len(diags))
	for _, d := range diags {
		cd := contract.Diagnostic{Code: d.Code, Severity: d.Severity, Message: d.Message, Range: rng(d.URI, d.Range)}
		for _, r := range d.Related {
			cd.Related = append(cd.Related, contract.Related{Range: rng(r.URI, r.Range), Message: r.Message})
		}
		out = append(out, cd)
	}
	return out
}
