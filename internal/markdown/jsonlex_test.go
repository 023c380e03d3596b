package markdown

import (
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/lexers"
)

// jsonLexerCases are the corners of chroma's JSON rules: each is lexed by
// both lexers, and where jsonTokens answers it must answer as chroma does.
var jsonLexerCases = []struct {
	name, code string
	// fast says whether jsonTokens must answer (not hand it to chroma).
	fast bool
}{
	{"empty", "", true},
	{"whitespace only", " \t\n\v\f ", true},
	{"object", "{\n  \"resourceType\": \"Patient\",\n  \"id\": \"p1\"\n}\n", true},
	{"nested", `{"a":[1,{"b":[true,false,null]},[]],"c":{}}`, true},
	{"adjacent punctuation", `[[[{}]],{"a":{"b":{}}}]`, true},
	{"numbers", `[0, -0, 12, -340, 1.5, -0.25, 1e5, 1E+5, 2e-3, 1.5e10, 1.5E-2]`, true},
	{"leading zero", `[01.5, 00, 0123]`, true},
	{"incomplete exponent", `[1.5e+]`, false},
	{"lone minus", `[-]`, false},
	{"keywords need a boundary", `[true_, nullx]`, false},
	{"keyword at end", `true`, true},
	{"escapes", `{"a\"b": "c\\", "d": "\u00e9\n\t\\\"", "e": "\\\\"}`, true},
	{"string spans lines", "[\"one\ntwo\"]", true},
	{"unterminated string", `{"a": "b`, false},
	{"unterminated after escaped quote", `["a\"]`, false},
	{"non-ASCII in strings", `{"name": "Zoë Ünal", "text": "诊断 ✓"}`, true},
	{"non-ASCII outside strings", "[1٣]", false},
	{"non-breaking space outside strings", "{\u00a0}", false},
	{"comments", "{\n  // a comment\n  \"a\": 1 // another\n}\n", true},
	{"comment without newline", `{"a": 1} // end`, false},
	{"carriage returns", "{\r\n  \"a\": 1\r\n}\r\n", false},
	{"carriage return in a string", "[\"a\rb\"]", false},
	{"invalid UTF-8", "[\"\xff\"]", false},
	{"closing brace at root", `}`, false},
	{"closing bracket in an object", `{"a": ]}`, false},
	{"colon in an array", `[1:2]`, false},
	{"values in any order after a name", `{"a" 1 "b" : : 2 , "c" }`, true},
	{"json lines", "{\"a\": 1}\n{\"a\": 2}\n[3]\n", true},
	{"scalars at root", `"text" 12 null`, true},
	{"long string", `["` + strings.Repeat("x", 10000) + `"]`, true},
	{"long runs to coalesce", strings.Repeat("[", 9000) + strings.Repeat("]", 9000), true},
	{"long integer run", `[` + strings.Repeat("0", 9000) + `]`, true},
}

func chromaJSONTokens(t testing.TB, code string) []chroma.Token {
	t.Helper()
	iterator, err := chroma.Coalesce(lexers.Get("json")).Tokenise(nil, code)
	if err != nil {
		t.Fatalf("chroma: %v", err)
	}
	return iterator.Tokens()
}

// checkJSONTokens fails when jsonTokens answers differently from chroma,
// and returns whether it answered.
func checkJSONTokens(t testing.TB, code string) bool {
	t.Helper()
	got, ok := jsonTokens(code)
	if !ok {
		return false
	}
	if want := chromaJSONTokens(t, code); !reflect.DeepEqual(got, want) {
		t.Errorf("jsonTokens(%.200q) differs from chroma's JSON lexer:\n got  %.600v\n want %.600v", code, got, want)
	}
	return true
}

func TestJSONTokensAreChromas(t *testing.T) {
	for _, tc := range jsonLexerCases {
		t.Run(tc.name, func(t *testing.T) {
			if answered := checkJSONTokens(t, tc.code); answered != tc.fast {
				t.Errorf("jsonTokens answered: %v, want %v", answered, tc.fast)
			}
		})
	}
}

// TestJSONTokensOnRealJSON lexes HL7's conformance resources and every
// JSON block of the portal's own pages both ways.
func TestJSONTokensOnRealJSON(t *testing.T) {
	var sources []string
	err := filepath.WalkDir("../../../shared/testdata/fhir", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".json") {
			return err
		}
		info, err := d.Info()
		// chroma's expressions give up after 250 ms, which a very large
		// file can reach on a slow machine.
		if err != nil || info.Size() > 200_000 {
			return err
		}
		data, err := os.ReadFile(path)
		sources = append(sources, string(data))
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	fence := regexp.MustCompile("(?ms)^```json[^\\n]*\\n(.*?)^```")
	err = filepath.WalkDir("../../site/docs", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".md") && !strings.HasSuffix(path, ".mdx") {
			return err
		}
		data, err := os.ReadFile(path)
		for _, m := range fence.FindAllStringSubmatch(string(data), -1) {
			sources = append(sources, m[1])
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(sources) < 60 {
		t.Fatalf("found %d JSON sources, want the FHIR test data and the portal's blocks", len(sources))
	}
	for _, code := range sources {
		if !checkJSONTokens(t, code) {
			t.Errorf("jsonTokens handed valid JSON to chroma: %.200q", code)
		}
	}
}

func FuzzJSONTokens(f *testing.F) {
	for _, tc := range jsonLexerCases {
		f.Add(tc.code)
	}
	f.Fuzz(func(t *testing.T, code string) {
		// chroma's string expression backtracks exponentially on a long
		// run of backslashes in an unterminated string, and gives up after
		// 250 ms with error tokens: such inputs measure chroma, not
		// jsonTokens. The long cases are TestJSONTokensAreChromas'.
		if len(code) > 1024 || strings.Count(code, `\`) > 16 {
			t.Skip("too slow for chroma")
		}
		checkJSONTokens(t, code)
	})
}
