// Package markdown renders Portal's Markdown (CommonMark 0.31.2 plus GitHub
// Flavored Markdown) to HTML and extracts what the build needs from each page:
// title, headings, anchors, links and a default description.
//
// The pipeline is goldmark with one goldmark.Extender per Portal feature, each
// in its own file with its node type, parser or transformer, and renderer:
//
//   - headingid.go: GitHub-compatible heading ids, explicit {#id}, hash links
//   - admonition.go: :::note ... ::: callouts
//   - codeblock.go: fenced code with title, highlighted lines, line numbers,
//     magic comments, and build-time highlighting into chroma CSS classes
//   - mermaid.go: ```mermaid diagrams handed to the theme
//   - tabs.go: ::::tabs / :::tab[Label] tabbed content with the ARIA tab markup
//   - mdlinks.go: links to .md/.mdx files rewritten to route URLs
//   - hardbreak.go: drops spaces before hard line breaks (CommonMark 6.7)
//
// Render also collects the page data (collect.go). BuildTOC arranges the
// headings into a table of contents, and HighlightCSS is the stylesheet for
// the highlighted code.
//
// Behaviour follows the Docusaurus reference (sections 2.11, 5.6, 8.3, 10.5,
// 10.6 and 10.7) so existing Docusaurus content renders the same.
package markdown
