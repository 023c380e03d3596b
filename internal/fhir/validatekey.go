package fhir

import (
	"crypto/sha256"
	"encoding/json"
	"strconv"

	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/fhir/model"
)

// validated is validateRegistry through memo, when there is one.
func validated(r *model.Registry, specs model.Specs, deps model.Dependencies, memo ValidationMemo) []diag.Diagnostic {
	if memo == nil {
		return validateRegistry(r, specs, deps)
	}
	key := validationKey(r, deps)
	if diags, ok := memo.Recall(key); ok {
		return diags
	}
	diags := validateRegistry(r, specs, deps)
	memo.Remember(key, diags)
	return diags
}

// validationKey hashes what Validate reads: the declared guides and, in
// the registry's order, each file's place (path, entry, FHIR version,
// scope) and bytes. The base specifications are the engine's own, which
// the caller's key names.
func validationKey(r *model.Registry, deps model.Dependencies) [sha256.Size]byte {
	h := sha256.New()
	write := func(parts ...string) {
		for _, p := range parts {
			h.Write([]byte(strconv.Itoa(len(p))))
			h.Write([]byte{':'})
			h.Write([]byte(p))
		}
	}
	depsJSON, _ := json.Marshal(deps) // plain data: cannot fail
	write("fhir-validate/1", string(depsJSON), strconv.Itoa(len(r.Files())))
	sums := map[string][sha256.Size]byte{} // a Bundle's entries share their file
	for _, f := range r.Files() {
		sum, ok := sums[f.Path]
		if !ok {
			sum = sha256.Sum256(f.Contents)
			sums[f.Path] = sum
		}
		write(f.Path, f.Entry, string(f.Version), f.Scope, string(sum[:]))
	}
	var key [sha256.Size]byte
	copy(key[:], h.Sum(nil))
	return key
}
