package conformance

import (
	"slices"
	"strings"
)

// The functions here undo, on tokens, what Portal adds to CommonMark output
// on purpose, so spec examples compare on what the spec defines. Each one
// recognises only Portal's own markup (by its classes), never arbitrary HTML
// an example writes.

var headingTags = map[string]bool{"h1": true, "h2": true, "h3": true, "h4": true, "h5": true, "h6": true}

// undoHeadingAnchors drops the id and "anchor" class of anchored headings and
// their a.hash-link.
func undoHeadingAnchors(tokens []token) []token {
	out := make([]token, 0, len(tokens))
	for i := 0; i < len(tokens); i++ {
		t := tokens[i]
		switch {
		case t.kind == startTagToken && headingTags[t.name] && t.hasClass("anchor"):
			t.attrs = withoutAttributes(t.attrs, "id", "class")
		case t.kind == startTagToken && t.name == "a" && t.hasClass("hash-link"):
			i = matchingEnd(tokens, i)
			continue
		}
		out = append(out, t)
	}
	return out
}

// undoCodeBlocks turns each div.code-block back into <pre><code>, keeping
// the language class and the code's text content.
func undoCodeBlocks(tokens []token) []token {
	out := make([]token, 0, len(tokens))
	for i := 0; i < len(tokens); i++ {
		t := tokens[i]
		if t.kind != startTagToken || t.name != "div" || !t.hasClass("code-block") {
			out = append(out, t)
			continue
		}
		end := matchingEnd(tokens, i)
		out = append(out, plainCodeBlock(tokens[i:end+1])...)
		i = end
	}
	return out
}

// plainCodeBlock is CommonMark's rendering of a Portal code block.
func plainCodeBlock(block []token) []token {
	code := token{kind: startTagToken, name: "code"}
	var text strings.Builder
	inCode := false
	for _, t := range block {
		switch {
		case t.kind == startTagToken && t.name == "code":
			inCode = true
			if class, ok := t.attr("class"); ok {
				code.attrs = []attribute{{name: "class", value: class}}
			}
		case t.kind == endTagToken && t.name == "code":
			inCode = false
		case t.kind == textToken && inCode:
			text.WriteString(t.text)
		}
	}
	return []token{
		{kind: startTagToken, name: "pre"},
		code,
		{kind: textToken, text: text.String()},
		{kind: endTagToken, name: "code"},
		{kind: endTagToken, name: "pre"},
	}
}

// matchingEnd returns the index of the end tag closing the start tag at
// tokens[start], or the last index when it is never closed.
func matchingEnd(tokens []token, start int) int {
	name := tokens[start].name
	depth := 0
	for i := start; i < len(tokens); i++ {
		t := tokens[i]
		if t.name != name {
			continue
		}
		switch {
		case t.kind == startTagToken && !t.selfClosing:
			depth++
		case t.kind == endTagToken:
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return len(tokens) - 1
}

func withoutAttributes(attrs []attribute, names ...string) []attribute {
	var kept []attribute
	for _, a := range attrs {
		if !slices.Contains(names, a.name) {
			kept = append(kept, a)
		}
	}
	return kept
}
