package parse

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"runtime"
	"strings"

	jsonv2 "github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"

	"github.com/portaldocs/portal/internal/config"
	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/fhir/base"
	"github.com/portaldocs/portal/internal/fhir/model"
	"github.com/portaldocs/portal/internal/jsonx"
	"github.com/portaldocs/portal/internal/workers"
)

// Guides reads the definitions folder of every dependency that has one.
func Guides(ctx context.Context, site fs.FS, cfg config.FHIR, configFile string) ([]*model.GuideDefinitions, []diag.Diagnostic) {
	var guides []*model.GuideDefinitions
	var diags diag.List
	for _, dep := range cfg.Dependencies {
		if dep.Definitions == "" || ctx.Err() != nil {
			continue
		}
		at := func(format string, args ...any) {
			diags.Add(diag.Diagnostic{File: configFile, Line: dep.DefinitionsLine, Severity: diag.Error, Message: fmt.Sprintf(format, args...),
				Hint: "definitions is a folder of the site holding the guide's published definitions, e.g. fhir-guides/" + dep.Package + "-" + dep.Version})
		}
		if dep.Definitions == cfg.Path || strings.HasPrefix(dep.Definitions, cfg.Path+"/") {
			at("fhir dependency %s %s: definitions %s is inside the FHIR folder %s, whose files are the site's own", dep.Package, dep.Version, dep.Definitions, cfg.Path)
			continue
		}
		if info, err := fs.Stat(site, dep.Definitions); err != nil || !info.IsDir() {
			at("fhir dependency %s %s: definitions folder %s does not exist", dep.Package, dep.Version, dep.Definitions)
			continue
		}
		g, ds := loadGuide(site, dep)
		diags.Add(ds...)
		guides = append(guides, g)
	}
	return guides, diags.Items()
}

func loadGuide(site fs.FS, dep config.FHIRDependency) (*model.GuideDefinitions, []diag.Diagnostic) {
	g := model.NewGuideDefinitions(dep)
	var diags []diag.Diagnostic
	paths, err := jsonFiles(site, dep.Definitions)
	if err != nil {
		return g, []diag.Diagnostic{{File: dep.Definitions, Severity: diag.Error, Message: fmt.Sprintf("read guide definitions: %v", err)}}
	}
	if _, err := fs.Stat(site, path.Join(dep.Definitions, "README.md")); errors.Is(err, fs.ErrNotExist) {
		diags = append(diags, diag.Diagnostic{File: dep.Definitions, Severity: diag.Warning,
			Message: fmt.Sprintf("the definitions of %s %s have no README.md", dep.Package, dep.Version),
			Hint:    "add a README.md recording the guide version and the published address each file came from"})
	}
	diags = append(diags, readUnverifiable(g, site)...)
	// Read and decoded side by side (a guide brings up to a few hundred
	// files), then added in path order, which the diagnostics follow.
	parsed := make([]parsedDefinition, len(paths))
	workers.Each(context.Background(), runtime.GOMAXPROCS(0), len(paths), func(i int) {
		data, err := fs.ReadFile(site, paths[i])
		if err != nil {
			parsed[i].diags = []diag.Diagnostic{{File: paths[i], Severity: diag.Error, Message: fmt.Sprintf("read guide definition: %v", err)}}
			return
		}
		parsed[i] = parseDefinition(paths[i], data)
	})
	for _, d := range parsed {
		diags = append(diags, d.diags...)
		if d.file != nil {
			diags = append(diags, g.Add(d.file, d.version)...)
		}
	}
	return g, diags
}

// parsedDefinition is one definition file read: the file and the
// definition's own version, or what is wrong with it.
type parsedDefinition struct {
	file    *model.File
	version string
	diags   []diag.Diagnostic
}

// parseDefinition reads a guide definition for what the checks use: its
// identity, its version and, for an OperationDefinition, its parameters
// (for a SearchParameter, its code, bases and type). A
// folder may hold extracts that carry only those elements, so the elements
// a page needs (status, kind…) are not required here. It decodes as
// encoding/json would, in one pass (decodeAsV1).
func parseDefinition(p string, data []byte) parsedDefinition {
	var head struct {
		ResourceType string `json:"resourceType"`
		ID           string `json:"id"`
		URL          string `json:"url"`
		// Version is kept raw: a version that is not a string is reported
		// as a version mismatch, not as a broken file.
		Version jsontext.Value `json:"version"`
	}
	if err := decodeAsV1(data, &head); err != nil {
		line, col, msg := jsonx.ErrorAt(data, err)
		return parsedDefinition{diags: []diag.Diagnostic{{File: p, Line: line, Severity: diag.Error,
			Message: fmt.Sprintf("invalid JSON at column %d: %s", col, msg), Hint: "fix the JSON syntax"}}}
	}
	if head.ResourceType == "" {
		return parsedDefinition{diags: []diag.Diagnostic{{File: p, Line: 1, Severity: diag.Error,
			Message: "not a FHIR resource: it has no \"resourceType\"", Hint: "bring the definition as the guide publishes it"}}}
	}
	var version string
	if head.Version.Kind() == '"' {
		_ = jsonv2.Unmarshal(head.Version, &version)
	}
	f := &model.File{Path: p, Version: base.R4, Contents: data, Raw: json.RawMessage(data), ResourceType: head.ResourceType, ID: head.ID, URL: head.URL}
	var err error
	switch head.ResourceType {
	case "OperationDefinition":
		od := &model.OperationDefinition{}
		err, f.Resource = decodeAsV1(data, od), od
	case "SearchParameter":
		sp := &model.SearchParameter{}
		err, f.Resource = decodeAsV1(data, sp), sp
	}
	if err != nil {
		line, _, msg := jsonx.ErrorAt(data, err)
		return parsedDefinition{diags: []diag.Diagnostic{{File: p, Line: line, Severity: diag.Error, Message: head.ResourceType + ": " + msg}}}
	}
	return parsedDefinition{file: f, version: version}
}

// UnverifiableFile lists, in a definitions folder, what the guide defines
// but the folder could not bring in: one canonical URL per line, a
// reference to which is not checked; or "<canonical> parameters" for an
// operation whose file lists only some of its parameters, so a parameter
// of the site's operation missing from it is not reported. Lines starting
// with # are comments.
const UnverifiableFile = "not-verifiable.txt"

func readUnverifiable(g *model.GuideDefinitions, site fs.FS) []diag.Diagnostic {
	p := path.Join(g.Dependency.Definitions, UnverifiableFile)
	data, err := fs.ReadFile(site, p)
	if err != nil {
		return nil
	}
	var diags []diag.Diagnostic
	for i, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		url, what, _ := strings.Cut(line, " ")
		what = strings.TrimSpace(what)
		switch {
		case !model.DefinedUnder(url, g.Dependency.Canonical):
			diags = append(diags, diag.Diagnostic{File: p, Line: i + 1, Severity: diag.Error,
				Message: fmt.Sprintf("%s is not a canonical URL of %s (%s)", url, g.Dependency.Package, g.Dependency.Canonical),
				Hint:    "write one canonical URL of the guide per line, optionally followed by \"parameters\""})
		case what != "" && what != "parameters":
			diags = append(diags, diag.Diagnostic{File: p, Line: i + 1, Severity: diag.Error,
				Message: fmt.Sprintf("%q after %s: write nothing (the definition is not in the folder) or \"parameters\" (its parameter list is partial)", what, url)})
		default:
			g.MarkUnverifiable(url, what)
		}
	}
	return diags
}
