// Package binenctest helps test binary record codecs (binenc): a field a
// codec leaves out shows in a round trip of a value whose every field is
// set.
package binenctest

import (
	"fmt"
	"reflect"
)

// FillEveryField sets every field reachable from v (a settable value) to
// a value other than its zero: each string to one of its own, each number
// to one of its own, bools to true, every list to two items. It panics on
// a kind it does not know, so that a new kind of field is taught to the
// codec and to it.
func FillEveryField(v reflect.Value) { fill(v, v.Type().Name()) }

func fill(v reflect.Value, path string) {
	switch v.Kind() {
	case reflect.String:
		v.SetString("«" + path + "»")
	case reflect.Int, reflect.Int64, reflect.Int32:
		v.SetInt(int64(len(path)) + 1)
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Struct:
		for i := range v.NumField() {
			fill(v.Field(i), path+"."+v.Type().Field(i).Name)
		}
	case reflect.Slice:
		v.Set(reflect.MakeSlice(v.Type(), 2, 2))
		for i := range 2 {
			fill(v.Index(i), fmt.Sprintf("%s[%d]", path, i))
		}
	default:
		panic(fmt.Sprintf("binenctest: a field of kind %s at %s", v.Kind(), path))
	}
}
