package markdown

import (
	"bytes"
	"strconv"

	"github.com/portaldocs/portal/internal/components"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// tabs adds tabbed content, Portal's Markdown for Docusaurus's <Tabs> and
// <TabItem> (reference 10.8):
//
//	::::tabs{groupId="os"}
//	:::tab[macOS]
//	Content, parsed as Markdown.
//	:::
//	:::tab[Windows **10+**]{value="windows" default}
//	…
//	:::
//	::::
//
// The container's attributes are optional: groupId syncs every group with the
// same id and remembers the choice (the theme does that); the attribute list
// may also be written without braces (::::tabs groupId=os). A tab's label is
// inline Markdown; its value (what groupId syncs and stores) defaults to the
// label as written; default selects it initially, else the first tab is
// selected. Like admonitions, a block closes at a line of at least as many
// colons as it opened with, so the container uses more colons than its tabs,
// and an admonition inside a tab fewer than the tab. ":::tab" opens a tab
// only directly inside a tabs container; elsewhere it is an (unknown, so
// visible) admonition. Blocks inside the container before its first tab stay
// above the tab list; blocks between tabs join the previous tab.
//
// It renders as the theme's Tabs component (package components), which
// writes the complete ARIA tabs pattern, so the page reads without
// JavaScript with the selected tab shown; the theme adds clicks, arrow keys
// and group sync. Its element ids (tabs:<seq>:tab:<n>, tabs:<seq>:panel:<n>)
// contain colons, which heading slugs never do, so they cannot collide with
// heading anchors.
type tabs struct{}

var _ goldmark.Extender = tabs{}

// Extend implements goldmark.Extender. The parser runs before the admonition
// parser (150), which would otherwise take ":::tab" as an admonition keyword.
func (tabs) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(parser.WithBlockParsers(util.Prioritized(tabsParser{}, 140)))
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(tabsRenderer{}, 100)))
}

var (
	kindTabs     = ast.NewNodeKind("Tabs")
	kindTab      = ast.NewNodeKind("Tab")
	kindTabList  = ast.NewNodeKind("TabList")
	kindTabLabel = ast.NewNodeKind("TabLabel")
	kindTabPanel = ast.NewNodeKind("TabPanel")
)

// tabsContainer is a "::::tabs" block. While parsing, its children are tab
// blocks (and any stray blocks); Close rearranges them into the rendered
// shape: stray leading blocks, one tabList, then one tabPanel per tab.
type tabsContainer struct {
	ast.BaseBlock
	fence   int
	groupID string
	// queryString is the URL search parameter that mirrors the selected
	// tab (Docusaurus's queryString), "" for none.
	queryString string
	// seq numbers the containers of a page from 1, for element ids.
	seq int
	// hasTabs is false for a container without any tab, which renders its
	// blocks as they are.
	hasTabs bool
}

// Kind implements ast.Node.
func (*tabsContainer) Kind() ast.NodeKind { return kindTabs }

// Dump implements ast.Node.
func (n *tabsContainer) Dump(source []byte, level int) {
	ast.DumpHelper(n, source, level, map[string]string{"GroupID": n.groupID}, nil)
}

// tab is a ":::tab[Label]" block while parsing: a tabLabel, then the body.
// The container's Close replaces it by a tabLabel in the list and a
// tabPanel holding the body.
type tab struct {
	ast.BaseBlock
	fence     int
	value     string
	isDefault bool
}

// Kind implements ast.Node.
func (*tab) Kind() ast.NodeKind { return kindTab }

// Dump implements ast.Node.
func (n *tab) Dump(source []byte, level int) {
	ast.DumpHelper(n, source, level, map[string]string{"Value": n.value}, nil)
}

// tabList is the role=tablist list of a container's labels.
type tabList struct {
	ast.BaseBlock
}

// Kind implements ast.Node.
func (*tabList) Kind() ast.NodeKind { return kindTabList }

// Dump implements ast.Node.
func (n *tabList) Dump(source []byte, level int) { ast.DumpHelper(n, source, level, nil, nil) }

// tabState is what a tab's label and panel need to render their ARIA
// attributes.
type tabState struct {
	seq, index int
	value      string
	selected   bool
}

// tabLabel is one role=tab item. An explicit label is a one-line block that
// goldmark parses as inline Markdown; otherwise fallback is shown.
type tabLabel struct {
	ast.BaseBlock
	state    tabState
	fallback string
	// class is extra classes for the tab (a TabItem's attributes.className).
	class string
}

// Kind implements ast.Node.
func (*tabLabel) Kind() ast.NodeKind { return kindTabLabel }

// Dump implements ast.Node.
func (n *tabLabel) Dump(source []byte, level int) {
	ast.DumpHelper(n, source, level, map[string]string{"Value": n.state.value}, nil)
}

// tabPanel is one role=tabpanel block holding a tab's body.
type tabPanel struct {
	ast.BaseBlock
	state tabState
	// class is extra classes for the panel (a TabItem's className).
	class string
}

// Kind implements ast.Node.
func (*tabPanel) Kind() ast.NodeKind { return kindTabPanel }

// Dump implements ast.Node.
func (n *tabPanel) Dump(source []byte, level int) {
	ast.DumpHelper(n, source, level, map[string]string{"Value": n.state.value}, nil)
}

// tabsOpening is a parsed "::::tabs …" or ":::tab[…]{…}" line.
type tabsOpening struct {
	fence   int
	keyword string
	// labelStart and labelStop delimit the "[…]" label in the line; equal
	// when there is none.
	labelStart, labelStop int
	attrs                 map[string]string
}

// parseTabsOpening reads a tabs or tab opening line, which starts at the
// first colon: colons, the keyword, an optional [label], then optional
// attributes, either {key="value" flag} or bare key=value words.
func parseTabsOpening(line []byte) (tabsOpening, bool) {
	line = bytes.TrimRight(line, "\n")
	fence := countLeading(line, ':')
	if fence < minAdmonitionFence {
		return tabsOpening{}, false
	}
	end := fence
	for end < len(line) && isKeywordByte(line[end], end == fence) {
		end++
	}
	keyword := string(line[fence:end])
	if keyword != "tabs" && keyword != "tab" {
		return tabsOpening{}, false
	}
	open := tabsOpening{fence: fence, keyword: keyword}
	rest := end
	if rest < len(line) && line[rest] == '[' {
		stop := closingBracket(line[rest:])
		if stop < 0 {
			return tabsOpening{}, false
		}
		open.labelStart, open.labelStop = trimSpan(line, rest+1, rest+stop)
		rest += stop + 1
	}
	attrs := bytes.TrimSpace(line[rest:])
	if rest < len(line) && !util.IsSpace(line[rest]) && line[rest] != '{' {
		// ":::tabsy" or ":::tab]" is something else.
		return tabsOpening{}, false
	}
	if len(attrs) > 0 && attrs[0] == '{' {
		if attrs[len(attrs)-1] != '}' {
			return tabsOpening{}, false
		}
		attrs = attrs[1 : len(attrs)-1]
	}
	parsed, ok := parseAttributes(attrs)
	if !ok {
		return tabsOpening{}, false
	}
	open.attrs = parsed
	return open, true
}

// parseAttributes reads space-separated key="value", key='value', key=value
// and bare key (a flag, stored as "") words.
func parseAttributes(s []byte) (map[string]string, bool) {
	attrs := map[string]string{}
	for {
		s = bytes.TrimLeft(s, " \t")
		if len(s) == 0 {
			return attrs, true
		}
		end := 0
		for end < len(s) && isKeywordByte(s[end], end == 0) {
			end++
		}
		if end == 0 {
			return nil, false
		}
		key := string(s[:end])
		s = s[end:]
		if len(s) == 0 || s[0] != '=' {
			attrs[key] = ""
			continue
		}
		s = s[1:]
		if len(s) > 0 && (s[0] == '"' || s[0] == '\'') {
			closing := bytes.IndexByte(s[1:], s[0])
			if closing < 0 {
				return nil, false
			}
			attrs[key] = string(s[1 : 1+closing])
			s = s[2+closing:]
			continue
		}
		stop := bytes.IndexAny(s, " \t")
		if stop < 0 {
			stop = len(s)
		}
		if stop == 0 {
			return nil, false
		}
		attrs[key] = string(s[:stop])
		s = s[stop:]
	}
}

// tabsSeqKey counts the tabs containers of the page being parsed, so each
// gets its own element ids.
var tabsSeqKey = parser.NewContextKey()

type tabsParser struct{}

var _ parser.BlockParser = tabsParser{}

// Trigger implements parser.BlockParser.
func (tabsParser) Trigger() []byte { return []byte{':'} }

// Open implements parser.BlockParser.
func (tabsParser) Open(parent ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	line, segment := reader.PeekLine()
	pos := pc.BlockOffset()
	if pos < 0 {
		return nil, parser.NoChildren
	}
	opening, ok := parseTabsOpening(line[pos:])
	if !ok {
		return nil, parser.NoChildren
	}
	var node ast.Node
	switch opening.keyword {
	case "tabs":
		node = &tabsContainer{fence: opening.fence, groupID: opening.attrs["groupId"]}
	case "tab":
		if _, inTabs := parent.(*tabsContainer); !inTabs {
			return nil, parser.NoChildren
		}
		t := &tab{fence: opening.fence}
		t.value = opening.attrs["value"]
		_, t.isDefault = opening.attrs["default"]
		label := &tabLabel{}
		if opening.labelStop > opening.labelStart {
			// line[i] is source[segment.Start-segment.Padding+i], as in
			// goldmark's own fenced code parser.
			lineStart := segment.Start - segment.Padding + pos
			label.Lines().Append(text.NewSegment(lineStart+opening.labelStart, lineStart+opening.labelStop))
			if t.value == "" {
				t.value = string(line[pos+opening.labelStart : pos+opening.labelStop])
			}
		}
		t.AppendChild(t, label)
		node = t
	}
	reader.AdvanceToEOL()
	return node, parser.HasChildren
}

// Continue implements parser.BlockParser.
func (tabsParser) Continue(node ast.Node, reader text.Reader, _ parser.Context) parser.State {
	fence := 0
	switch n := node.(type) {
	case *tabsContainer:
		fence = n.fence
	case *tab:
		fence = n.fence
	}
	line, _ := reader.PeekLine()
	indent, pos := util.IndentWidth(line, reader.LineOffset())
	if indent < 4 && closesAdmonition(line[pos:], fence) {
		reader.AdvanceToEOL()
		return parser.Close
	}
	return parser.Continue | parser.HasChildren
}

// Close implements parser.BlockParser. Tabs close before their container
// (goldmark closes the innermost block first), so the container's Close sees
// complete tabs and rearranges them.
func (tabsParser) Close(node ast.Node, _ text.Reader, pc parser.Context) {
	container, ok := node.(*tabsContainer)
	if !ok {
		return
	}
	var tabNodes []*tab
	for c := container.FirstChild(); c != nil; c = c.NextSibling() {
		if t, isTab := c.(*tab); isTab {
			tabNodes = append(tabNodes, t)
		}
	}
	if len(tabNodes) == 0 {
		return
	}
	seq, _ := pc.Get(tabsSeqKey).(int)
	seq++
	pc.Set(tabsSeqKey, seq)
	container.seq, container.hasTabs = seq, true

	selected := 0
	for i, t := range tabNodes {
		if t.isDefault {
			selected = i
			break
		}
	}

	list := &tabList{}
	var panels []*tabPanel
	var leading []ast.Node
	for c := container.FirstChild(); c != nil; {
		next := c.NextSibling()
		container.RemoveChild(container, c)
		t, isTab := c.(*tab)
		switch {
		case isTab:
			index := len(panels)
			label := t.FirstChild().(*tabLabel)
			t.RemoveChild(t, label)
			label.fallback = "Tab " + strconv.Itoa(index+1)
			state := tabState{seq: seq, index: index + 1, value: t.value, selected: index == selected}
			if state.value == "" {
				state.value = label.fallback
			}
			label.state = state
			list.AppendChild(list, label)
			panel := &tabPanel{state: state}
			moveChildren(panel, t)
			panels = append(panels, panel)
		case len(panels) == 0:
			leading = append(leading, c)
		default:
			last := panels[len(panels)-1]
			last.AppendChild(last, c)
		}
		c = next
	}
	for _, n := range leading {
		container.AppendChild(container, n)
	}
	container.AppendChild(container, list)
	for _, p := range panels {
		container.AppendChild(container, p)
	}
}

// moveChildren moves every child of from to the end of to.
func moveChildren(to, from ast.Node) {
	for c := from.FirstChild(); c != nil; {
		next := c.NextSibling()
		to.AppendChild(to, c)
		c = next
	}
}

// CanInterruptParagraph implements parser.BlockParser.
func (tabsParser) CanInterruptParagraph() bool { return true }

// CanAcceptIndentedLine implements parser.BlockParser.
func (tabsParser) CanAcceptIndentedLine() bool { return false }

// tabsRenderer writes the tabs nodes.
type tabsRenderer struct{}

var _ renderer.NodeRenderer = tabsRenderer{}

// RegisterFuncs implements renderer.NodeRenderer.
func (tabsRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(kindTabs, renderTabs)
	reg.Register(kindTab, renderTab)
	reg.Register(kindTabList, renderTabList)
	reg.Register(kindTabLabel, renderTabLabel)
	reg.Register(kindTabPanel, renderTabPanel)
}

func renderTabs(w util.BufWriter, _ []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	container := node.(*tabsContainer)
	if !container.hasTabs {
		// Without tabs there is nothing to switch: render the blocks.
		return ast.WalkContinue, nil
	}
	if !entering {
		err := components.Close(w)
		_ = w.WriteByte('\n')
		return ast.WalkContinue, err
	}
	return ast.WalkContinue, components.Open(w, "Tabs", tabsPropsOf(container))
}

// tabsProps are the theme's Tabs props: each tab's label and panel is
// the slot label-N or panel-N (N from 1) when written in Markdown, and
// the blocks above the tab list are its children.
type tabsProps struct {
	// Seq numbers the page's tab groups from 1, for element ids.
	Seq         int       `json:"seq"`
	GroupID     string    `json:"groupId,omitempty"`
	QueryString string    `json:"queryString,omitempty"`
	Tabs        []tabProp `json:"tabs"`
}

type tabProp struct {
	Value    string `json:"value"`
	Selected bool   `json:"selected,omitempty"`
	// Label is the label when no Markdown was written for it.
	Label          string `json:"label,omitempty"`
	ClassName      string `json:"className,omitempty"`
	PanelClassName string `json:"panelClassName,omitempty"`
}

func tabsPropsOf(container *tabsContainer) tabsProps {
	props := tabsProps{Seq: container.seq, GroupID: container.groupID, QueryString: container.queryString}
	for c := container.FirstChild(); c != nil; c = c.NextSibling() {
		switch n := c.(type) {
		case *tabList:
			for l := n.FirstChild(); l != nil; l = l.NextSibling() {
				label := l.(*tabLabel)
				tab := tabProp{Value: label.state.value, Selected: label.state.selected, ClassName: label.class}
				if !label.HasChildren() {
					tab.Label = label.fallback
				}
				props.Tabs = append(props.Tabs, tab)
			}
		case *tabPanel:
			if i := n.state.index - 1; i >= 0 && i < len(props.Tabs) {
				props.Tabs[i].PanelClassName = n.class
			}
		}
	}
	return props
}

// renderTab only runs for a tab whose container never closed properly
// (goldmark always closes, so in practice never): its body renders plainly.
func renderTab(_ util.BufWriter, _ []byte, _ ast.Node, _ bool) (ast.WalkStatus, error) {
	return ast.WalkContinue, nil
}

// renderTabList writes nothing: its labels are slots of the Tabs.
func renderTabList(util.BufWriter, []byte, ast.Node, bool) (ast.WalkStatus, error) {
	return ast.WalkContinue, nil
}

func renderTabLabel(w util.BufWriter, _ []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	label := node.(*tabLabel)
	if !label.HasChildren() {
		return ast.WalkSkipChildren, nil // a prop
	}
	if !entering {
		return ast.WalkContinue, components.CloseSlot(w)
	}
	return ast.WalkContinue, components.Slot(w, "label-"+strconv.Itoa(label.state.index))
}

func renderTabPanel(w util.BufWriter, _ []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, components.CloseSlot(w)
	}
	return ast.WalkContinue, components.Slot(w, "panel-"+strconv.Itoa(node.(*tabPanel).state.index))
}
