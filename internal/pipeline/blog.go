package pipeline

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/portaldocs/portal/internal/blog"
	"github.com/portaldocs/portal/internal/content"
	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/links"
	"github.com/portaldocs/portal/internal/route"
	"github.com/portaldocs/portal/internal/themedata"
)

// blogJobs are the Markdown renders of the blog: each post, and each
// excerpt of a post with a truncate marker, which its list entries show.
func blogJobs(site *loaded, resolver *markdownLinkResolver) []renderJob {
	if site.blog == nil {
		return nil
	}
	var jobs []renderJob
	for _, p := range site.blog.Posts {
		page := &content.Page{Source: p.Source, Permalink: p.Permalink, Body: p.Body, BodyLine: p.BodyLine}
		base := postLinkBase(site, p)
		jobs = append(jobs, renderJob{source: p.Source, body: p.Body, bodyLine: p.BodyLine,
			resolve: resolver.forFile(p.Source, nil), page: page, linkBase: base, dated: true})
		if p.Excerpt != nil {
			jobs = append(jobs, renderJob{source: p.Source, body: p.Excerpt, bodyLine: p.BodyLine,
				resolve: resolver.forFile(p.Source, nil), page: page, linkBase: base, dated: true, excerpt: true})
		}
	}
	return jobs
}

// postLinkBase is the URL a post's relative links resolve from: its
// Docusaurus URL, without the trailing slash unless trailingSlash is true.
func postLinkBase(site *loaded, p *blog.Post) string {
	if ts := site.cfg.TrailingSlash; ts != nil && *ts {
		return ""
	}
	return strings.TrimSuffix(p.Permalink, "/")
}

// blogPages are the blog's routes: each post, the list pages, the tags and
// each tag's list, the authors with a page and each one's list, and the
// archive.
func (r *resolver) blogPages() []*builtPage {
	bl := r.site.blog
	if bl == nil {
		return nil
	}
	sidebar := r.blogSidebar()
	var pages []*builtPage
	for _, p := range bl.Posts {
		if bp := r.postPage(p, sidebar); bp != nil {
			pages = append(pages, bp)
		}
	}
	listed := bl.Listed()
	cfg := bl.Config
	for _, l := range bl.Paginate(bl.Root, listed) {
		meta := &themedata.BlogListMeta{Description: cfg.BlogDescription, Count: len(listed)}
		pages = append(pages, r.listPage(l, cfg.BlogTitle, cfg.BlogDescription, meta, sidebar))
	}
	tagGroups := bl.Tags()
	if len(tagGroups) > 0 {
		tags := make([]themedata.BlogTag, len(tagGroups))
		for i, g := range tagGroups {
			tags[i] = blogTag(g.Tag, len(g.Posts))
		}
		pages = append(pages, r.blogPage(bl.TagsRoute(), route.KindBlogTags, "Tags", "",
			&themedata.BlogData{Sidebar: sidebar, Tags: tags}))
		for _, g := range tagGroups {
			tag := blogTag(g.Tag, len(g.Posts))
			title := fmt.Sprintf("%s tagged with %q", countPosts(len(g.Posts)), g.Tag.Label)
			for _, l := range bl.Paginate(g.Tag.Permalink, g.Posts) {
				meta := &themedata.BlogListMeta{Tag: &tag, Count: len(g.Posts), AllTags: bl.TagsRoute()}
				pages = append(pages, r.listPage(l, title, g.Tag.Description, meta, sidebar))
			}
		}
	}
	authorGroups := bl.AuthorGroups()
	if len(authorGroups) > 0 {
		authors := make([]themedata.BlogAuthor, len(authorGroups))
		for i, g := range authorGroups {
			authors[i] = blogAuthor(g.Author)
			authors[i].Count = len(g.Posts)
		}
		pages = append(pages, r.blogPage(bl.AuthorsRoute(), route.KindBlogAuthors, "Authors", "",
			&themedata.BlogData{Sidebar: sidebar, Authors: authors}))
		for _, g := range authorGroups {
			if g.Author.Permalink == "" {
				continue
			}
			author := blogAuthor(g.Author)
			author.Count = len(g.Posts)
			for _, l := range bl.Paginate(g.Author.Permalink, g.Posts) {
				meta := &themedata.BlogListMeta{Author: &author, Count: len(g.Posts)}
				pages = append(pages, r.listPage(l, g.Author.Name, g.Author.Title, meta, sidebar))
			}
		}
	}
	pages = append(pages, r.blogPage(bl.ArchiveRoute(), route.KindBlogArchive, "Archive", "Archive",
		&themedata.BlogData{Sidebar: sidebar, Archive: r.archive(listed)}))
	return pages
}

// countPosts is "One post" or "N posts", as Docusaurus's tag pages say.
func countPosts(n int) string {
	if n == 1 {
		return "One post"
	}
	return strconv.Itoa(n) + " posts"
}

// blogSidebar is the recent-posts sidebar every blog page shows.
func (r *resolver) blogSidebar() themedata.BlogSidebar {
	bl := r.site.blog
	out := themedata.BlogSidebar{Title: bl.Config.BlogSidebarTitle, Items: []themedata.BlogLink{}}
	for _, p := range bl.Recent() {
		out.Items = append(out.Items, themedata.BlogLink{Title: r.postTitle(p), Permalink: p.Permalink, Year: strconv.Itoa(p.Date.Year())})
	}
	return out
}

// postTitle: front matter title, else the first heading, else the file name.
func (r *resolver) postTitle(p *blog.Post) string {
	var fromHeading string
	if res := r.md.results[pageKey(p.Source)]; res != nil {
		fromHeading = res.Title
	}
	return firstNonEmpty(p.FrontMatter.Title, fromHeading, p.FileTitle)
}

func (r *resolver) postPage(p *blog.Post, sidebar themedata.BlogSidebar) *builtPage {
	res := r.md.results[pageKey(p.Source)]
	if res == nil {
		return nil
	}
	fm := p.FrontMatter
	title := r.postTitle(p)
	data := r.basePageData(p.Permalink, route.KindBlogPost, title, res)
	data.Description = firstNonEmpty(fm.Description, res.Description)
	applyHead(data, res.Head)
	data.Keywords, data.Image = fm.Keywords, fm.Image
	data.HideTOC = fm.HideTableOfContents
	data.TOC = r.toc(res, content.FrontMatter{})
	data.NoIndex = data.NoIndex || fm.Unlisted
	post := r.blogPost(p, false)
	data.Blog = &themedata.BlogData{Sidebar: sidebar, Post: &post}
	newer, older := r.site.blog.Neighbours(p)
	if newer != nil {
		data.Blog.Newer = &themedata.BlogLink{Title: r.postTitle(newer), Permalink: newer.Permalink}
	}
	if older != nil {
		data.Blog.Older = &themedata.BlogLink{Title: r.postTitle(older), Permalink: older.Permalink}
	}
	pageLinks := fileLinks(p.Source, res)
	for _, a := range p.Authors {
		if a.Permalink != "" {
			pageLinks = append(pageLinks, links.Link{Dest: a.Permalink, File: p.Source, Line: fm.Lines["authors"]})
		}
	}
	bp := &builtPage{
		entry: route.Entry{Path: p.Permalink, Kind: route.KindBlogPost, Title: title, Locale: r.site.cfg.I18n.DefaultLocale,
			Unlisted: fm.Unlisted},
		data: data, html: r.md.html[pageKey(p.Source)], hasHTML: true, source: p.Source, line: 1, links: pageLinks,
		anchors: res.Anchors,
	}
	if h1 := leadingH1(r.postHTML(pageKey(p.Source))); h1 != "" {
		bp.htmlEdits = []string{h1, ""}
	}
	return bp
}

// postHTML reads a post's render (or its excerpt's) from the store.
func (r *resolver) postHTML(key string) string {
	html, ok := r.b.memo.markdownHTML.Get(r.md.html[key])
	if !ok && r.md.results[key] != nil {
		r.b.diags.Add(diag.Diagnostic{Severity: diag.Error, Message: "the build store lost a blog post's render"})
	}
	return string(html)
}

// leadingH1 is the h1 a post's HTML starts with, "" when it starts
// otherwise: the post's title, which its header shows, so Docusaurus takes
// it out of the content.
func leadingH1(html string) string {
	trimmed := strings.TrimLeft(html, " \t\n")
	if !strings.HasPrefix(trimmed, "<h1") {
		return ""
	}
	end := strings.Index(trimmed, "</h1>")
	if end < 0 {
		return ""
	}
	h1 := trimmed[:end+len("</h1>")]
	if strings.HasPrefix(trimmed[len(h1):], "\n") {
		h1 += "\n"
	}
	return html[:len(html)-len(trimmed)] + h1
}

// withoutTitle is a post's HTML without its leading h1.
func withoutTitle(html string) string {
	if h1 := leadingH1(html); h1 != "" {
		return html[len(h1):]
	}
	return html
}

// listPage is one page of a list of posts, each shown by its excerpt.
func (r *resolver) listPage(l blog.Listing, title, description string, meta *themedata.BlogListMeta, sidebar themedata.BlogSidebar) *builtPage {
	meta.Page, meta.Pages, meta.Newer, meta.Older = l.Page, l.Pages, l.Newer, l.Older
	items := make([]themedata.BlogPost, 0, len(l.Posts))
	for _, p := range l.Posts {
		items = append(items, r.blogPost(p, true))
	}
	return r.blogPage(l.Permalink, route.KindBlogList, title, description,
		&themedata.BlogData{Sidebar: sidebar, Items: items, List: meta})
}

// blogPage is a blog route without Markdown of its own.
func (r *resolver) blogPage(permalink string, kind route.Kind, title, description string, blogData *themedata.BlogData) *builtPage {
	data := r.basePageData(permalink, kind, title, nil)
	data.Description = description
	data.Blog = blogData
	return &builtPage{
		entry:  route.Entry{Path: permalink, Kind: kind, Title: title, Locale: r.site.cfg.I18n.DefaultLocale},
		data:   data,
		source: r.site.blog.Config.Path, line: 0,
	}
}

// archive groups posts by year, newest first.
func (r *resolver) archive(posts []*blog.Post) []themedata.BlogYear {
	var out []themedata.BlogYear
	for _, p := range posts {
		year := strconv.Itoa(p.Date.Year())
		if len(out) == 0 || out[len(out)-1].Year != year {
			out = append(out, themedata.BlogYear{Year: year, Posts: []themedata.BlogPost{}})
		}
		last := &out[len(out)-1]
		last.Posts = append(last.Posts, themedata.BlogPost{Title: r.postTitle(p), Permalink: p.Permalink,
			Date: p.Date.Format(time.RFC3339), FormattedDate: formatDate(p.Date),
			Authors: []themedata.BlogAuthor{}, Tags: []themedata.BlogTag{}})
	}
	return out
}

// blogPost is a post as the theme shows it; withExcerpt adds the HTML a
// list shows (the excerpt, or the whole post without a truncate marker).
func (r *resolver) blogPost(p *blog.Post, withExcerpt bool) themedata.BlogPost {
	cfg := r.site.blog.Config
	out := themedata.BlogPost{Title: r.postTitle(p), Permalink: p.Permalink, Date: p.Date.Format(time.RFC3339),
		FormattedDate: formatDate(p.Date), Authors: []themedata.BlogAuthor{}, Tags: []themedata.BlogTag{},
		Truncated: p.Excerpt != nil, Unlisted: p.FrontMatter.Unlisted}
	if *cfg.ShowReadingTime {
		out.ReadingTime = p.ReadingMinutes()
	}
	if cfg.EditURL != "" {
		out.EditURL = strings.TrimSuffix(cfg.EditURL, "/") + "/" + p.Source
	}
	for _, a := range p.Authors {
		out.Authors = append(out.Authors, blogAuthor(a))
	}
	for _, t := range p.Tags {
		out.Tags = append(out.Tags, blogTag(t, 0))
	}
	if withExcerpt {
		key := pageKey(p.Source)
		if p.Excerpt != nil {
			key = excerptKey(p.Source)
		}
		out.HTML = withoutTitle(r.postHTML(key))
	}
	return out
}

// formatDate writes a date as Docusaurus's English blog does, in UTC:
// "January 2, 2024".
func formatDate(t time.Time) string { return t.UTC().Format("January 2, 2006") }

func blogAuthor(a *blog.Author) themedata.BlogAuthor {
	return themedata.BlogAuthor{Key: a.Key, Name: a.Name, Title: a.Title, URL: a.URL, ImageURL: a.ImageURL,
		Email: a.Email, Permalink: a.Permalink}
}

func blogTag(t *blog.Tag, count int) themedata.BlogTag {
	return themedata.BlogTag{Label: t.Label, Permalink: t.Permalink, Description: t.Description, Count: count}
}

// blogFeeds writes the blog's feeds from its listed posts' renders.
func (r *resolver) blogFeeds() []blog.FeedFile {
	bl := r.site.blog
	if bl == nil {
		return nil
	}
	cfg := r.site.cfg
	var posts []blog.FeedPost
	for _, p := range bl.Listed() {
		res := r.md.results[pageKey(p.Source)]
		if res == nil {
			continue
		}
		html := withoutTitle(r.postHTML(pageKey(p.Source)))
		posts = append(posts, blog.FeedPost{Post: p, Title: r.postTitle(p),
			Description: firstNonEmpty(p.FrontMatter.Description, res.Description),
			HTML:        blog.AbsoluteLinks(html, cfg.URL)})
	}
	site := blog.FeedSite{Title: cfg.Title, URL: cfg.URL, BaseURL: cfg.BaseURL,
		Language: cfg.I18n.LocaleConfigs[cfg.I18n.DefaultLocale].HTMLLang}
	feeds, err := bl.Feeds(site, posts)
	if err != nil {
		r.b.diags.Add(diag.Diagnostic{File: cfg.File, Severity: diag.Error, Message: err.Error()})
	}
	return feeds
}
