package pagecheck

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path"
	"sort"
	"strconv"
	"strings"

	"github.com/portaldocs/portal/internal/diag"
	"github.com/portaldocs/portal/internal/fhir/model"
	"github.com/portaldocs/portal/internal/jsonx"
	"github.com/portaldocs/portal/internal/markdown"
)

// shownResource is one resource a page shows in a code block.
type shownResource struct {
	key   string // Type/id
	value any    // decoded, numbers as json.Number
	file  string
	// line is the file line of the resource in the page; lineOf gives the
	// file line of an element path of the block.
	line   int
	lineOf func(elementPath string) int
	// prefix is the resource's path inside the block ("" at the root,
	// "entry[2].resource" in a Bundle).
	prefix string
	// block and index are the code block that shows it and its place among
	// the block's shownResources, from which shownExamples decodes it again.
	block markdown.CodeBlock
	index int
}

// shownExamples remembers, per scope and Type/id, the first page that
// showed a resource the site has no file for. It keeps the code block, not
// the decoded resource, which is decoded again only when another page
// shows the same Type/id: a large site's examples would otherwise all stay
// decoded in memory.
type shownExamples struct {
	first map[string]shownResource
}

// remember keeps res without its decoded value.
func (e *shownExamples) remember(key string, res shownResource) {
	res.value, res.lineOf = nil, nil
	e.first[key] = res
}

// recall returns the first resource shown under key, decoded again.
func (e *shownExamples) recall(key string) (shownResource, bool) {
	first, seen := e.first[key]
	if !seen {
		return shownResource{}, false
	}
	again := shownResources(first.file, first.block)
	if first.index >= len(again) {
		return shownResource{}, false
	}
	return again[first.index], true
}

func newShownExamples() *shownExamples { return &shownExamples{first: map[string]shownResource{}} }

// checkPageExamples compares the resources a page shows with the site's
// files; those the site has no file for are returned, for Compare to
// check against the other pages that show them.
func checkPageExamples(s *model.Site, p PageText) ([]diag.Diagnostic, []ShownExample) {
	var diags []diag.Diagnostic
	var unfiled []ShownExample
	for i, cb := range p.Outline.CodeBlocks {
		if !isJSONBlock(cb) {
			continue
		}
		apis := p.APIs
		if named := blockAPIs(s, p.Outline.CodeBlocks, i); len(named) > 0 {
			apis = named
		}
		if d, ok := checkShownDiscovery(s, p, p.Outline.CodeBlocks, i, apis); ok {
			diags = append(diags, d)
		}
		for k, res := range shownResources(p.File, cb) {
			if p.ignored(res.line, CheckExample) {
				continue
			}
			d, ok, filed := checkShown(s, p, res, apis)
			if ok {
				diags = append(diags, d)
			}
			if !filed {
				unfiled = append(unfiled, ShownExample{Key: exampleScope(apis) + "\x00" + res.key, File: p.File, Block: cb, Index: k})
			}
		}
	}
	return diags, unfiled
}

// ShownExample is a resource a page shows that the site has no file for:
// the pages that show the same resource must agree, which Compare checks
// page by page in site order. It is plain data, so that a build can keep
// it with the page's other findings.
type ShownExample struct {
	// Key is the scope (the API's folder, when the block is about one API)
	// and the resource's Type/id.
	Key  string
	File string
	// Block is the code block that shows it, Index its place among the
	// block's resources (shownResources).
	Block markdown.CodeBlock
	Index int
}

// exampleScope is the folder of the API a block is about, "" for several
// or none: the same Type/id in two APIs' examples is two resources.
func exampleScope(apis []*model.API) string {
	if len(apis) == 1 {
		return path.Dir(apis[0].File.Path)
	}
	return ""
}

func isJSONBlock(cb markdown.CodeBlock) bool {
	switch strings.ToLower(cb.Language) {
	case "json", "jsonc", "fhir+json", "application/fhir+json":
		return true
	case "":
		return strings.HasPrefix(strings.TrimSpace(cb.Code), "{")
	}
	return false
}

// shownResources are the resources a JSON block shows: the block itself
// and the resources of its Bundle entries and Parameters, each with a
// resourceType and an id. A block that is not valid JSON (elided with
// "…", or with comments) shows none.
func shownResources(file string, cb markdown.CodeBlock) []shownResource {
	data := []byte(cb.Code)
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var root any
	if dec.Decode(&root) != nil {
		return nil
	}
	pos, err := jsonx.IndexPositions(data)
	if err != nil {
		return nil
	}
	lineOf := func(p string) int { return cb.FirstLine + pos.Line(p) - 1 }
	var out []shownResource
	var visit func(v any, at string)
	visit = func(v any, at string) {
		obj, ok := v.(map[string]any)
		if !ok {
			return
		}
		rt, _ := obj["resourceType"].(string)
		id, _ := obj["id"].(string)
		if rt != "" && id != "" {
			prefix := at
			out = append(out, shownResource{key: rt + "/" + id, value: obj, file: file, line: lineOf(at), prefix: prefix,
				lineOf: func(p string) int { return lineOf(jsonx.JoinPath(prefix, p)) }})
		}
		for _, list := range []string{"entry", "parameter"} {
			items, _ := obj[list].([]any)
			for i, item := range items {
				if m, ok := item.(map[string]any); ok {
					visit(m["resource"], jsonx.JoinPath(at, fmt.Sprintf("%s[%d].resource", list, i)))
				}
			}
		}
	}
	visit(root, "")
	return out
}

// checkShown compares one shown resource with the site's file; filed is
// false when the site has none, and the resource is then compared with
// the other pages that show it (Compare).
func checkShown(s *model.Site, p PageText, res shownResource, apis []*model.API) (d diag.Diagnostic, ok, filed bool) {
	files := exampleFiles(s, res.key, apis)
	if len(files) == 0 {
		return diag.Diagnostic{}, false, false
	}
	// Of several files with the key (two APIs' Patient/sbx-pt-0001), the
	// page matches one, or is reported against the closest.
	var best *difference
	var bestFile *model.File
	bestScore := -1
	for _, f := range files {
		var want any
		dec := json.NewDecoder(bytes.NewReader(f.Raw))
		dec.UseNumber()
		if dec.Decode(&want) != nil {
			continue
		}
		d := shownWithin(res.value, want, "", "")
		if d == nil {
			return diag.Diagnostic{}, false, true
		}
		if score := similarity(res.value, want); score > bestScore {
			best, bestFile, bestScore = d, f, score
		}
	}
	if best == nil {
		return diag.Diagnostic{}, false, true
	}
	others := ""
	if len(files) > 1 {
		others = fmt.Sprintf(" (the closest of the %d files with that id)", len(files))
	}
	return diag.Diagnostic{File: p.File, Line: res.lineOf(best.path), Severity: diag.Warning,
		Message: fmt.Sprintf("%s shown here differs from the site's file %s:%d%s: %s", res.key, bestFile.Path,
			bestFile.Line(best.fileAt), others, best.describe("here", "in the file")),
		Hint: fmt.Sprintf("show the file itself with ::fhir-json{%s}, or copy its values", jsonDirectiveAttrs(s, bestFile))}, true, true
}

// compareShown compares a resource the site has no file for with the
// first page that showed it, or remembers it as that page.
// The block is decoded only when another page showed the resource first:
// most are shown once, and portal dev runs this on every page each save.
func (e *shownExamples) compareShown(ex ShownExample) (diag.Diagnostic, bool) {
	first, seen := e.recall(ex.Key)
	if !seen {
		e.remember(ex.Key, shownResource{file: ex.File, block: ex.Block, index: ex.Index})
		return diag.Diagnostic{}, false
	}
	again := shownResources(ex.File, ex.Block)
	if ex.Index >= len(again) {
		return diag.Diagnostic{}, false
	}
	res := again[ex.Index]
	d := conflicts(res.value, first.value, "")
	if d == nil {
		return diag.Diagnostic{}, false
	}
	return diag.Diagnostic{File: ex.File, Line: res.lineOf(d.path), Severity: diag.Warning,
		Message: fmt.Sprintf("%s shown here differs from the same resource shown at %s:%d: %s", res.key, first.file,
			first.lineOf(d.path), d.describe("here", "there")),
		Hint: "make it one example file of the FHIR folder and show it on both pages with ::fhir-json"}, true
}

// jsonDirectiveAttrs are the ::fhir-json attributes that show f.
func jsonDirectiveAttrs(s *model.Site, f *model.File) string {
	for _, api := range s.APIs {
		if f.Scope == path.Dir(api.File.Path) && f.ID != "" {
			return fmt.Sprintf(`api="%s" resource="%s"`, api.ID, f.Key())
		}
	}
	if f.Entry == "" {
		return fmt.Sprintf(`file="%s"`, strings.TrimPrefix(f.Path, s.Dir+"/"))
	}
	return fmt.Sprintf(`file="%s" path="%s"`, strings.TrimPrefix(f.Path, s.Dir+"/"), f.Entry)
}

// exampleFiles are the site's resources with the key a page may mean: in
// the folders of the page's APIs and outside every API folder, else in the
// published documents (a page that walks through the service base URL
// Bundle); any folder's for a page about no API.
func exampleFiles(s *model.Site, key string, apis []*model.API) []*model.File {
	var out []*model.File
	if len(apis) == 0 {
		for _, f := range s.Registry.Files() {
			if f.ID != "" && f.Key() == key {
				out = append(out, f)
			}
		}
		return out
	}
	scopes := []string{""}
	for _, api := range apis {
		scopes = append(scopes, path.Dir(api.File.Path))
	}
	for _, scope := range scopes {
		if f := s.Registry.ByKey(scope, key); f != nil {
			out = append(out, f)
		}
	}
	if len(out) > 0 {
		return out
	}
	for _, d := range s.Published {
		if f := s.Registry.ByKey(d.Source, key); f != nil {
			out = append(out, f)
		}
	}
	return out
}

// difference is the first element where two JSON values disagree.
type difference struct {
	path string
	// fileAt is where the other document has the element (its parent, for
	// an element it lacks).
	fileAt      string
	here, there any
	// missing is true when the element is absent from "there".
	missing bool
}

func (d *difference) describe(hereName, thereName string) string {
	here, hs := d.here.(string)
	there, ts := d.there.(string)
	if hs && ts && (len(here) > 60 || len(there) > 60) {
		n := commonPrefix(here, there)
		return fmt.Sprintf("%s differs from character %d: %s %s and %s %s", d.path, n+1,
			jsonx.Text(excerptAt(here, n)), hereName, jsonx.Text(excerptAt(there, n)), thereName)
	}
	if d.missing {
		return fmt.Sprintf("%s is %s %s but absent %s", d.path, jsonx.Text(plain(d.here)), hereName, thereName)
	}

	return fmt.Sprintf("%s is %s %s and %s %s", d.path, jsonx.Text(plain(d.here)), hereName, jsonx.Text(plain(d.there)), thereName)
}

func commonPrefix(a, b string) int {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return n
}

// excerptAt is the part of s around byte n, marked "…" where cut.
func excerptAt(s string, n int) string {
	start, end := max(0, n-12), min(len(s), n+24)
	out := s[start:end]
	if start > 0 {
		out = "…" + out
	}
	if end < len(s) {
		out += "…"
	}
	return out
}

// plain keeps a value short in a message.
func plain(v any) any {
	if s, ok := v.(string); ok && len(s) > 60 {
		return s[:57] + "…"
	}
	switch v.(type) {
	case []any, map[string]any:
		return "{…}"
	}
	return v
}

// shownWithin: every element of shown is in file with the same value
// (objects may leave keys out, lists may show some items in any order).
// at is the element's path in the page's block, fileAt in the file.
func shownWithin(shown, file any, at, fileAt string) *difference {
	switch s := shown.(type) {
	case map[string]any:
		f, ok := file.(map[string]any)
		if !ok {
			return &difference{path: at, fileAt: fileAt, here: shown, there: file}
		}
		for _, k := range sortedKeys(s) {
			fv, present := f[k]
			if !present {
				return &difference{path: jsonx.JoinPath(at, k), fileAt: fileAt, here: s[k], missing: true}
			}
			if d := shownWithin(s[k], fv, jsonx.JoinPath(at, k), jsonx.JoinPath(fileAt, k)); d != nil {
				return d
			}
		}
		return nil
	case []any:
		f, ok := file.([]any)
		if !ok {
			return &difference{path: at, fileAt: fileAt, here: shown, there: file}
		}
		// A page may show some items of a list, in any order (three of a
		// Bundle's ten entries): each must be within an item of the file's.
		used := make([]bool, len(f))
	items:
		for i := range s {
			for j := range f {
				if !used[j] && shownWithin(s[i], f[j], "", "") == nil {
					used[j] = true
					continue items
				}
			}
			here := at + "[" + strconv.Itoa(i) + "]"
			if str, ok := s[i].(string); ok {
				// A string item is compared with the file's most like it
				// (a canonical without its |version), else reported absent.
				if j := closestString(str, f); j >= 0 {
					return &difference{path: here, fileAt: fileAt + "[" + strconv.Itoa(j) + "]", here: str, there: f[j]}
				}
				return &difference{path: here, fileAt: fileAt, here: s[i], missing: true}
			}
			j := counterpart(s[i], f, i)
			if j < 0 || !isObject(s[i]) {
				return &difference{path: here, fileAt: fileAt, here: s[i], missing: true}
			}
			return shownWithin(s[i], f[j], here, fileAt+"["+strconv.Itoa(j)+"]")
		}
		return nil
	}
	if !sameJSON(shown, file) && !elidedPrefix(shown, file) {
		return &difference{path: at, fileAt: fileAt, here: shown, there: file}
	}
	return nil
}

// elidedPrefix: a page shortens a long value by ending it with "…" (or
// "..."), which then stands for any value it begins.
func elidedPrefix(shown, file any) bool {
	s, ok1 := shown.(string)
	f, ok2 := file.(string)
	if !ok1 || !ok2 {
		return false
	}
	for _, mark := range []string{"…", "..."} {
		if prefix, cut := strings.CutSuffix(s, mark); cut && len(prefix) > 0 && strings.HasPrefix(f, prefix) {
			return true
		}
	}
	return false
}

// closestString is the item of list sharing the longest start with s, if
// it shares at least half of s; -1 otherwise.
func closestString(s string, list []any) int {
	best, bestLen := -1, len(s)/2
	for j, item := range list {
		if t, ok := item.(string); ok {
			if n := commonPrefix(s, t); n >= bestLen && n > 0 {
				best, bestLen = j, n+1
			}
		}
	}
	return best
}

func isObject(v any) bool {
	_, ok := v.(map[string]any)
	return ok
}

// identityKeys name a list item: the same fullUrl, id or url is the same
// item, whatever else differs.
var identityKeys = []string{"fullUrl", "id", "url", "system", "linkId", "name"}

// counterpart is the file's item a shown item stands for: the one with
// the same identity, else the one at the same position; -1 when none.
func counterpart(item any, list []any, i int) int {
	if obj, ok := item.(map[string]any); ok {
		for _, k := range identityKeys {
			v, present := obj[k]
			if !present {
				continue
			}
			for j, other := range list {
				if o, ok := other.(map[string]any); ok && sameJSON(o[k], v) {
					return j
				}
			}
		}
		if res, ok := obj["resource"].(map[string]any); ok {
			for j, other := range list {
				if o, ok := other.(map[string]any); ok {
					if r, ok := o["resource"].(map[string]any); ok && sameJSON(r["id"], res["id"]) && sameJSON(r["resourceType"], res["resourceType"]) {
						return j
					}
				}
			}
		}
	}
	if i < len(list) {
		return i
	}
	return -1
}

// similarity counts the leaf values of shown that file has at the same
// path, to tell which of several files a page meant.
func similarity(shown, file any) int {
	switch s := shown.(type) {
	case map[string]any:
		f, ok := file.(map[string]any)
		if !ok {
			return 0
		}
		n := 0
		for k, v := range s {
			n += similarity(v, f[k])
		}
		return n
	case []any:
		f, ok := file.([]any)
		if !ok {
			return 0
		}
		n := 0
		for i := range s {
			if j := counterpart(s[i], f, i); j >= 0 {
				n += similarity(s[i], f[j])
			}
		}
		return n
	}
	if sameJSON(shown, file) {
		return 1
	}
	return 0
}

// conflicts: an element both values have, with different values.
func conflicts(a, b any, at string) *difference {
	switch x := a.(type) {
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok {
			return &difference{path: at, here: a, there: b}
		}
		for _, k := range sortedKeys(x) {
			if yv, present := y[k]; present {
				if d := conflicts(x[k], yv, jsonx.JoinPath(at, k)); d != nil {
					return d
				}
			}
		}
		return nil
	case []any:
		y, ok := b.([]any)
		if !ok {
			return &difference{path: at, here: a, there: b}
		}
		for i := 0; i < len(x) && i < len(y); i++ {
			if d := conflicts(x[i], y[i], at+"["+strconv.Itoa(i)+"]"); d != nil {
				return d
			}
		}
		return nil
	}
	if !sameJSON(a, b) {
		return &difference{path: at, here: a, there: b}
	}
	return nil
}

func sameJSON(a, b any) bool {
	if an, ok := a.(json.Number); ok {
		bn, ok := b.(json.Number)
		if !ok {
			return false
		}
		af, aerr := an.Float64()
		bf, berr := bn.Float64()
		return aerr == nil && berr == nil && af == bf
	}
	return a == b
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// checkShownDiscovery compares a JSON block that shows an API's SMART
// discovery document (its title, or the request before it, names the
// API's [baseUrl]/.well-known/smart-configuration) with the API's file.
func checkShownDiscovery(s *model.Site, p PageText, blocks []markdown.CodeBlock, i int, apis []*model.API) (diag.Diagnostic, bool) {
	cb := blocks[i]
	context := cb.Title
	if i > 0 {
		context += " " + blocks[i-1].Code
	}
	context = baseURLValues(s, context, p.APIs)
	// The file is the document of the baseUrl's environment (the
	// sandbox): a block about production's is not compared with it.
	if len(apis) != 1 || apis[0].Smart == nil ||
		!strings.Contains(context, strings.TrimSuffix(apis[0].BaseURL, "/")+"/.well-known/smart-configuration") {
		return diag.Diagnostic{}, false
	}
	smartConfig := apis[0].Smart
	dec := json.NewDecoder(strings.NewReader(cb.Code))
	dec.UseNumber()
	var shown map[string]any
	if dec.Decode(&shown) != nil || p.ignored(cb.FirstLine, CheckExample) {
		return diag.Diagnostic{}, false
	}
	var want any
	wdec := json.NewDecoder(bytes.NewReader(smartConfig.Data))
	wdec.UseNumber()
	if wdec.Decode(&want) != nil {
		return diag.Diagnostic{}, false
	}
	d := shownWithin(shown, want, "", "")
	if d == nil {
		return diag.Diagnostic{}, false
	}
	pos, err := jsonx.IndexPositions([]byte(cb.Code))
	line := cb.FirstLine
	if err == nil {
		line = cb.FirstLine + pos.Line(d.path) - 1
	}
	return diag.Diagnostic{File: p.File, Line: line, Severity: diag.Warning,
		Message: fmt.Sprintf("the discovery document of API %q shown here differs from %s:%d: %s", apis[0].ID, smartConfig.Path,
			smartConfig.Line(d.fileAt), d.describe("here", "in the file")),
		Hint: fmt.Sprintf(`show the file itself with ::fhir-json{api="%s" show="smart-configuration"}`, apis[0].ID)}, true
}
