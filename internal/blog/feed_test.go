package blog

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/mmcdole/gofeed"
	"github.com/portaldocs/portal/internal/config"
)

// TestFeedsParse reads each feed back with a real feed parser (gofeed):
// the kind it detects, the channel's title and links, and each post's
// title, link, date, content, authors and tags, newest first and cut at
// the limit.
func TestFeedsParse(t *testing.T) {
	cfg := &config.Site{URL: "https://docs.example.org", BaseURL: "/base/"}
	cfg.Blog.Feed.Copyright = "Copyright Example"
	cfg.Blog.Feed.Limit = 2
	cfg.Blog.Feed.Type = []string{config.FeedRSS, config.FeedAtom, config.FeedJSON}
	b := &Blog{Config: &cfg.Blog, Root: "/base/blog/"}
	ada := &Author{Key: "ada", Name: "Ada Lovelace", URL: "https://ada.example.org", Email: "ada@example.org"}
	day := func(d int) time.Time { return time.Date(2024, 1, d, 0, 0, 0, 0, time.UTC) }
	posts := []FeedPost{
		{Post: &Post{Permalink: "/base/blog/2024/01/03/third/", Date: day(3), Authors: []*Author{ada},
			Tags: []*Tag{{Label: "Release notes"}}}, Title: "Third & last", Description: "The third.",
			HTML: AbsoluteLinks(`<p>See <a href="/base/docs/intro/">the intro</a> <img src="//cdn.example.org/x.png"></p>`, cfg.URL)},
		{Post: &Post{Permalink: "/base/blog/2024/01/02/second/", Date: day(2)}, Title: "Second", HTML: "<p>Two</p>"},
		{Post: &Post{Permalink: "/base/blog/2024/01/01/first/", Date: day(1)}, Title: "First", HTML: "<p>One</p>"},
	}
	files, err := b.Feeds(FeedSite{Title: "Example", URL: cfg.URL, BaseURL: cfg.BaseURL, Language: "en"}, posts)
	if err != nil {
		t.Fatal(err)
	}
	wantTypes := map[string]string{"blog/rss.xml": "rss", "blog/atom.xml": "atom", "blog/feed.json": "json"}
	if len(files) != len(wantTypes) {
		t.Fatalf("%d feeds, want %d", len(files), len(wantTypes))
	}
	for _, f := range files {
		t.Run(f.Name, func(t *testing.T) {
			parsed, err := gofeed.NewParser().Parse(bytes.NewReader(f.Data))
			if err != nil {
				t.Fatalf("parse: %v\n%s", err, f.Data)
			}
			if parsed.FeedType != wantTypes[f.Name] {
				t.Errorf("feed type %q, want %q", parsed.FeedType, wantTypes[f.Name])
			}
			if f.Name == "blog/feed.json" && parsed.FeedVersion != "https://jsonfeed.org/version/1.1" {
				t.Errorf("JSON Feed version %q, want 1.1", parsed.FeedVersion)
			}
			if parsed.Title != "Example" || parsed.Link != "https://docs.example.org/base/blog/" {
				t.Errorf("title, link = %q, %q", parsed.Title, parsed.Link)
			}
			if len(parsed.Items) != 2 {
				t.Fatalf("%d items, want the limit, 2", len(parsed.Items))
			}
			first := parsed.Items[0]
			if first.Title != "Third & last" || first.Link != "https://docs.example.org/base/blog/2024/01/03/third/" {
				t.Errorf("first item: title %q, link %q", first.Title, first.Link)
			}
			if first.PublishedParsed == nil && first.UpdatedParsed == nil {
				t.Errorf("first item has no date")
			} else if d := firstDate(first); !d.Equal(day(3)) {
				t.Errorf("first item's date %v, want %v", d, day(3))
			}
			if !strings.Contains(first.Content, `href="https://docs.example.org/base/docs/intro/"`) ||
				!strings.Contains(first.Content, `src="//cdn.example.org/x.png"`) {
				t.Errorf("content's links are not absolute: %q", first.Content)
			}
			if len(first.Authors) != 1 || first.Authors[0].Name != "Ada Lovelace" {
				t.Errorf("authors = %+v", first.Authors)
			}
			if len(first.Categories) != 1 || first.Categories[0] != "Release notes" {
				t.Errorf("categories = %q", first.Categories)
			}
		})
	}
}

func firstDate(item *gofeed.Item) time.Time {
	if item.PublishedParsed != nil {
		return *item.PublishedParsed
	}
	return *item.UpdatedParsed
}

func TestNoFeedsWhenTypeIsEmpty(t *testing.T) {
	b := &Blog{Config: &config.Blog{Feed: config.BlogFeed{Type: []string{}, Limit: 20}}, Root: "/blog/"}
	files, err := b.Feeds(FeedSite{URL: "https://x.example.org", BaseURL: "/"}, []FeedPost{{Post: &Post{Permalink: "/blog/a/"}}})
	if err != nil || len(files) != 0 {
		t.Errorf("files, err = %v, %v; want none", files, err)
	}
}
