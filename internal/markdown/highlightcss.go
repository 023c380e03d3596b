package markdown

import _ "embed" // highlight.css

// highlightCSS is the stylesheet for code blocks: chroma's token classes,
// the highlighted-line background and the line numbers, in GitHub's light
// and dark colours raised to WCAG AA contrast. generateHighlightCSS
// (highlightcss_gen_test.go) makes it from chroma's github and github-dark
// styles, and a test keeps the file equal to what it makes. It is made
// ahead rather than by each build because chroma's styles package parses
// every style it has when the program starts: 13 ms of every build.
//
//go:embed highlight.css
var highlightCSS string

// HighlightCSS returns the stylesheet for code blocks, scoped to
// html[data-theme='light'] (and pages without data-theme) and
// html[data-theme='dark'].
func HighlightCSS() string { return highlightCSS }
