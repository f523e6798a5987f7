package objects_test

import (
	"regexp"
	"testing"

	"github.com/wright-lsp/wright-lsp/engine/objects"
	"github.com/wright-lsp/wright-lsp/engine/vocab"
)

// TestTableIDsExist checks every catalog id of the table against the
// vocabulary.
func TestTableIDsExist(t *testing.T) {
	v := vocab.Default()
	kebab := regexp.MustCompile(`^[a-z]+(-[a-z]+)*$`)
	seen := map[objects.Kind]bool{}
	for _, s := range objects.Specs() {
		if !kebab.MatchString(string(s.Kind)) || seen[s.Kind] {
			t.Errorf("kind %q is not kebab-case or is listed twice", s.Kind)
		}
		seen[s.Kind] = true
		if v.Action(s.Create) == nil {
			t.Errorf("%s: no action %q", s.Kind, s.Create)
		}
		if v.Value(s.LastID) == nil {
			t.Errorf("%s: no value %q", s.Kind, s.LastID)
		}
		for _, list := range [][]string{s.DestroyByID, s.DestroyAll, s.DestroyBySlot} {
			for _, id := range list {
				if v.Action(id) == nil {
					t.Errorf("%s: no action %q", s.Kind, id)
				}
			}
		}
		if len(s.DestroyByID)+len(s.DestroyAll)+len(s.DestroyBySlot) == 0 {
			t.Errorf("%s: nothing destroys it", s.Kind)
		}
		if s.Duration >= 0 {
			a := v.Action(s.Create)
			if a == nil || s.Duration >= len(a.Params) || a.Params[s.Duration].Name != "duration" {
				t.Errorf("%s: argument %d is not the duration", s.Kind, s.Duration)
			}
		}
		if objects.SpecOf(s.Kind) == nil || objects.Creator(s.Create) == nil || !objects.IsLastID(s.LastID) {
			t.Errorf("%s: lookups fail", s.Kind)
		}
	}
}
