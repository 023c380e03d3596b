package sidebar

// place puts p's docs into their sidebar (see Placement). It reports false
// when the sidebar does not exist.
func (r *resolver) place(p Placement) bool {
	s := r.out
	items, ok := s.ByID[p.SidebarID]
	if !ok {
		return false
	}
	for _, d := range p.Docs {
		if s.docSidebar[d.ID] == p.SidebarID {
			return true
		}
	}
	cat := &Item{Type: TypeCategory, Label: p.Label, Collapsible: true, Collapsed: true}
	for _, d := range p.Docs {
		cat.Items = append(cat.Items, &Item{Type: TypeLink, Label: r.docLabel(d, ""), Href: d.Permalink, DocID: d.ID, Unlisted: d.Unlisted()})
		if _, listed := s.docSidebar[d.ID]; !listed {
			s.docSidebar[d.ID] = p.SidebarID
		}
	}
	switch {
	case len(cat.Items) == 0:
	case p.Label == "":
		s.ByID[p.SidebarID] = append(items, cat.Items...)
	default:
		s.ByID[p.SidebarID] = append(items, cat)
	}
	return true
}
