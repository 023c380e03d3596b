package fhir

import (
	"crypto/sha256"
	"encoding/json"
	"strconv"

	"github.com/portaldocs/portal/internal/diag"
)

// ValidationMemo remembers what Registry.Validate found, by a key of
// everything it reads: a build cache keeps it between builds, so that a
// rebuild whose FHIR files did not change skips the checks (a third of a
// warm rebuild's load stage on the portal's own site).
type ValidationMemo interface {
	Recall(key [sha256.Size]byte) ([]diag.Diagnostic, bool)
	Remember(key [sha256.Size]byte, diags []diag.Diagnostic)
}

// PrepareOption configures Prepare.
type PrepareOption func(*prepareOptions)

type prepareOptions struct {
	memo ValidationMemo
	// inputs is a key of everything the preparation has read so far.
	inputs func() [sha256.Size]byte
	// lazySpecs leaves the base specifications to be decoded when first
	// needed, instead of ahead.
	lazySpecs bool
	// parsed keeps the folder's parse between builds (WithParsedMemo).
	parsed ParsedMemo
}

// WithValidationMemo has Prepare recall the validation's findings from
// memo when nothing it reads changed, and remember them otherwise. Given
// inputs, a key of every file Prepare has read so far (the caller sees its
// reads), the checks of references into the declared guides are recalled
// the same way.
func WithValidationMemo(memo ValidationMemo, inputs func() [sha256.Size]byte) PrepareOption {
	return func(o *prepareOptions) { o.memo, o.inputs = memo, inputs }
}

// WithLazySpecs has Prepare decode the base specifications only when
// something needs them: a build that expects its validation to be recalled
// (and its pages taken from a cache) may need none.
func WithLazySpecs() PrepareOption { return func(o *prepareOptions) { o.lazySpecs = true } }

// guideReferences is checkGuideReferences through the memo, when Prepare
// has one and a key of what it read: the check reads only the files read
// so far and the declared guides.
func (s *Site) guideReferences(o prepareOptions) []diag.Diagnostic {
	if o.memo == nil || o.inputs == nil {
		return s.checkGuideReferences()
	}
	inputs := o.inputs()
	key := sha256.Sum256(append([]byte("fhir-guide-references/1\x00"), inputs[:]...))
	if diags, ok := o.memo.Recall(key); ok {
		return diags
	}
	diags := s.checkGuideReferences()
	o.memo.Remember(key, diags)
	return diags
}

// validated is Validate through memo, when there is one.
func (r *Registry) validated(specs Specs, deps Dependencies, memo ValidationMemo) []diag.Diagnostic {
	if memo == nil {
		return r.Validate(specs, deps)
	}
	key := r.validationKey(deps)
	if diags, ok := memo.Recall(key); ok {
		return diags
	}
	diags := r.Validate(specs, deps)
	memo.Remember(key, diags)
	return diags
}

// validationKey hashes what Validate reads: the declared guides and, in
// the registry's order, each file's place (path, entry, FHIR version,
// scope) and bytes. The base specifications are the engine's own, which
// the caller's key names.
func (r *Registry) validationKey(deps Dependencies) [sha256.Size]byte {
	h := sha256.New()
	write := func(parts ...string) {
		for _, p := range parts {
			h.Write([]byte(strconv.Itoa(len(p))))
			h.Write([]byte{':'})
			h.Write([]byte(p))
		}
	}
	depsJSON, _ := json.Marshal(deps) // plain data: cannot fail
	write("fhir-validate/1", string(depsJSON), strconv.Itoa(len(r.files)))
	sums := map[string][sha256.Size]byte{} // a Bundle's entries share their file
	for _, f := range r.files {
		sum, ok := sums[f.Path]
		if !ok {
			sum = sha256.Sum256(f.data)
			sums[f.Path] = sum
		}
		write(f.Path, f.Entry, string(f.Version), f.Scope, string(sum[:]))
	}
	var key [sha256.Size]byte
	copy(key[:], h.Sum(nil))
	return key
}
