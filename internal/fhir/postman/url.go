package postman

import "strings"

// baseURLVariable is the host of every request: the collection variable
// readers point at their own server.
const baseURLVariable = "{{baseUrl}}"

// newURL splits a request's address into the parts Postman stores and the raw
// text it shows in the address bar, built from those same parts.
func newURL(r Request) requestURL {
	segments := pathSegments(r.Path)
	u := requestURL{
		Host:     []string{baseURLVariable},
		Path:     segments,
		Query:    queryParams(r.Query),
		Variable: pathVariables(segments, r.PathVariables),
	}
	u.Raw = rawURL(u)
	return u
}

// pathSegments splits a path relative to the base URL; "" is the base itself.
func pathSegments(path string) []string {
	path = strings.TrimPrefix(path, "/")
	if path == "" {
		return nil
	}
	return strings.Split(path, "/")
}

// pathVariableName returns "id" for the segment ":id": Postman's syntax for
// a path variable.
func pathVariableName(segment string) (string, bool) {
	return strings.CutPrefix(segment, ":")
}

// pathVariables lists the path's variables in path order, each with the value
// and description given for it, if any.
func pathVariables(segments []string, given []Param) []param {
	var vars []param
	for _, s := range segments {
		name, ok := pathVariableName(s)
		if !ok {
			continue
		}
		v := param{Key: name}
		for _, g := range given {
			if g.Key == name {
				v.Value, v.Description = g.Value, g.Description
			}
		}
		vars = append(vars, v)
	}
	return vars
}

func queryParams(query []Param) []param {
	var params []param
	for _, q := range query {
		params = append(params, param{Key: q.Key, Value: q.Value, Description: q.Description, Disabled: q.Disabled})
	}
	return params
}

// rawURL is the address bar text for the parts of u. Postman leaves a
// disabled query parameter out of it (unticking a parameter removes it from
// the address bar) and keeps it only in the query list.
func rawURL(u requestURL) string {
	var b strings.Builder
	b.WriteString(strings.Join(u.Host, "."))
	for _, s := range u.Path {
		b.WriteString("/")
		b.WriteString(s)
	}
	sep := "?"
	for _, q := range u.Query {
		if q.Disabled {
			continue
		}
		b.WriteString(sep)
		b.WriteString(q.Key)
		b.WriteString("=")
		b.WriteString(q.Value)
		sep = "&"
	}
	return b.String()
}
