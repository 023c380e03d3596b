package conformance

import (
	"encoding/json"
	"html"
	"strings"
)

// The functions here undo, on tokens, what Portal adds to CommonMark output
// on purpose, so spec examples compare on what the spec defines. Each one
// recognises only Portal's own markup (by its classes), never arbitrary HTML
// an example writes.

// undoComponents turns the markers of the theme's components (package
// components) back into what CommonMark writes: a Heading into its h2–h6,
// a CodeBlock into <pre><code class="language-X">TEXT</code></pre> where
// TEXT is the code's text content, without highlighting spans; the title
// and line numbers, which the theme writes, are not in the markers.
func undoComponents(tokens []token) []token {
	out := make([]token, 0, len(tokens))
	for i := 0; i < len(tokens); i++ {
		t := tokens[i]
		if t.kind != startTagToken || t.name != "portal-component" {
			out = append(out, t)
			continue
		}
		end := matchingEnd(tokens, i)
		name, _ := t.attr("name")
		var props struct {
			As       string `json:"as"`
			Language string `json:"language"`
		}
		value, _ := t.attr("props")
		if json.Unmarshal([]byte(value), &props) != nil {
			_ = json.Unmarshal([]byte(html.UnescapeString(value)), &props)
		}
		inner := undoComponents(withoutSlots(tokens[i+1 : end]))
		switch name {
		case "Heading":
			out = append(out, token{kind: startTagToken, name: props.As})
			out = append(out, inner...)
			out = append(out, token{kind: endTagToken, name: props.As})
		case "CodeBlock":
			out = append(out, plainCodeBlock(props.Language, inner)...)
		default:
			out = append(out, inner...)
		}
		i = end
	}
	return out
}

// withoutSlots drops the slot markers, keeping their content.
func withoutSlots(tokens []token) []token {
	kept := make([]token, 0, len(tokens))
	for _, t := range tokens {
		if (t.kind == startTagToken || t.kind == endTagToken) && t.name == "portal-slot" {
			continue
		}
		kept = append(kept, t)
	}
	return kept
}

// plainCodeBlock is CommonMark's rendering of a code block of this
// language whose lines are these tokens.
func plainCodeBlock(language string, lines []token) []token {
	code := token{kind: startTagToken, name: "code"}
	if language != "" {
		code.attrs = []attribute{{name: "class", value: "language-" + language}}
	}
	var text strings.Builder
	for _, t := range lines {
		if t.kind == textToken {
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
