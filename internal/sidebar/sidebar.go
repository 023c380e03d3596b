// Package sidebar reads sidebars.yaml (shaped like Docusaurus's sidebars
// file), resolves every item type against the docs of a version, and answers
// the questions pages ask of it: which sidebar a doc is in, its breadcrumbs,
// its previous and next pages, a sidebar's first link.
package sidebar

import (
	"strings"

	"github.com/portaldocs/portal/internal/content"
)

// ItemType is the type of a resolved sidebar item: doc and ref items of
// the sidebars file become links; a category keeps its own type.
type ItemType string

// Item types of a resolved sidebar.
const (
	TypeLink     ItemType = "link"
	TypeCategory ItemType = "category"
	TypeHTML     ItemType = "html"
)

// Item is one resolved sidebar item, as the theme receives it (the
// sidebars data file is these items, marshalled).
type Item struct {
	Type  ItemType `json:"type"`
	Label string   `json:"label,omitempty"`
	Href  string   `json:"href,omitempty"`
	// DocID is set for links to docs (doc and ref items) and categories
	// linking a doc.
	DocID string `json:"docId,omitempty"`
	// Unlisted: shown only on the pages inside it. A link to an unlisted
	// doc (hidden unless it is the current page); a category with nothing
	// listed (no listed page of its own, no listed item), set once the
	// sidebar is resolved.
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
	// FirstLink (categories) is the first page the category leads to,
	// depth first: its own page, else the first link inside. A category
	// without a page of its own links it for readers without script.
	FirstLink string `json:"firstLink,omitempty"`
	// Paths (categories) are the paths of the category's own page and of
	// every item inside it, lowercase with a trailing slash: the category
	// is active, and shown expanded, on any of them.
	Paths []string `json:"paths,omitempty"`

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
	// Per sidebar, computed once after loading so that per-page questions
	// are lookups: the reading order, each page's place in it, and each
	// path's breadcrumb trail.
	navigation map[string][]NavLink
	navIndex   map[string]map[string]int
	trails     map[string]map[string][]*Item
}

// index precomputes navigation and breadcrumb trails for every sidebar.
func (s *Sidebars) index() {
	for id, items := range s.ByID {
		if items == nil {
			s.ByID[id] = []*Item{} // the theme reads a sidebar's items as a list, never null
		}
		settleCategories(items)
	}
	s.navigation = map[string][]NavLink{}
	s.navIndex = map[string]map[string]int{}
	s.trails = map[string]map[string][]*Item{}
	for id, items := range s.ByID {
		nav := computeNavigation(items)
		s.navigation[id] = nav
		pos := make(map[string]int, len(nav))
		for i, nl := range nav {
			if _, seen := pos[pathKey(nl.Permalink)]; !seen {
				pos[pathKey(nl.Permalink)] = i
			}
		}
		s.navIndex[id] = pos
		trails := map[string][]*Item{}
		collectTrails(items, nil, trails)
		s.trails[id] = trails
	}
}

// collectTrails records, for every href, the chain of items leading to it;
// the first match in depth-first order wins, as in Docusaurus.
func collectTrails(items []*Item, parents []*Item, trails map[string][]*Item) {
	for _, item := range items {
		chain := append(append([]*Item(nil), parents...), item)
		if item.Href != "" && (item.Type == TypeLink || item.Type == TypeCategory) {
			if _, seen := trails[pathKey(item.Href)]; !seen {
				trails[pathKey(item.Href)] = chain
			}
		}
		if item.Type == TypeCategory {
			collectTrails(item.Items, chain, trails)
		}
	}
}

// SidebarOf is the sidebar that lists the doc (not as a ref), or "": the
// first in the file, when several do.
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
	trail := s.trails[sidebarID][pathKey(permalink)]
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

// pathKey is a path as the theme compares paths: case- and
// trailing-slash-insensitive (behaviour reference 0.2).
func pathKey(p string) string {
	if !strings.HasSuffix(p, "/") {
		p += "/"
	}
	return strings.ToLower(p)
}

// NavLink is a previous or next page.
type NavLink struct {
	Title     string `json:"title"`
	Permalink string `json:"permalink"`
	DocID     string `json:"-"`
}

// Navigation lists the sidebar's pages in reading order: docs and categories
// that have a link, depth-first, without unlisted ones (behaviour reference 5.7).
func (s *Sidebars) Navigation(sidebarID string) []NavLink { return s.navigation[sidebarID] }

// Neighbours are the pages before and after permalink in the sidebar's
// reading order (nil at either end, or when the page is not in it).
func (s *Sidebars) Neighbours(sidebarID, permalink string) (prev, next *NavLink) {
	nav := s.navigation[sidebarID]
	i, ok := s.navIndex[sidebarID][pathKey(permalink)]
	if !ok {
		return nil, nil
	}
	if i > 0 {
		p := nav[i-1]
		prev = &p
	}
	if i+1 < len(nav) {
		n := nav[i+1]
		next = &n
	}
	return prev, next
}

func computeNavigation(items []*Item) []NavLink {
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
	walk(items)
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

// LabelKind is what a translation of the item's label names it by, as in
// Docusaurus's version files: "category", "link" (a link of the sidebars
// file), "doc" (a doc the sidebars file gives a label of its own), or ""
// for an item whose label is the doc's title or that has none.
func (it *Item) LabelKind() string {
	switch {
	case it.Type == TypeCategory:
		return "category"
	case it.Type == TypeLink && it.DocID == "":
		return "link"
	case it.Type == TypeLink && it.fileLabel != "":
		return "doc"
	}
	return ""
}

// Relabel gives every item of every sidebar the label label returns for
// it (a locale's translation) and recomputes the reading order and the
// trails, whose links carry labels.
func (s *Sidebars) Relabel(label func(sidebarID string, item *Item) string) {
	for id, items := range s.ByID {
		relabel(id, items, label)
	}
	s.index()
}

func relabel(sidebarID string, items []*Item, label func(string, *Item) string) {
	for _, it := range items {
		if it.Label != "" {
			translated := label(sidebarID, it)
			if it.fileLabel == it.Label {
				it.fileLabel = translated
			}
			it.Label = translated
		}
		relabel(sidebarID, it.Items, label)
	}
}
