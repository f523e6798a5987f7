package service

// This file validates a context document (`wright-lsp agent validate
// --kind context`). A context is a ranked subset of the catalog and the
// vocabulary, so beyond its shape, order and budget it is compared with
// the running binary twice: its source fingerprints with the binary's,
// and, when nothing else is wrong, the whole document with the one the
// binary makes for the same task and budget.

import (
	"bytes"
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/wright-lsp/wright-lsp/contract"
)

// ValidateContext checks a context document: it must decode with no
// unknown field, name the context's document type and schema version,
// keep the context's orders (items by score, kind and id, each once;
// terms distinct; refusal codes, request members and effects sorted),
// record the estimator and an estimate that its own bytes reproduce and
// that its budget holds (else budget-drift), name this binary's sources
// (else fingerprint-drift), and be the document this binary makes for its
// task and budget (else content-mismatch, checked only when nothing else
// is wrong). It returns every problem found; none means valid.
func ValidateContext(data []byte) []ValidationProblem {
	var doc contract.AgentContext
	out, ok := decodeDocument(data, &doc, "a context")
	if !ok {
		return out
	}
	header, ok := documentHeader(doc.DocumentType, contract.ContextDocumentType, doc.SchemaVersion, contract.ContextSchemaVersion)
	out = append(out, header...)
	if !ok {
		return out // another version's fields cannot be judged
	}
	add := func(code, format string, args ...any) {
		out = append(out, ValidationProblem{Code: code, Message: fmt.Sprintf(format, args...)})
	}
	out = append(out, contextOrder(&doc)...)
	if doc.Budget.Estimator != contract.ContextEstimator {
		add("budget-drift", "budget.estimator is %q; this binary estimates with %q", doc.Budget.Estimator, contract.ContextEstimator)
	} else if est, err := EstimateTokens(&doc); err != nil {
		add("malformed-document", "the estimate cannot be recomputed: %v", err)
	} else if est != doc.Budget.Estimated {
		add("budget-drift", "budget.estimated is %d, but the document estimates at %d tokens: it was changed after it was made", doc.Budget.Estimated, est)
	} else if est > doc.Budget.Requested {
		add("budget-drift", "the document estimates at %d tokens, over its budget of %d", est, doc.Budget.Requested)
	}
	ix, err := theContextIndex()
	if err != nil {
		add("internal-error", "the running binary's context index: %v", err)
		return out
	}
	if doc.Sources != ix.sources {
		add("fingerprint-drift", "the sources (%s, %s, %s) are not this binary's (%s, %s, %s): run wright-lsp agent context again",
			doc.Sources.CatalogSchema, doc.Sources.CatalogContent, doc.Sources.VocabularySHA256,
			ix.sources.CatalogSchema, ix.sources.CatalogContent, ix.sources.VocabularySHA256)
	}
	if len(out) > 0 {
		return out
	}
	want, err := AgentContext(doc.Task, doc.Budget.Requested)
	if err != nil {
		add("content-mismatch", "this binary makes no context for the document's task and budget: %v", err)
		return out
	}
	got, err1 := canonical(&doc)
	made, err2 := canonical(want)
	if err := cmp.Or(err1, err2); err != nil {
		add("internal-error", "%v", err)
	} else if !bytes.Equal(got, made) {
		add("content-mismatch", "the document is not what this binary makes for its task and budget (%s): %s",
			contextDifference(&doc, want), "an item, a score, the terms or the truncated flag was changed")
	}
	return out
}

// contextOrder reports the orders a context keeps that doc breaks.
func contextOrder(doc *contract.AgentContext) []ValidationProblem {
	var out []ValidationProblem
	bad := func(what string) {
		out = append(out, ValidationProblem{Code: "nondeterministic-order", Message: what + " are not in the context's order"})
	}
	if hasDuplicates(doc.Terms) {
		bad("the terms")
	}
	unordered := false
	for i, it := range doc.Items {
		if !slices.Contains(contextKinds, it.Kind) {
			out = append(out, ValidationProblem{Code: "malformed-document", Message: fmt.Sprintf("item %d has kind %q, not one of %s", i, it.Kind, strings.Join(contextKinds, ", "))})
			continue
		}
		if !slices.IsSorted(it.RefusalCodes) || hasDuplicates(it.RefusalCodes) || !slices.IsSorted(it.RequestMembers) ||
			(it.Effects != nil && (!slices.IsSorted(it.Effects.Reads) || !slices.IsSorted(it.Effects.Writes))) {
			bad(fmt.Sprintf("item %d's (%s %s) lists", i, it.Kind, it.ID))
		}
		if i == 0 || unordered || !slices.Contains(contextKinds, doc.Items[i-1].Kind) {
			continue
		}
		prev := doc.Items[i-1]
		if c := cmp.Or(cmp.Compare(it.Score, prev.Score), cmp.Compare(slices.Index(contextKinds, prev.Kind), slices.Index(contextKinds, it.Kind)),
			strings.Compare(prev.ID, it.ID)); c >= 0 {
			unordered = true // the first pair out of order is reported
			bad(fmt.Sprintf("items %d (%s %s) and %d (%s %s)", i-1, prev.Kind, prev.ID, i, it.Kind, it.ID))
		}
	}
	return out
}

// contextDifference names the first place doc and want differ, for the
// message.
func contextDifference(doc, want *contract.AgentContext) string {
	switch {
	case !slices.Equal(doc.Terms, want.Terms):
		return "the terms differ"
	case doc.Truncated != want.Truncated:
		return fmt.Sprintf("truncated is %t, the binary's %t", doc.Truncated, want.Truncated)
	case len(doc.Items) != len(want.Items):
		return fmt.Sprintf("%d items, the binary's %d", len(doc.Items), len(want.Items))
	}
	for i := range doc.Items {
		a, _ := canonical(doc.Items[i])
		b, _ := canonical(want.Items[i])
		if !bytes.Equal(a, b) {
			return fmt.Sprintf("item %d (%s %s) differs", i, doc.Items[i].Kind, doc.Items[i].ID)
		}
	}
	return "the envelope differs"
}
