package markdown

import (
	"strings"
	"sync"
	"testing"

	"github.com/alecthomas/chroma/v2"
)

// mapMemo is a HighlightMemo in memory.
type mapMemo struct {
	mu      sync.Mutex
	entries map[string][]byte
	recalls int
}

func newMapMemo() *mapMemo { return &mapMemo{entries: map[string][]byte{}} }

func (m *mapMemo) Recall(language, code string) ([]byte, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	data, ok := m.entries[language+"\x00"+code]
	if ok {
		m.recalls++
	}
	return data, ok
}

func (m *mapMemo) Keep(language, code string, tokens []byte) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.entries[language+"\x00"+code] = tokens
}

const memoPage = "# Code\n\n```go\nfunc main() {\n\tfmt.Println(\"hi\") // greet\n}\n```\n\n" +
	"```bash title=\"run.sh\" {2}\ncurl -s https://example.org \\\n  -H 'Accept: application/fhir+json'\n```\n\n" +
	"```json\n{\"resourceType\": \"Patient\", \"id\": 1}\n```\n\n```\nno language\n```\n"

func renderWith(t *testing.T, r *Renderer, src string) string {
	t.Helper()
	res, err := r.Render([]byte(src), RenderContext{File: "docs/code.md"})
	if err != nil {
		t.Fatalf("Render: %v", err)
	}
	return res.HTML
}

// TestHighlightMemoGivesTheSameHTML: a page rendered with tokens recalled
// from the memo is the page rendered by lexing, block for block.
func TestHighlightMemoGivesTheSameHTML(t *testing.T) {
	want := renderWith(t, New(), memoPage)
	memo := newMapMemo()
	if got := renderWith(t, New(WithHighlightMemo(memo)), memoPage); got != want {
		t.Fatalf("first render with a memo differs:\n%s\nwant\n%s", got, want)
	}
	if len(memo.entries) != 3 {
		t.Errorf("memo holds %d blocks, want the 3 with a language", len(memo.entries))
	}
	if got := renderWith(t, New(WithHighlightMemo(memo)), memoPage); got != want {
		t.Fatalf("render from the memo differs:\n%s\nwant\n%s", got, want)
	}
	if memo.recalls != 3 {
		t.Errorf("%d blocks recalled, want 3", memo.recalls)
	}
}

// TestHighlightMemoIsWhatTheRenderUses: a block's kept tokens are what the
// render writes (here, a memo that says the whole Go block is one
// comment), so a rebuild lexes nothing it has kept.
func TestHighlightMemoIsWhatTheRenderUses(t *testing.T) {
	memo := newMapMemo()
	renderWith(t, New(WithHighlightMemo(memo)), memoPage)
	for key := range memo.entries {
		if strings.HasPrefix(key, "go\x00") {
			code := strings.TrimPrefix(key, "go\x00")
			memo.entries[key] = encodeTokens(chromaComment(code))
		}
	}
	html := renderWith(t, New(WithHighlightMemo(memo)), memoPage)
	if !strings.Contains(html, `<portal-slot name="line"><span class="c">func main() {`) || strings.Contains(html, `class="kd"`) {
		t.Errorf("the render lexed the Go block instead of taking the memo's tokens:\n%s", html)
	}
}

// TestHighlightMemoIgnoresEntriesThatDoNotFit: an entry whose lengths do
// not spell the block (a damaged store) is lexed again.
func TestHighlightMemoIgnoresEntriesThatDoNotFit(t *testing.T) {
	want := renderWith(t, New(), memoPage)
	memo := newMapMemo()
	renderWith(t, New(WithHighlightMemo(memo)), memoPage)
	for key, data := range memo.entries {
		switch {
		case strings.HasPrefix(key, "go\x00"):
			memo.entries[key] = data[:len(data)-1] // one length short
		case strings.HasPrefix(key, "bash\x00"):
			memo.entries[key] = append(data, 0, 200) // a token past the end
		default:
			memo.entries[key] = []byte{0xff} // not varints
		}
	}
	if got := renderWith(t, New(WithHighlightMemo(memo)), memoPage); got != want {
		t.Fatalf("render over damaged entries differs:\n%s\nwant\n%s", got, want)
	}
}

func TestTokensRoundTrip(t *testing.T) {
	code := "a := 1\n\nb"
	tokens := chromaComment(code)
	tokens = append(tokens[:0:0], tokens...)
	got, ok := decodeTokens(encodeTokens(tokens), code)
	if !ok || len(got) != len(tokens) || got[0] != tokens[0] {
		t.Errorf("round trip: %v %v, want %v", got, ok, tokens)
	}
	if _, ok := decodeTokens(encodeTokens(tokens), code+"x"); ok {
		t.Error("tokens of one code decode as another's")
	}
}

// chromaComment is code as one comment token per line.
func chromaComment(code string) []chroma.Token {
	var tokens []chroma.Token
	for _, line := range strings.SplitAfter(code, "\n") {
		if line != "" {
			tokens = append(tokens, chroma.Token{Type: chroma.Comment, Value: line})
		}
	}
	return tokens
}
