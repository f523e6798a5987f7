package service

import (
	"strings"
	"testing"
)

// TestReadProviders reads providers: entries and refuses those that do
// not read, at their line and column.
func TestReadProviders(t *testing.T) {
	for _, tc := range []struct {
		name, yaml, want, err string
	}{
		{"none", "failOn: error\n", "", ""},
		{"list", "providers:\n  - command: [ostw-wright, --stdio]\n    kind: ostw\n    extensions: [.OSTW, .del]\n    timeout: 2s\n",
			"ostw-wright --stdio|ostw|.ostw,.del|2s|p.yaml:2:5", ""},
		{"command as one string", "providers:\n  - command: ./tools/p\n    kind: opy\n", "./tools/p|opy||0s|p.yaml:2:5", ""},
		{"unknown key", "providers:\n  - command: [x]\n    kind: ostw\n    extension: [.x]\n", "", `p.yaml:4:5: providers: unknown key "extension"`},
		{"no command", "providers:\n  - kind: ostw\n", "", "p.yaml:2:5: providers: command is missing"},
		{"no kind", "providers:\n  - command: [x]\n", "", "p.yaml:2:5: providers: kind is missing"},
		{"workshop", "providers:\n  - command: [x]\n    kind: workshop\n", "", `p.yaml:3:11: providers: kind: "workshop" is not a source language`},
		{"extension without dot", "providers:\n  - command: [x]\n    kind: ostw\n    extensions: [ostw]\n", "", `extensions: "ostw" is not an extension (write it with its dot: .ostw)`},
		{"bad timeout", "providers:\n  - command: [x]\n    kind: ostw\n    timeout: soon\n", "", `timeout: "soon" is not a duration`},
		{"not a list", "providers: x\n", "", "p.yaml:1:12: providers: expected a list"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			specs, err := ReadProviders("p.yaml", []byte(tc.yaml))
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("error %v, want %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, sp := range specs {
				got = append(got, strings.Join(sp.Command, " ")+"|"+sp.Kind+"|"+strings.Join(sp.Extensions, ",")+"|"+sp.Timeout.String()+"|"+sp.At)
			}
			if g := strings.Join(got, ";"); g != tc.want {
				t.Errorf("got %q, want %q", g, tc.want)
			}
		})
	}
}

// TestMatchProvider picks the provider of an entry: by extension first,
// then by kind (the configured one, else the extension's).
func TestMatchProvider(t *testing.T) {
	specs := []ProviderSpec{
		{Command: []string{"by-kind"}, Kind: KindOSTW},
		{Command: []string{"by-ext"}, Kind: KindOverPy, Extensions: []string{".xopy"}},
		{Command: []string{"del-only"}, Kind: "other", Extensions: []string{".del"}},
	}
	for _, tc := range []struct{ entry, kind, want string }{
		{"a.ostw", KindAuto, "by-kind"},
		{"a.XOPY", KindAuto, "by-ext"},
		{"a.del", KindAuto, "del-only"},
		{"a.opy", KindAuto, ""},
		{"a.ow", KindAuto, ""},
		{"a.txt", KindOSTW, "by-kind"},
		{"a.xopy", KindOSTW, "by-kind"},
		{"a.xopy", KindWorkshop, ""},
	} {
		got := ""
		if sp := matchProvider(specs, tc.entry, tc.kind); sp != nil {
			got = sp.Command[0]
		}
		if got != tc.want {
			t.Errorf("%s (--kind %s): %q, want %q", tc.entry, tc.kind, got, tc.want)
		}
	}
}
