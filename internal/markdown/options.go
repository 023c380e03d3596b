package markdown

// config is the data a Renderer is built from. Every field has an explicit
// default in defaultConfig, so New() with no options is a complete setup.
type config struct {
	// descriptionLimit is the maximum length, in characters, of
	// Result.Description.
	descriptionLimit int
	// highlight turns build-time syntax highlighting of code blocks on.
	highlight bool
	// highlightMemo, when set, keeps code blocks' tokens between builds.
	highlightMemo HighlightMemo
}

// defaultDescriptionLimit keeps descriptions within what search engines show
// in a result snippet.
const defaultDescriptionLimit = 300

func defaultConfig() config {
	return config{
		descriptionLimit: defaultDescriptionLimit,
		highlight:        true,
	}
}

// Option changes one setting of a Renderer made by New.
type Option func(*config)

// WithDescriptionLimit sets the maximum number of characters in
// Result.Description (default 300). Longer excerpts are cut at a word
// boundary and end with "…". Values below 1 keep the default.
func WithDescriptionLimit(chars int) Option {
	return func(c *config) {
		if chars > 0 {
			c.descriptionLimit = chars
		}
	}
}

// WithSyntaxHighlighting turns build-time highlighting of code blocks on or
// off (default on). When off, code is still split into lines, so highlighted
// lines and line numbers keep working; only the token colours are missing.
func WithSyntaxHighlighting(enabled bool) Option {
	return func(c *config) {
		c.highlight = enabled
	}
}

// WithHighlightMemo has the Renderer recall each code block's tokens from
// memo, and keep there the tokens of each block it lexes. A rebuild then
// lexes only the blocks whose language or code changed: chroma's regular
// expressions are most of the time a page with code takes to render.
func WithHighlightMemo(memo HighlightMemo) Option {
	return func(c *config) {
		c.highlightMemo = memo
	}
}
