package validate

import (
	"encoding/json"
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/fhir/model"
)

type publicationEntry struct {
	FullURL  string         `json:"fullUrl"`
	Resource map[string]any `json:"resource"`
	Request  any            `json:"request"`
	Response any            `json:"response"`
	Search   any            `json:"search"`
}

// Publication checks one published file.
func Publication(f *model.File) []diag.Diagnostic {
	if f.ResourceType != "Bundle" {
		return nil
	}
	var b struct {
		Type  string             `json:"type"`
		Total *json.Number       `json:"total"`
		Entry []publicationEntry `json:"entry"`
	}
	if json.Unmarshal(f.Raw, &b) != nil {
		return nil // reported when the file was loaded
	}
	var diags []diag.Diagnostic
	fail := func(at, hint, format string, args ...any) {
		diags = append(diags, diag.Diagnostic{File: f.Path, Line: f.Line(at), Severity: diag.Error,
			Message: "publication Bundle: " + fmt.Sprintf(format, args...), Hint: hint})
	}
	warn := func(at, hint, format string, args ...any) {
		diags = append(diags, diag.Diagnostic{File: f.Path, Line: f.Line(at), Severity: diag.Warning,
			Message: "publication Bundle: " + fmt.Sprintf(format, args...), Hint: hint})
	}
	if b.Type != "collection" {
		fail("type", `write "type": "collection"`, "type is %q; a service base URL publication is a collection", b.Type)
	}
	if b.Total != nil {
		fail("total", "remove total", "total is not allowed in a collection Bundle")
	}
	type entryRef struct {
		index    int
		resource map[string]any
	}
	byFullURL := map[string]int{}
	var orgs, endpoints []entryRef
	for i, e := range b.Entry {
		at := "entry[" + strconv.Itoa(i) + "]"
		if e.Resource == nil {
			fail(at, "give every entry a resource", "entry %d has no resource", i)
			continue
		}
		for _, x := range []struct {
			name  string
			value any
		}{{"request", e.Request}, {"response", e.Response}, {"search", e.Search}} {
			if x.value != nil {
				fail(at+"."+x.name, "remove "+x.name, "entry %d has %s, which a collection's entries must not have", i, x.name)
			}
		}
		switch {
		case e.FullURL == "":
			fail(at, `give the entry a fullUrl, e.g. "urn:uuid:…"`, "entry %d has no fullUrl", i)
		case strings.Contains(e.FullURL, "/_history/"):
			fail(at+".fullUrl", "write the fullUrl without /_history/…", "entry %d has a version-specific fullUrl %s", i, e.FullURL)
		default:
			key := e.FullURL + "\x00" + versionID(e.Resource)
			if prev, dup := byFullURL[key]; dup {
				fail(at+".fullUrl", "give every entry its own fullUrl", "fullUrl %s is already used by entry %d", e.FullURL, prev)
			} else {
				byFullURL[key] = i
			}
		}
		switch rt, _ := e.Resource["resourceType"].(string); rt {
		case "Organization":
			orgs = append(orgs, entryRef{i, e.Resource})
		case "Endpoint":
			endpoints = append(endpoints, entryRef{i, e.Resource})
		default:
			warn(at+".resource.resourceType", "publish only Organization and Endpoint resources",
				"entry %d is a %s; a service base URL publication holds Organizations and Endpoints", i, rt)
		}
	}
	// resolve finds the entry a reference points at: by fullUrl, else by
	// Type/id at the end of the reference.
	resolve := func(ref, resourceType string, among []entryRef) (entryRef, bool) {
		for _, e := range among {
			id, _ := e.resource["id"].(string)
			if ref == b.Entry[e.index].FullURL || (id != "" && (ref == resourceType+"/"+id || strings.HasSuffix(ref, "/"+resourceType+"/"+id))) {
				return e, true
			}
		}
		return entryRef{}, false
	}
	referenced := map[int]bool{}
	for _, o := range orgs {
		at := fmt.Sprintf("entry[%d].resource", o.index)
		name := resourceName(o.resource, b.Entry[o.index].FullURL)
		if isEmpty(o.resource["address"]) {
			fail(at, "add the organization's address", "Organization %s has no address", name)
		}
		refs := references(o.resource["endpoint"])
		for j, ref := range refs {
			if e, ok := resolve(ref, "Endpoint", endpoints); ok {
				referenced[e.index] = true
			} else {
				fail(fmt.Sprintf("%s.endpoint[%d]", at, j), "reference an Endpoint entry of the Bundle by its fullUrl",
					"Organization %s references %s, which is no Endpoint of the Bundle", name, ref)
			}
		}
		if len(refs) > 0 {
			continue
		}
		parentRef := references(o.resource["partOf"])
		if len(parentRef) == 0 {
			fail(at, "add endpoint references, or partOf a parent Organization of the Bundle that has them",
				"Organization %s has neither endpoint nor partOf", name)
			continue
		}
		parent, ok := resolve(parentRef[0], "Organization", orgs)
		switch {
		case !ok:
			fail(at+".partOf", "reference an Organization entry of the Bundle", "Organization %s is partOf %s, which is no Organization of the Bundle", name, parentRef[0])
		case len(references(parent.resource["endpoint"])) == 0:
			fail(at+".partOf", "give the parent Organization endpoint references",
				"Organization %s has no endpoint, and its parent %s has none either", name, resourceName(parent.resource, parentRef[0]))
		}
	}
	for _, e := range endpoints {
		at := fmt.Sprintf("entry[%d].resource", e.index)
		name := resourceName(e.resource, b.Entry[e.index].FullURL)
		for _, field := range []string{"status", "connectionType", "payloadType", "address"} {
			if isEmpty(e.resource[field]) {
				fail(at, "add "+field, "Endpoint %s has no %s", name, field)
			}
		}
		if addr, ok := e.resource["address"].(string); ok {
			if u, err := url.Parse(addr); err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
				fail(at+".address", "write the service base URL, e.g. https://fhir.example.org/r4", "Endpoint %s address %q is not an http(s) URL", name, addr)
			}
		}
		if !referenced[e.index] {
			fail(at, "reference it from the endpoint of the Organization it serves", "Endpoint %s is referenced by no Organization of the Bundle", name)
		}
	}
	if len(orgs) == 1 {
		warn("entry", "check that the publication lists every organization served", "the publication lists a single Organization")
	}
	return diags
}

func versionID(res map[string]any) string {
	meta, _ := res["meta"].(map[string]any)
	v, _ := meta["versionId"].(string)
	return v
}

func resourceName(res map[string]any, fullURL string) string {
	if id, _ := res["id"].(string); id != "" {
		return id
	}
	return fullURL
}

// references reads a Reference or a list of them.
func references(v any) []string {
	var out []string
	switch x := v.(type) {
	case map[string]any:
		if r, _ := x["reference"].(string); r != "" {
			out = append(out, r)
		}
	case []any:
		for _, item := range x {
			out = append(out, references(item)...)
		}
	}
	return out
}

func isEmpty(v any) bool {
	switch x := v.(type) {
	case nil:
		return true
	case string:
		return x == ""
	case []any:
		return len(x) == 0
	case map[string]any:
		return len(x) == 0
	}
	return false
}
