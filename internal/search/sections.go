package search

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
	"golang.org/x/text/unicode/norm"
)

// section is one searchable part of a page: its intro or the content under
// one heading with an id, down to the next such heading.
type section struct {
	anchor  string // heading id, "" for the intro
	heading string // heading text, the page title for the intro
	text    string // all text, code included, whitespace collapsed
	body    string // text outside <code>
	code    string // text inside <code>, one element after another
}

// splitSections reads a page's rendered HTML in one pass and splits it at
// h2–h6 headings that have an id. The result always starts with the intro
// section, even when it is empty, so section numbers match the fragment.
func splitSections(title, body string) ([]section, error) {
	s := sectionSplitter{cur: sectionBuilder{heading: title}}
	z := html.NewTokenizer(strings.NewReader(body))
	for {
		switch tt := z.Next(); tt {
		case html.ErrorToken:
			if err := z.Err(); !errors.Is(err, io.EOF) {
				return nil, fmt.Errorf("read HTML: %w", err)
			}
			s.flush()
			return s.sections, nil
		case html.TextToken:
			s.text(z.Text())
		case html.StartTagToken, html.SelfClosingTagToken:
			s.startTag(z, tt == html.SelfClosingTagToken)
		case html.EndTagToken:
			name, _ := z.TagName()
			s.endTag(atom.Lookup(name))
		}
	}
}

// sectionSplitter is the state of one pass over a page's HTML.
type sectionSplitter struct {
	sections   []section
	cur        sectionBuilder
	skipDepth  int       // inside <script>, <style> or <svg>: nothing is text
	inHashLink bool      // inside a heading's hash-link anchor, which is not heading text
	headingTag atom.Atom // the open heading with an id, 0 outside one
	headingBuf textBuffer
	codeDepth  int // inside <code>
}

// sectionBuilder collects the text of the section being read.
type sectionBuilder struct {
	anchor, heading  string
	text, body, code textBuffer
}

func (s *sectionSplitter) startTag(z *html.Tokenizer, selfClosing bool) {
	name, hasAttr := z.TagName()
	tag := atom.Lookup(name)
	if isSkipped(tag) {
		if !selfClosing {
			s.skipDepth++
		}
		return
	}
	if s.skipDepth > 0 || s.inHashLink {
		return
	}
	switch {
	case tag == atom.A:
		s.inHashLink = !selfClosing && hasAttr && hasClass(z, "hash-link")
	case isSectionHeading(tag) && hasAttr:
		if id := attr(z, "id"); id != "" {
			s.startSection(tag, id)
			return
		}
		s.separate()
	case tag == atom.Code:
		s.codeDepth++
		s.cur.body.separate()
		s.cur.code.separate()
	case isBlock(tag):
		s.separate()
	}
}

func (s *sectionSplitter) endTag(tag atom.Atom) {
	switch {
	case isSkipped(tag):
		if s.skipDepth > 0 {
			s.skipDepth--
		}
	case s.skipDepth > 0:
	case s.inHashLink:
		s.inHashLink = tag != atom.A
	case s.headingTag != 0 && tag == s.headingTag:
		s.cur.heading = s.headingBuf.String()
		s.headingTag = 0
	case tag == atom.Code:
		if s.codeDepth > 0 {
			s.codeDepth--
		}
		s.cur.body.separate()
		s.cur.code.separate()
	case isBlock(tag) || isSectionHeading(tag):
		s.separate()
	}
}

func (s *sectionSplitter) text(t []byte) {
	switch {
	case s.skipDepth > 0 || s.inHashLink:
	case s.headingTag != 0:
		s.headingBuf.write(t)
	case s.codeDepth > 0:
		s.cur.text.write(t)
		s.cur.code.write(t)
	default:
		s.cur.text.write(t)
		s.cur.body.write(t)
	}
}

// startSection ends the current section and opens the one under a heading.
func (s *sectionSplitter) startSection(tag atom.Atom, id string) {
	s.flush()
	s.cur.anchor, s.cur.heading = id, ""
	s.cur.text.reset()
	s.cur.body.reset()
	s.cur.code.reset()
	s.headingTag = tag
	s.headingBuf.reset()
	s.codeDepth = 0
}

// separate marks a block boundary: the words on either side stay apart.
func (s *sectionSplitter) separate() {
	s.cur.text.separate()
	s.cur.body.separate()
	s.cur.code.separate()
	s.headingBuf.separate()
}

// flush appends the current section, in NFC so that its text and the terms
// taken from it agree with what the browser tokenizes.
func (s *sectionSplitter) flush() {
	if s.headingTag != 0 { // a heading left open: keep what it had
		s.cur.heading = s.headingBuf.String()
		s.headingTag = 0
	}
	s.sections = append(s.sections, section{
		anchor:  s.cur.anchor,
		heading: norm.NFC.String(s.cur.heading),
		text:    norm.NFC.String(s.cur.text.String()),
		body:    norm.NFC.String(s.cur.body.String()),
		code:    norm.NFC.String(s.cur.code.String()),
	})
}

// isSkipped reports whether an element's content is never text.
func isSkipped(tag atom.Atom) bool {
	return tag == atom.Script || tag == atom.Style || tag == atom.Svg
}

func isSectionHeading(tag atom.Atom) bool {
	switch tag {
	case atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
		return true
	}
	return false
}

// isBlock reports whether an element separates the words before and after
// it, as its rendering would ("<td>a</td><td>b</td>" is two words).
func isBlock(tag atom.Atom) bool {
	switch tag {
	case atom.Address, atom.Article, atom.Aside, atom.Blockquote, atom.Br, atom.Caption,
		atom.Dd, atom.Details, atom.Dialog, atom.Div, atom.Dl, atom.Dt, atom.Fieldset,
		atom.Figcaption, atom.Figure, atom.Footer, atom.Form, atom.H1, atom.H2, atom.H3,
		atom.H4, atom.H5, atom.H6, atom.Header, atom.Hr, atom.Img, atom.Li, atom.Main,
		atom.Nav, atom.Ol, atom.P, atom.Pre, atom.Section, atom.Summary, atom.Table,
		atom.Tbody, atom.Td, atom.Tfoot, atom.Th, atom.Thead, atom.Tr, atom.Ul:
		return true
	}
	return false
}

// attr returns the value of the current tag's attribute key, "" if absent.
func attr(z *html.Tokenizer, key string) string {
	for {
		k, v, more := z.TagAttr()
		if string(k) == key {
			return string(v)
		}
		if !more {
			return ""
		}
	}
}

// hasClass reports whether the current tag's class list contains class.
func hasClass(z *html.Tokenizer, class string) bool {
	for _, c := range strings.Fields(attr(z, "class")) {
		if c == class {
			return true
		}
	}
	return false
}

// textBuffer accumulates text with every run of white space collapsed to one
// space and none at either end.
type textBuffer struct {
	buf   []byte
	space bool // a space is due before the next non-space character
}

func (t *textBuffer) write(p []byte) {
	for i := 0; i < len(p); {
		if c := p[i]; c < utf8.RuneSelf {
			if isASCIISpace(c) {
				t.space = true
				i++
				continue
			}
			// Copy a run of ASCII non-space at once: most text is that.
			j := i + 1
			for j < len(p) && p[j] < utf8.RuneSelf && !isASCIISpace(p[j]) {
				j++
			}
			t.appendNonSpace(p[i:j])
			i = j
			continue
		}
		r, size := utf8.DecodeRune(p[i:])
		if unicode.IsSpace(r) {
			t.space = true
		} else {
			t.appendNonSpace(p[i : i+size])
		}
		i += size
	}
}

func isASCIISpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}

func (t *textBuffer) appendNonSpace(p []byte) {
	if t.space && len(t.buf) > 0 {
		t.buf = append(t.buf, ' ')
	}
	t.space = false
	t.buf = append(t.buf, p...)
}

func (t *textBuffer) separate() { t.space = true }

func (t *textBuffer) reset() { t.buf, t.space = t.buf[:0], false }

// String returns the text; by construction it has no space at either end.
func (t *textBuffer) String() string { return string(t.buf) }
