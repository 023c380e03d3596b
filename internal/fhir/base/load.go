package base

import (
	"bytes"
	"compress/gzip"
	_ "embed"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"sync"
)

//go:embed r4.json.gz
var r4Extract []byte

//go:embed stu3.json.gz
var stu3Extract []byte

// loaders decode each embedded extract once, on first use; the results are never changed after.
var loaders = map[Version]func() (*Spec, error){
	R4:   sync.OnceValues(func() (*Spec, error) { return decode(R4, r4Extract) }),
	STU3: sync.OnceValues(func() (*Spec, error) { return decode(STU3, stu3Extract) }),
}

// Load returns the specification of release v, decoding its embedded extract the first time it is
// asked for. The Spec is immutable and safe for concurrent use.
func Load(v Version) (*Spec, error) {
	load, ok := loaders[v]
	if !ok {
		return nil, fmt.Errorf("fhir base: unknown FHIR version %q (want %s or %s)", v, R4, STU3)
	}
	return load()
}

// extractFile is the layout scripts/fhir-base/extract.mjs writes.
type extractFile struct {
	FHIRVersion string              `json:"fhirVersion"`
	Source      string              `json:"source"`
	Resources   []string            `json:"resources"`
	Types       map[string]typeJSON `json:"types"`
	// SearchParam's fields decode from the lower-case keys the script writes (code, type, url…).
	SearchParams map[string][]SearchParam `json:"searchParams"`
	Common       []SearchParam            `json:"common"`
}

type typeJSON struct {
	Kind     string        `json:"kind"`
	Abstract bool          `json:"abstract"`
	Base     string        `json:"base"`
	Elements []elementJSON `json:"elements"`
}

// elementJSON uses one-letter keys to keep the extract small.
type elementJSON struct {
	Path             string   `json:"p"`
	Min              int      `json:"n"`
	Max              string   `json:"x"`
	Types            []string `json:"t"`
	Targets          []string `json:"r"`
	Short            string   `json:"s"`
	BindingStrength  string   `json:"b"`
	ValueSet         string   `json:"v"`
	ContentReference string   `json:"c"`
}

// decode unpacks one embedded extract and indexes it.
func decode(v Version, gz []byte) (*Spec, error) {
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		return nil, fmt.Errorf("fhir base %s: open extract: %w", v, err)
	}
	raw, err := io.ReadAll(zr)
	if err != nil {
		return nil, fmt.Errorf("fhir base %s: decompress extract: %w", v, err)
	}
	var file extractFile
	if err := json.Unmarshal(raw, &file); err != nil {
		return nil, fmt.Errorf("fhir base %s: decode extract: %w", v, err)
	}
	spec, err := newSpec(v, &file)
	if err != nil {
		return nil, fmt.Errorf("fhir base %s: %w", v, err)
	}
	return spec, nil
}

// newSpec builds the indexes the lookups need and checks the references between them, so a broken
// extract fails at Load rather than as a wrong answer later.
func newSpec(v Version, file *extractFile) (*Spec, error) {
	s := &Spec{
		version:      v,
		fhirVersion:  file.FHIRVersion,
		resources:    file.Resources,
		isResource:   make(map[string]bool, len(file.Resources)),
		types:        make(map[string]*typeInfo, len(file.Types)),
		searchParams: file.SearchParams,
		common:       file.Common,
	}
	for name, t := range file.Types {
		info, err := newTypeInfo(name, t)
		if err != nil {
			return nil, err
		}
		s.types[name] = info
	}
	for _, name := range file.Resources {
		if s.types[name] == nil {
			return nil, fmt.Errorf("resource %s has no definition", name)
		}
		s.isResource[name] = true
	}
	for name, t := range s.types {
		if t.base != "" && s.types[t.base] == nil {
			return nil, fmt.Errorf("type %s: unknown base %s", name, t.base)
		}
	}
	for resource := range file.SearchParams {
		if !s.isResource[resource] {
			return nil, fmt.Errorf("search parameters for unknown resource %s", resource)
		}
	}
	return s, nil
}

func newTypeInfo(name string, t typeJSON) (*typeInfo, error) {
	if len(t.Elements) == 0 || t.Elements[0].Path != name {
		return nil, fmt.Errorf("type %s: the first element is not its root", name)
	}
	info := &typeInfo{
		name:        name,
		base:        t.Base,
		elements:    make([]Element, len(t.Elements)),
		index:       make(map[string]int, len(t.Elements)),
		contentRefs: make(map[string]string),
		hasChildren: make(map[string]bool),
	}
	for i, e := range t.Elements {
		info.elements[i] = e.element()
		info.index[e.Path] = i
		if e.ContentReference != "" {
			info.contentRefs[e.Path] = e.ContentReference
		}
		if parent, _, ok := cutLast(e.Path); ok {
			info.hasChildren[parent] = true
		}
	}
	return info, nil
}

func (e elementJSON) element() Element {
	out := Element{
		Path:           e.Path,
		Min:            e.Min,
		Max:            e.Max,
		Types:          e.Types,
		TargetProfiles: e.Targets,
		Short:          e.Short,
	}
	if e.BindingStrength != "" {
		out.Binding = &Binding{Strength: e.BindingStrength, ValueSet: e.ValueSet}
	}
	return out
}

// cutLast splits "Patient.contact.name" into "Patient.contact" and "name".
func cutLast(path string) (parent, name string, ok bool) {
	i := strings.LastIndexByte(path, '.')
	if i < 0 {
		return "", path, false
	}
	return path[:i], path[i+1:], true
}
