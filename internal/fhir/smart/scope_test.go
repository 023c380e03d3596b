package smart

import (
	"strings"
	"testing"
)

func mustServer(t *testing.T, capabilities []string, supported ...string) Server {
	t.Helper()
	s := Server{Capabilities: capabilities}
	for _, raw := range supported {
		sc, err := Parse(raw)
		if err != nil {
			t.Fatal(err)
		}
		s.Supported = append(s.Supported, sc)
	}
	return s
}

func TestParse(t *testing.T) {
	cases := []struct {
		raw, v2, err string
	}{
		{raw: "patient/Observation.rs", v2: "patient/Observation.rs"},
		{raw: "patient/Observation.read", v2: "patient/Observation.rs"},
		{raw: "user/*.write", v2: "user/*.cud"},
		{raw: "system/*.*", v2: "system/*.cruds"},
		{raw: "patient/Condition.rs?category=http://x|b&a=1", v2: "patient/Condition.rs?a=1&category=http://x|b"},
		{raw: "launch/patient", v2: "launch/patient"},
		{raw: "openid", v2: "openid"},
		{raw: "patient/Observation.sr", err: "order c, r, u, d, s"},
		{raw: "patient/Observation.rr", err: "order c, r, u, d, s"},
		{raw: "patient/Observation.readx", err: "neither"},
		{raw: "patient/observation.rs", err: "not a SMART resource scope"},
		{raw: "patient/Observation.read?category=x", err: "take no ?query"},
	}
	for _, c := range cases {
		sc, err := Parse(c.raw)
		switch {
		case c.err != "":
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("Parse(%q) error = %v, want %q", c.raw, err, c.err)
			}
		case err != nil:
			t.Errorf("Parse(%q): %v", c.raw, err)
		case sc.V2() != c.v2:
			t.Errorf("Parse(%q).V2() = %q, want %q", c.raw, sc.V2(), c.v2)
		}
	}
}

func TestGrants(t *testing.T) {
	v2 := mustServer(t, []string{"permission-v2", "permission-v1"},
		"openid", "launch/patient", "patient/*.rs", "patient/Medication.r", "user/Observation.rs",
		"user/Condition.rs?category=http://terminology.hl7.org/CodeSystem/condition-category|problem-list-item")
	v2only := mustServer(t, []string{"permission-v2"}, "patient/Observation.rs", "patient/Medication.r")
	v1server := mustServer(t, []string{"launch-ehr"}, "launch", "user/*.read", "user/Observation.write")
	cases := []struct {
		name    string
		server  Server
		scope   string
		ok      bool
		nearest string
	}{
		{"listed literally", v2, "openid", true, ""},
		{"unknown plain scope", v2, "launch/encounter", false, "launch/patient"},
		{"wildcard grants a type", v2, "patient/Observation.rs", true, ""},
		{"wildcard grants fewer permissions", v2, "patient/Observation.r", true, ""},
		{"a type listed on its own is granted what its entry says", v2, "patient/Medication.rs", false, "patient/Medication.r"},
		{"a type listed on its own, within its entry", v2, "patient/Medication.r", true, ""},
		{"wildcard request needs a wildcard", v2, "user/*.rs", false, ""},
		{"more permissions than granted", v2only, "patient/Medication.rs", false, "patient/Medication.r"},
		{"context differs", v2, "system/Observation.rs", false, ""},
		{"v1 on a permission-v1 server maps to v2", v2, "patient/Observation.read", true, ""},
		{"v1 without permission-v1", v2only, "patient/Observation.read", false, "patient/Observation.rs"},
		{"v1 mapped but not granted", v2, "user/Observation.write", false, "user/Observation.rs"},
		{"restricted scope grants only its restriction", v2,
			"user/Condition.rs?category=http://terminology.hl7.org/CodeSystem/condition-category|problem-list-item", true, ""},
		{"restricted scope does not grant all", v2, "user/Condition.rs", false, ""},
		{"v1 server grants v1", v1server, "user/Patient.read", true, ""},
		{"v1 server grants write", v1server, "user/Observation.write", true, ""},
		{"v1 server refuses v2 syntax", v1server, "user/Patient.rs", false, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			sc, err := Parse(c.scope)
			if err != nil {
				t.Fatal(err)
			}
			ok, why, nearest := c.server.Grants(sc)
			if ok != c.ok {
				t.Fatalf("Grants(%s) = %v (%s), want %v", c.scope, ok, why, c.ok)
			}
			if !ok && why == "" {
				t.Errorf("refusal without a reason")
			}
			if c.nearest != "" && nearest != c.nearest {
				t.Errorf("nearest = %q, want %q", nearest, c.nearest)
			}
		})
	}
}

func TestFields(t *testing.T) {
	got := Fields("launch%2Fpatient%20openid+patient%2F*.rs")
	if strings.Join(got, ",") != "launch/patient,openid,patient/*.rs" {
		t.Errorf("Fields = %q", got)
	}
}
