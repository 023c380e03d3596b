package markdown

import (
	"regexp"
	"strings"
)

// TOCItem is one entry of a page's table of contents.
type TOCItem struct {
	// Value is the heading content as inline HTML, with any links reduced
	// to their content, since the entry itself is a link.
	Value string `json:"value"`
	// ID is the heading id the entry links to.
	ID string `json:"id"`
	// Level is the heading level, 2 to 6.
	Level int `json:"level"`
	// Children are the entries nested under this one.
	Children []TOCItem `json:"children,omitempty"`
}

// BuildTOC arranges headings into the table of contents Docusaurus shows
// (reference 5.6): each heading's parent is the most recent earlier heading
// with a lower level; then headings outside [minLevel, maxLevel] are removed
// and their children take their place.
func BuildTOC(headings []Heading, minLevel, maxLevel int) []TOCItem {
	return filterTOC(treeifyHeadings(headings), minLevel, maxLevel)
}

// tocNode is a TOCItem under construction; children are indexes so the
// tree can be built in one pass over a slice.
type tocNode struct {
	item     TOCItem
	children []int
}

func treeifyHeadings(headings []Heading) []TOCItem {
	nodes := make([]tocNode, len(headings))
	var roots []int
	// lastAtLevel[l] is the index of the latest heading of level l so far.
	lastAtLevel := map[int]int{}
	for i, h := range headings {
		nodes[i].item = TOCItem{Value: stripLinks(h.HTML), ID: h.ID, Level: h.Level}
		parent := -1
		for level, index := range lastAtLevel {
			if level < h.Level && index > parent {
				parent = index
			}
		}
		if parent >= 0 {
			nodes[parent].children = append(nodes[parent].children, i)
		} else {
			roots = append(roots, i)
		}
		lastAtLevel[h.Level] = i
	}
	return buildItems(nodes, roots)
}

func buildItems(nodes []tocNode, indexes []int) []TOCItem {
	if len(indexes) == 0 {
		return nil
	}
	items := make([]TOCItem, len(indexes))
	for i, index := range indexes {
		items[i] = nodes[index].item
		items[i].Children = buildItems(nodes, nodes[index].children)
	}
	return items
}

func filterTOC(items []TOCItem, minLevel, maxLevel int) []TOCItem {
	var kept []TOCItem
	for _, item := range items {
		children := filterTOC(item.Children, minLevel, maxLevel)
		if item.Level < minLevel || item.Level > maxLevel {
			kept = append(kept, children...)
			continue
		}
		item.Children = children
		kept = append(kept, item)
	}
	return kept
}

// anchorTag matches <a …> and </a> tags.
var anchorTag = regexp.MustCompile(`(?i)</?a(?:\s[^>]*)?>`)

// stripLinks removes link tags but keeps their content: a TOC entry is a
// link, and links cannot nest.
func stripLinks(html string) string {
	// Most headings hold no link: a match needs "<a" or "</a" in either
	// case, which a scan finds far sooner than the expression does not.
	if !strings.Contains(html, "<a") && !strings.Contains(html, "<A") && !strings.Contains(html, "</a") && !strings.Contains(html, "</A") {
		return html
	}
	return anchorTag.ReplaceAllString(html, "")
}
