package conform

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strconv"
	"strings"

	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/jsonx"
)

// Report is what validating a site's examples found and how far it
// reached.
type Report struct {
	Diagnostics []diag.Diagnostic
	// Validated counts example resources checked against at least one
	// profile snapshot; Profiles the distinct profile versions used.
	Validated int
	Profiles  map[string]bool
	// Unvalidated counts the profile claims no package read has the
	// snapshot of, by "url|version".
	Unvalidated map[string]int
	// References counts the relative references checked among the examples.
	References int
	// Documents counts the C-CDA documents quoted in pages that were checked.
	Documents int
}

// claim is one resource of a file with the profiles it claims.
type claim struct {
	file     string
	at       string // the resource's path in the file
	resource map[string]any
}

// Site validates every resource under dir (in site) that claims a profile
// in meta.profile. An unversioned profile takes the version of its guide
// that the nearest CapabilityStatement above the file names in
// implementationGuide or instantiates.
func Site(ctx context.Context, site fs.FS, dir string, pkgs *Packages) (*Report, error) {
	rep := &Report{Profiles: map[string]bool{}, Unvalidated: map[string]int{}}
	var files []string
	err := fs.WalkDir(site, dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(p, ".json") {
			files = append(files, p)
		}
		return ctx.Err()
	})
	if err != nil {
		return nil, fmt.Errorf("list FHIR files in %s: %w", dir, err)
	}
	sort.Strings(files)
	versions := guideVersions{site: site, root: dir, byDir: map[string]map[string]string{}, scopeByDir: map[string]string{}}
	refs := &references{keys: map[string]map[string]bool{}}
	for _, f := range files {
		data, err := fs.ReadFile(site, f)
		if err != nil {
			return nil, fmt.Errorf("read %s: %w", f, err)
		}
		var res map[string]any
		if json.Unmarshal(data, &res) != nil {
			continue // the FHIR loader reports files that are not JSON
		}
		pos, err := jsonx.IndexPositions(data)
		if err != nil {
			continue
		}
		scope := versions.scope(path.Dir(f))
		for _, c := range claims(f, "", res) {
			rep.validate(c, versions.of(path.Dir(f)), pkgs, pos)
			refs.add(f, scope, c, pos)
		}
	}
	rep.Diagnostics = append(rep.Diagnostics, refs.unresolved()...)
	rep.References = len(refs.refs)
	return rep, nil
}

// claims are the resource at its path and, in a Bundle, each entry's
// resource (nested Bundles too).
func claims(file, at string, res map[string]any) []claim {
	out := []claim{{file, at, res}}
	entries, _ := res["entry"].([]any)
	for i, e := range entries {
		if obj, ok := e.(map[string]any); ok {
			if r, ok := obj["resource"].(map[string]any); ok {
				out = append(out, claims(file, jsonx.JoinPath(at, "entry["+strconv.Itoa(i)+"].resource"), r)...)
			}
		}
	}
	return out
}

func profilesOf(res map[string]any) []string {
	meta, _ := res["meta"].(map[string]any)
	list, _ := meta["profile"].([]any)
	var out []string
	for _, p := range list {
		if s, ok := p.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

func (rep *Report) validate(c claim, guideVersion map[string]string, pkgs *Packages, pos jsonx.Positions) {
	validated := false
	for _, p := range profilesOf(c.resource) {
		url, version, _ := strings.Cut(p, "|")
		if version == "" {
			version = guideVersion[canonicalBase(url)]
		}
		prof := pkgs.Profile(url, version)
		severity := diag.Error
		if prof == nil {
			if _, published := pkgs.Versions[canonicalBase(url)]; published || version != "" {
				rep.Unvalidated[url+"|"+version]++
			}
			// The nearest earlier built version of the same major release
			// still finds most errors; its findings are warnings, since
			// the claimed version may have changed the rule.
			prof = pkgs.nearestEarlier(url, version)
			if prof == nil {
				continue
			}
			severity = diag.Warning
		}
		if severity == diag.Error {
			validated = true
			rep.Profiles[url+"|"+version] = true
		}
		extension := func(ext string) *Profile {
			ext, extVersion, _ := strings.Cut(ext, "|")
			if extVersion == "" {
				extVersion = prof.Version
			}
			return pkgs.Profile(ext, extVersion)
		}
		for _, f := range Validate(c.resource, c.at, prof, Definitions{Extension: extension, Expand: pkgs.Expand}) {
			msg := fmt.Sprintf("%s %s does not conform to %s (%s): %s", c.resource["resourceType"], c.resource["id"], url, prof.Package, f.Message)
			if severity == diag.Warning {
				msg = fmt.Sprintf("%s %s claims %s %s, of which no built package is here; against %s (%s): %s",
					c.resource["resourceType"], c.resource["id"], url, version, prof.Version, prof.Package, f.Message)
			}
			rep.Diagnostics = append(rep.Diagnostics, diag.Diagnostic{File: c.file, Line: pos.Line(f.At), Severity: severity,
				Message: msg,
				Hint:    f.Hint})
		}
	}
	if validated {
		rep.Validated++
	}
}

// guideVersions reads, for a folder, the guide versions its nearest
// CapabilityStatement declares (canonical base → version), memoised.
type guideVersions struct {
	site       fs.FS
	root       string
	byDir      map[string]map[string]string
	scopeByDir map[string]string
}

// scope is the folder of the nearest CapabilityStatement above dir (the
// API whose examples these are), "" when there is none.
func (g guideVersions) scope(dir string) string {
	if s, ok := g.scopeByDir[dir]; ok {
		return s
	}
	var s string
	if _, err := fs.Stat(g.site, path.Join(dir, "capabilitystatement.json")); err == nil {
		s = dir
	} else if dir != g.root && dir != "." && dir != "/" {
		s = g.scope(path.Dir(dir))
	}
	g.scopeByDir[dir] = s
	return s
}

func (g guideVersions) of(dir string) map[string]string {
	if v, ok := g.byDir[dir]; ok {
		return v
	}
	v := g.declared(path.Join(dir, "capabilitystatement.json"))
	if v == nil {
		if dir == g.root || dir == "." || dir == "/" {
			v = map[string]string{}
		} else {
			v = g.of(path.Dir(dir))
		}
	}
	g.byDir[dir] = v
	return v
}

func (g guideVersions) declared(file string) map[string]string {
	data, err := fs.ReadFile(g.site, file)
	if err != nil {
		return nil
	}
	var cs struct {
		ImplementationGuide []string `json:"implementationGuide"`
		Instantiates        []string `json:"instantiates"`
	}
	if json.Unmarshal(data, &cs) != nil {
		return nil
	}
	out := map[string]string{}
	for _, ref := range append(cs.ImplementationGuide, cs.Instantiates...) {
		url, version, ok := strings.Cut(ref, "|")
		if !ok {
			continue
		}
		for _, kind := range []string{"/ImplementationGuide/", "/CapabilityStatement/"} {
			if i := strings.Index(url, kind); i >= 0 {
				out[url[:i]] = version
			}
		}
	}
	return out
}

// CheckSite loads the packages in packagesDir and validates the site's
// FHIR folder dir against them.
func CheckSite(ctx context.Context, site fs.FS, dir, packagesDir string) (*Report, error) {
	pkgs, err := LoadPackages(ctx, packagesDir)
	if err != nil {
		return nil, err
	}
	rep, err := Site(ctx, site, dir, pkgs)
	if err != nil {
		return nil, err
	}
	n, diags, err := Documents(ctx, site, "docs", "pages")
	if err != nil {
		return nil, err
	}
	rep.Documents = n
	rep.Diagnostics = append(rep.Diagnostics, diags...)
	return rep, nil
}

// Errors counts the findings that fail the check (profile conformance);
// unresolved references are warnings.
func (rep *Report) Errors() int {
	n := 0
	for _, d := range rep.Diagnostics {
		if d.Severity == diag.Error {
			n++
		}
	}
	return n
}

// Summary is one line: how many examples were validated against how many
// profile snapshots, and which claimed profiles no package here holds.
func (rep *Report) Summary() string {
	missing := make([]string, 0, len(rep.Unvalidated))
	for p, n := range rep.Unvalidated {
		missing = append(missing, fmt.Sprintf("%s (%d)", p, n))
	}
	sort.Strings(missing)
	line := fmt.Sprintf("profiles: %d examples validated against %d profile snapshots from the published packages, %d relative references among the examples checked, %d C-CDA document(s) checked, %d error(s), %d warning(s)",
		rep.Validated, len(rep.Profiles), rep.References, rep.Documents, rep.Errors(), len(rep.Diagnostics)-rep.Errors())
	if len(missing) > 0 {
		line += fmt.Sprintf("; %d profile claims have no built package of their version here: %s", len(missing), strings.Join(missing, ", "))
	}
	return line
}
