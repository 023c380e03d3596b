// Package components lets the Markdown renderer ask the theme for a
// component's markup, so that React is the one author of every piece of
// theme markup (an admonition, a list of doc cards, …) and Go writes none.
//
// The renderer writes a marker where a component goes (Open, Slot,
// CloseSlot, Close): its name, its props as JSON, and the HTML of its
// slots (the admonition's title, its body), which is content the page's
// Markdown made. Assemble finds the markers in a render's HTML, asks the
// theme for the markup of every component of the page at once (one call
// into a JavaScript engine: RenderFunc), and puts each slot's HTML where
// the component placed the slot. The HTML that leaves Assemble has no
// markers; nothing after the Markdown stage sees them.
package components

import (
	"context"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"slices"
	"strings"
)

// Children is the slot of a component's body: its content outside any
// named slot.
const Children = "children"

// Marker syntax. Only Open, Slot, CloseSlot and Close write it, so the
// parser reads exactly these forms.
const (
	openPrefix = `<portal-component name="`
	propsInfix = `" props="`
	tagEnd     = `">`
	closeTag   = `</portal-component>`
	slotPrefix = `<portal-slot name="`
	slotClose  = `</portal-slot>`
)

// Placeholder is the text a slot prop holds while the theme renders the
// component: private-use characters that no escaping changes, around the
// slot's name. Assemble replaces it with the slot's HTML.
func Placeholder(slot string) string { return placeholderStart + slot + placeholderEnd }

const (
	placeholderStart = "\uE000"
	placeholderEnd   = "\uE001"
)

// Open writes the start of a component's marker. props are marshalled as
// JSON; a value that cannot be is a programming error, returned.
func Open(w io.Writer, name string, props any) error {
	data, err := json.Marshal(props)
	if err != nil {
		return fmt.Errorf("component %s: props: %w", name, err)
	}
	_, err = io.WriteString(w, openPrefix+html.EscapeString(name)+propsInfix+html.EscapeString(string(data))+tagEnd)
	return err
}

// Close ends the component Open started.
func Close(w io.Writer) error {
	_, err := io.WriteString(w, closeTag)
	return err
}

// Slot starts a named slot, directly inside a component: what it holds
// until CloseSlot is the prop of that name. A name given several times is
// a repeated slot: the component places its placeholder that many times,
// and each takes the next one's content, in order.
func Slot(w io.Writer, name string) error {
	_, err := io.WriteString(w, slotPrefix+html.EscapeString(name)+tagEnd)
	return err
}

// CloseSlot ends the slot Slot started.
func CloseSlot(w io.Writer) error {
	_, err := io.WriteString(w, slotClose)
	return err
}

// Has says whether html has any component marker.
func Has(html string) bool { return strings.Contains(html, openPrefix) }

// Request is one component the theme is asked to render: its props, with
// each slot's prop set to Placeholder(slot).
type Request struct {
	Name  string          `json:"name"`
	Props json.RawMessage `json:"props"`
	// Slots are the props that hold content, which the theme gets as
	// placeholders and must render once each, as text.
	Slots []string `json:"slots"`
}

// RenderFunc renders the requests, one HTML string per request, in order.
type RenderFunc func(ctx context.Context, requests []Request) ([]string, error)

// Assemble replaces every component marker in html with the theme's markup
// for it, slots filled in. HTML without markers is returned as it is,
// without calling render.
func Assemble(ctx context.Context, content string, render RenderFunc) (string, error) {
	if !Has(content) {
		return content, nil
	}
	p := parser{src: content}
	parts, err := p.parts(false)
	if err != nil {
		return "", err
	}
	if p.at < len(content) {
		return "", fmt.Errorf("component markers: %s without its start", describe(content[p.at:]))
	}
	var requests []Request
	collect(parts, &requests)
	rendered, err := render(ctx, requests)
	if err != nil {
		return "", err
	}
	if len(rendered) != len(requests) {
		return "", fmt.Errorf("the theme rendered %d components, want %d", len(rendered), len(requests))
	}
	var b strings.Builder
	b.Grow(len(content))
	if err := write(&b, parts, rendered); err != nil {
		return "", err
	}
	return b.String(), nil
}

// part is HTML text or a component.
type part struct {
	text      string
	component *component
}

type component struct {
	name  string
	props json.RawMessage
	slots []slot
	index int // in the requests
}

type slot struct {
	name  string
	parts []part
}

type parser struct {
	src string
	at  int
}

// parts reads text and components up to a closing marker (left unread)
// or the end.
func (p *parser) parts(inside bool) ([]part, error) {
	var parts []part
	for {
		next := nextMarker(p.src[p.at:])
		if next < 0 {
			if inside {
				return nil, fmt.Errorf("component markers: a component or slot is not closed")
			}
			parts = appendText(parts, p.src[p.at:])
			p.at = len(p.src)
			return parts, nil
		}
		parts = appendText(parts, p.src[p.at:p.at+next])
		p.at += next
		rest := p.src[p.at:]
		switch {
		case strings.HasPrefix(rest, openPrefix):
			c, err := p.component()
			if err != nil {
				return nil, err
			}
			parts = append(parts, part{component: c})
		case strings.HasPrefix(rest, closeTag), strings.HasPrefix(rest, slotClose), strings.HasPrefix(rest, slotPrefix):
			return parts, nil
		default:
			// Not a marker (an author's own element): text.
			end := strings.Index(rest, "portal-") + len("portal-")
			parts = appendText(parts, rest[:end])
			p.at += end
		}
	}
}

// nextMarker is where the next tag named portal-… starts in s, or -1.
func nextMarker(s string) int {
	for from := 0; ; {
		i := strings.Index(s[from:], "portal-")
		if i < 0 {
			return -1
		}
		i += from
		switch {
		case i >= 2 && s[i-2:i] == "</":
			return i - 2
		case i >= 1 && s[i-1] == '<':
			return i - 1
		}
		from = i + len("portal-")
	}
}

func appendText(parts []part, text string) []part {
	if text == "" {
		return parts
	}
	return append(parts, part{text: text})
}

// component reads a component from its start marker to its end marker.
func (p *parser) component() (*component, error) {
	p.at += len(openPrefix)
	name, ok := p.until(propsInfix)
	if !ok {
		return nil, fmt.Errorf("component markers: a start marker without props")
	}
	props, ok := p.until(tagEnd)
	if !ok {
		return nil, fmt.Errorf("component markers: the start marker of %s is not closed", name)
	}
	c := &component{name: html.UnescapeString(name), props: json.RawMessage(html.UnescapeString(props))}
	if !json.Valid(c.props) {
		return nil, fmt.Errorf("component markers: %s has props that are not JSON", c.name)
	}
	var children []part
	for {
		parts, err := p.parts(true)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", c.name, err)
		}
		children = append(children, parts...)
		rest := p.src[p.at:]
		switch {
		case strings.HasPrefix(rest, closeTag):
			p.at += len(closeTag)
			if len(children) > 0 {
				c.slots = append(c.slots, slot{name: Children, parts: children})
			}
			return c, nil
		case strings.HasPrefix(rest, slotPrefix):
			s, err := p.slot()
			if err != nil {
				return nil, fmt.Errorf("%s: %w", c.name, err)
			}
			c.slots = append(c.slots, s)
		default:
			return nil, fmt.Errorf("component markers: %s inside %s", describe(rest), c.name)
		}
	}
}

// slot reads a named slot from its start marker to its end marker.
func (p *parser) slot() (slot, error) {
	p.at += len(slotPrefix)
	name, ok := p.until(tagEnd)
	if !ok {
		return slot{}, fmt.Errorf("component markers: a slot marker is not closed")
	}
	parts, err := p.parts(true)
	if err != nil {
		return slot{}, err
	}
	if !strings.HasPrefix(p.src[p.at:], slotClose) {
		return slot{}, fmt.Errorf("component markers: slot %s ends with %s", name, describe(p.src[p.at:]))
	}
	p.at += len(slotClose)
	return slot{name: html.UnescapeString(name), parts: parts}, nil
}

// until reads up to sep and past it.
func (p *parser) until(sep string) (string, bool) {
	i := strings.Index(p.src[p.at:], sep)
	if i < 0 {
		return "", false
	}
	s := p.src[p.at : p.at+i]
	p.at += i + len(sep)
	return s, true
}

func describe(rest string) string {
	if i := strings.IndexByte(rest, '>'); i >= 0 {
		rest = rest[:i+1]
	}
	return fmt.Sprintf("%q", rest)
}

// collect numbers the components, inner ones first, and makes their
// requests.
func collect(parts []part, requests *[]Request) {
	for _, pt := range parts {
		c := pt.component
		if c == nil {
			continue
		}
		slots := make([]string, 0, len(c.slots))
		for _, s := range c.slots {
			collect(s.parts, requests)
			if !slices.Contains(slots, s.name) {
				slots = append(slots, s.name)
			}
		}
		c.index = len(*requests)
		*requests = append(*requests, Request{Name: c.name, Props: c.props, Slots: slots})
	}
}

// write writes parts with each component's markup, its slots filled in
// where the component placed them: a slot given n times is placed n times,
// the k-th placeholder taking the k-th (a code block's lines). The markup
// is read once, whatever the number of slots.
func write(b *strings.Builder, parts []part, rendered []string) error {
	for _, pt := range parts {
		c := pt.component
		if c == nil {
			b.WriteString(pt.text)
			continue
		}
		given := make(map[string][]*slot, len(c.slots))
		for i := range c.slots {
			given[c.slots[i].name] = append(given[c.slots[i].name], &c.slots[i])
		}
		placed := make(map[string]int, len(given))
		markup := rendered[c.index]
		for {
			at := strings.Index(markup, placeholderStart)
			if at < 0 {
				break
			}
			end := strings.Index(markup[at:], placeholderEnd)
			if end < 0 {
				break
			}
			name := markup[at+len(placeholderStart) : at+end]
			n := placed[name]
			if n >= len(given[name]) {
				return fmt.Errorf("the theme's %s rendered its %s more times than given, or a slot it does not have", c.name, name)
			}
			placed[name] = n + 1
			b.WriteString(markup[:at])
			if err := write(b, given[name][n].parts, rendered); err != nil {
				return err
			}
			markup = markup[at+end+len(placeholderEnd):]
		}
		b.WriteString(markup)
		for name, slots := range given {
			if placed[name] != len(slots) {
				return fmt.Errorf("the theme's %s rendered its %s %d times, want %d", c.name, name, placed[name], len(slots))
			}
		}
	}
	return nil
}
