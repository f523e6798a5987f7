package contract

// This file defines compile's request and result: the program written to
// a file, answered with the file's name and digest, never its text.

// CompileRequest writes the program, as Workshop text in the game's
// export style, to a file.
type CompileRequest struct {
	Op string `json:"op"`
	// Output names the file to write. Without it the program goes to
	// <entry stem>.ow in the service's working directory. "-" is not
	// special: it names a file called "-" (the service never streams the
	// program).
	Output string `json:"output,omitempty"`
	// Force replaces an existing output file; without it an existing file
	// is refused with output-exists. The input source file is never
	// replaced (output-is-input).
	Force bool `json:"force,omitempty"`
	// To is the client language to write in (en-US, de-DE, …, zh-TW),
	// independent of the input's; the default is the input's.
	To string `json:"to,omitempty"`
	// Optimize runs the optimiser before writing: the program written
	// behaves the same with fewer elements. The default is on for OverPy
	// input, unless its program has #!disableOptimizations (as OverPy
	// does), and off for Workshop input.
	Optimize *bool `json:"optimize,omitempty"`
}

// CompileOutput describes the file compile wrote.
type CompileOutput struct {
	// WrittenTo is the file written, as the request named it (or the
	// default <entry stem>.ow); "-" is standard output, which only the
	// CLI writes to.
	WrittenTo string `json:"written_to"`
	// SHA256 is the SHA-256 (lower-case hex) of the bytes written.
	SHA256 string `json:"sha256"`
	// Bytes is the number of bytes written.
	Bytes int `json:"bytes"`
	// Locale is the client language the program was written in.
	Locale string `json:"locale"`
	// Profile is the transformation applied before writing: off (the
	// program as read) or compat (legacy forms rewritten into the ones
	// the game exports today).
	Profile string `json:"profile"`
	// Rewrites counts, by kind, the legacy forms the compat profile
	// rewrote (set-variable, compare, …); absent when there were none.
	Rewrites map[string]int `json:"rewrites,omitempty"`
	// Elements is the element count of the program written, the count
	// the game limits to 32,768.
	Elements int `json:"elements"`
	// Optimization says what the optimiser saved; absent when it did not
	// run.
	Optimization *CompileOptimization `json:"optimization,omitempty"`
}

// CompileOptimization is what the optimiser did to a compiled program.
type CompileOptimization struct {
	// Before and After are the element counts without and with it.
	Before int `json:"before"`
	After  int `json:"after"`
	// Rules counts the rules it changed or removed.
	Rules int `json:"rules"`
}

// CompileResult is the result of compile: a wright-result/v1 envelope
// whose output says where the program went. A compile that fails
// (verdict fail: the program has errors, the output exists or is the
// input, the locale is unknown or lacks a name the program uses) writes
// nothing and has no output.
type CompileResult struct {
	Envelope
	Output *CompileOutput `json:"output,omitempty"`
}
