package sidebar

// What the theme shows of an item and does not depend on the page, worked
// out once here so that the theme only reads it.

// Listed reports whether the item shows on every page: a link to a listed
// doc (or any other link), a category with a listed page of its own or a
// listed item, an html item. An item that is not listed shows only on the
// pages inside it.
func (it *Item) Listed() bool {
	switch it.Type {
	case TypeLink:
		return !it.Unlisted
	case TypeCategory:
		if it.Href != "" && !it.LinkUnlisted {
			return true
		}
		for _, child := range it.Items {
			if child.Listed() {
				return true
			}
		}
		return false
	}
	return true
}

// firstLink is the first page the item leads to, depth first: its own
// (unless it is a category whose page is unlisted), else the first of its
// items'; "" when there is none.
func (it *Item) firstLink() string {
	if it.Href != "" && (it.Type != TypeCategory || !it.LinkUnlisted) {
		return it.Href
	}
	for _, child := range it.Items {
		if child.Type == TypeHTML {
			continue
		}
		if href := child.firstLink(); href != "" {
			return href
		}
	}
	return ""
}

// paths are the paths of the item's own page and of every item inside it,
// compared as the theme compares paths (lowercase, trailing slash), each
// once, depth first.
func (it *Item) paths() []string {
	var out []string
	seen := map[string]bool{}
	var walk func(item *Item)
	walk = func(item *Item) {
		if item.Href != "" {
			if key := pathKey(item.Href); !seen[key] {
				seen[key] = true
				out = append(out, key)
			}
		}
		if item.Type == TypeCategory {
			for _, child := range item.Items {
				walk(child)
			}
		}
	}
	walk(it)
	return out
}

// settleCategories sets what the theme reads of each category that
// follows from the items inside it: whether it is unlisted, its first
// link and its paths.
func settleCategories(items []*Item) {
	for _, it := range items {
		if it.Type != TypeCategory {
			continue
		}
		settleCategories(it.Items)
		it.Unlisted = !it.Listed()
		it.FirstLink = it.firstLink()
		it.Paths = it.paths()
	}
}
