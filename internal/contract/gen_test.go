package contract

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/portaldocs/portal/internal/contract/internal/fixture"
	"github.com/portaldocs/portal/internal/contract/internal/fixture/badenum"
)

var fixtureRoots = []Root{
	{Name: "Sample", Type: reflect.TypeFor[fixture.Sample]()},
	{Name: "Tree", Type: reflect.TypeFor[fixture.Tree]()},
}

func generateFixture(t *testing.T) (*generator, *Result) {
	t.Helper()
	g := newGenerator()
	res, err := g.generate(fixtureRoots)
	if err != nil {
		t.Fatal(err)
	}
	return g, res
}

// declaration cuts one exported declaration, with its doc comment, out of
// generated code.
func declaration(t *testing.T, code, name string) string {
	t.Helper()
	for _, block := range strings.Split(code, "\n\n") {
		if strings.Contains(block, "\nexport interface "+name+" ") || strings.Contains(block, "\nexport type "+name+" ") {
			return strings.TrimRight(block, "\n") + "\n"
		}
	}
	t.Fatalf("no declaration of %s in:\n%s", name, code)
	return ""
}

// TestMappingRules pins how each encoding/json rule maps to TypeScript,
// on one struct that uses them all (see internal/fixture).
func TestMappingRules(t *testing.T) {
	_, res := generateFixture(t)
	got := declaration(t, string(res.Code), "Sample")
	want := `/**
 * Sample exercises every mapping rule.
 *
 * Go: fixture.Sample
 */
export interface Sample {
  /** ID identifies the thing. */
  id: string;
  /** Name loses to nothing: it is only declared here. */
  name: string;
  note?: string;
  depth: number;
  /** Items shadows Base.Items: shallower wins. */
  items?: number[];
  /** Ptr is a pointer without omitempty. */
  ptr: Base | null;
  optPtr?: Base;
  slice: Base[] | null;
  ptrs: Base[] | null;
  map: Record<string, number> | null;
  optMap?: Record<string, Base>;
  any: unknown;
  when: string;
  color: Color;
  level?: Level;
  size: Size;
  count: string;
  quoted: string | null;
  tags: Tags | null;
  bytes: string | null;
  nested: string[][] | null;
  grid: number[];
  raw?: unknown;
  num: number;
  /** Struct keeps omitempty, which encoding/json ignores on structs. */
  struct: Base;
  zero?: Base;
  anon: {
    /** X is documented inside an anonymous struct. */
    x: number;
  };
  "aria-label": string;
  /** marshals as "Untagged" */
  Untagged: string;
  OnlyOpts?: string;
  /** Always is a slice the engine always sets. */
  always: string[];
  link: FixtureLink;
  otherLink: OtherLink;
}
`
	if got != want {
		t.Errorf("Sample:\n%s\nwant:\n%s\ndiff:\n%s", got, want, unifiedDiff(want, got, 2, 60))
	}
}

func TestNamedTypes(t *testing.T) {
	g, res := generateFixture(t)
	code := string(res.Code)
	for name, want := range map[string]string{
		// Constants of the type, in source order, each value once, unexported
		// ones included (the JSON can hold them), conversions evaluated.
		"Color": "export type Color =\n  | \"red\"\n  | \"green\"\n  | \"blue\"\n  | \"teal\";\n",
		// No constants: the alias keeps the name and the doc.
		"Level": "export type Level = string;\n",
		// Number constants do not make a union (they may be flags).
		"Size": "export type Size = number;\n",
		// A named slice is an alias of the non-null array; uses add | null.
		"Tags": "export type Tags = string[];\n",
		// Names that collide take the package name as prefix.
		"FixtureLink": "export interface FixtureLink {\n  href: string;\n}\n",
		"OtherLink":   "export interface OtherLink {\n  url: string;\n}\n",
		// Recursion terminates.
		"Tree": "export interface Tree {\n  children?: Tree[];\n}\n",
	} {
		if got := declaration(t, code, name); !strings.HasSuffix(got, want) {
			t.Errorf("%s:\n%s\nwant it to end with:\n%s", name, got, want)
		}
	}
	if got := declaration(t, code, "Color"); !strings.HasPrefix(got, "/**\n * Color is a colour name.\n *\n * Go: fixture.Color\n */\n") {
		t.Errorf("Color's doc comment:\n%s", got)
	}
	if got := g.decls[reflect.TypeFor[fixture.Color]()].enum; !slices.Equal(got, []string{"red", "green", "blue", "teal"}) {
		t.Errorf("Color enum = %q", got)
	}
	// Only embedded, never referenced: flattened, not declared.
	for _, name := range []string{"Middle", "Deep", "Extra", "Left", "Right"} {
		if strings.Contains(code, "export interface "+name+" ") {
			t.Errorf("%s is declared, but is only embedded", name)
		}
	}
}

func TestWarnings(t *testing.T) {
	_, res := generateFixture(t)
	want := []string{
		"fixture.Sample.Grid: omitempty has no effect on a field of kind array",
		`fixture.Sample.OnlyOpts has no json name, so it marshals as "OnlyOpts"`,
		"fixture.Sample.Struct: omitempty has no effect on a field of kind struct",
		`fixture.Sample.Untagged has no json name, so it marshals as "Untagged"`,
		`fixture.Sample: several fields at the same depth are named "Clash", so encoding/json drops them all`,
	}
	all := strings.Join(res.Warnings, "\n")
	for _, w := range want {
		if !strings.Contains(all, w) {
			t.Errorf("no warning %q in:\n%s", w, all)
		}
	}
	if len(res.Warnings) != len(want) {
		t.Errorf("%d warnings, want %d:\n%s", len(res.Warnings), len(want), all)
	}
}

// TestFixtureAgreesWithEncodingJSON runs the round trip on the fixture,
// whose corner cases the real contract does not all have.
func TestFixtureAgreesWithEncodingJSON(t *testing.T) {
	g, res := generateFixture(t)
	problems, err := roundTrip(g, res.Code, fixtureRoots, 200)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Error(p)
	}
}

func TestOutputIsDeterministic(t *testing.T) {
	_, first := generateFixture(t)
	reversed := slices.Clone(fixtureRoots)
	slices.Reverse(reversed)
	for range 3 {
		res, err := Generate(reversed)
		if err != nil {
			t.Fatal(err)
		}
		if string(res.Code) != string(first.Code) {
			t.Fatalf("output depends on root order or run:\n%s", unifiedDiff(string(first.Code), string(res.Code), 2, 40))
		}
	}
	if !strings.HasPrefix(string(first.Code), "// Code generated by cmd/contractgen; DO NOT EDIT.\n") {
		t.Error("missing the generated-code header")
	}
}

func TestGenerateErrors(t *testing.T) {
	type withChan struct {
		C chan int `json:"c"`
	}
	type withStructKey struct {
		M map[struct{ A int }]string `json:"m"`
	}
	for _, tc := range []struct {
		name  string
		roots []Root
		want  string
		opts  []Option
	}{
		{"unnamed root", []Root{{Name: "M", Type: reflect.TypeFor[map[string]int]()}}, "not a named type", nil},
		{"bad root name", []Root{{Name: "not-ts", Type: reflect.TypeFor[fixture.Tree]()}}, "not a TypeScript identifier", nil},
		{"root name twice", []Root{{Name: "A", Type: reflect.TypeFor[fixture.Tree]()}, {Name: "A", Type: reflect.TypeFor[fixture.Base]()}}, "root name A used for both", nil},
		{"type twice", []Root{{Name: "A", Type: reflect.TypeFor[fixture.Tree]()}, {Name: "B", Type: reflect.TypeFor[fixture.Tree]()}}, "is a root twice", nil},
		{"channel", []Root{{Name: "C", Type: reflect.TypeFor[withChan]()}}, "cannot marshal a chan", nil},
		{"struct map key", []Root{{Name: "S", Type: reflect.TypeFor[withStructKey]()}}, "cannot marshal maps keyed by", nil},
		{"unevaluable constant", []Root{{Name: "H", Type: reflect.TypeFor[badenum.Holder]()}}, "cannot evaluate constants Remote", nil},
		{"nonnull on a non-nilable field", []Root{{Name: "T", Type: reflect.TypeFor[fixture.Link]()}}, "marked nonnull, but a string cannot be nil",
			[]Option{WithNonNull(reflect.TypeFor[fixture.Link](), "Href")}},
		{"nonnull on a missing field", []Root{{Name: "T", Type: reflect.TypeFor[fixture.Tree]()}}, "has no field Nope",
			[]Option{WithNonNull(reflect.TypeFor[fixture.Tree](), "Nope")}},
		{"root name taken by a reached type", []Root{{Name: "Base", Type: reflect.TypeFor[fixture.Tree]()}, {Name: "Sample", Type: reflect.TypeFor[fixture.Sample]()}}, "", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := Generate(tc.roots, tc.opts...)
			if tc.want == "" {
				if err != nil {
					t.Fatal(err)
				}
				// fixture.Base gives way to the root: it takes its package prefix.
				if !strings.Contains(string(res.Code), "export interface FixtureBase {") {
					t.Errorf("fixture.Base not renamed:\n%s", res.Code)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error = %v, want it to contain %q", err, tc.want)
			}
		})
	}
}

// TestJSONFieldsMatchEncodingJSON compares the field selection with the
// keys encoding/json writes, in order, for a fully populated fixture.
func TestJSONFieldsMatchEncodingJSON(t *testing.T) {
	fields, ambiguous := jsonFields(reflect.TypeFor[fixture.Sample]())
	var names []string
	for _, f := range fields {
		names = append(names, f.name)
	}
	want := []string{"id", "name", "note", "depth", "items", "ptr", "optPtr", "slice", "ptrs", "map", "optMap",
		"any", "when", "color", "level", "size", "count", "quoted", "tags", "bytes", "nested", "grid", "raw", "num",
		"struct", "zero", "anon", "aria-label", "Untagged", "OnlyOpts", "always", "link", "otherLink"}
	if !slices.Equal(names, want) {
		t.Errorf("fields:\n%q\nwant:\n%q", names, want)
	}
	// And encoding/json writes exactly these keys, in this order.
	full := &filler{rnd: rand.New(rand.NewPCG(1, 2)), maxDepth: 2}
	data, err := json.Marshal(full.value(reflect.TypeFor[fixture.Sample]()).Interface())
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	dec := json.NewDecoder(bytes.NewReader(data))
	if _, err := dec.Token(); err != nil { // {
		t.Fatal(err)
	}
	for dec.More() {
		k, err := dec.Token()
		if err != nil {
			t.Fatal(err)
		}
		keys = append(keys, k.(string))
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			t.Fatal(err)
		}
	}
	if !slices.Equal(keys, want) {
		t.Errorf("encoding/json wrote keys:\n%q\nwant:\n%q", keys, want)
	}
	if !slices.Equal(ambiguous, []string{"Clash"}) {
		t.Errorf("ambiguous = %q", ambiguous)
	}
}
