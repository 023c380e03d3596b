package blog

import (
	"sort"
	"strconv"
	"strings"
)

// Listing is one page of a list of posts: the blog's, a tag's or an
// author's.
type Listing struct {
	Permalink string
	// Page counts from 1 of Pages.
	Page, Pages int
	Posts       []*Post
	// Newer and Older are the neighbouring pages' routes ("" at an end).
	Newer, Older string
}

// Listed are the posts lists, feeds and the sidebar show: all but the
// unlisted, newest first.
func (b *Blog) Listed() []*Post {
	out := make([]*Post, 0, len(b.Posts))
	for _, p := range b.Posts {
		if p.Listed() {
			out = append(out, p)
		}
	}
	return out
}

// Paginate splits posts into pages of postsPerPage: the first at root,
// the others at root/page/N/, as Docusaurus routes them. A blog without
// posts still has its first page.
func (b *Blog) Paginate(root string, posts []*Post) []Listing {
	per := b.Config.PostsPerPage
	if per <= 0 {
		per = max(len(posts), 1)
	}
	pages := max((len(posts)+per-1)/per, 1)
	out := make([]Listing, pages)
	for i := range out {
		end := min((i+1)*per, len(posts))
		out[i] = Listing{Permalink: b.pagePermalink(root, i+1), Page: i + 1, Pages: pages, Posts: posts[min(i*per, end):end]}
	}
	for i := range out {
		if i > 0 {
			out[i].Newer = out[i-1].Permalink
		}
		if i+1 < len(out) {
			out[i].Older = out[i+1].Permalink
		}
	}
	return out
}

func (b *Blog) pagePermalink(root string, page int) string {
	if page == 1 {
		return root
	}
	return b.Form.Join(root, b.Config.PageBasePath, strconv.Itoa(page))
}

// TagGroup is a tag with its listed posts.
type TagGroup struct {
	Tag   *Tag
	Posts []*Post
}

// TagsRoute is the tags page's route.
func (b *Blog) TagsRoute() string { return b.Form.Join(b.Root, b.Config.TagsBasePath) }

// ArchiveRoute is the archive's route.
func (b *Blog) ArchiveRoute() string { return b.Form.Join(b.Root, b.Config.ArchiveBasePath) }

// AuthorsRoute is the authors page's route.
func (b *Blog) AuthorsRoute() string { return b.Form.Join(b.Root, b.Config.AuthorsBasePath) }

// Tags groups the listed posts by tag, tags by label (case-insensitive).
func (b *Blog) Tags() []TagGroup {
	byLink := map[string]*TagGroup{}
	var order []string
	for _, p := range b.Listed() {
		for _, t := range p.Tags {
			g, ok := byLink[t.Permalink]
			if !ok {
				g = &TagGroup{Tag: t}
				byLink[t.Permalink] = g
				order = append(order, t.Permalink)
			}
			g.Posts = append(g.Posts, p)
		}
	}
	out := make([]TagGroup, 0, len(order))
	for _, link := range order {
		out = append(out, *byLink[link])
	}
	sort.SliceStable(out, func(i, j int) bool {
		return strings.ToLower(out[i].Tag.Label) < strings.ToLower(out[j].Tag.Label)
	})
	return out
}

// AuthorGroup is an author of authors.yml and their listed posts.
type AuthorGroup struct {
	Author *Author
	Posts  []*Post
}

// AuthorGroups are the authors of authors.yml who wrote listed posts, in
// the file's key order sorted, each with those posts: the authors page
// lists them, as Docusaurus's does, and those with a page (Author.Permalink)
// get one.
func (b *Blog) AuthorGroups() []AuthorGroup {
	var out []AuthorGroup
	for _, key := range b.authorKeys() {
		a := b.Authors[key]
		g := AuthorGroup{Author: a}
		for _, p := range b.Listed() {
			for _, pa := range p.Authors {
				if pa.Key == key {
					g.Posts = append(g.Posts, p)
					break
				}
			}
		}
		if len(g.Posts) > 0 || a.Permalink != "" {
			out = append(out, g)
		}
	}
	return out
}

// Recent are the posts the sidebar lists: blogSidebarCount of the listed,
// every one for -1.
func (b *Blog) Recent() []*Post {
	listed := b.Listed()
	n := *b.Config.BlogSidebarCount
	if n < 0 || n > len(listed) {
		n = len(listed)
	}
	return listed[:n]
}

// Neighbours are a post's newer and older listed posts; an unlisted post
// has none.
func (b *Blog) Neighbours(p *Post) (newer, older *Post) {
	listed := b.Listed()
	for i, q := range listed {
		if q != p {
			continue
		}
		if i > 0 {
			newer = listed[i-1]
		}
		if i+1 < len(listed) {
			older = listed[i+1]
		}
	}
	return newer, older
}
