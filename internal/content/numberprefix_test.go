package content

import "testing"

func TestStripNumberPrefix(t *testing.T) {
	cases := []struct {
		in, name string
		pos      float64 // -1: no prefix
	}{
		{"01-intro", "intro", 1},
		{"1_intro", "intro", 1},
		{"1.intro", "intro", 1},
		{"003 - intro", "intro", 3},
		{"2021-10-foo", "2021-10-foo", -1},
		{"7.0-foo", "7.0-foo", -1},
		{"intro", "intro", -1},
		{"10-", "10-", -1},
	}
	for _, c := range cases {
		name, pos := StripNumberPrefix(c.in)
		gotPos := -1.0
		if pos != nil {
			gotPos = *pos
		}
		if name != c.name || gotPos != c.pos {
			t.Errorf("StripNumberPrefix(%q) = %q, %v; want %q, %v", c.in, name, gotPos, c.name, c.pos)
		}
	}
}

func TestComputeSlug(t *testing.T) {
	cases := []struct {
		fmSlug, baseID, dir string
		index               bool
		want                string
	}{
		{"", "intro", ".", false, "/intro"},
		{"/", "intro", ".", false, "/"},
		{"", "authorization", "getting-started", false, "/getting-started/authorization"},
		{"", "index", "api/fhir", true, "/api/fhir/"},
		{"custom", "x", "a", false, "/a/custom"},
		{"/abs/path", "x", "a", false, "/abs/path"},
	}
	for _, c := range cases {
		got, err := computeSlug(c.fmSlug, c.baseID, c.dir, c.index)
		if err != nil || got != c.want {
			t.Errorf("computeSlug(%q,%q,%q,%v) = %q, %v; want %q", c.fmSlug, c.baseID, c.dir, c.index, got, err, c.want)
		}
	}
}
