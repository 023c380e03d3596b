package build

// baseCSS styles the plain HTML pages: readable type, a content column of
// about 75 characters, tables that scroll instead of breaking the layout,
// visible focus. Colours are tokens for light and dark.
const baseCSS = `:root{--bg:#fff;--fg:#1c1e21;--muted:#525860;--link:#1a56b0;--border:#dadde1;--code-bg:#f6f8fa}
html[data-theme='dark']{--bg:#1b1b1d;--fg:#e3e3e3;--muted:#b0b4ba;--link:#7fb0ff;--border:#444950;--code-bg:#242526}
*{box-sizing:border-box}
body{margin:0;font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,Ubuntu,"Helvetica Neue",Arial,sans-serif;background:var(--bg);color:var(--fg)}
a{color:var(--link)}
a:focus-visible,summary:focus-visible{outline:2px solid var(--link);outline-offset:2px}
.skip-link{position:absolute;left:-9999px}
.skip-link:focus{left:1rem;top:1rem;background:var(--bg);padding:.5rem;z-index:10}
.announcement-bar{padding:.5rem 1rem;text-align:center}
.navbar{display:flex;align-items:center;gap:1rem;padding:.5rem 1rem;border-bottom:1px solid var(--border)}
.navbar-items{display:flex;gap:1rem;list-style:none;margin:0;padding:0;flex-wrap:wrap}
.main-wrapper{display:flex;gap:2rem;padding:1rem;max-width:1400px;margin:0 auto}
.docs-sidebar{flex:0 0 260px}
.docs-sidebar ul{list-style:none;padding-left:1rem}
main{flex:1;min-width:0;display:flex;gap:2rem}
article{flex:1;min-width:0;max-width:75ch}
.toc{flex:0 0 220px;font-size:.9rem}
.markdown table{display:block;overflow-x:auto;border-collapse:collapse}
.markdown th,.markdown td{border:1px solid var(--border);padding:.4rem .6rem}
.markdown pre{overflow-x:auto;padding:1rem;background:var(--code-bg);border-radius:6px}
.markdown code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.9em}
.hash-link{opacity:0;margin-left:.3rem;text-decoration:none}
.hash-link::before{content:"#"}
h2:hover .hash-link,h3:hover .hash-link,.hash-link:focus{opacity:1}
.theme-admonition{border-left:4px solid var(--border);padding:.5rem 1rem;margin:1rem 0;background:var(--code-bg)}
.admonition-heading{font-weight:700;text-transform:uppercase;font-size:.85rem}
.breadcrumbs ul{display:flex;gap:.5rem;list-style:none;padding:0;flex-wrap:wrap}
.pagination-nav{display:flex;justify-content:space-between;gap:1rem;margin-top:2rem}
.footer{border-top:1px solid var(--border);padding:2rem 1rem;display:flex;flex-wrap:wrap;gap:2rem}
.footer--dark{background:#303846;color:#ebedf0}
.footer--dark a{color:#ebedf0}
.footer h2{font-size:1rem}
.footer ul{list-style:none;padding:0}
@media (max-width:996px){.main-wrapper,main{flex-direction:column}.docs-sidebar,.toc{flex:none}}
`
