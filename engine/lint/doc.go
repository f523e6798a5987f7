// Package lint checks Workshop programs for defects the game silently
// punishes and for practices that cost elements or clarity.
//
// A Rule has a stable kebab-case id (the code of its findings), a default
// severity (Error only for a confirmed defect), and metadata: summary,
// rationale, known limits, tags. A rule's Check reads a Pass (the program,
// and analyses computed once on first use: the semantic index, control
// flow, element cost, persistent objects) and reports Findings. Where the
// correction is mechanically certain a finding carries a Fix: byte-offset
// edits of the file.
//
// A Config selects and tunes rules: a policy file (YAML: failOn, and per
// rule enabled and severity; unknown keys are errors naming the key),
// command-line overrides, and local rule files of declarative user rules
// (see userrules.go), which never execute code.
//
// After an edit inside rules, Rerun lints again from the previous result:
// the rule-local rules (whose findings on a rule depend on that rule
// alone) run on the rules read again only, the others on the whole
// program (see rerun.go).
package lint
