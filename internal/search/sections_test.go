package search

import (
	"slices"
	"testing"
)

func TestSplitSections(t *testing.T) {
	tests := []struct {
		name string
		html string
		want []section
	}{
		{
			name: "empty page keeps its intro",
			html: "",
			want: []section{{heading: "Patient"}},
		},
		{
			name: "intro then headings with ids, hash-link excluded",
			html: `<p>Demographics of a person.</p>
<h2 id="search-parameters">Search <em>parameters</em><a href="#search-parameters" class="hash-link" aria-label="Direct link to Search parameters" title="Direct link to Search parameters">&#8203;</a></h2>
<p>Use birthdate.</p>
<h3 id="modifiers">Modifiers<a href="#modifiers" class="hash-link">#</a></h3>
<p>Use :exact.</p>`,
			want: []section{
				{heading: "Patient", text: "Demographics of a person.", body: "Demographics of a person."},
				{anchor: "search-parameters", heading: "Search parameters", text: "Use birthdate.", body: "Use birthdate."},
				{anchor: "modifiers", heading: "Modifiers", text: "Use :exact.", body: "Use :exact."},
			},
		},
		{
			name: "headings without an id and h1 stay in the section",
			html: `<h1>Big</h1><p>one</p><h2>Plain</h2><p>two</p>`,
			want: []section{{heading: "Patient", text: "Big one Plain two", body: "Big one Plain two"}},
		},
		{
			name: "inline code and code blocks go to the code field",
			html: `<p>Call <code>$export</code> on <code>Group</code>s.</p><div class="code-block"><pre class="chroma"><code class="language-http"><span class="line"><span class="line-number" aria-hidden="true" data-line="1"></span>GET /Group/1/$export</span>
<span class="line">Accept: application/fhir+json</span></code></pre></div><p>Done.</p>`,
			want: []section{{
				heading: "Patient",
				text:    "Call $export on Groups. GET /Group/1/$export Accept: application/fhir+json Done.",
				body:    "Call on s. Done.",
				code:    "$export Group GET /Group/1/$export Accept: application/fhir+json",
			}},
		},
		{
			name: "block boundaries separate words",
			html: `<table><tr><th>Name</th><th>Type</th></tr><tr><td>birthDate</td><td>date</td></tr></table><ul><li>one</li><li>two<br>three</li></ul><p>a</p><p>b</p><div>c</div><div>d</div>`,
			want: []section{{
				heading: "Patient",
				text:    "Name Type birthDate date one two three a b c d",
				body:    "Name Type birthDate date one two three a b c d",
			}},
		},
		{
			name: "inline elements do not separate words",
			html: `<p>Pat<strong>ient</strong> re<a href="/x">cord</a>s</p>`,
			want: []section{{heading: "Patient", text: "Patient records", body: "Patient records"}},
		},
		{
			name: "script, style and svg are skipped; tabs and details count",
			html: `<script>var secret = "x";</script><style>.a{color:red}</style><svg viewBox="0 0 1 1"><title>icon</title><path d="M0"/></svg>` +
				`<div class="tabs-container"><ul role="tablist" class="tabs"><li role="tab" class="tabs__item">JSON</li><li role="tab" class="tabs__item">XML</li></ul>` +
				`<div class="tabs__panels"><div role="tabpanel" class="tabs__panel">first</div><div role="tabpanel" class="tabs__panel" hidden>second</div></div></div>` +
				`<details><summary>More</summary><p>hidden text</p></details>`,
			want: []section{{
				heading: "Patient",
				text:    "JSON XML first second More hidden text",
				body:    "JSON XML first second More hidden text",
			}},
		},
		{
			name: "entities are decoded and white space collapsed",
			html: "<p>Tom &amp;\u00a0Jerry &lt;tag&gt;\n\n\t said&nbsp;&#8220;hi&#8221;</p>",
			want: []section{{heading: "Patient", text: "Tom & Jerry <tag> said “hi”", body: "Tom & Jerry <tag> said “hi”"}},
		},
		{
			name: "text is normalized to NFC",
			html: "<p>cafe\u0301</p>",
			want: []section{{heading: "Patient", text: "café", body: "café"}},
		},
		{
			name: "empty section between two headings",
			html: `<h2 id="a">A</h2><h2 id="b">B</h2><p>x</p>`,
			want: []section{
				{heading: "Patient"},
				{anchor: "a", heading: "A"},
				{anchor: "b", heading: "B", text: "x", body: "x"},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := splitSections("Patient", tt.html)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("splitSections\n got %+v\nwant %+v", got, tt.want)
			}
		})
	}
}

func TestCutAtWord(t *testing.T) {
	tests := []struct {
		name  string
		text  string
		limit int
		want  string
	}{
		{"short text is kept", "one two", 10, "one two"},
		{"exact length is kept", "one two", 7, "one two"},
		{"cut at the last space", "one two three", 9, "one two"},
		{"cut where a space falls at the limit", "one two three", 7, "one two"},
		{"a single long word is cut hard", "abcdefghij", 4, "abcd"},
		{"limit counts characters", "ééé ééé", 5, "ééé"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := cutAtWord(tt.text, tt.limit); got != tt.want {
				t.Errorf("cutAtWord(%q, %d) = %q, want %q", tt.text, tt.limit, got, tt.want)
			}
		})
	}
}
