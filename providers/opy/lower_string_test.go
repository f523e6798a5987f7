package opy

import (
	"strings"
	"testing"

	"github.com/wright-lsp/wright-lsp/engine/diag"
)

// stringSnippet compiles `A = VALUE` in a rule and returns the structure
// dump of VALUE's lowering, or fails on any error.
func stringSnippet(t *testing.T, value string) string {
	t.Helper()
	src := "rule \"t\":\n    A = " + value + "\n"
	res := Compile("t.opy", src, Options{})
	for _, d := range res.Diags {
		if d.Severity == diag.Error {
			t.Fatalf("%s: unexpected error %s: %s", value, d.Code, d.Message)
		}
	}
	dump, errs := structure(t, "t", res.Text)
	if len(errs) > 0 {
		t.Fatalf("%s: lowered text does not parse: %s", value, errs[0].Message)
	}
	const set = "__setGlobalVariable__(name:A, "
	i := strings.Index(dump, set)
	if i < 0 {
		t.Fatalf("%s: no assignment in\n%s", value, dump)
	}
	line := dump[i+len(set):]
	line = line[:strings.IndexByte(line, '\n')]
	return strings.TrimSuffix(line, ")")
}

// The expected structures were checked against OverPy's unoptimised
// output (overpy compile --noopt).
func TestStringValues(t *testing.T) {
	a := func(n int) string { return strings.Repeat("a", n) }
	tests := []struct {
		name, value, want string
	}{
		{"plain", `"abc"`, `__customString__("abc")`},
		{"empty placeholders in order", `"{} and {}".format(B, C)`, `__customString__("{0} and {1}", global.B, global.C)`},
		{"numbered placeholders renumbered by first use", `"{1}{0}{1}".format(B, C)`, `__customString__("{0}{1}{0}", global.C, global.B)`},
		{"a repeated placeholder reuses its argument", `"{0}{0}".format(B)`, `__customString__("{0}{0}", global.B)`},
		{"equal arguments are one", `"{}{}{}".format(0, 0, 0)`, `__customString__("{0}{0}{0}", 0)`},
		{"arguments are equal by their lowering", `"{}{}".format(B + 1, B+1)`, `__customString__("{0}{0}", __add__(global.B, 1))`},
		{"equal by their Workshop text", `"{}{}".format(getAllPlayers(), getPlayers(Team.ALL))`, `__customString__("{0}{0}", getPlayers(TeamLiteral.ALL))`},
		{"numbers are equal as written", `"{}{}{}".format(1, 1.0, 0x1)`, `__customString__("{0}{1}{0}", 1, 1)`},
		{"random values are never equal", `"{0}{0}".format(random.randint(1, 2))`, `__customString__("{0}{1}", random.randint(1, 2), random.randint(1, 2))`},
		{"random inside a value", `"{}{}".format([random.uniform(0, 1)], [random.uniform(0, 1)])`, `__customString__("{0}{1}", __array__(random.uniform(0, 1)), __array__(random.uniform(0, 1)))`},
		{"trailing nulls are dropped", `"{}{}{}".format(B, null, null)`, `__customString__("{0}{1}{1}", global.B)`},
		{"inner nulls are kept", `"{}{}{}".format(null, B, null)`, `__customString__("{0}{1}{0}", null, global.B)`},
		{"unused numbered arguments", `"{0} {2}".format(B, C, D)`, `__customString__("{0} {1}", global.B, global.D)`},
		{"extra numbered arguments", `"{0}".format(B, C)`, `__customString__("{0}", global.B)`},
		{"no placeholder, any arguments", `"abc".format(B)`, `__customString__("abc")`},
		{"doubled braces are text", `"{{}} {{0}} {}".format(B)`, `__customString__("{{}} {{0}} {0}", global.B)`},
		{"a placeholder after a lone brace", `"{{}".format(B)`, `__customString__("{{0}", global.B)`},
		{"a placeholder before a lone brace", `"{}}".format(B)`, `__customString__("{0}}", global.B)`},
		{"braces around text and a placeholder", `"{{a{}}}".format(B)`, `__customString__("{{a{0}}}", global.B)`},
		{"braces that are not placeholders", `"{x} { } {-1} {+0}"`, `__customString__("{x} { } {-1} {+0}")`},
		{"leading zeros", `"{00}".format(B)`, `__customString__("{0}", global.B)`},
		{"strings side by side", `"a" "{}".format(B)`, `__customString__("a{0}", global.B)`},
		{"nested strings", `"{}!".format("x{}".format(B))`, `__customString__("{0}!", __customString__("x{0}", global.B))`},

		{"f-string", `f"a{B}b{C}c"`, `__customString__("a{0}b{1}c", global.B, global.C)`},
		{"f-string repeated value", `f"{B} {B}"`, `__customString__("{0} {0}", global.B)`},
		{"f-string with spaces", `f"{ B }"`, `__customString__("{0}", global.B)`},
		{"f-string and strings side by side", `f"x{B}" "y{C}"`, `__customString__("x{0}y{1}", global.B, global.C)`},
		{"f-string value across strings", `f"{B" "}"`, `__customString__("{0}", global.B)`},
		{"f-string doubled braces", `f"{{B}} {C}"`, `__customString__("{{B}} {0}", global.C)`},
		{"f-string lone braces", `f"}x{" "y"`, `__customString__("}x{y")`},
		{"f-string braces from escapes", `f"\x7bB\x7d"`, `__customString__("{0}", global.B)`},
		{"f-string with a string value", `f"{\"a\"}"`, `__customString__("{0}", __customString__("a"))`},
		{"p is ignored", `pf"{B}"`, `__customString__("{0}", global.B)`},

		{"four arguments", `f"{A}{B}{C}{D}"`, `__customString__("{0}{1}{2}", global.A, global.B, __customString__("{0}{1}", global.C, global.D))`},
		{"a nested string has its own arguments", `f"{A} {B} {C} {D} {A}"`, `__customString__("{0} {1} {2}", global.A, global.B, __customString__("{0} {1} {2}", global.C, global.D, global.A))`},
		{"three nested strings", `"{}{}{}{}{}{}".format(A, B, C, D, A, B)`, `__customString__("{0}{1}{2}", global.A, global.B, __customString__("{0}{1}{2}", global.C, global.D, __customString__("{0}{1}", global.A, global.B)))`},
		{"a fourth argument already used", `"{0} {1} {2} {1} {3}".format(A, B, C, D)`, `__customString__("{0} {1} {2}", global.A, global.B, __customString__("{0} {1} {2}", global.C, global.B, global.D))`},
		{"128 characters fit", `"` + a(128) + `"`, `__customString__("` + a(128) + `")`},
		{"129 characters", `"` + a(129) + `"`, `__customString__("` + a(125) + `{0}", __customString__("aaaa"))`},
		{"300 characters", `"` + a(300) + `"`, `__customString__("` + a(125) + `{0}", __customString__("` + a(125) + `{0}", __customString__("` + a(50) + `")))`},
		{"a placeholder counts 3", `"{}` + a(125) + `".format(B)`, `__customString__("{0}` + a(125) + `", global.B)`},
		{"cut after a placeholder", `"{}` + a(126) + `".format(B)`, `__customString__("{0}` + a(122) + `{1}", global.B, __customString__("aaaa"))`},
		{"a placeholder is not cut", `"` + a(124) + `{}bc".format(B)`, `__customString__("` + a(124) + `{0}", __customString__("{0}bc", global.B))`},
		{"escapes count once", `"` + strings.Repeat(`\n`, 129) + `"`, `__customString__("` + strings.Repeat(`\n`, 125) + `{0}", __customString__("\n\n\n\n"))`},
		{"characters, not bytes", `"` + strings.Repeat("😀", 129) + `"`, `__customString__("` + strings.Repeat("😀", 125) + `{0}", __customString__("😀😀😀😀"))`},
		{"a third argument and too long", `"{}` + a(50) + `{}` + a(50) + `{}` + a(30) + `".format(A, B, C)`, `__customString__("{0}` + a(50) + `{1}` + a(50) + `{2}", global.A, global.B, __customString__("{0}` + a(30) + `", global.C))`},
		{"only the text is measured", `"{}12345678".format("` + a(120) + `")`, `__customString__("{0}12345678", __customString__("` + a(120) + `"))`},

		{"fullwidth", `w"Ab 1~"`, `__customString__("Ａｂ\u2001１～")`},
		{"fullwidth signs", `w"¢£¬¯¦¥₩é"`, `__customString__("￠￡￢￣￤￥￦é")`},
		{"fullwidth keeps placeholders", `w"{} x".format(B)`, `__customString__("{0}\u2001ｘ", global.B)`},
		{"fullwidth keeps f-string values", `wf"a{B}b"`, `__customString__("ａ{0}ｂ", global.B)`},
		{"fullwidth doubled braces", `w"{{}}"`, `__customString__("｛｛｝｝")`},

		{"localized", `l"Hello"`, `__localizedString__(locstr:Hello)`},
		{"localized empty", `l""`, `__localizedString__("")`},
		{"localized with arguments", `l"{0} {1}".format(B, B)`, `__localizedString__(locstr:{0} {1}, global.B, global.B)`},
		{"localized trailing null", `l"{0} {1}".format(B, null)`, `__localizedString__(locstr:{0} {1}, global.B)`},
		{"localized side by side", `l"{0}" "!"`, `__localizedString__(locstr:{0}!)`},

		{"escapes", `"q\"\'\\\t|\z|"`, `__customString__("q\"'\\\t|\u00ad|")`},
		{"hex escapes", `"\x41\u00e9"`, `__customString__("Aé")`},
		{"surrogate pair", `"\uD83D\uDE00"`, `__customString__("😀")`},
		{"lone surrogate", `"\uD83D"`, "__customString__(\"\ufffd\")"},
		{"OverPy's named characters", `"\&black_square;\&fullwidth_space;\&zero_width_space;"`, `__customString__("■\u3000\u00ad")`},
		{"HTML named characters", `"\&eacute;\&amp;"`, `__customString__("é&")`},
		{"multiline", "\"a\nb\"", `__customString__("a\nb")`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := stringSnippet(t, tt.value); got != tt.want {
				t.Errorf("%s\n got %s\nwant %s", tt.value, got, tt.want)
			}
		})
	}
}

func TestPrintPadding(t *testing.T) {
	res := Compile("t.opy", "rule \"t\":\n    print(B)\n", Options{})
	dump, _ := structure(t, "t", res.Text)
	em := func(n int) string { return strings.Repeat(`\u2003`, n) }
	want := `__customString__("` + em(125) + `{0}", __customString__("` + em(45) + `"))`
	if !strings.Contains(dump, want) {
		t.Errorf("print's padding: want %s in\n%s", want, dump)
	}
}

// A stringError is a snippet whose one error is at the text between «
// and ».
type stringError struct {
	name, src string
	code      diag.Code
}

func TestStringErrors(t *testing.T) {
	tests := []stringError{
		{"too few empty placeholders", `"{} «{}»".format(B)`, codeFormatArguments},
		{"too few numbered", `"{0} «{2}»".format(B, C)`, codeFormatArguments},
		{"too many for empty placeholders", `"{}".format(B, «C, D»)`, codeFormatArguments},
		{"empty after numbered", `"{0} «{}»".format(B)`, codeFormatArguments},
		{"numbered after empty", `"{} «{0}»".format(B)`, codeFormatArguments},
		{"placeholder without format", `"a«{}»"`, codeFormatArguments},
		{"numbered without format", `"«{0}»"`, codeFormatArguments},
		{"format on a variable", `«B».format(C)`, codeFormatArguments},
		{"format on an f-string", `«f»"{B}".format(C)`, codeFormatArguments},
		{"invalid prefix", `«x»"a"`, codeStringPrefix},
		{"invalid prefix after a valid one", `f«x»"a"`, codeStringPrefix},
		{"upper-case prefix", `«F»"a"`, codeStringPrefix},
		{"l with another prefix", `«lf»"Hello"`, codeStringPrefix},
		{"l twice", `«ll»"Hello"`, codeStringPrefix},
		{"t with w", `«tw»"a"`, codeStringPrefix},
		{"translated", `«t"a"»`, codeUnsupportedFeature},
		{"translated formatted", `«tf"{B}"»`, codeUnsupportedFeature},
		{"no letter has a big look-alike", `«b"cdfg"»`, codeNoBigLetter},
		{"only the placeholder could", `«bf"cd{B}"»`, codeNoBigLetter},
		{"empty f-string value", `f"a«{}»"`, codeExpectedExpression},
		{"blank f-string value", `f"a«{ }»"`, codeExpectedExpression},
		{"bad f-string value", `f"a{B «?» C}"`, codeUnexpectedCharacter},
		{"f-string value cut short", `f"a{B +«}»"`, codeExpectedExpression},
		{"bad value in an f-string with escapes", `f"{«B \x3f»}"`, codeUnexpectedCharacter},
		{"unknown localized string", `«l"Nope"»`, codeUnknownName},
		{"localized with four arguments", `l"{0} {1}".format(A, B, C, «D»)`, codeFormatArguments},
		{"unknown escape", `"a«\q»b"`, codeUnknownEscape},
		{"short hex escape", `"«\x4»"`, codeUnknownEscape},
		{"bad hex escape", `"«\x4g»"`, codeUnknownEscape},
		{"short unicode escape", `"«\u12»"`, codeUnknownEscape},
		{"unknown named character", `"a«\&nope;»"`, codeUnknownEscape},
		{"no snake_case spelling of HTML names", `"«\&black_small_square;»"`, codeUnknownEscape},
		{"named character prefix", `"«\&ampfoo;»"`, codeUnknownEscape},
		{"named character without ';'", `"«\&»abc"`, codeUnknownEscape},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			start := strings.Index(tt.src, "«")
			end := strings.Index(tt.src, "»") - len("«")
			value := strings.NewReplacer("«", "", "»", "").Replace(tt.src)
			const head = "rule \"t\":\n    A = "
			res := Compile("t.opy", head+value+"\n", Options{})
			var errs []Diagnostic
			for _, d := range res.Diags {
				if d.Severity == diag.Error {
					errs = append(errs, d)
				}
			}
			if len(errs) != 1 {
				t.Fatalf("%s: want 1 error, got %d: %v", value, len(errs), errs)
			}
			d := errs[0]
			if d.Code != tt.code || d.Span.Start != len(head)+start || d.Span.End != len(head)+end {
				src := head + value
				t.Errorf("%s: got %s at %q (%s), want %s at %q", value, d.Code, src[d.Span.Start:min(d.Span.End, len(src))], d.Message, tt.code, value[start:end])
			}
		})
	}
}

func TestPlaceholders(t *testing.T) {
	tests := []struct {
		text string
		want []string
	}{
		{"{}{0}{12}", []string{"{}", "{0}", "{12}"}},
		{"{{}}{{0}}{{{}}}", nil},
		{"{{}{}}", []string{"{}", "{}"}},
		{"{x}{ }{-1}{0.0}{", nil},
		{"{{a}{}}}", []string{"{}"}},
	}
	for _, tt := range tests {
		var got []string
		for _, f := range placeholders(tt.text) {
			got = append(got, tt.text[f.start:f.end])
		}
		if strings.Join(got, " ") != strings.Join(tt.want, " ") {
			t.Errorf("placeholders(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
}

func TestFstringFields(t *testing.T) {
	tests := []struct {
		text string
		want []string
	}{
		{"a{B}b{C + 1}", []string{"{B}", "{C + 1}"}},
		{"{{B}}{{{B}}}", nil},
		{"{{B}", []string{"{{B}"}},
		{"{{ {B} }}", []string{"{{ {B}"}},
		{"x{", nil},
		{"{ x}", []string{"{ x}"}},
		{"{B}}}", []string{"{B}"}},
	}
	for _, tt := range tests {
		var got []string
		for _, f := range fstringFields(tt.text) {
			got = append(got, tt.text[f.start:f.end])
		}
		if strings.Join(got, " ") != strings.Join(tt.want, " ") {
			t.Errorf("fstringFields(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
}

func TestDecodeStringOffsets(t *testing.T) {
	raw := `a\né\x41\r` + "\r" + `b`
	value, offs, errs := decodeString(raw, true)
	if len(errs) != 0 || value != "a\né\x41\rb" {
		t.Fatalf("decodeString(%q) = %q, %v", raw, value, errs)
	}
	want := []int{0, 1, 3, 4, 5, 9, 12, 13}
	if len(offs) != len(want) {
		t.Fatalf("offsets %v, want %v", offs, want)
	}
	for i := range want {
		if offs[i] != want[i] {
			t.Fatalf("offsets %v, want %v", offs, want)
		}
	}
}

// TestStringWarnings checks the warnings of strings: each at the string.
func TestStringWarnings(t *testing.T) {
	tests := []struct {
		name, head, value string
		code              diag.Code
	}{
		{"tags without #!setupTags", "", `"<fgFF0000FF>red</fg>"`, codeTagsNeedSetup},
		{"a closing tag alone", "", `"red</fg>"`, codeTagsNeedSetup},
		{"texture id of the wrong length", "#!setupTags\n", `"<txC00002DD21>"`, codeMalformedTexture},
		{"no fullwidth form", "", `w"é"`, codeNotFullwidth},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := tt.head + "rule \"t\":\n    A = " + tt.value + "\n"
			res := Compile("t.opy", src, Options{})
			var got []Diagnostic
			for _, d := range res.Diags {
				if d.Severity != diag.Info {
					got = append(got, d)
				}
			}
			at := strings.Index(src, tt.value)
			if len(got) != 1 || got[0].Code != tt.code || got[0].Span.Start != at || got[0].Span.End != at+len(tt.value) {
				t.Fatalf("%s: got %v, want one %s at the string", tt.value, got, tt.code)
			}
			// Suppressed by OverPy's code for it.
			for ours, name := range map[diag.Code]string{codeTagsNeedSetup: "w_tags", codeMalformedTexture: "w_malformatted_tx", codeNotFullwidth: "w_not_total_fullwidth"} {
				if ours != tt.code {
					continue
				}
				res := Compile("t.opy", "#!suppressWarnings "+name+"\n"+src, Options{})
				for _, d := range res.Diags {
					if d.Code == tt.code {
						t.Errorf("#!suppressWarnings %s left %v", name, d)
					}
				}
			}
		})
	}
}
