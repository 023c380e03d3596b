package contract

import (
	"cmp"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"unicode"
)

// jsonField is one property of a struct's JSON object, chosen exactly as
// encoding/json chooses it (encoding/json's typeFields): tag names, "-",
// unexported fields, embedded structs flattened breadth first, and Go's
// rules for which of several same-named fields survives.
type jsonField struct {
	name   string
	tagged bool
	index  []int
	sf     reflect.StructField
	// owner is the struct type that declares the field (the root struct or
	// an embedded one), for its doc comment.
	owner reflect.Type
	// viaPointer: the field is promoted through an embedded pointer, and
	// encoding/json leaves it out altogether when that pointer is nil.
	viaPointer bool
	omitEmpty  bool
	omitZero   bool
	// quoted: the ",string" option, which writes a number or boolean
	// inside a JSON string.
	quoted bool
}

// jsonFields lists t's JSON properties in the order encoding/json writes
// them. ambiguous receives the names encoding/json drops because two fields
// at the same depth claim them.
func jsonFields(t reflect.Type) (fields []jsonField, ambiguous []string) {
	type level struct {
		typ        reflect.Type
		index      []int
		viaPointer bool
	}
	var current []level
	next := []level{{typ: t}}
	var count, nextCount map[reflect.Type]int
	visited := map[reflect.Type]bool{}

	for len(next) > 0 {
		current, next = next, current[:0]
		count, nextCount = nextCount, map[reflect.Type]int{}
		for _, f := range current {
			if visited[f.typ] {
				continue
			}
			visited[f.typ] = true
			for i := 0; i < f.typ.NumField(); i++ {
				sf := f.typ.Field(i)
				if sf.Anonymous {
					et := sf.Type
					if et.Kind() == reflect.Pointer {
						et = et.Elem()
					}
					if !sf.IsExported() && et.Kind() != reflect.Struct {
						continue
					}
				} else if !sf.IsExported() {
					continue
				}
				tag := sf.Tag.Get("json")
				if tag == "-" {
					continue
				}
				name, opts, _ := strings.Cut(tag, ",")
				if !isValidTag(name) {
					name = ""
				}
				index := append(slices.Clone(f.index), i)
				ft := sf.Type
				if ft.Name() == "" && ft.Kind() == reflect.Pointer {
					ft = ft.Elem()
				}
				quoted := false
				if hasOption(opts, "string") {
					switch ft.Kind() {
					case reflect.Bool,
						reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
						reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
						reflect.Float32, reflect.Float64,
						reflect.String:
						quoted = true
					}
				}
				if name != "" || !sf.Anonymous || ft.Kind() != reflect.Struct {
					tagged := name != ""
					if name == "" {
						name = sf.Name
					}
					jf := jsonField{name: name, tagged: tagged, index: index, sf: sf, owner: f.typ,
						viaPointer: f.viaPointer, omitEmpty: hasOption(opts, "omitempty"),
						omitZero: hasOption(opts, "omitzero"), quoted: quoted}
					fields = append(fields, jf)
					if count[f.typ] > 1 {
						// The same struct reached twice at this depth: its
						// fields annihilate each other, as in encoding/json.
						fields = append(fields, jf)
					}
					continue
				}
				nextCount[ft]++
				if nextCount[ft] == 1 {
					next = append(next, level{typ: ft, index: index,
						viaPointer: f.viaPointer || sf.Type.Kind() == reflect.Pointer})
				}
			}
		}
	}

	slices.SortFunc(fields, func(a, b jsonField) int {
		if c := strings.Compare(a.name, b.name); c != 0 {
			return c
		}
		if c := cmp.Compare(len(a.index), len(b.index)); c != 0 {
			return c
		}
		if a.tagged != b.tagged {
			if a.tagged {
				return -1
			}
			return +1
		}
		return slices.Compare(a.index, b.index)
	})
	out := fields[:0]
	for advance, i := 0, 0; i < len(fields); i += advance {
		fi := fields[i]
		for advance = 1; i+advance < len(fields) && fields[i+advance].name == fi.name; advance++ {
		}
		group := fields[i : i+advance]
		// The shallowest field wins, a tagged one over an untagged one at
		// the same depth; two equal claimants cancel out.
		if len(group) > 1 && len(group[0].index) == len(group[1].index) && group[0].tagged == group[1].tagged {
			ambiguous = append(ambiguous, fi.name)
			continue
		}
		out = append(out, fi)
	}
	fields = out
	slices.SortFunc(fields, func(a, b jsonField) int { return slices.Compare(a.index, b.index) })
	return fields, ambiguous
}

func hasOption(opts, want string) bool {
	for opts != "" {
		var o string
		o, opts, _ = strings.Cut(opts, ",")
		if o == want {
			return true
		}
	}
	return false
}

// isValidTag is encoding/json's test of a usable tag name; an invalid one
// makes the field fall back to its Go name.
func isValidTag(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		switch {
		case strings.ContainsRune("!#$%&()*+-./:;<=>?@[]^_{|}~ ", c):
		case !unicode.IsLetter(c) && !unicode.IsDigit(c):
			return false
		}
	}
	return true
}

// describe names a field for messages: Type.Field.
func (f jsonField) describe() string {
	return fmt.Sprintf("%s.%s", typeString(f.owner), f.sf.Name)
}
