// A Docusaurus site whose pages use its own React components: a stateful
// one with Markdown children, one that reads the browser while rendering
// (which cannot render on the server), and a React home page.
module.exports = {
  title: 'Components site',
  tagline: 'Its own React',
  url: 'https://components.example.org',
  baseUrl: '/',
  presets: [['classic', {docs: {sidebarPath: false}, blog: false}]],
  stylesheets: ['/fonts/fonts.css', {href: 'https://fonts.example.org/css?family=Inter', type: 'text/css'}],
};
