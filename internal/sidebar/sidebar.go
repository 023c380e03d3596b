// Package sidebar reads sidebars.yaml (shaped like Docusaurus's sidebars
// file), resolves every item type against the docs of a version, and answers
// the questions pages ask of it: which sidebar a doc is in, its breadcrumbs,
// its previous and next pages, a sidebar's first link.
package sidebar

import (
	"strings"

	"github.com/portaldocs/portal/internal/content"
)

// Item types of a resolved sidebar. Doc and ref items become links; a
// category keeps its own type.
const (
	TypeLink     = "link"
	TypeCategory = "category"
	TypeHTML     = "html"
)

// Item is one resolved sidebar item, as the theme receives it.
type Item struct {
	Type  string `json:"type"`
	Label string `json:"label,omitempty"`
	Href  string `json:"href,omitempty"`
	// DocID is set for links to docs (doc and ref items) and categories
	// linking a doc.
	DocID string `json:"docId,omitempty"`
	// Unlisted: the link's doc is unlisted (hidden unless it is the current page).
	Unlisted bool `json:"unlisted,omitempty"`
	// LinkUnlisted: the category's linked doc is unlisted.
	LinkUnlisted bool           `json:"linkUnlisted,omitempty"`
	ClassName    string         `json:"className,omitempty"`
	CustomProps  map[string]any `json:"customProps,omitempty"`
	Description  string         `json:"description,omitempty"`
	Collapsed    bool           `json:"collapsed,omitempty"`
	Collapsible  bool           `json:"collapsible,omitempty"`
	Items        []*Item        `json:"items,omitempty"`
	Value        string         `json:"value,omitempty"`
	DefaultStyle bool           `json:"defaultStyle,omitempty"`
	External     bool           `json:"external,omitempty"`

	// ref marks a ref item: a link that does not make the doc part of this
	// sidebar (no breadcrumbs or pagination from it).
	ref bool
	// fileLabel is the label written in the sidebars file, which the
	// docSidebar navbar item prefers over the doc's title.
	fileLabel string
}

// GeneratedIndex is a category page listing the category's items as cards.
type GeneratedIndex struct {
	Permalink   string
	Title       string
	Description string
	Image       string
	Keywords    []string
	SidebarID   string
	Category    *Item
	File        string
	Line        int
}

// Sidebars are the resolved sidebars of one docs version.
type Sidebars struct {
	Version          *content.Version
	IDs              []string
	ByID             map[string][]*Item
	GeneratedIndexes []*GeneratedIndex
	// docSidebar maps a doc id to the first sidebar that lists it as a doc.
	docSidebar map[string]string
}

// IDs returns the ids sorted as in the file; SidebarOf gives the sidebar
// that lists the doc (not as a ref), or "".
func (s *Sidebars) SidebarOf(docID string) string { return s.docSidebar[docID] }

// Crumb is one breadcrumb entry.
type Crumb struct {
	Label string `json:"label"`
	Href  string `json:"href,omitempty"`
}

// Breadcrumbs is the chain of categories and the final link that leads to
// permalink in the sidebar: depth-first, first match wins at each level
// (behaviour reference 2.12).
func (s *Sidebars) Breadcrumbs(sidebarID, permalink string) []Crumb {
	trail := findTrail(s.ByID[sidebarID], permalink)
	crumbs := make([]Crumb, 0, len(trail))
	for _, item := range trail {
		c := Crumb{Label: item.Label, Href: item.Href}
		if item.Type == TypeCategory && item.LinkUnlisted {
			c.Href = ""
		}
		crumbs = append(crumbs, c)
	}
	return crumbs
}

func findTrail(items []*Item, permalink string) []*Item {
	for _, item := range items {
		switch item.Type {
		case TypeLink:
			if SamePath(item.Href, permalink) {
				return []*Item{item}
			}
		case TypeCategory:
			if item.Href != "" && SamePath(item.Href, permalink) {
				return []*Item{item}
			}
			if sub := findTrail(item.Items, permalink); sub != nil {
				return append([]*Item{item}, sub...)
			}
		}
	}
	return nil
}

// SamePath compares paths the way the theme does: case- and
// trailing-slash-insensitive (behaviour reference 0.2).
func SamePath(a, b string) bool {
	norm := func(p string) string {
		if !strings.HasSuffix(p, "/") {
			p += "/"
		}
		return strings.ToLower(p)
	}
	return a != "" && b != "" && norm(a) == norm(b)
}

// NavLink is a previous or next page.
type NavLink struct {
	Title     string `json:"title"`
	Permalink string `json:"permalink"`
	DocID     string `json:"-"`
}

// Navigation lists the sidebar's pages in reading order: docs and categories
// that have a link, depth-first, without unlisted ones (behaviour reference 5.7).
func (s *Sidebars) Navigation(sidebarID string) []NavLink {
	var out []NavLink
	var walk func(items []*Item)
	walk = func(items []*Item) {
		for _, item := range items {
			switch item.Type {
			case TypeLink:
				if item.DocID != "" && !item.ref && !item.Unlisted {
					out = append(out, NavLink{Title: item.Label, Permalink: item.Href, DocID: item.DocID})
				}
			case TypeCategory:
				if item.Href != "" && !item.LinkUnlisted {
					out = append(out, NavLink{Title: item.Label, Permalink: item.Href, DocID: item.DocID})
				}
				walk(item.Items)
			}
		}
	}
	walk(s.ByID[sidebarID])
	return out
}

// FirstLink is the sidebar's first link, depth-first: a doc, or a category's
// own link. Its label is the doc item's label from the sidebar file, else the
// doc id (Docusaurus's docSidebar navbar item label), or the category label.
func (s *Sidebars) FirstLink(sidebarID string) (href, label string, ok bool) {
	var walk func(items []*Item) bool
	walk = func(items []*Item) bool {
		for _, item := range items {
			switch item.Type {
			case TypeLink:
				if item.DocID != "" {
					href, label = item.Href, item.fileLabel
					if label == "" {
						label = item.DocID
					}
					return true
				}
			case TypeCategory:
				if item.Href != "" {
					href, label = item.Href, item.Label
					return true
				}
				if walk(item.Items) {
					return true
				}
			}
		}
		return false
	}
	ok = walk(s.ByID[sidebarID])
	return href, label, ok
}
