package pipeline

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/portaldocs/portal/internal/config"
	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/i18n"
	"github.com/portaldocs/portal/internal/route"
	"github.com/portaldocs/portal/internal/sitefs"
)

// WithLocales builds only these locales of the site's i18n.locales (portal
// build --locale). Without it every locale is built: the default one at the
// base URL, each other one under <base URL><locale>/, as Docusaurus does.
func WithLocales(locales []string) Option {
	return func(o *options) { o.locales = slices.Clone(locales) }
}

// LocaleBuild is what one locale's build made.
type LocaleBuild struct {
	Locale string
	// Routes counts the locale's routes.
	Routes int
}

// localePlan is which locales a build makes.
type localePlan struct {
	// withDefault builds the default locale, into the output's root.
	withDefault bool
	// others are the other locales to build, each into <locale>/ of the
	// output; nil with all set means every locale of the config.
	others []string
	all    bool
}

// planLocales reads which locales to build: all of them unless WithLocales
// chose some, which needs the config to say which is the default. A
// locale the config does not have is an error.
func (b *builder) planLocales() localePlan {
	if b.opts.locale != "" {
		return localePlan{withDefault: true} // a locale's own build: see localize
	}
	if b.opts.locales == nil {
		return localePlan{withDefault: true, all: true}
	}
	peek := &builder{ctx: b.ctx, site: b.site, opts: b.opts}
	cfg := peek.loadConfig()
	if cfg == nil {
		return localePlan{withDefault: true} // the build reports why
	}
	plan := localePlan{}
	for _, loc := range b.opts.locales {
		switch {
		case !slices.Contains(cfg.I18n.Locales, loc):
			b.diags.Add(diag.Diagnostic{File: cfg.File, Severity: diag.Error,
				Message: fmt.Sprintf("--locale %s: the site has no such locale", loc),
				Hint:    "give one of i18n.locales: " + strings.Join(cfg.I18n.Locales, ", ")})
		case loc == cfg.I18n.DefaultLocale:
			plan.withDefault = true
		case !slices.Contains(plan.others, loc):
			plan.others = append(plan.others, loc)
		}
	}
	return plan
}

// othersOf are the locales other than the default one to build.
func (p localePlan) othersOf(cfg *config.Site) []string {
	if !p.all {
		return p.others
	}
	var out []string
	for _, loc := range cfg.I18n.Locales {
		if loc != cfg.I18n.DefaultLocale {
			out = append(out, loc)
		}
	}
	return out
}

// localize makes cfg the config of the locale this build is of: the
// labels of its navbar and footer are the locale's translations, and the
// site's docs, pages and posts are read from the locale's folder where it
// translates them (translateContent), the default locale's too, as in
// Docusaurus. A locale other than the default one also gets its own base
// URL, <base URL><locale>/.
func (b *builder) localize(cfg *config.Site) *config.Site {
	locale := b.opts.locale
	if locale == "" {
		locale = cfg.I18n.DefaultLocale
	}
	if !slices.Contains(cfg.I18n.Locales, locale) {
		b.diags.Add(diag.Diagnostic{File: cfg.File, Severity: diag.Error, Message: fmt.Sprintf("locale %s is not one of i18n.locales", locale)})
		return nil
	}
	if !hasFolder(b.site, cfg.I18n.Path) && locale == cfg.I18n.DefaultLocale {
		return cfg // nothing to translate
	}
	loc, ds := i18n.Load(b.site, cfg, locale)
	b.diags.Add(ds...)
	b.locale = loc
	if locale != cfg.I18n.DefaultLocale {
		base := cfg.BaseURL
		cfg.BaseURL = base + locale + "/"
		for i, p := range cfg.OutOfScope {
			if rest, ok := strings.CutPrefix(p, base); ok {
				cfg.OutOfScope[i] = cfg.BaseURL + rest
			}
		}
		cfg.I18n.CurrentLocale = locale
	}
	i18n.TranslateNavbar(&cfg.ThemeConfig.Navbar, loc.Navbar)
	cfg.ThemeConfig.Footer = i18n.TranslateFooter(cfg.ThemeConfig.Footer, loc.Footer)
	return cfg
}

func hasFolder(site fs.FS, name string) bool {
	info, err := fs.Stat(site, name)
	return err == nil && info.IsDir()
}

// inTranslations points each diagnostic about a file the build read from
// the locale's folder at that file, whose lines it counts.
func (b *builder) inTranslations(ds []diag.Diagnostic) []diag.Diagnostic {
	if b.locale == nil {
		return ds
	}
	for i, d := range ds {
		if file, ok := sitefs.TranslationOf(b.site, d.File); ok {
			ds[i].File = file
		}
	}
	return ds
}

// translateContent reads the locale's translated docs, pages and posts in
// place of the site's own (reachOutside has made the site readable).
func (b *builder) translateContent() {
	if b.locale != nil {
		b.site = sitefs.WithTranslations(b.site, b.locale.Folders())
	}
}

// emitLocales builds every other locale the plan names and puts each
// one's files under <locale>/ of out, before the files that cover the
// whole output (the security headers) are written.
func (b *builder) emitLocales(out *Output, cfg *config.Site, eng *engines) {
	for _, locale := range b.plan.othersOf(cfg) {
		if b.ctx.Err() != nil {
			return
		}
		sub, routes := b.buildLocale(locale, eng)
		b.built = append(b.built, LocaleBuild{Locale: locale, Routes: routes})
		if sub == nil {
			continue
		}
		b.nested = append(b.nested, sub)
		b.localeRoutes = append(b.localeRoutes, sub.Manifest)
		out.inline.Add(sub.inline.Hashes())
		for _, name := range sub.Files() {
			file := filepath.Join(sub.dir, filepath.FromSlash(name))
			out.addFrom(locale+"/"+name, func() ([]byte, error) { return os.ReadFile(file) })
		}
	}
}

// checkOtherLocales builds the other locales of a build whose default
// locale failed, for their diagnostics only: one run reports the errors
// of every locale, not only the first one's. Their outputs are dropped.
func (b *builder) checkOtherLocales(cfg *config.Site, eng *engines) {
	for _, locale := range b.plan.othersOf(cfg) {
		if b.ctx.Err() != nil {
			return
		}
		if out, _ := b.buildLocale(locale, eng); out != nil {
			_ = out.Close()
		}
	}
}

// buildLocale runs the stages for one locale other than the default, into
// an output folder of its own that emitLocales copies from. Its
// diagnostics join the build's, those the default locale's build already
// gave (a file every locale reads) once.
func (b *builder) buildLocale(locale string, eng *engines) (*Output, int) {
	o := b.opts
	o.locale, o.locales, o.outputDir, o.previous = locale, nil, "", ""
	o.precompress, o.precompressName, o.progress, o.lazy = nil, "", nil, false
	if eng != nil && eng.began.Load() {
		o.pool = eng.get() // the same server bundle: no engine loaded twice
	}
	sub := &builder{ctx: b.ctx, site: b.root, root: b.root, opts: o, store: b.store, memo: b.memo, md: b.md, sass: b.sass}
	sub.plan = sub.planLocales()
	out, _ := sub.run()
	sub.background.Wait()
	if out != nil {
		if err := out.finish(); err != nil {
			sub.diags.Add(diag.Diagnostic{Severity: diag.Error, Message: fmt.Sprintf("write the %s output: %v", locale, err)})
		}
	}
	b.localeDiags = append(b.localeDiags, sub.inTranslations(sub.diags.Items())...)
	for _, s := range sub.stages {
		s.Name = locale + ":" + s.Name
		b.stages = append(b.stages, s)
	}
	if out == nil || sub.diags.HasErrors() {
		if out != nil {
			_ = out.Close()
		}
		return nil, 0
	}
	return out, len(out.Manifest.Routes)
}

// diagnostics are the build's and its locales' diagnostics, those that
// several locales' builds gave (a file every locale reads) once, each
// pointing at the file it is about.
func (b *builder) diagnostics() []diag.Diagnostic {
	all := b.inTranslations(b.diags.Items())
	have := make(map[diag.Diagnostic]bool, len(all))
	for _, d := range all {
		have[d] = true
	}
	for _, d := range b.localeDiags {
		if !have[d] {
			have[d] = true
			all = append(all, d)
		}
	}
	return all
}

// failed reports whether the build or a locale's build found an error.
func (b *builder) failed() bool {
	if b.diags.HasErrors() {
		return true
	}
	for _, d := range b.localeDiags {
		if d.Severity == diag.Error {
			return true
		}
	}
	return false
}

// emitLocalesOnly makes the output of a build whose locales do not
// include the default one: each locale under <locale>/, nothing at the root.
func (b *builder) emitLocalesOnly() *Output {
	peek := &builder{ctx: b.ctx, site: b.site, opts: b.opts}
	cfg := peek.loadConfig()
	if cfg == nil || b.diags.HasErrors() {
		return nil
	}
	out, err := newOutput(b.opts.outputDir, b.opts.previous, b.opts.previousKeys, b.spare)
	if err != nil {
		b.diags.Add(diag.Diagnostic{Severity: diag.Error, Message: err.Error()})
		return nil
	}
	out.Manifest = &route.Manifest{BaseURL: cfg.BaseURL, TrailingSlash: cfg.RouteForm().Slash, Routes: []route.Entry{}, Redirects: []route.Redirect{}}
	b.stage(StagePrerender, func() {
		b.emitLocales(out, cfg, nil)
		b.emitDeploy(out, cfg, out.Manifest, nil)
	})
	return out
}

// closeNested removes the locales' own output folders, once their files
// are in the build's output.
func (b *builder) closeNested() {
	for _, sub := range b.nested {
		_ = sub.Close()
	}
	b.nested = nil
}

// localesBuilt lists the locales the build made, the default one first.
func (b *builder) localesBuilt(out *Output) []LocaleBuild {
	if out == nil {
		return nil
	}
	var built []LocaleBuild
	if b.plan.withDefault && b.cfg != nil && out.Manifest != nil {
		built = append(built, LocaleBuild{Locale: b.cfg.I18n.DefaultLocale, Routes: len(out.Manifest.Routes)})
	}
	return append(built, b.built...)
}

// withLocaleRoutes is m with the routes and redirects of the other
// locales built, for the files that configure the host for the whole
// output (redirects, the nginx config).
func (b *builder) withLocaleRoutes(m *route.Manifest) *route.Manifest {
	if len(b.localeRoutes) == 0 {
		return m
	}
	all := *m
	all.Routes = slices.Clone(m.Routes)
	all.Redirects = slices.Clone(m.Redirects)
	for _, lm := range b.localeRoutes {
		all.Routes = append(all.Routes, lm.Routes...)
		all.Redirects = append(all.Redirects, lm.Redirects...)
	}
	return &all
}
