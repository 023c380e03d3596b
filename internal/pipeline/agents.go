package pipeline

import (
	"fmt"
	"strings"

	"github.com/portaldocs/portal/internal/buildcache"
	"github.com/portaldocs/portal/internal/config"
	"github.com/portaldocs/portal/internal/content"
	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/markdown"
	"github.com/portaldocs/portal/internal/mdexport"
	"github.com/portaldocs/portal/internal/route"
	"github.com/portaldocs/portal/internal/sidebar"
	"github.com/portaldocs/portal/internal/themedata"
)

// What agents read (docs/agents.md): each page's Markdown file, made in
// encode while the page's data is at hand and kept in the store
// (memos.pageMarkdown), written beside the page's HTML by emit; and the
// llms.txt and llms-full.txt of each docs version, from its sidebars.

// keepPageMarkdown makes the page's Markdown file from its data and its
// render's Markdown, and puts it in the store; the page keeps its key and
// the description llms.txt gives it.
func (p *builtPage) keepPageMarkdown(b *builder, cfg *config.Site) {
	page := mdexport.Page{URL: mdexport.PageURL(cfg.URL, p.entry.Path), Title: p.data.Title, TitleInBody: p.data.HideTitle}
	if p.hasHTML {
		body, ok := b.memo.markdownText.Get(p.html)
		if !ok {
			b.diags.Add(diag.Diagnostic{File: p.source, Severity: diag.Error,
				Message: fmt.Sprintf("the build store lost a Markdown render (%s/%s)", b.memo.markdownText.Kind(), p.html)})
			return
		}
		page.Body = string(body)
		for i := 0; i+1 < len(p.mdEdits); i += 2 {
			page.Body = strings.Replace(page.Body, p.mdEdits[i], p.mdEdits[i+1], 1)
		}
	}
	page.Lead = homeMarkdown(p.data.Home)
	page.Cards = pageCards(p.data)
	text := []byte(page.Markdown())
	p.markdownKey = buildcache.Sum(text)
	if err := b.memo.pageMarkdown.Put(p.markdownKey, text); err != nil {
		b.diags.Add(diag.Diagnostic{Severity: diag.Error, Message: err.Error(), Hint: "check the build cache folder (--cache) and the free disk space"})
		return
	}
	p.hasMarkdown = true
	p.llmsDescription = mdexport.FirstSentence(firstNonEmpty(p.data.Description, indexDescription(p.data)))
}

// pageCards are the cards a page shows from its data: a generated index's,
// or a blog list's posts.
func pageCards(data *themedata.PageData) []mdexport.Card {
	var cards []mdexport.Card
	if data.Index != nil {
		for _, c := range data.Index.Cards {
			cards = append(cards, mdexport.Card{Label: c.Label, Href: c.Href, Description: c.Description})
		}
	}
	if data.Blog != nil {
		for _, post := range data.Blog.Items {
			cards = append(cards, mdexport.Card{Label: post.Title, Href: post.Permalink, Description: post.FormattedDate})
		}
	}
	return cards
}

// homeMarkdown is a home page's hero (its tagline and actions) and its
// features, each a card as the page shows it.
func homeMarkdown(home *themedata.HomeData) string {
	if home == nil {
		return ""
	}
	str := func(m map[string]any, key string) string { s, _ := m[key].(string); return s }
	var parts []string
	if tagline := str(home.Hero, "tagline"); tagline != "" {
		parts = append(parts, tagline)
	}
	actions, _ := home.Hero["actions"].([]any)
	var links []string
	for _, a := range actions {
		if action, ok := a.(map[string]any); ok && str(action, "to") != "" {
			links = append(links, "- ["+str(action, "label")+"]("+markdown.MarkLink(str(action, "to"))+")")
		}
	}
	if len(links) > 0 {
		parts = append(parts, strings.Join(links, "\n"))
	}
	features := make([]mdexport.Card, 0, len(home.Features))
	for _, f := range home.Features {
		features = append(features, mdexport.Card{Label: str(f, "title"), Href: str(f, "to"), Description: str(f, "description")})
	}
	if cards := mdexport.CardsMarkdown(features, markdown.MarkLink); cards != "" {
		parts = append(parts, cards)
	}
	return strings.Join(parts, "\n\n")
}

func indexDescription(data *themedata.PageData) string {
	if data.Index == nil {
		return ""
	}
	return data.Index.Description
}

// docCardsMarkdown is what docCards gives the HTML, as the Markdown file
// shows it: marker, cards pairs.
func docCardsMarkdown(marker string, cards []themedata.IndexCard) []string {
	md := make([]mdexport.Card, 0, len(cards))
	for _, c := range cards {
		md = append(md, mdexport.Card{Label: c.Label, Href: c.Href, Description: c.Description})
	}
	return []string{marker, mdexport.CardsMarkdown(md, markdown.MarkLink)}
}

// emitPageMarkdown writes the page's Markdown files beside its HTML file.
func (b *builder) emitPageMarkdown(out *Output, htmlFile string, p *builtPage) {
	if !p.hasMarkdown {
		return
	}
	load := func() ([]byte, error) { return p.pageMarkdownFile(b.memo) }
	files := mdexport.Files(htmlFile)
	out.addKeyed(files[0], p.markdownKey, load)
	for _, name := range files[1:] {
		out.addCopy(name, files[0], p.markdownKey, load)
	}
}

func (p *builtPage) pageMarkdownFile(m *memos) ([]byte, error) {
	data, ok := m.pageMarkdown.Get(p.markdownKey)
	if !ok {
		return nil, fmt.Errorf("the build store lost the Markdown of %s (%s/%s)", p.entry.Path, m.pageMarkdown.Kind(), p.markdownKey)
	}
	return data, nil
}

// emitLLMs writes llms.txt and llms-full.txt: the current version's at the
// site root, each other version's in its folder (/docs/2.0/llms.txt).
func (b *builder) emitLLMs(out *Output, site *loaded, plan *resolved) {
	cfg := site.cfg
	byPath, byFile := map[string]*builtPage{}, map[string]*builtPage{}
	for _, p := range plan.pages {
		if _, dup := byPath[p.entry.Path]; !dup && p.hasMarkdown {
			byPath[p.entry.Path] = p
			byFile[mdexport.Files(cfg.RouteForm().File(p.entry.Path))[0]] = p
		}
	}
	indexes := map[string]*mdexport.Index{}
	var order []string
	for _, v := range site.content.Versions {
		dir := strings.TrimPrefix(v.Path, cfg.BaseURL)
		if v == v.Instance.LastVersion() {
			dir = ""
		}
		ix, ok := indexes[dir]
		if !ok {
			ix = &mdexport.Index{Title: cfg.Title, Summary: cfg.Tagline}
			if dir != "" {
				ix.Title = cfg.Title + " (" + firstNonEmpty(v.Label, v.Name) + ")"
			}
			indexes[dir] = ix
			order = append(order, dir)
		}
		sb := plan.sidebars[v.Key()]
		if sb == nil {
			continue
		}
		for _, id := range sb.IDs {
			if mdexport.Excluded(cfg.LLMs.Exclude, "", "", id) {
				continue
			}
			section := mdexport.Section{Title: sidebarTitle(cfg, id)}
			listed := map[*builtPage]bool{}
			for _, item := range sidebarPages(sb.ByID[id]) {
				p := byPath[item]
				if p == nil || listed[p] || p.entry.Unlisted || mdexport.Excluded(cfg.LLMs.Exclude, docPathOf(v, p), p.entry.Path, "") {
					continue
				}
				listed[p] = true
				section.Links = append(section.Links, mdexport.Link{Title: p.entry.Title, URL: mdexport.PageURL(cfg.URL, p.entry.Path),
					Description: p.llmsDescription, File: mdexport.Files(cfg.RouteForm().File(p.entry.Path))[0]})
			}
			ix.Sections = append(ix.Sections, section)
		}
	}
	for _, dir := range order {
		ix := indexes[dir]
		out.add(dir+"llms.txt", []byte(ix.Text()))
		full, err := ix.Full(func(file string) (string, error) {
			p := byFile[file]
			data, err := p.pageMarkdownFile(b.memo)
			return string(data), err
		})
		if err != nil {
			b.diags.Add(diag.Diagnostic{Severity: diag.Error, Message: err.Error()})
			continue
		}
		out.add(dir+"llms-full.txt", []byte(full))
	}
}

// docPathOf is the doc's file in its version's folder, for exclude's
// globs; "" for a page that is not a doc.
func docPathOf(v *content.Version, p *builtPage) string {
	if p.entry.Kind != route.KindDoc {
		return ""
	}
	return strings.TrimPrefix(p.source, strings.TrimSuffix(v.Dir, "/")+"/")
}

// sidebarPages are the pages a sidebar links to, in its order: categories'
// own pages and their items depth first.
func sidebarPages(items []*sidebar.Item) []string {
	var out []string
	for _, item := range items {
		if item.Href != "" && !item.External && item.Type != sidebar.TypeHTML {
			out = append(out, item.Href)
		}
		out = append(out, sidebarPages(item.Items)...)
	}
	return out
}

// sidebarTitle is the navbar's label for the sidebar, else its id.
func sidebarTitle(cfg *config.Site, id string) string {
	for _, item := range cfg.ThemeConfig.Navbar.Items {
		if item.SidebarID == id && item.Label != "" {
			return item.Label
		}
	}
	words := strings.FieldsFunc(id, func(r rune) bool { return r == '-' || r == '_' })
	if len(words) == 0 {
		return id
	}
	return strings.ToUpper(words[0][:1]) + words[0][1:] + " " + strings.Join(words[1:], " ")
}
