package search

import (
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// tokenizeVector is one case of testdata/tokenize.json, the file the
// TypeScript tokenizer is tested against too.
type tokenizeVector struct {
	Input string   `json:"input"`
	Terms []string `json:"terms"`
}

func TestTokenizeMatchesSharedVectors(t *testing.T) {
	data, err := os.ReadFile("testdata/tokenize.json")
	if err != nil {
		t.Fatal(err)
	}
	var vectors []tokenizeVector
	if err := json.Unmarshal(data, &vectors); err != nil {
		t.Fatalf("parse testdata/tokenize.json: %v", err)
	}
	if len(vectors) < 40 {
		t.Errorf("testdata/tokenize.json has %d vectors, want at least 40", len(vectors))
	}
	for _, v := range vectors {
		t.Run(v.Input, func(t *testing.T) {
			got := indexTerms(Tokenize(v.Input))
			want := v.Terms
			if want == nil {
				want = []string{}
			}
			if !slices.Equal(got, want) {
				t.Errorf("Tokenize(%q)\n got %q\nwant %q", v.Input, got, want)
			}
		})
	}
}

// indexTerms spells terms as the index and the vectors file do ("=" before
// identifiers), duplicates removed with the first occurrence kept.
func indexTerms(terms []Term) []string {
	seen := map[string]bool{}
	out := []string{}
	for _, term := range terms {
		s := term.Text
		if term.Identifier {
			s = identifierPrefix + s
		}
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

func TestTokenizeKeepsDuplicatesAndKinds(t *testing.T) {
	tests := []struct {
		name  string
		input string
		want  []Term
	}{
		{"repeated word counts twice", "record records", []Term{{Text: "record"}, {Text: "record"}}},
		{"identifier without prefix", "$everything", []Term{{Text: "$everything", Identifier: true}, {Text: "everyth"}}},
		{"camelCase part equal to another", "dataData", []Term{{Text: "datadata"}, {Text: "data"}, {Text: "data"}}},
		{"empty input", "", []Term{}},
		{"only punctuation", "... --- $$ |", []Term{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Tokenize(tt.input); !slices.Equal(got, tt.want) {
				t.Errorf("Tokenize(%q) = %v, want %v", tt.input, got, tt.want)
			}
		})
	}
}

func TestIdentifierLengthLimit(t *testing.T) {
	tests := []struct {
		length int
		kept   bool
	}{
		{119, true},
		{120, true},
		{121, false},
		{400, false},
	}
	for _, tt := range tests {
		// "é" is two bytes: the limit counts characters, not bytes.
		token := "_" + strings.Repeat("é", tt.length-1)
		hasIdentifier := slices.ContainsFunc(Tokenize(token), func(term Term) bool { return term.Identifier })
		if hasIdentifier != tt.kept {
			t.Errorf("identifier of %d characters kept = %v, want %v", tt.length, hasIdentifier, tt.kept)
		}
	}
}

func TestCountRawTokens(t *testing.T) {
	tests := []struct {
		input string
		want  int
	}{
		{"", 0},
		{"The Patient resource.", 3},
		{"a b c", 3},
		{"$ npm install -- --save", 3},
		{"Patient.birthDate = 1970-01-01", 2},
	}
	for _, tt := range tests {
		if got := countRawTokens(tt.input); got != tt.want {
			t.Errorf("countRawTokens(%q) = %d, want %d", tt.input, got, tt.want)
		}
	}
}

func BenchmarkTokenize(b *testing.B) {
	text := strings.Repeat("Search the Patient.birthDate of patients with $export and valueCodeableConcept. ", 100)
	a := newAnalyzer()
	var terms []string
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		terms = a.appendTerms(terms[:0], text)
	}
}

// FuzzTokenize checks the invariants every term must keep, whatever the
// input: the query side relies on them when it compares and slices terms.
func FuzzTokenize(f *testing.F) {
	data, err := os.ReadFile("testdata/tokenize.json")
	if err != nil {
		f.Fatal(err)
	}
	var vectors []tokenizeVector
	if err := json.Unmarshal(data, &vectors); err != nil {
		f.Fatal(err)
	}
	for _, v := range vectors {
		f.Add(v.Input)
	}
	f.Fuzz(func(t *testing.T, input string) {
		for _, term := range Tokenize(input) {
			n := utf8.RuneCountInString(term.Text)
			switch {
			case !utf8.ValidString(term.Text) || !norm.NFC.IsNormalString(term.Text):
				t.Fatalf("term %q is not valid NFC", term.Text)
			case strings.IndexFunc(term.Text, func(r rune) bool { return !isTokenRune(r) }) >= 0:
				t.Fatalf("term %q has a character outside tokens", term.Text)
			case term.Identifier && n > maxIdentifierLength:
				t.Fatalf("identifier %q is %d characters long", term.Text, n)
			case !term.Identifier && (n < 2 || isStopWord(term.Text) || hasSpecial(term.Text)):
				t.Fatalf("word %q should have been dropped or split", term.Text)
			}
		}
	})
}
