package fhir

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"runtime"

	"github.com/portaldocs/portal/internal/config"
	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/fhir/base"
	"github.com/portaldocs/portal/internal/fhir/directive"
	"github.com/portaldocs/portal/internal/fhir/downloads"
	"github.com/portaldocs/portal/internal/fhir/model"
	"github.com/portaldocs/portal/internal/fhir/parse"
	"github.com/portaldocs/portal/internal/fhir/refpage"
	"github.com/portaldocs/portal/internal/fhir/shall"
	"github.com/portaldocs/portal/internal/fhir/validate"
	"github.com/portaldocs/portal/internal/workers"
)

// Prepare loads and validates the FHIR folder and works out the generated
// pages. A site without a FHIR folder and without APIs has nothing to do.
func Prepare(ctx context.Context, site fs.FS, cfg config.FHIR, siteConfigFile string, specs model.Specs, opts ...PrepareOption) (*Site, []diag.Diagnostic) {
	var o prepareOptions
	for _, opt := range opts {
		opt(&o)
	}
	s := &Site{Site: &model.Site{Dir: cfg.Path, Guides: model.Guides{Declared: cfg.Dependencies}}}
	s.renderer = &refpage.Renderer{}
	s.expander = directive.New(s.Site, s.renderer)
	if _, err := fs.Stat(site, cfg.Path); err != nil {
		s.Registry = model.NewRegistry()
		s.renderer.Registry = s.Registry
		if len(cfg.APIs) > 0 {
			return s, []diag.Diagnostic{{File: siteConfigFile, Line: cfg.APIs[0].Line, Severity: diag.Error,
				Message: fmt.Sprintf("FHIR APIs are configured but the FHIR folder %q does not exist", cfg.Path),
				Hint:    "create the folder with the APIs' conformance resources, or set fhir.path"}}
		}
		return s, nil
	}
	var diags diag.List
	// The declared guides' definitions are read while the FHIR folder is:
	// neither needs the other until their references are checked.
	type loadedGuides struct {
		guides []*model.GuideDefinitions
		diags  []diag.Diagnostic
	}
	guidesLoaded := make(chan loadedGuides, 1)
	go func() {
		guides, ds := parse.Guides(ctx, site, cfg, siteConfigFile)
		guidesLoaded <- loadedGuides{guides, ds}
	}()
	// A build that decodes the base specifications ahead starts on the
	// API folders' versions first, reading their statements for them; one
	// that leaves them for later takes the versions from the statements as
	// the folder's reading parsed them.
	var apiDirs []parse.APIFolder
	if !o.lazySpecs {
		apiDirs = parse.APIFolders(ctx, site, cfg, nil)
		prefetchSpecs(specs, apiDirs)
	}
	publishedSources := map[string]bool{}
	for _, p := range cfg.Publish {
		publishedSources[path.Join(cfg.Path, p.Source)] = true
	}
	discovery := map[string]bool{}
	for _, a := range cfg.APIs {
		if a.SmartConfiguration != "" {
			discovery[path.Join(cfg.Path, a.SmartConfiguration)] = true
		}
	}
	parsed, ds := parse.Folder(ctx, site, cfg.Path, func(p string) bool { return discovery[p] }, o.parsed)
	diags.Add(ds...)
	if o.lazySpecs {
		apiDirs = parse.APIFolders(ctx, site, cfg, parsed)
	}
	reg, ds := parse.Register(parsed, func(p string) (base.Version, string) {
		v, scope := parse.Place(p, apiDirs)
		if publishedSources[p] && scope == "" {
			// A published document describes the organization, not an API:
			// its entries are no API's examples.
			scope = p
		}
		return v, scope
	})
	diags.Add(ds...)
	diags.Add(validated(reg, specs, cfg.Dependencies, o.memo)...)
	s.Registry, s.renderer.Registry = reg, reg
	g := <-guidesLoaded
	diags.Add(g.diags...)
	s.Guides.Definitions = g.guides
	diags.Add(guideReferences(s.Site, o)...)
	for _, r := range s.resolveAPIs(ctx, site, cfg, siteConfigFile, specs) {
		diags.Add(r.diags...)
		if r.api == nil {
			continue
		}
		s.AddAPI(r.api)
		s.Pages = append(s.Pages, r.pages...)
	}
	diags.Add(refpage.Duplicates(s.Pages, siteConfigFile)...)
	for _, p := range cfg.Publish {
		f := reg.ByPath(path.Join(cfg.Path, p.Source))
		if f == nil {
			diags.Add(diag.Diagnostic{File: siteConfigFile, Line: p.Line, Severity: diag.Error,
				Message: fmt.Sprintf("fhir publish: %s is not a FHIR resource file of the FHIR folder %s", p.Source, cfg.Path),
				Hint:    "source is relative to the FHIR folder, e.g. certified/service-base-urls.json"})
			continue
		}
		s.Published = append(s.Published, model.Download{Path: p.Path, Data: f.Contents, Source: f.Path})
		diags.Add(validate.Publication(f)...)
	}
	return s, diags.Items()
}

// resolvedAPI is one configured API resolved, with the pages its page
// sets generate and what was wrong with either; api is nil when the API
// cannot be resolved.
type resolvedAPI struct {
	api   *model.API
	pages []*refpage.Page
	diags []diag.Diagnostic
}

// resolveAPIs resolves the configured APIs side by side, each reading only
// the registry and its own files, and returns them in the config's order.
func (s *Site) resolveAPIs(ctx context.Context, site fs.FS, cfg config.FHIR, configFile string, specs model.Specs) []resolvedAPI {
	out := make([]resolvedAPI, len(cfg.APIs))
	workers.Each(ctx, runtime.GOMAXPROCS(0), len(cfg.APIs), func(i int) {
		ac := cfg.APIs[i]
		api, ds := s.resolveAPI(site, ac, configFile, specs)
		r := resolvedAPI{api: api, diags: ds}
		if api != nil {
			for _, pc := range ac.Pages {
				pages, ds := refpage.List(ctx, site, s.Site, api, pc, configFile)
				r.diags = append(r.diags, ds...)
				r.pages = append(r.pages, pages...)
			}
		}
		out[i] = r
	})
	return out
}

func (s *Site) resolveAPI(site fs.FS, ac config.FHIRAPI, configFile string, specs model.Specs) (*model.API, []diag.Diagnostic) {
	errAt := func(format string, args ...any) []diag.Diagnostic {
		return []diag.Diagnostic{{File: configFile, Line: ac.Line, Severity: diag.Error, Message: fmt.Sprintf(format, args...),
			Hint: "capabilityStatement is a path relative to the FHIR folder " + s.Dir}}
	}
	p := path.Join(s.Dir, ac.CapabilityStatement)
	f := s.Registry.ByPath(p)
	if f == nil {
		return nil, errAt("fhir API %q: capabilityStatement %s was not loaded", ac.ID, p)
	}
	cs, ok := f.Resource.(*model.CapabilityStatement)
	if !ok {
		return nil, errAt("fhir API %q: %s is a %s, not a CapabilityStatement", ac.ID, p, f.ResourceType)
	}
	if _, ok := base.ParseVersion(string(f.Version)); !ok {
		return nil, errAt("fhir API %q: no base FHIR %s to check it against", ac.ID, f.Version)
	}
	api := &model.API{ID: ac.ID, Title: model.Label(ac.Title, model.Label(cs.Title, cs.Name, ""), ac.ID), BaseURL: ac.BaseURL,
		Statement: cs, File: f, Authorization: ac.Authorization, Config: ac,
		LoadSpec: func() *base.Spec {
			spec, err := specs(f.Version)
			if err != nil {
				return nil
			}
			return spec
		}}
	var diags []diag.Diagnostic
	if ac.SmartConfiguration != "" {
		smartConfig, ds := parse.SmartConfiguration(site, s.Dir, ac, configFile)
		diags = append(diags, ds...)
		api.Smart = smartConfig
		diags = append(diags, validate.Authorization(api, ac, configFile)...)
		if smartConfig != nil {
			// The discovery document is where the endpoints are written;
			// the collection takes them from there unless the config says
			// otherwise (which validate.Authorization refuses when
			// both are written and differ).
			api.Authorization.AuthorizeURL = cmp.Or(api.Authorization.AuthorizeURL, stringField(smartConfig.Fields, "authorization_endpoint"))
			api.Authorization.TokenURL = cmp.Or(api.Authorization.TokenURL, stringField(smartConfig.Fields, "token_endpoint"))
		}
	}
	conformance, ds := s.guideConformance(site, f)
	api.Conformance = conformance
	diags = append(diags, ds...)
	if ac.PublishesDownloads() {
		api.CapabilityDownload, api.PostmanDownload, api.SmartDownload = downloads.Paths(ac.ID, api.Smart != nil)
	}
	if problem := downloads.ClientAuthProblem(api); problem != "" {
		diags = append(diags, diag.Diagnostic{File: configFile, Line: ac.Authorization.Line, Severity: diag.Error,
			Message: fmt.Sprintf("fhir API %q: %s", ac.ID, problem),
			Hint:    "write clientAuthentication: private_key_jwt or client_secret_basic for a client credentials API, none or client_secret_basic for an authorization code API"})
	}
	return api, diags
}

// guideConformance compares the API's statement with each guide statement
// it instantiates or imports, as the site's definitions of that guide
// version hold it, with the deviations recorded beside the statement.
func (s *Site) guideConformance(site fs.FS, f *model.File) ([]shall.Result, []diag.Diagnostic) {
	var diags []diag.Diagnostic
	devFile := path.Join(path.Dir(f.Path), shall.DeviationsFile)
	var recorded shall.Deviations
	if data, err := fs.ReadFile(site, devFile); err == nil {
		recorded, diags = shall.ParseDeviations(devFile, data)
	} else if !errors.Is(err, fs.ErrNotExist) {
		return nil, []diag.Diagnostic{{File: devFile, Severity: diag.Error, Message: fmt.Sprintf("read deviations: %v", err)}}
	}
	find := func(ref string) (data []byte, file, missing string) {
		guides, _ := s.Guides.For(ref)
		for _, g := range guides {
			if def := g.Definition(ref); def != nil {
				return def.Raw, def.Path, ""
			}
		}
		return nil, "", fmt.Sprintf("the site holds no definition of %s (fhir.dependencies definitions), so its SHALLs are not known here", ref)
	}
	results, ds := shall.Check(f.Path, f.Raw, f.Line, devFile, recorded, find)
	return results, append(diags, ds...)
}

func stringField(fields map[string]any, key string) string {
	s, _ := fields[key].(string)
	return s
}

// prefetchSpecs starts decoding the base specifications the folder's files
// will be read as (R4 outside every API folder), each on a goroutine of
// its own: that takes 40–50 ms a release and would otherwise wait for the
// first example checked or page generated, while the files are read on
// fewer cores than the machine has. specs is safe for concurrent use
// (Validate calls it from every core) and decodes each release once.
func prefetchSpecs(specs model.Specs, dirs []parse.APIFolder) {
	versions := map[base.Version]bool{base.R4: true}
	for _, d := range dirs {
		versions[d.Version] = true
	}
	for v := range versions {
		go func() { _, _ = specs(v) }()
	}
}
