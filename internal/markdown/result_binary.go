package markdown

import (
	"github.com/portaldocs/portal/internal/binenc"
	"github.com/portaldocs/portal/internal/diag"
)

// resultFormat starts a Result's binary form. A rebuild reads every page's
// render from its cache, and JSON took a third of the Markdown stage.
const resultFormat = "mdr1"

// MarshalBinary encodes every field of the result, its lists' nil and
// empty apart, as encoding/json keeps them.
func (res *Result) MarshalBinary() ([]byte, error) {
	b := append(make([]byte, 0, 256+len(res.HTML)), resultFormat...)
	b = binenc.AppendString(b, res.HTML)
	b = binenc.AppendString(b, res.Title)
	b = binenc.AppendList(b, res.Headings, func(b []byte, h Heading) []byte {
		b = binenc.AppendInt(b, int64(h.Level))
		b = binenc.AppendString(b, h.ID)
		b = binenc.AppendString(b, h.Text)
		return binenc.AppendString(b, h.HTML)
	})
	b = binenc.AppendList(b, res.Anchors, binenc.AppendString)
	b = binenc.AppendList(b, res.Links, appendLink)
	b = binenc.AppendList(b, res.UnresolvedMarkdownLinks, appendLink)
	b = binenc.AppendBool(b, res.HasMermaid)
	b = binenc.AppendString(b, res.Description)
	b = binenc.AppendList(b, res.Diagnostics, diag.AppendBinary)
	b = binenc.AppendList(b, res.DocCardLists, func(b []byte, l DocCardList) []byte {
		b = binenc.AppendString(b, l.Marker)
		b = binenc.AppendList(b, l.Items, func(b []byte, c CardItem) []byte {
			for _, s := range []string{c.Type, c.Label, c.Href, c.DocID, c.Description} {
				b = binenc.AppendString(b, s)
			}
			return b
		})
		return binenc.AppendInt(b, int64(l.Line))
	})
	b = binenc.AppendList(b, res.Partials, binenc.AppendString)
	b = binenc.AppendList(b, res.Assets, func(b []byte, a Asset) []byte {
		b = binenc.AppendString(b, a.Dest)
		b = binenc.AppendString(b, a.URL)
		return binenc.AppendString(b, a.File)
	})
	return b, nil
}

func appendLink(b []byte, l Link) []byte {
	b = binenc.AppendString(b, l.Dest)
	b = binenc.AppendString(b, l.File)
	return binenc.AppendInt(b, int64(l.Line))
}

// UnmarshalBinary decodes what MarshalBinary encoded; a damaged encoding
// is an error and leaves res unchanged.
func (res *Result) UnmarshalBinary(data []byte) error {
	if len(data) < len(resultFormat) || string(data[:len(resultFormat)]) != resultFormat {
		return binenc.ErrDamaged
	}
	r := binenc.NewReader(data[len(resultFormat):])
	var out Result
	out.HTML = r.String()
	out.Title = r.String()
	out.Headings = binenc.ReadList(r, func(r *binenc.Reader) Heading {
		return Heading{Level: int(r.Int()), ID: r.String(), Text: r.String(), HTML: r.String()}
	})
	out.Anchors = binenc.ReadList(r, (*binenc.Reader).String)
	out.Links = binenc.ReadList(r, readLink)
	out.UnresolvedMarkdownLinks = binenc.ReadList(r, readLink)
	out.HasMermaid = r.Bool()
	out.Description = r.String()
	out.Diagnostics = binenc.ReadList(r, diag.ReadBinary)
	out.DocCardLists = binenc.ReadList(r, func(r *binenc.Reader) DocCardList {
		l := DocCardList{Marker: r.String()}
		l.Items = binenc.ReadList(r, func(r *binenc.Reader) CardItem {
			return CardItem{Type: r.String(), Label: r.String(), Href: r.String(), DocID: r.String(), Description: r.String()}
		})
		l.Line = int(r.Int())
		return l
	})
	out.Partials = binenc.ReadList(r, (*binenc.Reader).String)
	out.Assets = binenc.ReadList(r, func(r *binenc.Reader) Asset {
		return Asset{Dest: r.String(), URL: r.String(), File: r.String()}
	})
	if err := r.Done(); err != nil {
		return err
	}
	*res = out
	return nil
}

func readLink(r *binenc.Reader) Link {
	return Link{Dest: r.String(), File: r.String(), Line: int(r.Int())}
}
