package deploy

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/portaldocs/portal/internal/policy"
	"github.com/portaldocs/portal/internal/route"
)

// nginxConf is an include for an nginx server block whose root holds the
// output at the base URL's path. It lists every route and redirect
// exactly, so nginx answers each path as portal serve does.
func nginxConf(s Site, redirects []Redirect) []byte {
	m := s.Manifest
	base := m.BaseURL
	var b strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	w(`# Written by portal build: nginx answers like portal serve (docs/deploy.md).
# Include it in a server block whose root is the folder that holds this
# output at the path %s (with baseUrl "/", the output folder itself):
#
#   server {
#       listen 80;
#       server_name developer.example.org;
#       root /srv/portal/build;
#       include /srv/portal/build/_deploy/nginx.conf;
#   }
#
# brotli_static needs ngx_http_brotli_static_module (Debian and Ubuntu:
# apt-get install libnginx-mod-http-brotli-static). Without it, delete the
# brotli_static line: gzip_static still serves the .gz files.

`, base)
	w("absolute_redirect off;\n")
	w("sendfile on;\n")
	w("tcp_nopush on;\n")
	w("server_tokens off;\n")
	w("gzip off;\n")
	w("gzip_static on;\n")
	w("gzip_vary on;\n")
	w("brotli_static on;\n")
	w("etag on;\n")
	w("index index.html;\n")
	w("default_type %s;\n", policy.DefaultContentType)
	w("charset utf-8;\n")
	w("charset_types %s;\n", strings.Join(charsetTypes(), " "))
	w("types {\n")
	for _, t := range typeLines() {
		w("    %s;\n", t)
	}
	w("}\n")
	w("error_page 404 %s;\n\n", quote(base+route.NotFoundFile))

	w("# Every answer: security headers, and revalidation unless the name is content-hashed.\n")
	headers := func(indent, cacheControl string) {
		for _, h := range s.Headers {
			w("%sadd_header %s %s always;\n", indent, h.Name, quote(h.Value))
		}
		w("%sadd_header Cache-Control %s always;\n", indent, quote(cacheControl))
	}
	headers("", policy.CacheRevalidate)
	// A page's URL answers with its Markdown to a client that names
	// text/markdown with a weight above 0, as portal serve does
	// (docs/agents.md). map would say it too, but only in the http block,
	// and this file is included in a server block.
	w("\n# A page's URL answers with its Markdown to Accept: text/markdown (docs/agents.md).\n")
	w("set $portal_vary \"\";\n")
	w("set $portal_page_type \".html\";\n")
	w("if ($http_accept ~* %s) {\n    set $portal_page_type \".md\";\n}\n", quote(markdownAccept))
	w("add_header Vary $portal_vary always;\n")

	w("\n# Files of the output; folders are never listed, and a path outside the\n# routes that ends in / is not a page.\n")
	w("location %s {\n    try_files $uri =404;\n}\n", quote(base))
	if base != "/" {
		w("location / {\n    return 404;\n}\n")
	}
	w("location ~ /$ {\n    return 404;\n}\n")
	dirs := make([]string, len(policy.ImmutableDirs))
	for i, d := range policy.ImmutableDirs {
		dirs[i] = regexp.QuoteMeta(strings.TrimSuffix(d, "/"))
	}
	w("location ~ %s {\n", quote("^"+regexp.QuoteMeta(base)+"(?:"+strings.Join(dirs, "|")+")/.*[^/]$"))
	w("    try_files $uri =404;\n")
	headers("    ", policy.CacheImmutable)
	w("}\n")

	w("\n# Host configuration is not part of the site.\n")
	w("location = %s {\n    return 404;\n}\n", quote(base+policy.RedirectsFile))
	w("location = %s {\n    return 404;\n}\n", quote(base+policy.HeadersFile))
	w("location ^~ %s {\n    return 404;\n}\n", quote(base+policy.DeployDir+"/"))
	w("location = %s {\n    return 404;\n}\n", quote(base+policy.DeployDir))

	w("\n# Routes: exactly these paths are pages.\n")
	for _, r := range m.Routes {
		file := base + m.File(r.Path)
		stem := strings.TrimSuffix(file, ".html")
		w("location = %s {\n    set $portal_vary Accept;\n    try_files %s %s =404;\n}\n", quote(r.Path), quote(stem+"$portal_page_type"), quote(file))
	}
	w("\n# Redirects: config redirects, routes without their slash, index.html and .html forms.\n")
	for _, r := range redirects {
		to := strings.ReplaceAll(r.To, "$", "%24")
		if r.KeepQuery {
			to += "$is_args$args"
		}
		w("location = %s {\n    return 301 %s;\n}\n", quote(r.From), quote(to))
	}
	return []byte(b.String())
}

// markdownAccept matches an Accept header that names text/markdown with a
// weight above 0 (server.wantsMarkdown): a weight of 0, 0.0 or 0.000 is
// refused, any other is not.
const markdownAccept = `text/markdown(?!\s*;\s*q=0(?:\.0*)?(?![.0-9]))`

// typeLines are the rows of nginx's types block: a media type and all its
// extensions, one row per type (nginx warns about a type listed twice).
func typeLines() []string {
	exts := map[string][]string{}
	var order []string
	for _, e := range policy.Extensions() {
		mt := mediaType(e.ContentType)
		if exts[mt] == nil {
			order = append(order, mt)
		}
		exts[mt] = append(exts[mt], e.Ext)
	}
	out := make([]string, len(order))
	for i, mt := range order {
		out[i] = mt + " " + strings.Join(exts[mt], " ")
	}
	return out
}

// charsetTypes are the media types nginx adds "; charset=utf-8" to: those
// whose Content-Type in the policy carries it, less text/html, which nginx
// always includes (and warns about when listed).
func charsetTypes() []string {
	seen := map[string]bool{"text/html": true}
	var out []string
	for _, e := range policy.Extensions() {
		if mt := mediaType(e.ContentType); mt != e.ContentType && !seen[mt] {
			seen[mt] = true
			out = append(out, mt)
		}
	}
	return out
}

// mediaType drops the parameters of a Content-Type.
func mediaType(contentType string) string {
	mt, _, _ := strings.Cut(contentType, ";")
	return strings.TrimSpace(mt)
}

// quote writes s as an nginx string: double quotes, with backslash before
// the quote and the backslash. Variables ($name) are left to nginx.
func quote(s string) string {
	return `"` + nginxEscaper.Replace(s) + `"`
}

// nginxEscaper escapes a string for nginx's double quotes; made once, since
// building a Replacer costs more than using it (it ran for every path of
// the config: 7 ms of each build).
var nginxEscaper = strings.NewReplacer(`\`, `\\`, `"`, `\"`)
