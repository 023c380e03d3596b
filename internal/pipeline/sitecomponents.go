package pipeline

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	stdhtml "html"
	"io/fs"
	"path"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/portaldocs/portal/internal/components"
	"github.com/portaldocs/portal/internal/config"
	"github.com/portaldocs/portal/internal/content"
	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/docusaurus"
	"github.com/portaldocs/portal/internal/markdown"
	"github.com/portaldocs/portal/internal/sitefs"
	"github.com/portaldocs/portal/internal/sitereact"
	"github.com/portaldocs/portal/internal/ssr"
)

// siteComponents are the site's own React modules that its MDX pages use
// as components (package sitereact): each bundled once per build, when a
// page first uses it, rendered by the theme in the build's engines and
// hydrated in the browser. A component that cannot be rendered keeps its
// children, and is reported once for the site, with how often it was used.
type siteComponents struct {
	bundler sitereact.Bundler
	diags   *diag.List
	// moduleFailures reports a module that cannot be bundled, once for
	// the site (siteModules reports what running it finds).
	moduleFailures *moduleFailures
	// context is what useDocusaurusContext and Translate read, and
	// contextScript the script that gives it to the browser.
	context       json.RawMessage
	contextScript string
	// runtime is the theme's script that hydrates the components, written
	// as runtimeName.
	runtime     []byte
	runtimeName string

	mu       sync.Mutex
	modules  map[string]*siteComponentModule
	failures map[string]*componentFailure
	// pages are the pages' own modules (markdown.RenderContext.PageModule),
	// by the page's file.
	pages map[string]string
}

type siteComponentModule struct {
	once   sync.Once
	module *sitereact.Module
}

// componentFailure is one component that could not be rendered.
type componentFailure struct {
	// file is where it is reported; of and what name the component.
	file, of, what, message string
	// line is an expression's (markdown.siteComponentProps.Line), 0 for a component.
	line  int
	uses  int
	pages map[string]bool
}

// siteContext is the site data a site's components read (SiteContextData
// in theme/src/site/provided.tsx).
type siteContext struct {
	SiteConfig struct {
		Title         string         `json:"title"`
		Tagline       string         `json:"tagline"`
		URL           string         `json:"url"`
		BaseURL       string         `json:"baseUrl"`
		TrailingSlash *bool          `json:"trailingSlash"`
		CustomFields  map[string]any `json:"customFields"`
	} `json:"siteConfig"`
	I18n struct {
		CurrentLocale string   `json:"currentLocale"`
		DefaultLocale string   `json:"defaultLocale"`
		Locales       []string `json:"locales"`
	} `json:"i18n"`
	Translations map[string]string `json:"translations"`
}

func newSiteComponents(site fs.FS, cfg *config.Site, translations map[string]string, runtime []byte, diags *diag.List, failures *moduleFailures) *siteComponents {
	root, _ := sitefs.Folder(site)
	var c siteContext
	c.SiteConfig.Title, c.SiteConfig.Tagline, c.SiteConfig.URL, c.SiteConfig.BaseURL = cfg.Title, cfg.Tagline, cfg.URL, cfg.BaseURL
	c.SiteConfig.TrailingSlash, c.SiteConfig.CustomFields = cfg.TrailingSlash, cfg.CustomFields
	if c.SiteConfig.CustomFields == nil {
		c.SiteConfig.CustomFields = map[string]any{}
	}
	c.I18n.CurrentLocale, c.I18n.DefaultLocale, c.I18n.Locales = cfg.I18n.Current(), cfg.I18n.DefaultLocale, cfg.I18n.Locales
	if c.I18n.Locales == nil {
		c.I18n.Locales = []string{}
	}
	c.Translations = translations
	if c.Translations == nil {
		c.Translations = map[string]string{}
	}
	data, err := json.Marshal(c)
	if err != nil { // customFields YAML could not give as JSON (a map with keys that are not strings)
		c.SiteConfig.CustomFields = map[string]any{}
		diags.Add(diag.Diagnostic{File: cfg.File, Severity: diag.Warning, Message: "customFields cannot be given to the site's components: " + err.Error(),
			Hint: "keep customFields to JSON values"})
		data, _ = json.Marshal(c)
	}
	sum := sha256.Sum256(data)
	runtimeSum := sha256.Sum256(runtime)
	return &siteComponents{
		runtime:        runtime,
		runtimeName:    themeDir + "site-runtime-" + hex.EncodeToString(runtimeSum[:])[:12] + ".js",
		bundler:        sitereact.Bundler{Site: site, Root: root, BaseURL: cfg.BaseURL, StaticDirs: cfg.StaticDirectories},
		diags:          diags,
		moduleFailures: failures,
		context:        data,
		contextScript:  path.Join(sitereact.AssetDir, "context-"+hex.EncodeToString(sum[:])[:12]+".js"),
		modules:        map[string]*siteComponentModule{},
		failures:       map[string]*componentFailure{},
		pages:          map[string]string{},
	}
}

// component answers markdown.RenderContext.SiteComponent for a page file.
func (s *siteComponents) component(page, source string) (string, []string, bool) {
	target := path.Join(path.Dir(page), source)
	if rest, ok := strings.CutPrefix(source, "@site/"); ok {
		target = path.Clean(rest)
	}
	file, ok := docusaurus.FindModule(s.bundler.Site, target)
	if !ok {
		return "", nil, false
	}
	mod := s.bundle(file)
	if mod == nil {
		return "", nil, false
	}
	return file, mod.Inputs, true
}

// bundle bundles a module once; nil when it cannot be (reported once).
func (s *siteComponents) bundle(file string) *sitereact.Module {
	s.mu.Lock()
	m := s.modules[file]
	if m == nil {
		m = &siteComponentModule{}
		s.modules[file] = m
	}
	source, isPage := s.pages[file]
	s.mu.Unlock()
	m.once.Do(func() {
		var mod *sitereact.Module
		var ds []diag.Diagnostic
		if isPage {
			mod, ds = s.bundler.BundleSource(file, source)
		} else {
			mod, ds = s.bundler.Bundle(file)
		}
		s.moduleFailures.report(ds)
		if mod != nil {
			s.moduleFailures.warn(mod.Warnings)
		}
		m.module = mod
	})
	return m.module
}

// pageModule answers markdown.RenderContext.PageModule.
func (s *siteComponents) pageModule(file, source string) {
	s.mu.Lock()
	s.pages[file] = source
	s.mu.Unlock()
}

// used lists the modules bundled, by file.
func (s *siteComponents) used() []*sitereact.Module {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []*sitereact.Module
	for _, m := range s.modules {
		if m.module != nil {
			out = append(out, m.module)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].File < out[j].File })
	return out
}

// siteComponentsInput is what portalComponents needs for site components.
type siteComponentsInput struct {
	Context       json.RawMessage   `json:"context"`
	ContextScript string            `json:"contextScript"`
	Runtime       string            `json:"runtime"`
	Scripts       map[string]string `json:"scripts"`
}

// prepare returns the input and the scripts the engine must run first for
// the site components among requests; nil when there are none.
func (s *siteComponents) prepare(requests []components.Request, base string) (*siteComponentsInput, []ssr.Preload) {
	if s == nil {
		return nil, nil
	}
	var in *siteComponentsInput
	var scripts []ssr.Preload
	for _, r := range requests {
		if r.Name != markdown.SiteComponentName {
			continue
		}
		var props struct {
			Module string `json:"module"`
		}
		if json.Unmarshal(r.Props, &props) != nil {
			continue
		}
		mod := s.bundle(props.Module)
		if mod == nil {
			continue
		}
		if in == nil {
			in = &siteComponentsInput{Context: s.context, ContextScript: base + s.contextScript, Runtime: base + s.runtimeName, Scripts: map[string]string{}}
		}
		if _, seen := in.Scripts[mod.File]; !seen {
			in.Scripts[mod.File] = base + mod.Name
			scripts = append(scripts, ssr.Preload{Key: mod.Name, Source: mod.ServerScript})
		}
	}
	return in, scripts
}

// failed records a site component the theme could not render on page, and
// returns what the page shows instead: its children, in the element's
// tags when it was an HTML element with code in its attributes.
func (s *siteComponents) failed(page string, r components.Request, message string) string {
	var p struct {
		Module   string     `json:"module"`
		Export   string     `json:"export"`
		Element  string     `json:"element"`
		Fallback *[2]string `json:"fallback"`
		Source   string     `json:"source"`
		Line     int        `json:"line"`
		Props    struct {
			Children any `json:"children"`
		} `json:"props"`
	}
	_ = json.Unmarshal(r.Props, &p)
	what := p.Export
	if p.Element != "" {
		what = p.Element
	}
	key, of := p.Module+"#"+what, p.Module
	if p.Source != "" {
		// A package's or the theme's component: one for the site, at its first page.
		key, of = "import:"+p.Source+"#"+what, fmt.Sprintf("%q", p.Source)
	}
	s.mu.Lock()
	f := s.failures[key]
	if f == nil {
		f = &componentFailure{file: p.Module, of: of, what: what, message: message, line: p.Line, pages: map[string]bool{}}
		s.failures[key] = f
	}
	f.uses++
	f.pages[page] = true
	s.mu.Unlock()
	var shown string
	if slices.Contains(r.Slots, components.Children) {
		shown = components.Placeholder(components.Children)
	} else if text, ok := p.Props.Children.(string); ok {
		shown = stdhtml.EscapeString(text) // text children given as a prop (markdown.textChildren)
	}
	if p.Fallback != nil {
		shown = p.Fallback[0] + shown + p.Fallback[1]
	}
	return shown
}

// report adds one warning per component that could not be rendered.
func (s *siteComponents) report() {
	if s == nil {
		return
	}
	s.mu.Lock()
	keys := make([]string, 0, len(s.failures))
	for k := range s.failures {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		f := s.failures[k]
		if f.line > 0 {
			s.diags.Add(diag.Diagnostic{File: f.file, Line: f.line, Severity: diag.Warning, Group: "site-component:" + k,
				Message: fmt.Sprintf("the expression %s could not be run (%s); it is left out of the page", f.what, f.message),
				Hint:    "define what it names (an import or an export of the page), or write the text itself"})
			continue
		}
		s.diags.Add(diag.Diagnostic{File: f.file, Severity: diag.Warning, Group: "site-component:" + k,
			Message: fmt.Sprintf("the component %s of %s could not be rendered (%s); its children are shown without it, %d uses on %d pages",
				f.what, f.of, f.message, f.uses, len(f.pages)),
			Hint: "make the component render without the browser (no window or document while rendering), or install what it imports"})
	}
	s.mu.Unlock()
}

// emit writes the scripts, the files they import and the context script,
// and returns the modules' stylesheets, which follow the site's own.
func (s *siteComponents) emit(out *Output) []byte {
	if s == nil {
		return nil
	}
	mods := s.used()
	if len(mods) == 0 {
		return nil
	}
	out.add(s.contextScript, []byte("globalThis.__portalSiteContext = "+string(s.context)+";\n"))
	out.add(s.runtimeName, s.runtime)
	var css []byte
	for _, m := range mods {
		out.add(m.Name, []byte(m.Script))
		names := make([]string, 0, len(m.Assets))
		for name := range m.Assets {
			names = append(names, name)
		}
		slices.Sort(names)
		for _, name := range names {
			out.add(name, m.Assets[name])
		}
		css = append(css, m.CSS...)
	}
	return css
}

// layoutComment is where the theme leaves what a React page's Layout says
// of the page (theme/src/content/components/render.tsx).
const layoutComment = "<!--portal-layout "

// takeLayout takes what the site's components say of the page out of a
// render's HTML: a React page's Layout its title and description, and each
// <Head> its tags, which join the page's head (the last title wins, as the
// innermost does in Docusaurus). It returns the elements a <Head> had that
// a page's head does not take.
func takeLayout(res *markdown.Result) (skipped []string) {
	for {
		start := strings.Index(res.HTML, layoutComment)
		if start < 0 {
			return skipped
		}
		end := strings.Index(res.HTML[start:], "-->")
		if end < 0 {
			return skipped
		}
		var meta struct {
			Title       string `json:"title"`
			Description string `json:"description"`
			Head        *struct {
				markdown.Head
				Skipped []string `json:"skipped"`
			} `json:"head"`
		}
		if json.Unmarshal([]byte(res.HTML[start+len(layoutComment):start+end]), &meta) == nil {
			if meta.Title != "" {
				res.Title = meta.Title
			}
			if meta.Description != "" {
				res.Description = meta.Description
			}
			if h := meta.Head; h != nil {
				if res.Head == nil {
					res.Head = &markdown.Head{}
				}
				if h.Title != "" {
					res.Head.Title = h.Title
				}
				res.Head.Tags = append(res.Head.Tags, h.Tags...)
				skipped = append(skipped, h.Skipped...)
			}
		}
		res.HTML = res.HTML[:start] + res.HTML[start+end+len("-->"):]
	}
}

// renderImportedMarkdown renders a Markdown file a site module imports as
// a component (sitereact.Bundler.Markdown): its body with the page's
// components, its diagnostics reported at it.
func (b *builder) renderImportedMarkdown(site *loaded, file string) (string, error) {
	src, err := fs.ReadFile(b.site, file)
	if err != nil {
		return "", err
	}
	body, bodyLine := content.StripFrontMatter(src)
	ctx := b.fileContext(site, file, nil, newMarkdownLinkResolver(site.content, site.blog, site.cfg))
	ctx.LineOffset = bodyLine
	// Rendered while a module is bundled: a site component in it would wait
	// on that bundle (the module importing it, a cycle), so its components
	// are the theme's only; the site's are shown as their children, warned.
	ctx.SiteComponent, ctx.PageModule = nil, nil
	res, err := b.md.Render(body, ctx)
	if err != nil {
		return "", err
	}
	b.diags.Add(res.Diagnostics...)
	html, ok := b.assembleComponents(file, res.HTML)
	if !ok {
		return "", fmt.Errorf("its components could not be rendered")
	}
	return html, nil
}
