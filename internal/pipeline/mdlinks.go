package pipeline

import (
	"github.com/portaldocs/portal/internal/blog"
	"path"
	"strings"

	"github.com/portaldocs/portal/internal/config"
	"github.com/portaldocs/portal/internal/content"
)

// markdownLinkResolver maps links to .md files onto the permalinks of the
// docs and pages they name (behaviour reference 8.3).
type markdownLinkResolver struct {
	bySource map[string]string // site-relative source file → permalink
	cfg      *config.Site
}

func newMarkdownLinkResolver(site *content.Site, posts *blog.Blog, cfg *config.Site) *markdownLinkResolver {
	r := &markdownLinkResolver{bySource: map[string]string{}, cfg: cfg}
	for _, v := range site.Versions {
		for _, d := range v.Docs {
			r.bySource[d.Source] = d.Permalink
		}
	}
	for _, p := range site.Pages {
		r.bySource[p.Source] = p.Permalink
	}
	if posts != nil {
		for _, p := range posts.Posts {
			r.bySource[p.Source] = p.Permalink
		}
	}
	return r
}

// forFile returns the resolver for links written in file (of version v, or
// nil for pages): "./" and "../" are relative to the file, "@site/" to the
// site folder; "/x.md" is tried
// against the content folder, then the site folder; other forms against the
// content folder, the site folder, then the file's folder.
func (r *markdownLinkResolver) forFile(file string, v *content.Version) func(string) (string, bool) {
	contentDir := r.cfg.Pages.Path
	if v != nil {
		contentDir = v.Dir
	}
	fileDir := path.Dir(file)
	return func(dest string) (string, bool) {
		target, suffix := splitSuffix(dest)
		var candidates []string
		switch {
		case strings.HasPrefix(target, "@site/"):
			candidates = []string{path.Clean(strings.TrimPrefix(target, "@site/"))}
		case strings.HasPrefix(target, "./") || strings.HasPrefix(target, "../"):
			candidates = []string{path.Join(fileDir, target)}
		case strings.HasPrefix(target, "/"):
			candidates = []string{path.Join(contentDir, target), strings.TrimPrefix(target, "/")}
		default:
			candidates = []string{path.Join(contentDir, target), target, path.Join(fileDir, target)}
		}
		for _, c := range candidates {
			if permalink, ok := r.bySource[c]; ok {
				return permalink + suffix, true
			}
		}
		return "", false
	}
}

// splitSuffix separates "?query#hash" from a link's path.
func splitSuffix(dest string) (string, string) {
	if i := strings.IndexAny(dest, "?#"); i >= 0 {
		return dest[:i], dest[i:]
	}
	return dest, ""
}
