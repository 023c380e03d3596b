package blog

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"path"
	"slices"
	"strings"
	"time"

	"github.com/portaldocs/portal/internal/config"
)

// FeedFile is a feed the blog writes: its output name (without the base
// URL) and content.
type FeedFile struct {
	Name string
	Data []byte
}

// FeedPost is a post as a feed carries it: what the build worked out of
// its Markdown.
type FeedPost struct {
	Post        *Post
	Title       string
	Description string
	// HTML is the post's whole content, its site links made absolute.
	HTML string
}

// FeedSite is what a feed names of the site.
type FeedSite struct {
	Title string
	// URL is the site's origin without a trailing slash; BaseURL its path.
	URL, BaseURL string
	Language     string
}

// Feeds writes the feeds feedOptions.type asks for, rss.xml, atom.xml and
// feed.json in the blog's folder of the output, each with the newest
// feedOptions.limit listed posts, as Docusaurus's blog writes them (RSS
// 2.0, Atom 1.0, JSON Feed 1.1). posts are the listed posts, newest first.
func (b *Blog) Feeds(site FeedSite, posts []FeedPost) ([]FeedFile, error) {
	opts := b.Config.Feed
	if len(opts.Type) == 0 || len(posts) == 0 {
		return nil, nil
	}
	if opts.Limit >= 0 && len(posts) > opts.Limit {
		posts = posts[:opts.Limit]
	}
	f := feed{site: site, posts: posts, opts: opts, blogURL: site.URL + b.Root,
		dir: strings.TrimPrefix(b.Root, site.BaseURL)}
	f.title = firstOf(opts.Title, site.Title)
	f.description = firstOf(opts.Description, site.Title+" Blog")
	f.language = firstOf(opts.Language, site.Language)
	f.updated = posts[0].Post.Date
	var out []FeedFile
	for _, kind := range []string{config.FeedRSS, config.FeedAtom, config.FeedJSON} {
		if !slices.Contains(opts.Type, kind) {
			continue
		}
		var file FeedFile
		var err error
		switch kind {
		case config.FeedRSS:
			file, err = f.rss()
		case config.FeedAtom:
			file, err = f.atom()
		case config.FeedJSON:
			file, err = f.json()
		}
		if err != nil {
			return nil, fmt.Errorf("write the blog's %s feed: %w", kind, err)
		}
		out = append(out, file)
	}
	return out, nil
}

// feed holds what every kind of feed says of the blog.
type feed struct {
	site                         FeedSite
	posts                        []FeedPost
	opts                         config.BlogFeed
	blogURL, dir                 string
	title, description, language string
	updated                      time.Time
}

func (f *feed) url(name string) string { return f.blogURL + name }

func firstOf(values ...string) string {
	for _, v := range values {
		if v != "" {
			return v
		}
	}
	return ""
}

// AbsoluteLinks makes an HTML fragment's site-relative links and images
// absolute, as a feed reader outside the site needs them.
func AbsoluteLinks(html, siteURL string) string {
	for _, attr := range []string{` href="/`, ` src="/`} {
		var out strings.Builder
		rest := html
		for {
			i := strings.Index(rest, attr)
			if i < 0 {
				break
			}
			end := i + len(attr)
			out.WriteString(rest[:end-1])
			if strings.HasPrefix(rest[end:], "/") { // protocol-relative: left as it is
				out.WriteString("/")
			} else {
				out.WriteString(siteURL + "/")
			}
			rest = rest[end:]
		}
		out.WriteString(rest)
		html = out.String()
	}
	return html
}

type rssDoc struct {
	XMLName   xml.Name   `xml:"rss"`
	Version   string     `xml:"version,attr"`
	ContentNS string     `xml:"xmlns:content,attr"`
	AtomNS    string     `xml:"xmlns:atom,attr"`
	Channel   rssChannel `xml:"channel"`
}

type rssChannel struct {
	Title         string    `xml:"title"`
	Link          string    `xml:"link"`
	Description   string    `xml:"description"`
	LastBuildDate string    `xml:"lastBuildDate"`
	Docs          string    `xml:"docs"`
	Generator     string    `xml:"generator"`
	Language      string    `xml:"language,omitempty"`
	Copyright     string    `xml:"copyright,omitempty"`
	Self          atomLink  `xml:"atom:link"`
	Items         []rssItem `xml:"item"`
}

type rssItem struct {
	Title       string   `xml:"title"`
	Link        string   `xml:"link"`
	GUID        rssGUID  `xml:"guid"`
	PubDate     string   `xml:"pubDate"`
	Description string   `xml:"description,omitempty"`
	Content     cdata    `xml:"content:encoded"`
	Authors     []string `xml:"author"`
	Categories  []string `xml:"category"`
}

type rssGUID struct {
	IsPermaLink bool   `xml:"isPermaLink,attr"`
	Value       string `xml:",chardata"`
}

type cdata struct {
	Value string `xml:",cdata"`
}

const generator = "Portal"

func (f *feed) rss() (FeedFile, error) {
	ch := rssChannel{Title: f.title, Link: f.blogURL, Description: f.description,
		LastBuildDate: f.updated.Format(time.RFC1123Z), Docs: "https://validator.w3.org/feed/docs/rss2.html",
		Generator: generator, Language: f.language, Copyright: f.opts.Copyright,
		Self: atomLink{Href: f.url("rss.xml"), Rel: "self", Type: "application/rss+xml"}}
	for _, p := range f.posts {
		link := f.site.URL + p.Post.Permalink
		item := rssItem{Title: p.Title, Link: link, GUID: rssGUID{IsPermaLink: true, Value: link},
			PubDate: p.Post.Date.Format(time.RFC1123Z), Description: p.Description, Content: cdata{p.HTML}}
		for _, a := range p.Post.Authors {
			// RSS 2.0's author is an email address, with the name in brackets.
			if a.Email != "" {
				item.Authors = append(item.Authors, fmt.Sprintf("%s (%s)", a.Email, a.Name))
			}
		}
		for _, t := range p.Post.Tags {
			item.Categories = append(item.Categories, t.Label)
		}
		ch.Items = append(ch.Items, item)
	}
	data, err := encodeXML(rssDoc{Version: "2.0", ContentNS: "http://purl.org/rss/1.0/modules/content/",
		AtomNS: "http://www.w3.org/2005/Atom", Channel: ch})
	return FeedFile{Name: path.Join(f.dir, "rss.xml"), Data: data}, err
}

type atomDoc struct {
	XMLName   xml.Name    `xml:"feed"`
	NS        string      `xml:"xmlns,attr"`
	Lang      string      `xml:"xml:lang,attr,omitempty"`
	ID        string      `xml:"id"`
	Title     string      `xml:"title"`
	Updated   string      `xml:"updated"`
	Generator string      `xml:"generator"`
	Links     []atomLink  `xml:"link"`
	Subtitle  string      `xml:"subtitle,omitempty"`
	Rights    string      `xml:"rights,omitempty"`
	Entries   []atomEntry `xml:"entry"`
}

type atomLink struct {
	Href string `xml:"href,attr"`
	Rel  string `xml:"rel,attr,omitempty"`
	Type string `xml:"type,attr,omitempty"`
}

type atomEntry struct {
	Title      atomText       `xml:"title"`
	ID         string         `xml:"id"`
	Link       atomLink       `xml:"link"`
	Updated    string         `xml:"updated"`
	Summary    *atomText      `xml:"summary,omitempty"`
	Content    atomText       `xml:"content"`
	Authors    []atomAuthor   `xml:"author"`
	Categories []atomCategory `xml:"category"`
}

type atomText struct {
	Type  string `xml:"type,attr"`
	Value string `xml:",chardata"`
}

type atomAuthor struct {
	Name  string `xml:"name"`
	URI   string `xml:"uri,omitempty"`
	Email string `xml:"email,omitempty"`
}

type atomCategory struct {
	Term  string `xml:"term,attr"`
	Label string `xml:"label,attr"`
}

func (f *feed) atom() (FeedFile, error) {
	doc := atomDoc{NS: "http://www.w3.org/2005/Atom", Lang: f.language, ID: f.blogURL, Title: f.title,
		Updated: f.updated.Format(time.RFC3339), Generator: generator, Subtitle: f.description, Rights: f.opts.Copyright,
		Links: []atomLink{{Href: f.blogURL, Rel: "alternate"}, {Href: f.url("atom.xml"), Rel: "self", Type: "application/atom+xml"}}}
	for _, p := range f.posts {
		link := f.site.URL + p.Post.Permalink
		e := atomEntry{Title: atomText{Type: "html", Value: p.Title}, ID: link, Link: atomLink{Href: link},
			Updated: p.Post.Date.Format(time.RFC3339), Content: atomText{Type: "html", Value: p.HTML}}
		if p.Description != "" {
			e.Summary = &atomText{Type: "html", Value: p.Description}
		}
		for _, a := range p.Post.Authors {
			if a.Name != "" {
				e.Authors = append(e.Authors, atomAuthor{Name: a.Name, URI: a.URL, Email: a.Email})
			}
		}
		for _, t := range p.Post.Tags {
			e.Categories = append(e.Categories, atomCategory{Term: t.Label, Label: t.Label})
		}
		doc.Entries = append(doc.Entries, e)
	}
	data, err := encodeXML(doc)
	return FeedFile{Name: path.Join(f.dir, "atom.xml"), Data: data}, err
}

// jsonFeed is JSON Feed 1.1 (https://www.jsonfeed.org/version/1.1/).
type jsonFeed struct {
	Version     string     `json:"version"`
	Title       string     `json:"title"`
	HomePageURL string     `json:"home_page_url"`
	FeedURL     string     `json:"feed_url"`
	Description string     `json:"description,omitempty"`
	Language    string     `json:"language,omitempty"`
	Items       []jsonItem `json:"items"`
}

type jsonItem struct {
	ID            string       `json:"id"`
	URL           string       `json:"url"`
	Title         string       `json:"title"`
	ContentHTML   string       `json:"content_html"`
	Summary       string       `json:"summary,omitempty"`
	DatePublished string       `json:"date_published"`
	Authors       []jsonAuthor `json:"authors,omitempty"`
	Tags          []string     `json:"tags,omitempty"`
}

type jsonAuthor struct {
	Name   string `json:"name,omitempty"`
	URL    string `json:"url,omitempty"`
	Avatar string `json:"avatar,omitempty"`
}

func (f *feed) json() (FeedFile, error) {
	doc := jsonFeed{Version: "https://jsonfeed.org/version/1.1", Title: f.title, HomePageURL: f.blogURL,
		FeedURL: f.url("feed.json"), Description: f.description, Language: f.language, Items: []jsonItem{}}
	for _, p := range f.posts {
		link := f.site.URL + p.Post.Permalink
		item := jsonItem{ID: link, URL: link, Title: p.Title, ContentHTML: p.HTML, Summary: p.Description,
			DatePublished: p.Post.Date.Format(time.RFC3339)}
		for _, a := range p.Post.Authors {
			if a.Name != "" || a.URL != "" {
				item.Authors = append(item.Authors, jsonAuthor{Name: a.Name, URL: a.URL, Avatar: a.ImageURL})
			}
		}
		for _, t := range p.Post.Tags {
			item.Tags = append(item.Tags, t.Label)
		}
		doc.Items = append(doc.Items, item)
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	err := enc.Encode(doc)
	return FeedFile{Name: path.Join(f.dir, "feed.json"), Data: buf.Bytes()}, err
}

func encodeXML(v any) ([]byte, error) {
	var buf bytes.Buffer
	buf.WriteString(xml.Header)
	enc := xml.NewEncoder(&buf)
	enc.Indent("", "  ")
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	buf.WriteString("\n")
	return buf.Bytes(), nil
}
