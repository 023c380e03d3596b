// A Docusaurus site searched with Algolia DocSearch (e2e/tests/search-page.spec.ts):
// Portal's built-in search takes its place, with the search page at /search.
module.exports = {
  title: 'Search fixture',
  url: 'https://docs.example.org',
  baseUrl: '/',
  trailingSlash: false,
  onBrokenLinks: 'throw',
  themeConfig: {
    algolia: {appId: 'FIXTURE', apiKey: 'fixture-key', indexName: 'fixture', contextualSearch: true},
    navbar: {title: 'Search fixture', items: [{type: 'doc', docId: 'intro', label: 'Docs', position: 'left'}]},
  },
  presets: [['classic', {docs: {sidebarPath: false}, blog: false}]],
};
