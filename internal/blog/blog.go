// Package blog reads a site's blog as Docusaurus's blog plugin does: posts
// from YYYY-MM-DD-slug.md(x) files and folders, their front matter, the
// authors and tags files and the truncate marker; and it orders the posts
// into the pages a blog has (lists, tags, authors, the archive). It knows
// nothing of Markdown rendering or of the theme.
package blog

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"sort"
	"strings"
	"time"
	"unicode"

	"github.com/portaldocs/portal/internal/config"
	"github.com/portaldocs/portal/internal/content"
	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/route"
	"github.com/portaldocs/portal/internal/yamlx"
	"gopkg.in/yaml.v3"
)

// WordsPerMinute is the reading speed a post's reading time assumes.
const WordsPerMinute = 265

// Blog is the blog as its folder says: every post, newest first, with the
// authors and tags they name.
type Blog struct {
	Config *config.Blog
	// Root is the blog's route with the base URL, e.g. "/blog/" (or
	// "/blog", as the site's route form writes it).
	Root string
	// Form is the shape of the site's routes, which the blog's take.
	Form route.Form
	// Posts are newest first; drafts are left out of production builds.
	Posts []*Post
	// Authors are the authors of authors.yml, by key.
	Authors map[string]*Author
}

// Post is one blog post.
type Post struct {
	Source      string
	Permalink   string
	Date        time.Time
	FrontMatter FrontMatter
	Body        []byte
	BodyLine    int
	// Excerpt is the body before the truncate marker; nil when the post
	// has none (its list entry then shows it whole).
	Excerpt []byte
	// Words counts the body's words, for its reading time.
	Words   int
	Authors []*Author
	Tags    []*Tag
	// FileTitle is the title a post without one takes: its file name
	// without the date.
	FileTitle string
}

// Listed reports whether the post is in lists, feeds and the sidebar.
func (p *Post) Listed() bool { return !p.FrontMatter.Unlisted }

// ReadingMinutes is the post's reading time, at least one minute.
func (p *Post) ReadingMinutes() int {
	minutes := (p.Words + WordsPerMinute - 1) / WordsPerMinute
	return max(minutes, 1)
}

// FrontMatter holds a post's front-matter keys.
type FrontMatter struct {
	Title               string    `yaml:"title"`
	Description         string    `yaml:"description"`
	Slug                string    `yaml:"slug"`
	Image               string    `yaml:"image"`
	Keywords            []string  `yaml:"keywords"`
	Date                yaml.Node `yaml:"date"`
	Authors             yaml.Node `yaml:"authors"`
	Tags                yaml.Node `yaml:"tags"`
	Draft               bool      `yaml:"draft"`
	Unlisted            bool      `yaml:"unlisted"`
	HideTableOfContents bool      `yaml:"hide_table_of_contents"`
	SidebarLabel        string    `yaml:"sidebar_label"`
	// Lines maps each key to its file line.
	Lines map[string]int `yaml:"-"`
	// Extra keeps keys the blog does not read (Docusaurus allows any).
	Extra map[string]any `yaml:",inline"`
}

// Author is a post's author: from authors.yml by key, or written inline.
type Author struct {
	Key      string            `yaml:"-"`
	Name     string            `yaml:"name"`
	Title    string            `yaml:"title"`
	URL      string            `yaml:"url"`
	ImageURL string            `yaml:"image_url"`
	Email    string            `yaml:"email"`
	Socials  map[string]string `yaml:"socials"`
	// Page says the author has a page of their posts (authors.yml's
	// page: true), as Docusaurus makes only then.
	Page any `yaml:"page"`
	// Permalink is the author's page, "" without one.
	Permalink string `yaml:"-"`
}

// Tag is a post's tag.
type Tag struct {
	Label       string `yaml:"label"`
	Permalink   string `yaml:"permalink"`
	Description string `yaml:"description"`
}

// Load reads the blog folder; nil when the site has none.
func Load(site fs.FS, cfg *config.Site, includeDrafts bool) (*Blog, []diag.Diagnostic) {
	bc := &cfg.Blog
	if bc.Off {
		return nil, nil
	}
	if st, err := fs.Stat(site, bc.Path); err != nil || !st.IsDir() {
		return nil, nil
	}
	b := &Blog{Config: bc, Form: cfg.RouteForm(), Root: cfg.RouteForm().Join(cfg.BaseURL, bc.RouteBasePath)}
	authors, diags := loadAuthors(site, b)
	b.Authors = authors
	tags, td := loadTags(site, b)
	diags = append(diags, td...)
	err := fs.WalkDir(site, bc.Path, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if p != bc.Path && strings.HasPrefix(d.Name(), ".") {
			if d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		rel := strings.TrimPrefix(strings.TrimPrefix(p, bc.Path), "/")
		if d.IsDir() || !isMarkdown(p) || !bc.Reads(rel) {
			return nil
		}
		post, pd := b.loadPost(site, p, rel, tags)
		diags = append(diags, pd...)
		if post != nil && (includeDrafts || !post.FrontMatter.Draft) {
			b.Posts = append(b.Posts, post)
		}
		return nil
	})
	if err != nil {
		diags = append(diags, diag.Diagnostic{File: bc.Path, Severity: diag.Error, Message: "read the blog: " + err.Error()})
	}
	sort.SliceStable(b.Posts, func(i, j int) bool {
		if !b.Posts[i].Date.Equal(b.Posts[j].Date) {
			return b.Posts[i].Date.After(b.Posts[j].Date)
		}
		return b.Posts[i].Source < b.Posts[j].Source
	})
	return b, append(diags, b.checkPermalinks()...)
}

// checkPermalinks reports two posts at one route.
func (b *Blog) checkPermalinks() []diag.Diagnostic {
	var diags []diag.Diagnostic
	seen := map[string]*Post{}
	for _, p := range b.Posts {
		if first, ok := seen[p.Permalink]; ok {
			diags = append(diags, diag.Diagnostic{File: p.Source, Line: p.FrontMatter.Lines["slug"], Severity: diag.Error,
				Message: fmt.Sprintf("blog post %s has the route of %s: %s", p.Source, first.Source, p.Permalink),
				Hint:    "give one of them another slug in front matter"})
			continue
		}
		seen[p.Permalink] = p
	}
	return diags
}

func isMarkdown(name string) bool {
	ext := strings.ToLower(path.Ext(name))
	return ext == ".md" || ext == ".mdx"
}

// datePath is Docusaurus's pattern of a dated post's path in the blog
// folder: folders, the date, the rest of the name, an optional /index.
var datePath = regexp.MustCompile(`^(.*?)(\d{4})[-/](\d\d)[-/](\d\d)[-/]?(.*?)(?:/index)?\.mdx?$`)

// truncateMarker ends a post's excerpt: <!-- truncate --> in Markdown,
// {/* truncate */} in MDX.
var truncateMarker = regexp.MustCompile(`<!--\s*truncate\s*-->|\{/\*\s*truncate\s*\*/\}`)

func (b *Blog) loadPost(site fs.FS, file, rel string, tags map[string]*Tag) (*Post, []diag.Diagnostic) {
	src, err := fs.ReadFile(site, file)
	if err != nil {
		return nil, []diag.Diagnostic{{File: file, Severity: diag.Error, Message: "read blog post: " + err.Error()}}
	}
	raw, body, bodyLine, ok := content.SplitFrontMatter(src)
	if !ok {
		return nil, []diag.Diagnostic{{File: file, Line: 1, Severity: diag.Error,
			Message: "front matter starts with --- but never ends", Hint: "close it with a line containing only ---"}}
	}
	post := &Post{Source: file, Body: body, BodyLine: bodyLine, Words: countWords(body)}
	var diags []diag.Diagnostic
	if len(strings.TrimSpace(string(raw))) > 0 {
		var node yaml.Node
		if err := yaml.Unmarshal(raw, &node); err != nil {
			return nil, yamlx.Errors(file, err, 1)
		}
		if err := node.Decode(&post.FrontMatter); err != nil {
			return nil, yamlx.Errors(file, err, 1)
		}
		post.FrontMatter.Lines = yamlx.FrontMatterLines(&node)
	}
	fm := &post.FrontMatter
	if fm.Draft && fm.Unlisted {
		diags = append(diags, diag.Diagnostic{File: file, Line: fm.Lines["draft"], Severity: diag.Error,
			Message: "Can't be draft and unlisted at the same time.", Hint: "remove draft or unlisted"})
	}
	if loc := truncateMarker.FindIndex(body); loc != nil {
		post.Excerpt = body[:loc[0]]
	}
	slug, fileDate, fileTitle := slugOf(rel)
	post.FileTitle = fileTitle
	if fm.Slug != "" {
		// Under the blog's route, wherever the file is.
		slug = path.Join("/", fm.Slug)
	}
	post.Permalink = b.Form.Join(b.Root, slug)
	post.Date = fileDate
	if isSet(&fm.Date) {
		date, err := parseDate(fm.Date.Value)
		if err != nil {
			diags = append(diags, diag.Diagnostic{File: file, Line: fm.Lines["date"], Severity: diag.Error,
				Message: fmt.Sprintf("date %q is not a date", fm.Date.Value), Hint: "write it as YYYY-MM-DD, or YYYY-MM-DDTHH:MM"})
		} else {
			post.Date = date
		}
	}
	if post.Date.IsZero() {
		// Docusaurus takes the file's last commit; without Git, its time.
		if st, err := fs.Stat(site, file); err == nil {
			post.Date = st.ModTime().UTC()
		}
	}
	authors, ad := b.postAuthors(file, fm)
	post.Authors = authors
	diags = append(diags, ad...)
	post.Tags = b.postTags(fm, tags)
	return post, diags
}

// slugOf is a post's slug from its path in the blog folder, the date its
// name gives and the title a post without one takes:
// 2024-01-02-hello.md is /2024/01/02/hello; an undated file keeps its path.
func slugOf(rel string) (slug string, date time.Time, title string) {
	if m := datePath.FindStringSubmatch(rel); m != nil {
		date, err := time.Parse("2006-01-02", m[2]+"-"+m[3]+"-"+m[4])
		if err == nil {
			text := m[5]
			return path.Join("/", m[1], m[2], m[3], m[4], text), date, path.Base(path.Join("/", m[1], text))
		}
	}
	noExt := strings.TrimSuffix(rel, path.Ext(rel))
	noExt = strings.TrimSuffix(noExt, "/index")
	return path.Join("/", noExt), time.Time{}, path.Base(noExt)
}

// parseDate reads a front-matter date: a YAML date, or a date and time.
func parseDate(s string) (time.Time, error) {
	// The forms JavaScript's Date reads from a date and time without a
	// zone are taken as UTC, so that a build does not depend on its machine.
	for _, layout := range []string{time.RFC3339Nano, "2006-01-02T15:04:05", "2006-01-02 15:04:05", "2006-01-02 15:04:05Z07:00",
		"2006-01-02T15:04Z07:00", "2006-01-02T15:04", "2006-01-02 15:04", "2006-01-02"} {
		if t, err := time.Parse(layout, s); err == nil {
			return t.UTC(), nil
		}
	}
	return time.Time{}, errors.New("not a date")
}

func isSet(n *yaml.Node) bool { return n.Kind != 0 && n.Tag != "!!null" }

// countWords counts the body's words as a reader sees them: runs of
// letters and digits.
func countWords(body []byte) int {
	n, in := 0, false
	for _, r := range string(body) {
		word := unicode.IsLetter(r) || unicode.IsDigit(r) || r == '\'' || r == '_'
		if word && !in {
			n++
		}
		in = word
	}
	return n
}
