package service

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/wright-lsp/wright-lsp/contract"
	"github.com/wright-lsp/wright-lsp/edits"
)

// coreOverPy are OverPy's CORE compile tests and the real modes that
// compile (see providers/opy's conformance golden).
var coreOverPy = []string{"rules", "conditions", "loops", "gotos", "subroutines", "variables", "comments", "eventVars",
	"builtinenums", "dicts", "arrays", "operators", "functions", "include3", "include5", "extensions", "shionSettings",
	"customGameSettings", "getCurrentMap", "old_ze", "z_1v1arena", "z_1v1buildyourhero", "z_anapaintball", "z_basewars",
	"z_fivenightsatecopoint", "z_heatstreet", "z_islandparty", "z_lootquest", "z_mauganipplepve"}

// TestOverPyPositions is the property test of issue 11 over every
// CORE corpus test, through the service's own operations (a session on
// the .opy file, as an agent has): every reference of every variable and
// subroutine the references operation reports covers that name in the
// .opy text, every reference of a rule its header, and every finding of
// the findings operation covers a whole OverPy construct (token
// boundaries at both ends, balanced brackets and quotes) that is the one
// the finding is about: a declaration's name, a wait's duration, the
// called name, an expression holding every variable its evidence names;
// never a rule's header in place of an expression. What has no OverPy
// source is flagged unmapped; nothing is reported at a guessed place.
func TestOverPyPositions(t *testing.T) {
	for _, name := range coreOverPy {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join("..", "..", "shared", "corpus", "opy", "tests", name+".opy")
			s := NewSession(SessionOptions{Input: path, Version: "test"})
			p, err := s.Program()
			if err != nil {
				t.Fatal(err)
			}
			texts := map[string]opyFile{}
			for _, f := range p.OverPy().Program.Files {
				texts[f.Path] = opyFile{f.Text, edits.NewMapper(f.Text)}
			}
			bad := 0
			fail := func(format string, args ...any) {
				t.Helper()
				if bad++; bad <= 8 {
					t.Errorf(format, args...)
				}
			}
			defer func() {
				if bad > 8 {
					t.Errorf("… %d problems in all", bad)
				}
			}()
			syms, e := ask(t, s, `{"op":"symbols","all":true}`)
			if e != nil {
				t.Fatal(e)
			}
			checked := 0
			for _, raw := range syms["symbols"].([]any) {
				sym := raw.(map[string]any)
				id, kind, symName := int(sym["id"].(float64)), sym["kind"].(string), sym["name"].(string)
				res, e := ask(t, s, fmt.Sprintf(`{"op":"references","symbol":%d,"snapshot":%d,"all":true}`, id, p.Snapshot))
				if e != nil {
					t.Fatalf("references of %s %s: %+v", kind, symName, e)
				}
				for _, rr := range res["references"].([]any) {
					ref := rr.(map[string]any)
					r := decodeRange(t, ref["span"])
					if r.Unmapped {
						continue
					}
					got, ok := covered(texts, r)
					checked++
					switch {
					case !ok:
						fail("a reference of %s %s is at %s, which is not a range of the file", kind, symName, where(r))
					case kind == "rule":
						if !strings.HasPrefix(got, "rule ") && !strings.HasPrefix(got, "def ") {
							fail("a reference of rule %q is at %s, which holds %q, not a rule's header", symName, where(r), got)
						}
					case got != symName && got != "ruleCondition" && got != "RULE_CONDITION":
						// ruleCondition writes the rule's conditions
						// again: their copies are reported at it.
						fail("a reference (%s) of %s %s is at %s, which holds %q", ref["kind"], kind, symName, where(r), got)
					}
				}
			}
			if checked == 0 && len(syms["symbols"].([]any)) > 0 {
				t.Fatal("no mapped reference was checked")
			}
			res, e := ask(t, s, `{"op":"findings","all":true}`)
			if e != nil {
				t.Fatal(e)
			}
			for _, raw := range res["findings"].([]any) {
				f := raw.(map[string]any)
				code, evidence := f["code"].(string), f["evidence"].(string)
				if rep, _ := f["repeated"].(map[string]any); rep != nil && rep["spanKind"] == "enclosing-loop" {
					code = "repeated-value/enclosing-loop"
				}
				r := decodeRange(t, f["span"])
				if r.Unmapped {
					continue
				}
				got, ok := covered(texts, r)
				if !ok {
					fail("finding %s is at %s, which is not a range of an OverPy file of the program", code, where(r))
					continue
				}
				if problem := constructProblem(texts[r.Path], r, got, code, evidence); problem != "" {
					fail("finding %s (evidence %.80q) is at %s, which holds %.120q: %s", code, evidence, where(r), got, problem)
				}
			}
		})
	}
}

// An opyFile is an OverPy file of a program and its position mapper.
type opyFile struct {
	text   string
	mapper *edits.Mapper
}

func decodeRange(t *testing.T, v any) contract.Range {
	t.Helper()
	m := v.(map[string]any)
	pt := func(x any) contract.Point {
		p := x.(map[string]any)
		return contract.Point{Line: int(p["line"].(float64)), Column: int(p["column"].(float64))}
	}
	r := contract.Range{Path: m["path"].(string), Start: pt(m["start"]), End: pt(m["end"])}
	r.Unmapped, _ = m["unmapped"].(bool)
	return r
}

func where(r contract.Range) string {
	return fmt.Sprintf("%s:%d:%d-%d:%d", filepath.Base(r.Path), r.Start.Line, r.Start.Column, r.End.Line, r.End.Column)
}

// covered returns the text a range covers in its OverPy file; ok is false
// when the file is none of the program's or the range is not of its text
// (or is empty).
func covered(texts map[string]opyFile, r contract.Range) (string, bool) {
	f, ok := texts[r.Path]
	if !ok {
		return "", false
	}
	text, m := f.text, f.mapper
	a, err1 := m.PointOffset(edits.Point(r.Start))
	b, err2 := m.PointOffset(edits.Point(r.End))
	if err1 != nil || err2 != nil || b <= a {
		return "", false
	}
	return text[a:b], true
}

var (
	// evidenceVariable finds a variable an evidence names:
	// Global.NAME, or (Event Player).NAME after a closing parenthesis.
	evidenceVariable = regexp.MustCompile(`(?:Global|\))\.([A-Za-z_][A-Za-z0-9_]*)`)
	calledName       = regexp.MustCompile(`^(?:Call Subroutine|Start Rule)\(([A-Za-z_][A-Za-z0-9_]*)`)
)

// constructProblem says why the text got, at r in text, is not the
// construct a finding of code with evidence is about ("" when it is).
func constructProblem(f opyFile, r contract.Range, got, code, evidence string) string {
	text, m := f.text, f.mapper
	a, _ := m.PointOffset(edits.Point(r.Start))
	b, _ := m.PointOffset(edits.Point(r.End))
	word := func(s string, last bool) rune {
		var c rune
		if last {
			c, _ = utf8.DecodeLastRuneInString(s)
		} else {
			c, _ = utf8.DecodeRuneInString(s)
		}
		return c
	}
	isWord := func(c rune) bool { return c == '_' || unicode.IsLetter(c) || unicode.IsDigit(c) }
	if isWord(word(got, false)) && isWord(word(text[:a], true)) {
		return "it starts inside a word"
	}
	if isWord(word(got, true)) && isWord(word(text[b:], false)) {
		return "it ends inside a word"
	}
	if !balanced(got) {
		return "its brackets or quotes are not balanced"
	}
	header := strings.HasPrefix(got, "rule ") || strings.HasPrefix(got, "def ")
	switch code {
	case "element-budget":
		// About a rule: its header.
		if !header {
			return "not a rule's header"
		}
		return ""
	case "unused-variable", "write-only-variable", "unused-subroutine":
		if got != evidence {
			return "not the declared name"
		}
		return ""
	case "wait-below-minimum", "wait-shorter-than-game":
		x, err1 := strconv.ParseFloat(got, 64)
		y, err2 := strconv.ParseFloat(evidence, 64)
		if err1 != nil || err2 != nil || x != y {
			return "not the duration"
		}
		return ""
	case "repeated-value/enclosing-loop":
		// About the loop the value is computed again in: its header.
		if !strings.HasPrefix(got, "for ") && !strings.HasPrefix(got, "while ") {
			return "not a loop"
		}
		return ""
	case "undefined-subroutine":
		if m := calledName.FindStringSubmatch(evidence); m == nil || got != m[1] {
			return "not the called name"
		}
		return ""
	}
	if header {
		return "a rule's header stands for an expression or a statement of it"
	}
	for _, v := range evidenceVariable.FindAllStringSubmatchIndex(evidence, -1) {
		name := evidence[v[2]:v[3]]
		if strings.HasPrefix(evidence[v[3]:], "…") {
			continue // cut short
		}
		if !containsWord(got, name) {
			return fmt.Sprintf("the evidence reads %s, which it does not", name)
		}
	}
	return ""
}

// balanced reports whether brackets nest and strings close in OverPy
// text (comments are not expected inside a construct).
func balanced(s string) bool {
	var stack []rune
	var quote rune
	for i := 0; i < len(s); {
		c, n := utf8.DecodeRuneInString(s[i:])
		i += n
		switch {
		case quote != 0:
			if c == '\\' && i < len(s) {
				_, n := utf8.DecodeRuneInString(s[i:])
				i += n
			} else if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '(' || c == '[' || c == '{':
			stack = append(stack, c)
		case c == ')' || c == ']' || c == '}':
			open := map[rune]rune{')': '(', ']': '[', '}': '{'}[c]
			if len(stack) == 0 || stack[len(stack)-1] != open {
				return false
			}
			stack = stack[:len(stack)-1]
		}
	}
	return quote == 0 && len(stack) == 0
}

// containsWord reports whether name occurs in s as a whole identifier.
func containsWord(s, name string) bool {
	isWord := func(c byte) bool {
		return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
	}
	for i := 0; ; {
		j := strings.Index(s[i:], name)
		if j < 0 {
			return false
		}
		j += i
		if (j == 0 || !isWord(s[j-1])) && (j+len(name) == len(s) || !isWord(s[j+len(name)])) {
			return true
		}
		i = j + 1
	}
}
