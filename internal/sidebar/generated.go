package sidebar

import "github.com/portaldocs/portal/internal/content"

// Ensure makes docs part of a sidebar. When the sidebar lists none of them
// (the author left their placement to the engine), a collapsed category
// labelled label, linking them in order, is appended at its end (the links
// themselves when label is ""); when it
// lists any, the author placed them and nothing changes. It reports false
// when the sidebar does not exist.
func (s *Sidebars) Ensure(sidebarID, label string, docs []*content.Doc) bool {
	items, ok := s.ByID[sidebarID]
	if !ok {
		return false
	}
	for _, d := range docs {
		if s.docSidebar[d.ID] == sidebarID {
			return true
		}
	}
	cat := &Item{Type: TypeCategory, Label: label, Collapsible: true, Collapsed: true}
	for _, d := range docs {
		cat.Items = append(cat.Items, &Item{Type: TypeLink, Label: docLabel(d, ""), Href: d.Permalink, DocID: d.ID, Unlisted: d.Unlisted()})
		if _, listed := s.docSidebar[d.ID]; !listed {
			s.docSidebar[d.ID] = sidebarID
		}
	}
	switch {
	case len(cat.Items) == 0:
		return true
	case label == "":
		s.ByID[sidebarID] = append(items, cat.Items...)
	default:
		s.ByID[sidebarID] = append(items, cat)
	}
	s.index()
	return true
}
