// Package reporttest validates reports against the schemas of their
// formats, for the tests of the report package and of the command line;
// nothing outside tests imports it.
//
// SARIF is validated against the official SARIF 2.1.0 JSON schema with
// the JSON Schema library the service uses; JUnit XML against the JUnit
// XSD with xmllint (Debian's libxml2-utils, which .ci/run installs): Go
// has no XML Schema validator. A missing xmllint fails the test.
package reporttest

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sync"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// testdata is the report package's testdata directory, where the schemas
// are vendored.
func testdata() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "testdata")
}

var (
	sarifOnce   sync.Once
	sarifSchema *jsonschema.Schema
	sarifErr    error
)

// ValidateSARIF validates a SARIF log against the SARIF 2.1.0 schema,
// formats included.
func ValidateSARIF(t testing.TB, data []byte) error {
	t.Helper()
	sarifOnce.Do(func() {
		path := filepath.Join(testdata(), "sarif-schema-2.1.0.json")
		f, err := os.Open(path)
		if err != nil {
			sarifErr = err
			return
		}
		defer f.Close()
		doc, err := jsonschema.UnmarshalJSON(f)
		if err != nil {
			sarifErr = err
			return
		}
		c := jsonschema.NewCompiler()
		c.AssertFormat()
		if err := c.AddResource("sarif-schema-2.1.0.json", doc); err != nil {
			sarifErr = err
			return
		}
		sarifSchema, sarifErr = c.Compile("sarif-schema-2.1.0.json")
	})
	if sarifErr != nil {
		t.Fatalf("the SARIF schema: %v", sarifErr)
	}
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		return fmt.Errorf("not JSON: %v", err)
	}
	return sarifSchema.Validate(v)
}

// ValidateJUnit validates JUnit XML against the JUnit XSD with xmllint.
func ValidateJUnit(t testing.TB, data []byte) error {
	t.Helper()
	xmllint, err := exec.LookPath("xmllint")
	if err != nil {
		t.Fatalf("xmllint validates JUnit XML: install libxml2-utils (.ci/run does): %v", err)
	}
	path := filepath.Join(t.TempDir(), "junit.xml")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(xmllint, "--noout", "--schema", filepath.Join(testdata(), "junit.xsd"), path)
	out, err := cmd.CombinedOutput()
	if err != nil {
		return fmt.Errorf("%v: %s", err, out)
	}
	return nil
}
