package build

// initialDataJSON is the data a prerendered document carries for the client
// to hydrate from: the render input without the page's content HTML. That
// HTML is the document's own content, and the client reads it back from the
// DOM before hydrating (theme/src/app/contentFromDom.ts), so a page ships
// its content once instead of twice (issue 16). The page data file fetched
// for client-side navigation keeps the HTML: there it is the only copy.
func initialDataJSON(input RenderInput) []byte {
	page := *input.Page
	page.HTML = ""
	input.Page = &page
	return mustJSON(input)
}
