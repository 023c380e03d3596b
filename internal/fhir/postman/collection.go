package postman

import "strings"

// newCollection assembles the collection of a checked API.
func newCollection(api API) collection {
	folders := make([]folder, 0, len(api.Folders))
	for _, f := range api.Folders {
		folders = append(folders, newFolder(f))
	}
	return collection{
		Info: info{
			PostmanID:   collectionID(api.ID),
			Name:        api.Name,
			Description: api.Description,
			Schema:      SchemaURL,
		},
		Item:     folders,
		Auth:     newAuth(api.Auth),
		Variable: collectionVariables(api),
	}
}

// newFolder lists the folder's requests, after the token request when the
// folder has it.
func newFolder(f Folder) folder {
	items := make([]requestItem, 0, len(f.Requests)+1)
	if f.TokenRequest {
		items = append(items, tokenRequestItem())
	}
	for _, r := range f.Requests {
		items = append(items, requestItem{Name: r.Name, Request: newRequest(r), Response: []struct{}{}})
	}
	return folder{Name: f.Name, Description: f.Description, Item: items}
}

func newRequest(r Request) request {
	req := request{
		Method:      r.Method,
		Header:      requestHeaders(r),
		URL:         newURL(r),
		Description: r.Description,
	}
	if r.Body != "" {
		req.Body = &body{Mode: "raw", Raw: r.Body, Options: &bodyOptions{}}
		req.Body.Options.Raw.Language = "json"
	}
	return req
}

// requestHeaders puts Accept first, Content-Type second when there is a body,
// then the request's own headers; one of those with the name of a default
// header (case-insensitively, as HTTP compares names) takes its place.
func requestHeaders(r Request) []param {
	headers := []param{{Key: "Accept", Value: fhirJSON, Type: "text"}}
	if r.Body != "" {
		headers = append(headers, param{Key: "Content-Type", Value: fhirJSON, Type: "text"})
	}
	defaults := len(headers)
	for _, h := range r.Headers {
		p := param{Key: h.Key, Value: h.Value, Type: "text", Description: h.Description, Disabled: h.Disabled}
		if i := indexOfHeader(headers[:defaults], h.Key); i >= 0 {
			headers[i] = p
			continue
		}
		headers = append(headers, p)
	}
	return headers
}

func indexOfHeader(headers []param, name string) int {
	for i, h := range headers {
		if strings.EqualFold(h.Key, name) {
			return i
		}
	}
	return -1
}
