// Package mdexport is the site as agents and integrators' tools read it:
// each page as a Markdown file beside its HTML (Page, Files), the
// llms.txt index of the pages by sidebar and llms-full.txt, every page's
// Markdown in that order (Index), as the llms.txt proposal
// (llmstxt.org) describes them. The pipeline writes them; what reads a
// built site (portal serve, an MCP server) finds a page's Markdown beside
// the route's HTML file with Files and the pages by sidebar with ReadIndex.
// docs/agents.md says how they are made and served.
package mdexport
