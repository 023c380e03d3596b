package fhir

import (
	"crypto/sha256"
	"encoding/json"
	"strconv"

	"github.com/portaldocs/portal/internal/diag"
)

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
