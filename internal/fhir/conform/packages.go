// Package conform validates a site's example resources against the
// snapshots of the profiles they claim in meta.profile, read from built
// FHIR NPM packages (the published guides, not the site's own extracts).
package conform

import (
	"archive/tar"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// Packages is every StructureDefinition with a snapshot of the built
// packages read, by canonical URL and version.
type Packages struct {
	// byVersion maps "url|version" to the profile.
	byVersion map[string]*Profile
	// Versions lists the package versions read, by canonical base
	// ("http://hl7.org/fhir/us/core" → ["3.1.1", "6.1.0"]).
	Versions map[string][]string
	// valueSets and codeSystems by canonical URL (without version), for
	// required bindings.
	valueSets   map[string]*valueSetDef
	codeSystems map[string]*codeSystemDef
}

// Profile is one StructureDefinition's snapshot.
type Profile struct {
	URL, Version, Type, Package string
	Elements                    []Element
}

// Element is one snapshot element, with what the validator checks.
type Element struct {
	ID, Path   string
	SliceName  string
	Min        int
	Max        string
	Types      []ElementType
	Fixed      map[string]any // fixed[x] by its JSON key, at most one
	Pattern    map[string]any // pattern[x] by its JSON key, at most one
	Binding    *Binding
	Slicing    *Slicing
	ContentRef string
}

// ElementType is one allowed type, with the profiles it must conform to.
type ElementType struct {
	Code    string   `json:"code"`
	Profile []string `json:"profile"`
}

// Binding is an element's terminology binding.
type Binding struct {
	Strength string `json:"strength"`
	ValueSet string `json:"valueSet"`
}

// Slicing says how an element's repetitions are told apart.
type Slicing struct {
	Discriminator []struct {
		Type string `json:"type"`
		Path string `json:"path"`
	} `json:"discriminator"`
	Rules string `json:"rules"`
}

// Profile is the snapshot of url at version, nil when no package read has it.
func (p *Packages) Profile(url, version string) *Profile {
	return p.byVersion[url+"|"+version]
}

// LoadPackages reads every .tgz in dir.
func LoadPackages(ctx context.Context, dir string) (*Packages, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.tgz"))
	if err != nil {
		return nil, fmt.Errorf("list packages in %s: %w", dir, err)
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("no FHIR packages (*.tgz) in %s", dir)
	}
	p := &Packages{byVersion: map[string]*Profile{}, Versions: map[string][]string{},
		valueSets: map[string]*valueSetDef{}, codeSystems: map[string]*codeSystemDef{}}
	for _, f := range files {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if err := p.read(f); err != nil {
			return nil, fmt.Errorf("read package %s: %w", f, err)
		}
	}
	return p, nil
}

func (p *Packages) read(file string) error {
	fh, err := os.Open(file)
	if err != nil {
		return err
	}
	defer fh.Close()
	gz, err := gzip.NewReader(fh)
	if err != nil {
		return err
	}
	tr := tar.NewReader(gz)
	pkg := filepath.Base(file)
	canonicals := map[string]bool{}
	var version string
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return err
		}
		name := h.Name
		if !strings.HasSuffix(name, ".json") || strings.Count(name, "/") != 1 {
			continue
		}
		isTerminology := strings.HasPrefix(name, "package/ValueSet-") || strings.HasPrefix(name, "package/CodeSystem-")
		if !strings.HasPrefix(name, "package/StructureDefinition-") && !isTerminology {
			continue
		}
		data, err := io.ReadAll(tr)
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		if isTerminology {
			if err := p.addTerminology(name, data); err != nil {
				return fmt.Errorf("%s: %w", name, err)
			}
			continue
		}
		prof, err := decodeProfile(data)
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		if prof == nil {
			continue
		}
		prof.Package = pkg
		p.byVersion[prof.URL+"|"+prof.Version] = prof
		canonicals[canonicalBase(prof.URL)] = true
		version = prof.Version
	}
	for c := range canonicals {
		p.Versions[c] = append(p.Versions[c], version)
	}
	return nil
}

func (p *Packages) addTerminology(name string, data []byte) error {
	if strings.HasPrefix(name, "package/ValueSet-") {
		vs := &valueSetDef{}
		if err := json.Unmarshal(data, vs); err != nil {
			return err
		}
		p.valueSets[vs.URL] = vs
		return nil
	}
	cs := &codeSystemDef{}
	if err := json.Unmarshal(data, cs); err != nil {
		return err
	}
	p.codeSystems[cs.URL] = cs
	return nil
}

// canonicalBase is the part of a canonical before "/StructureDefinition/".
func canonicalBase(url string) string {
	if i := strings.LastIndex(url, "/StructureDefinition/"); i >= 0 {
		return url[:i]
	}
	return url
}

func decodeProfile(data []byte) (*Profile, error) {
	var sd struct {
		URL      string `json:"url"`
		Version  string `json:"version"`
		Type     string `json:"type"`
		Snapshot struct {
			Element []map[string]json.RawMessage `json:"element"`
		} `json:"snapshot"`
	}
	if err := json.Unmarshal(data, &sd); err != nil {
		return nil, err
	}
	if len(sd.Snapshot.Element) == 0 {
		return nil, nil
	}
	prof := &Profile{URL: sd.URL, Version: sd.Version, Type: sd.Type}
	for _, raw := range sd.Snapshot.Element {
		el, err := decodeElement(raw)
		if err != nil {
			return nil, err
		}
		prof.Elements = append(prof.Elements, el)
	}
	return prof, nil
}

func decodeElement(raw map[string]json.RawMessage) (Element, error) {
	var el Element
	str := func(key string, dst *string) error {
		if v, ok := raw[key]; ok {
			return json.Unmarshal(v, dst)
		}
		return nil
	}
	for key, dst := range map[string]*string{"id": &el.ID, "path": &el.Path, "sliceName": &el.SliceName, "max": &el.Max, "contentReference": &el.ContentRef} {
		if err := str(key, dst); err != nil {
			return el, fmt.Errorf("element %s: %w", key, err)
		}
	}
	if v, ok := raw["min"]; ok {
		if err := json.Unmarshal(v, &el.Min); err != nil {
			return el, fmt.Errorf("element %s min: %w", el.ID, err)
		}
	}
	if v, ok := raw["type"]; ok {
		if err := json.Unmarshal(v, &el.Types); err != nil {
			return el, fmt.Errorf("element %s type: %w", el.ID, err)
		}
	}
	if v, ok := raw["binding"]; ok {
		el.Binding = &Binding{}
		if err := json.Unmarshal(v, el.Binding); err != nil {
			return el, fmt.Errorf("element %s binding: %w", el.ID, err)
		}
	}
	if v, ok := raw["slicing"]; ok {
		el.Slicing = &Slicing{}
		if err := json.Unmarshal(v, el.Slicing); err != nil {
			return el, fmt.Errorf("element %s slicing: %w", el.ID, err)
		}
	}
	for key, v := range raw {
		var target *map[string]any
		switch {
		case strings.HasPrefix(key, "fixed"):
			target = &el.Fixed
		case strings.HasPrefix(key, "pattern"):
			target = &el.Pattern
		default:
			continue
		}
		var val any
		if err := json.Unmarshal(v, &val); err != nil {
			return el, fmt.Errorf("element %s %s: %w", el.ID, key, err)
		}
		*target = map[string]any{key: val}
	}
	return el, nil
}

// nearestEarlier is the profile in the newest built version of its guide
// that is older than version and of the same major release, nil when none.
func (p *Packages) nearestEarlier(url, version string) *Profile {
	var best *Profile
	for _, v := range p.Versions[canonicalBase(url)] {
		if !sameMajorEarlier(v, version) {
			continue
		}
		if prof := p.Profile(url, v); prof != nil && (best == nil || compareVersions(v, best.Version) > 0) {
			best = prof
		}
	}
	return best
}

func sameMajorEarlier(candidate, version string) bool {
	c, v := strings.SplitN(candidate, ".", 2), strings.SplitN(version, ".", 2)
	return len(c) == 2 && len(v) == 2 && c[0] == v[0] && compareVersions(candidate, version) < 0
}

// compareVersions compares dotted numeric versions ("2.0.0" < "2.1.0").
func compareVersions(a, b string) int {
	as, bs := strings.Split(a, "."), strings.Split(b, ".")
	for i := 0; i < len(as) && i < len(bs); i++ {
		x, errA := strconv.Atoi(as[i])
		y, errB := strconv.Atoi(bs[i])
		if errA != nil || errB != nil {
			return strings.Compare(as[i], bs[i])
		}
		if x != y {
			return x - y
		}
	}
	return len(as) - len(bs)
}
