package csp

import (
	"crypto/sha256"
	"encoding/base64"
	"strings"
	"testing"
)

func hashOf(s string) string {
	sum := sha256.Sum256([]byte(s))
	return "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
}

func TestScanFindsInlineCodeOnly(t *testing.T) {
	page := `<!DOCTYPE html><html><head>
<script>(function(){document.documentElement.setAttribute("data-theme","light")})();</script>
<SCRIPT type="text/javascript">var a=1;</SCRIPT>
<script type="module" src="/assets/theme/entry.js"></script>
<script id="__portal-data" type="application/json">{"page":1}</script>
<script type="application/ld+json">{"@type":"BreadcrumbList"}</script>
<style>.theme-announcement-bar{color:#0b2f5b}</style>
<scripts>not an element we know</scripts>
</head><body><p>&lt;script&gt;alert(1)&lt;/script&gt;</p></body></html>`
	c := NewCollector()
	c.Scan([]byte(page))
	c.Scan([]byte(page)) // the same script on every page is listed once
	got := c.Hashes()
	wantScripts := []string{
		hashOf(`(function(){document.documentElement.setAttribute("data-theme","light")})();`),
		hashOf("var a=1;"),
	}
	if strings.Join(got.Scripts, " ") != strings.Join(sortedCopy(wantScripts), " ") {
		t.Errorf("scripts %v, want %v", got.Scripts, wantScripts)
	}
	if len(got.Styles) != 1 || got.Styles[0] != hashOf(".theme-announcement-bar{color:#0b2f5b}") {
		t.Errorf("styles %v", got.Styles)
	}
}

func sortedCopy(s []string) []string {
	c := NewCollector()
	for _, x := range s {
		c.scripts[x] = true
	}
	return c.Hashes().Scripts
}

func TestPolicyHasNoUnsafeSources(t *testing.T) {
	p := Policy(Hashes{Scripts: []string{hashOf("a")}, Styles: []string{hashOf("b")}})
	for _, bad := range []string{"unsafe-inline", "unsafe-eval", "*"} {
		if strings.Contains(p, bad) {
			t.Errorf("policy allows %s: %s", bad, p)
		}
	}
	for _, want := range []string{"script-src 'self' " + hashOf("a"), "style-src 'self' " + hashOf("b"), "frame-ancestors 'none'", "object-src 'none'"} {
		if !strings.Contains(p, want) {
			t.Errorf("policy lacks %q: %s", want, p)
		}
	}
}

func TestScanSurvivesTruncatedMarkup(t *testing.T) {
	for _, page := range []string{"<script", "<script>", "<script>unterminated", "<style x='>", "<scrip"} {
		c := NewCollector()
		c.Scan([]byte(page))
		if h := c.Hashes(); len(h.Scripts)+len(h.Styles) != 0 {
			t.Errorf("%q: %v", page, h)
		}
	}
}

func FuzzScan(f *testing.F) {
	f.Add([]byte(`<script>x</script><style a="b">y</style>`))
	f.Add([]byte(`<script type='application/json'>{}</script>`))
	f.Fuzz(func(t *testing.T, page []byte) {
		c := NewCollector()
		c.Scan(page)
		for _, h := range c.Hashes().Scripts {
			if !strings.HasPrefix(h, "'sha256-") {
				t.Fatalf("bad hash %q", h)
			}
		}
	})
}

// A page's style attributes are allowed by their hash, as the browser
// reads their value (entities decoded); a site without any keeps the
// policy it had.
func TestStyleAttributes(t *testing.T) {
	h := ScanPage([]byte(`<p><span style="background-color:#25c2a0;font-family:&quot;Mono&quot;">x</span><code>style="not an attribute"</code></p>`))
	want := HashSource([]byte(`background-color:#25c2a0;font-family:"Mono"`))
	if len(h.StyleAttrs) != 1 || h.StyleAttrs[0] != want {
		t.Fatalf("style attribute hashes = %v, want [%s]", h.StyleAttrs, want)
	}
	if p := Policy(h); !strings.Contains(p, "; style-src-attr 'unsafe-hashes' "+want+"; img-src") {
		t.Errorf("policy = %s", p)
	}
	if p := Policy(Hashes{}); strings.Contains(p, "style-src-attr") {
		t.Errorf("a site without style attributes: policy = %s", p)
	}
}
