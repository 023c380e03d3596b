package fhir

import (
	"crypto/sha256"

	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/fhir/model"
	"github.com/portaldocs/portal/internal/fhir/parse"
	"github.com/portaldocs/portal/internal/fhir/validate"
)

// ValidationMemo remembers what the registry's validation found, by a key of
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

// guideReferences is validate.GuideReferences through the memo, when Prepare
// has one and a key of what it read: the check reads only the files read
// so far and the declared guides.
func guideReferences(s *model.Site, o prepareOptions) []diag.Diagnostic {
	if o.memo == nil || o.inputs == nil {
		return validate.GuideReferences(s)
	}
	inputs := o.inputs()
	key := sha256.Sum256(append([]byte("fhir-guide-references/1\x00"), inputs[:]...))
	if diags, ok := o.memo.Recall(key); ok {
		return diags
	}
	diags := validate.GuideReferences(s)
	o.memo.Remember(key, diags)
	return diags
}

// ParsedMemo keeps what the FHIR folder's files parsed to between builds
// (parse.Memo says what it must do).
type ParsedMemo = parse.Memo

// WithParsedMemo has Prepare take the parse of unchanged files from memo,
// and keep the folder's parse in it when any file's changed.
func WithParsedMemo(memo ParsedMemo) PrepareOption {
	return func(o *prepareOptions) { o.parsed = memo }
}

// validated is validate.Registry through memo, when there is one.
func validated(r *model.Registry, specs model.Specs, deps model.Dependencies, memo ValidationMemo) []diag.Diagnostic {
	if memo == nil {
		return validate.Registry(r, specs, deps)
	}
	key := validate.Key(r, deps)
	if diags, ok := memo.Recall(key); ok {
		return diags
	}
	diags := validate.Registry(r, specs, deps)
	memo.Remember(key, diags)
	return diags
}
