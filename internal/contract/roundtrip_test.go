package contract

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"time"
)

// filler gives Go values of any contract type: every field set (full), or
// each left at its zero value with probability zeroP. Strings of enum
// types always take one of their constants, never "": the generated union
// promises the engine writes only those. Collections are cut off below
// maxDepth so recursive types end.
type filler struct {
	rnd      *rand.Rand
	zeroP    float64
	maxDepth int
	enums    map[reflect.Type][]string
	// nonNull says which fields must never be left nil.
	nonNull func(owner reflect.Type, sf reflect.StructField) bool
}

func (f *filler) value(t reflect.Type) reflect.Value {
	v := reflect.New(t).Elem()
	f.fill(v, 0)
	return v
}

func (f *filler) skip() bool { return f.zeroP >= 1 || f.zeroP > 0 && f.rnd.Float64() < f.zeroP }

func (f *filler) fill(v reflect.Value, depth int) {
	t := v.Type()
	switch t {
	case reflect.TypeFor[time.Time]():
		v.Set(reflect.ValueOf(time.Date(2024, 5, 6, 7, 8, 9, 0, time.UTC)))
		return
	case reflect.TypeFor[json.RawMessage]():
		v.SetBytes([]byte(`{"raw":[1,"two"]}`))
		return
	case reflect.TypeFor[json.Number]():
		v.SetString("12.5")
		return
	}
	switch t.Kind() {
	case reflect.Struct:
		for i := 0; i < t.NumField(); i++ {
			// A struct value is never left out, so it is always filled
			// (its own fields maybe zero); an enum is always set.
			fv := v.Field(i)
			if fv.CanSet() && (fv.Kind() == reflect.Struct || len(f.enums[fv.Type()]) > 0 || !f.skip()) {
				f.fill(fv, depth)
			}
			// A nonnull field is never nil, however empty.
			if fv.CanSet() && f.nonNull != nil && f.nonNull(t, t.Field(i)) && fv.IsNil() {
				switch fv.Kind() {
				case reflect.Slice:
					fv.Set(reflect.MakeSlice(fv.Type(), 0, 0))
				case reflect.Map:
					fv.Set(reflect.MakeMap(fv.Type()))
				case reflect.Pointer:
					p := reflect.New(fv.Type().Elem())
					f.fill(p.Elem(), depth+1)
					fv.Set(p)
				}
			}
		}
	case reflect.Pointer:
		if depth < f.maxDepth {
			p := reflect.New(t.Elem())
			f.fill(p.Elem(), depth+1)
			v.Set(p)
		}
	case reflect.Slice, reflect.Array:
		if depth >= f.maxDepth {
			return
		}
		n := v.Len()
		if t.Kind() == reflect.Slice {
			n = 1 + f.rnd.IntN(2)
			v.Set(reflect.MakeSlice(t, n, n))
		}
		for i := 0; i < n; i++ {
			f.fillElem(v.Index(i), depth+1)
		}
	case reflect.Map:
		if depth >= f.maxDepth {
			return
		}
		m := reflect.MakeMap(t)
		for i := range 1 + f.rnd.IntN(2) {
			k := reflect.New(t.Key()).Elem()
			switch {
			case t.Key().Kind() == reflect.String:
				k.SetString(fmt.Sprintf("key%d", i))
			case k.CanInt():
				k.SetInt(int64(i))
			default:
				panic("map key " + t.Key().String())
			}
			e := reflect.New(t.Elem()).Elem()
			f.fillElem(e, depth+1)
			m.SetMapIndex(k, e)
		}
		v.Set(m)
	case reflect.Interface:
		samples := []any{"text", 3.5, true, map[string]any{"nested": []any{1, "x", nil}}, []any{"a"}}
		v.Set(reflect.ValueOf(samples[f.rnd.IntN(len(samples))]))
	case reflect.String:
		if vals := f.enums[t]; len(vals) > 0 {
			v.SetString(vals[f.rnd.IntN(len(vals))])
		} else {
			v.SetString(fmt.Sprintf("s%d", f.rnd.IntN(100)))
		}
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(1 + f.rnd.Int64N(100))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		v.SetUint(1 + f.rnd.Uint64N(100))
	case reflect.Float32, reflect.Float64:
		v.SetFloat(0.5 + float64(f.rnd.IntN(100)))
	default:
		panic("cannot fill " + t.String())
	}
}

// fillElem fills a collection element. Pointer elements are never nil:
// the contract types them non-null (see Header).
func (f *filler) fillElem(v reflect.Value, depth int) {
	if v.Kind() == reflect.Pointer {
		p := reflect.New(v.Type().Elem())
		f.fill(p.Elem(), depth)
		v.Set(p)
		return
	}
	f.fill(v, depth)
}

// roundTrip marshals empty, full and randomly partial values of each root
// with encoding/json and checks every one against the TypeScript in code:
// no key the TypeScript does not declare, no required key missing, every
// value of its declared type. It then checks that the full values showed
// every declared property at least once, so the TypeScript declares
// nothing encoding/json never writes. It returns the disagreements.
// partials is how many randomly partial values each root gets.
func roundTrip(g *generator, code []byte, roots []Root, partials int) ([]string, error) {
	mod, err := parseTS(string(code))
	if err != nil {
		return nil, err
	}
	enums := map[reflect.Type][]string{}
	for rt, d := range g.decls {
		enums[rt] = d.enum
	}
	c := newChecker(mod)
	var problems, names []string
	for _, r := range roots {
		names = append(names, r.Name)
		failures := 0
		check := func(what string, v reflect.Value) error {
			data, err := json.Marshal(v.Interface())
			if err != nil {
				return fmt.Errorf("%s %s: marshal: %w", r.Name, what, err)
			}
			if errs := c.checkJSON(data, r.Name); len(errs) > 0 {
				if failures++; failures > 3 {
					return nil
				}
				if len(errs) > 5 {
					errs = append(errs[:5], "...")
				}
				if len(data) > 500 {
					data = append(data[:497:497], "..."...)
				}
				problems = append(problems, fmt.Sprintf("%s %s disagrees with the generated TypeScript:\n  %s\nJSON: %s",
					r.Name, what, strings.Join(errs, "\n  "), data))
			}
			return nil
		}
		// The emptiest value the engine writes: zero fields, enums set, and
		// a map root non-nil (the file holds an object, never null).
		empty := (&filler{rnd: rand.New(rand.NewPCG(0, 0)), zeroP: 1, enums: enums, nonNull: g.isNonNull}).value(r.Type)
		if r.Type.Kind() == reflect.Map {
			empty = reflect.MakeMap(r.Type)
		}
		if err := check("empty value", empty); err != nil {
			return nil, err
		}
		full := &filler{rnd: rand.New(rand.NewPCG(1, 2)), maxDepth: 4, enums: enums, nonNull: g.isNonNull}
		if err := check("fully populated value", full.value(r.Type)); err != nil {
			return nil, err
		}
		partial := &filler{rnd: rand.New(rand.NewPCG(3, 4)), zeroP: 0.4, maxDepth: 4, enums: enums, nonNull: g.isNonNull}
		for i := range partials {
			if err := check(fmt.Sprintf("partial value %d", i), partial.value(r.Type)); err != nil {
				return nil, err
			}
		}
	}
	for _, p := range mod.declaredProps(names...) {
		if !c.seen[p] {
			problems = append(problems, fmt.Sprintf("TypeScript declares %s, but no marshalled value had it", p))
		}
	}
	return problems, nil
}

// TestContractAgreesWithEncodingJSON checks the generator against
// encoding/json itself on the real contract, so that the two cannot
// silently disagree.
func TestContractAgreesWithEncodingJSON(t *testing.T) {
	g := newGenerator(Options()...)
	res, err := g.generate(Roots())
	if err != nil {
		t.Fatal(err)
	}
	problems, err := roundTrip(g, res.Code, Roots(), 200)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Error(p)
	}
}

// TestRoundTripCatchesDisagreements breaks the generated TypeScript in the
// ways a wrong generator would, and expects the round trip to notice each.
func TestRoundTripCatchesDisagreements(t *testing.T) {
	g := newGenerator(Options()...)
	res, err := g.generate(Roots())
	if err != nil {
		t.Fatal(err)
	}
	code := string(res.Code)
	for _, tc := range []struct{ name, old, new, want string }{
		{"nil pointer typed non-null", "  isCloseable: boolean | null;\n", "  isCloseable: boolean;\n", "is not boolean"},
		{"omitempty typed required", "  noIndex?: boolean;\n", "  noIndex: boolean;\n", `lacks key "noIndex"`},
		{"property missing", "  canonical: string;\n", "", `JSON has key "canonical"`},
		{"property never written", "  canonical: string;\n", "  canonical: string;\n  canonicalUrl?: string;\n", "declares PageData.canonicalUrl"},
		{"wrong primitive", "  level: number;\n", "  level: string;\n", "is not string"},
		{"enum member missing", `  | "generated-index"` + "\n", "", `is none of "doc"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if strings.Count(code, tc.old) != 1 {
				t.Fatalf("the generated code does not hold %q exactly once", tc.old)
			}
			problems, err := roundTrip(g, []byte(strings.Replace(code, tc.old, tc.new, 1)), Roots(), 20)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(strings.Join(problems, "\n"), tc.want) {
				t.Errorf("round trip missed the break; want a problem containing %q, got:\n%s", tc.want, strings.Join(problems, "\n"))
			}
		})
	}
}
