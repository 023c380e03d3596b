package docmain

import (
	"strconv"
	"strings"

	"github.com/portaldocs/portal/internal/markdown"
	"github.com/portaldocs/portal/internal/themedata"
)

// visibilityBanners: ContentVisibilityBanners (theme/src/docs/DocFooter.tsx).
func (p *pageWriter) visibilityBanners() {
	if p.doc.Unlisted {
		p.w(`<div class="theme-admonition theme-admonition-caution alert alert--warning theme-unlisted-banner"><div class="admonition-heading">Unlisted page</div>`,
			`<div class="admonition-content"><p>This page is unlisted. Search engines will not index it, and only users having a direct link can access it.</p></div></div>`)
	}
	if p.doc.Draft {
		p.w(`<div class="theme-admonition theme-admonition-caution alert alert--warning theme-draft-banner"><div class="admonition-heading">Draft page</div>`,
			`<div class="admonition-content"><p>This page is a draft. It will only be visible in dev and be excluded from the production build.</p></div></div>`)
	}
}

// version is the doc's version in its docs instance, if listed.
func (p *pageWriter) version() (*themedata.VersionData, int) {
	versions := p.docsInstance().Versions
	for i := range versions {
		if versions[i].Name == p.doc.Version {
			return &versions[i], len(versions)
		}
	}
	return nil, len(versions)
}

// versionBanner: VersionBanner (theme/src/docs/VersionBanner.tsx) shows only
// for an unreleased or unmaintained version; such pages are left to the theme.
func (p *pageWriter) versionBanner() {
	if v, _ := p.version(); v != nil && (v.Banner == "unreleased" || v.Banner == "unmaintained") {
		p.unsupported()
	}
}

// versionBadge: VersionBadge, "Version: <label>" when the docs have several versions.
func (p *pageWriter) versionBadge() {
	v, n := p.version()
	if n <= 1 || v == nil {
		return
	}
	// Two adjacent text nodes: React separates them with an empty comment.
	p.w(`<span class="theme-doc-version-badge badge badge--secondary">Version: <!-- -->`, escapeText(v.Label), `</span>`)
}

// breadcrumbs: Breadcrumbs (theme/src/docs/Breadcrumbs.tsx), with its
// BreadcrumbList structured data.
func (p *pageWriter) breadcrumbs(crumbs []themedata.Crumb) {
	if len(crumbs) == 0 {
		return
	}
	p.w(`<nav class="theme-doc-breadcrumbs breadcrumbs-nav" aria-label="Breadcrumbs"><script type="application/ld+json">`)
	p.w(breadcrumbsJSONLD(p.r.site.URL, crumbs))
	p.w(`</script><ul class="breadcrumbs"><li class="breadcrumbs__item">`)
	p.link("/", `class="breadcrumbs__link" aria-label="Home page"`,
		`<svg viewBox="0 0 24 24" class="breadcrumbs__home-icon" width="16" height="16" aria-hidden="true"><path d="M10 19v-5h4v5c0 .55.45 1 1 1h3c.55 0 1-.45 1-1v-7h1.7c.46 0 .68-.57.33-.87L12.67 3.6c-.38-.34-.96-.34-1.34 0l-8.36 7.53c-.34.3-.13.87.33.87H5v7c0 .55.45 1 1 1h3c.55 0 1-.45 1-1z" fill="currentColor"></path></svg>`)
	p.w(`</li>`)
	for i, c := range crumbs {
		last := i == len(crumbs)-1
		if last {
			p.w(`<li class="breadcrumbs__item breadcrumbs__item--active">`)
		} else {
			p.w(`<li class="breadcrumbs__item">`)
		}
		switch {
		case last:
			p.w(`<span class="breadcrumbs__link" aria-current="page">`, escapeText(c.Label), `</span>`)
		case c.Href == "":
			p.w(`<span class="breadcrumbs__link">`, escapeText(c.Label), `</span>`)
		default:
			p.link(c.Href, `class="breadcrumbs__link"`, `<span>`+escapeText(c.Label)+`</span>`)
		}
		p.w(`</li>`)
	}
	p.w(`</ul></nav>`)
}

// breadcrumbsJSONLD is the script's text: JSON.stringify of the list, with
// "<" escaped so it cannot close the element.
func breadcrumbsJSONLD(siteURL string, crumbs []themedata.Crumb) string {
	var b strings.Builder
	b.WriteString(`{"@context":"https://schema.org","@type":"BreadcrumbList","itemListElement":[`)
	position := 0
	for _, c := range crumbs {
		if c.Href == "" {
			continue
		}
		if position++; position > 1 {
			b.WriteByte(',')
		}
		b.WriteString(`{"@type":"ListItem","position":`)
		b.WriteString(strconv.Itoa(position))
		b.WriteString(`,"name":`)
		b.WriteString(jsonString(c.Label))
		b.WriteString(`,"item":`)
		b.WriteString(jsonString(siteURL + c.Href))
		b.WriteByte('}')
	}
	b.WriteString(`]}`)
	return strings.ReplaceAll(b.String(), "<", `\u003c`)
}

// jsonString quotes s as JavaScript's JSON.stringify does: only the quote,
// the backslash and control characters are escaped (encoding/json also
// escapes U+2028, U+2029 and, by default, HTML characters).
func jsonString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"':
			b.WriteString(`\"`)
		case r == '\\':
			b.WriteString(`\\`)
		case r == '\b':
			b.WriteString(`\b`)
		case r == '\f':
			b.WriteString(`\f`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20:
			b.WriteString(`\u00`)
			b.WriteByte("0123456789abcdef"[r>>4])
			b.WriteByte("0123456789abcdef"[r&0xf])
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// tocList: TOCList (theme/src/docs/TOC.tsx), no entry highlighted.
func (p *pageWriter) tocList(items []markdown.TOCItem, className string) {
	if className == "" {
		p.w(`<ul>`)
	} else {
		p.w(`<ul class="`, escapeText(className), `">`)
	}
	for _, item := range items {
		p.w(`<li><a href="`)
		p.url("#" + item.ID)
		// The engine renders heading content as inline HTML.
		p.w(`" class="table-of-contents__link toc-highlight">`, item.Value, `</a>`)
		if len(item.Children) > 0 {
			p.tocList(item.Children, "")
		}
		p.w(`</li>`)
	}
	p.w(`</ul>`)
}

// docFooter: DocFooter (theme/src/docs/DocFooter.tsx).
func (p *pageWriter) docFooter() {
	doc := p.doc
	lastUpdate := doc.LastUpdate
	if lastUpdate != nil && lastUpdate.Date == "" && lastUpdate.Author == "" {
		lastUpdate = nil
	}
	if len(doc.Tags) == 0 && doc.EditURL == "" && lastUpdate == nil {
		return
	}
	p.w(`<footer class="theme-doc-footer docusaurus-mt-lg">`)
	if len(doc.Tags) > 0 {
		p.w(`<div class="row margin-top--sm theme-doc-footer-tags-row"><div class="col"><b>Tags:</b><ul class="tags">`)
		for _, tag := range doc.Tags {
			p.w(`<li class="tags__item"><span class="tag">`, escapeText(tag), `</span></li>`)
		}
		p.w(`</ul></div></div>`)
	}
	if doc.EditURL != "" || lastUpdate != nil {
		p.w(`<div class="row margin-top--sm theme-doc-footer-edit-meta-row"><div class="col">`)
		if doc.EditURL != "" {
			p.link(doc.EditURL, `class="theme-edit-this-page"`, editIcon+`Edit this page`)
		}
		p.w(`</div><div class="col last-updated-col">`)
		if lastUpdate != nil {
			p.lastUpdated(lastUpdate)
		}
		p.w(`</div></div>`)
	}
	p.w(`</footer>`)
}

const editIcon = `<svg fill="currentColor" height="20" width="20" viewBox="0 0 40 40" aria-hidden="true" class="theme-edit-this-page__icon">` +
	`<path d="m34.5 11.7l-3 3.1-6.3-6.3 3.1-3q0.5-0.5 1.2-0.5t1.1 0.5l3.9 3.9q0.5 0.4 0.5 1.1t-0.5 1.2z m-29.5 17.1l18.4-18.5 6.3 6.3-18.4 18.4h-6.3v-6.2z"></path></svg>`

// lastUpdated: LastUpdated, "Last updated on <date> by <author>".
func (p *pageWriter) lastUpdated(u *themedata.LastUpdate) {
	p.w(`<span class="theme-last-updated">Last updated`)
	if u.Date != "" {
		if !ascii(u.Date) {
			// JavaScript's trim and Go's differ beyond ASCII (U+FEFF, U+0085).
			p.unsupported()
		}
		// " on " follows the text "Last updated": React separates them.
		p.w(`<!-- --> on <b>`)
		if text, iso, ok := formatLastUpdateDate(u.Date); ok {
			p.w(`<time dateTime="`, escapeText(iso), `">`, escapeText(text), `</time>`)
		} else {
			p.w(escapeText(u.Date))
		}
		p.w(`</b>`)
	}
	if u.Author != "" {
		if u.Date == "" {
			p.w(`<!-- -->`)
		}
		p.w(` by <b>`, escapeText(u.Author), `</b>`)
	}
	p.w(`</span>`)
}

var months = [...]string{"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"}

// formatLastUpdateDate: "Jan 5, 2025" for a date that starts YYYY-MM-DD
// (formatLastUpdateDate in theme/src/docs/DocFooter.tsx).
func formatLastUpdateDate(date string) (text, iso string, ok bool) {
	d := strings.TrimSpace(date)
	if len(d) < 10 || d[4] != '-' || d[7] != '-' || !digits(d[:4]) || !digits(d[5:7]) || !digits(d[8:10]) {
		return "", "", false
	}
	m, _ := strconv.Atoi(d[5:7])
	if m < 1 || m > 12 {
		return "", "", false
	}
	day, _ := strconv.Atoi(d[8:10])
	return months[m-1] + " " + strconv.Itoa(day) + ", " + d[:4], d[:10], true
}

func ascii(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

func digits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// paginator: Paginator (theme/src/docs/Paginator.tsx).
func (p *pageWriter) paginator(previous, next *themedata.NavLink) {
	if previous == nil && next == nil {
		return
	}
	p.w(`<nav class="pagination-nav docusaurus-mt-lg" aria-label="Docs pages">`)
	if previous != nil {
		p.link(previous.Permalink, `class="pagination-nav__link pagination-nav__link--prev"`,
			`<div class="pagination-nav__sublabel">Previous</div><div class="pagination-nav__label">`+escapeText(previous.Title)+`</div>`)
	}
	if next != nil {
		p.link(next.Permalink, `class="pagination-nav__link pagination-nav__link--next"`,
			`<div class="pagination-nav__sublabel">Next</div><div class="pagination-nav__label">`+escapeText(next.Title)+`</div>`)
	}
	p.w(`</nav>`)
}
