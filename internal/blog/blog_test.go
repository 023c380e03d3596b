package blog

import (
	"testing"
	"time"
)

func TestSlugFromFileName(t *testing.T) {
	tests := []struct {
		rel, slug, date, title string
	}{
		{"2024-01-02-hello.md", "/2024/01/02/hello", "2024-01-02", "hello"},
		{"2024-01-02-hello/index.mdx", "/2024/01/02/hello", "2024-01-02", "hello"},
		{"2024/01/02/hello.md", "/2024/01/02/hello", "2024-01-02", "hello"},
		{"news/2024-01-02-hello.md", "/news/2024/01/02/hello", "2024-01-02", "hello"},
		{"about.md", "/about", "", "about"},
		{"guides/index.md", "/guides", "", "guides"},
	}
	for _, tt := range tests {
		slug, date, title := slugOf(tt.rel)
		gotDate := ""
		if !date.IsZero() {
			gotDate = date.Format(time.DateOnly)
		}
		if slug != tt.slug || gotDate != tt.date || title != tt.title {
			t.Errorf("slugOf(%q) = %q, %q, %q; want %q, %q, %q", tt.rel, slug, gotDate, title, tt.slug, tt.date, tt.title)
		}
	}
}

func TestTagPermalinksInKebabCase(t *testing.T) {
	for in, want := range map[string]string{"Hello World": "hello-world", "helloWorld": "hello-world",
		"release_notes": "release-notes", "v2 API": "v2-api", "Docusaurus": "docusaurus"} {
		if got := kebabCase(in); got != want {
			t.Errorf("kebabCase(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestReadingTime(t *testing.T) {
	for words, want := range map[int]int{0: 1, 1: 1, WordsPerMinute: 1, WordsPerMinute + 1: 2, 10 * WordsPerMinute: 10} {
		if got := (&Post{Words: words}).ReadingMinutes(); got != want {
			t.Errorf("%d words: %d min, want %d", words, got, want)
		}
	}
}

func TestTruncateMarker(t *testing.T) {
	for _, body := range []string{"a\n\n<!-- truncate -->\n\nb", "a\n\n<!--truncate-->\n\nb", "a\n\n{/* truncate */}\n\nb"} {
		loc := truncateMarker.FindStringIndex(body)
		if loc == nil || body[:loc[0]] != "a\n\n" {
			t.Errorf("%q: excerpt not cut at the marker", body)
		}
	}
}

// Front matter dates are read in the forms Docusaurus's (JavaScript's
// Date) reads, such as React Native's "2024-10-23T16:00".
func TestParseDate(t *testing.T) {
	tests := []struct{ in, want string }{
		{"2024-10-23", "2024-10-23T00:00:00Z"},
		{"2024-10-23T16:00", "2024-10-23T16:00:00Z"},
		{"2024-10-23 16:00", "2024-10-23T16:00:00Z"},
		{"2024-10-23T16:00:30", "2024-10-23T16:00:30Z"},
		{"2024-10-23T16:00:30+02:00", "2024-10-23T14:00:30Z"},
		{"2024-10-23T16:00+02:00", "2024-10-23T14:00:00Z"},
	}
	for _, tt := range tests {
		got, err := parseDate(tt.in)
		if err != nil || got.Format(time.RFC3339) != tt.want {
			t.Errorf("parseDate(%q) = %v, %v; want %s", tt.in, got, err, tt.want)
		}
	}
	if _, err := parseDate("October 23"); err == nil {
		t.Error("a date without a year was read")
	}
}
