//go:build vocab_json

package vocab

import _ "embed"

// With the vocab_json tag the static tables (static_gen.go) are left out,
// so that they can be generated again when they no longer compile, and
// Default decodes the embedded catalog.gen.json as the generator does.

//go:embed catalog.gen.json
var embedded []byte

func builtin() *Vocabulary {
	v, err := Load(embedded)
	if err != nil {
		// The embedded form is generated and tested; failing to read it
		// is a build defect, not an input problem.
		panic("vocab: embedded vocabulary: " + err.Error())
	}
	return v
}
