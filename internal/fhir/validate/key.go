package validate

import (
	"crypto/sha256"
	"encoding/json"
	"strconv"

	"github.com/portaldocs/portal/internal/fhir/model"
)

// Key hashes what Validate reads: the declared guides and, in
// the registry's order, each file's place (path, entry, FHIR version,
// scope) and bytes. The base specifications are the engine's own, which
// the caller's key names.
func Key(r *model.Registry, deps model.Dependencies) [sha256.Size]byte {
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
