package lsp

import (
	"testing"

	"github.com/wright-lsp/wright-lsp/engine/lint"
)

// TestDisableRuleEdit: the edit turning a rule off, applied to policy
// files of each shape, reads back with the rule off; on a file that
// already configures the rule it does not read back, so no action is
// offered there.
func TestDisableRuleEdit(t *testing.T) {
	for _, tc := range []struct {
		name, text, want string
		ok               bool
	}{
		{"no file", "", "rules:\n  repeated-value:\n    enabled: false\n", true},
		{"no rules key", "failOn: warning", "failOn: warning\nrules:\n  repeated-value:\n    enabled: false\n", true},
		{"rules key, four spaces", "rules:\n    unused-variable:\n        severity: info\nfailOn: error\n",
			"rules:\n    repeated-value:\n        enabled: false\n    unused-variable:\n        severity: info\nfailOn: error\n", true},
		{"rules key with a comment, CRLF", "rules: # ours\r\n  unused-variable:\r\n    severity: info\r\n",
			"rules: # ours\r\n  repeated-value:\r\n    enabled: false\r\n  unused-variable:\r\n    severity: info\r\n", true},
		{"no rules key, CRLF", "failOn: warning\r\n", "failOn: warning\r\nrules:\r\n  repeated-value:\r\n    enabled: false\r\n", true},
		{"rules key last, no newline", "failOn: error\nrules:", "failOn: error\nrules:\n  repeated-value:\n    enabled: false\n", true},
		{"the rule already configured", "rules:\n  repeated-value:\n    severity: warning\n", "", false},
	} {
		at, insert := disableRuleEdit(tc.text, "repeated-value")
		got := tc.text[:at] + insert + tc.text[at:]
		cfg := &lint.Config{}
		err := cfg.ApplyPolicy(".wright.yaml", []byte(got))
		off := false
		for _, e := range cfg.Effective() {
			if e.Rule.ID == "repeated-value" {
				off = !e.Enabled
			}
		}
		if ok := err == nil && off; ok != tc.ok {
			t.Errorf("%s: reads back with the rule off: %v, want %v (%v)\n%s", tc.name, ok, tc.ok, err, got)
			continue
		}
		if tc.ok && got != tc.want {
			t.Errorf("%s: got\n%q\nwant\n%q", tc.name, got, tc.want)
		}
	}
}
