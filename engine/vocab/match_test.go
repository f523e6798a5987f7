package vocab

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// foldText folds a whole text the way the matcher folds it byte by byte:
// the reference for TestMatchFoldsLikeFoldText.
func foldText(text string) string {
	b := make([]byte, len(text))
	for i := 0; i < len(text); {
		if c := text[i]; c < utf8.RuneSelf {
			b[i] = asciiFold[c]
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(text[i:])
		if r == utf8.RuneError && size == 1 {
			b[i] = text[i]
			i++
			continue
		}
		utf8.EncodeRune(b[i:], foldRune(r))
		i += size
	}
	return string(b)
}

// refMatch matches the folded text f plainly: byte by byte, children found
// by scanning, a space in a label matching a run of spaces.
func (t *trie) refMatch(f string, start int) []Hit {
	var hits []Hit
	node := int32(0)
	i := start
	for i < len(f) {
		n := &t.nodes[node]
		c := int32(0)
		for k := n.firstChild; k < n.firstChild+n.childCount; k++ {
			if t.labels[t.nodes[k].labelStart] == f[i] {
				c = k
			}
		}
		if c == 0 {
			break
		}
		j := i
		ok := true
		label := t.labels[t.nodes[c].labelStart:t.nodes[c].labelEnd]
		for k := 0; k < len(label); k++ {
			lb := label[k]
			if j >= len(f) || f[j] != lb {
				ok = false
				break
			}
			j++
			if lb == ' ' {
				for j < len(f) && f[j] == ' ' {
					j++
				}
			}
		}
		if !ok {
			break
		}
		node, i = c, j
		if r := t.nodes[c].name; r >= 0 {
			ok := true
			if i < len(f) {
				last, _ := utf8.DecodeLastRuneInString(f[start:i])
				next, _ := utf8.DecodeRuneInString(f[i:])
				ok = !(IsWordRune(last) && IsWordRune(next))
			}
			if ok {
				hits = append(hits, Hit{End: i, Refs: t.refsOf(r)})
			}
		}
	}
	slices.Reverse(hits)
	return hits
}

func sameHits(a, b []Hit) bool {
	return slices.EqualFunc(a, b, func(x, y Hit) bool {
		return x.End == y.End && len(x.Refs) == len(y.Refs) && &x.Refs[0] == &y.Refs[0]
	})
}

// TestMatchFoldsLikeFoldText checks that matching folds the text as
// folding it whole would: at every character of texts with invalid UTF-8,
// case changes outside ASCII and wrapped names, and wherever a name can
// start in the corpus (after white space or punctuation).
func TestMatchFoldsLikeFoldText(t *testing.T) {
	files, err := filepath.Glob("../../../shared/corpus/workshop/game-exports/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("the shared corpus must be present: %v", err)
	}
	texts := []string{
		"ONGOING -\n\t\tEACH PLAYER;",
		"Event Player.x \xff\xfe Global.y",
		"\xe4\xbd Ongoing - Global\xe4",
		"Torbjörn; TORBJÖRN; torbjÖrn; İnan; ΣΊΣΥΦΟΣ; Событие; СОБЫТИЕ",
		"持续 - 全局;\n持续\u00a0- 全局",
		"Slot 10; Slot 1x; Slot 1é",
	}
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		texts = append(texts, string(data))
	}
	v := Default()
	tries := []*trie{v.names, v.Matcher(Of(EnUS)).t, v.Matcher(Of(ZhCN) | Of(EnUS)).t, v.Matcher(Of(RuRU) | Of(EnUS)).t}
	for ti, text := range texts {
		folded := foldText(text)
		for tri, tr := range tries {
			if ti > 5 && tri > 1 {
				break
			}
			for i := 0; i < len(text); {
				if ti > 5 && i > 0 && !strings.ContainsRune(" \t\n(,.!;[", rune(text[i-1])) {
					i++
					continue
				}
				want := tr.refMatch(folded, i)
				if got := tr.match(text, i, len(text), nil); !sameHits(got, want) {
					t.Fatalf("text %d, offset %d (%q): got %v, want %v", ti, i, text[i:min(len(text), i+30)], got, want)
				}
				// A limit cuts the text: the same as matching a prefix.
				if end := strings.IndexByte(text[i:min(len(text), i+200)], ';'); end >= 0 {
					want := tr.refMatch(folded[:i+end], i)
					if got := tr.match(text, i, i+end, nil); !sameHits(got, want) {
						t.Fatalf("text %d, offset %d, limit %d: got %v, want %v", ti, i, i+end, got, want)
					}
				}
				if _, size := utf8.DecodeRuneInString(text[i:]); ti <= 5 {
					i += size
				} else {
					i++ // the corpus is valid UTF-8: every byte after an ASCII one starts a character
				}
			}
		}
	}
}
