// The docs of a product (the classic preset's docs, the default instance)
// and of its community (a second docs plugin instance, versioned on its own),
// set up as Docusaurus's "Docs Multi-instance" guide does.
// @ts-check

/** @type {import('@docusaurus/types').Config} */
const config = {
  title: 'Product',
  url: 'https://product.example.org',
  baseUrl: '/',
  presets: [
    [
      'classic',
      {
        docs: {sidebarPath: './sidebars.js'},
        blog: false,
      },
    ],
  ],
  plugins: [
    [
      '@docusaurus/plugin-content-docs',
      {
        id: 'community',
        path: 'community',
        routeBasePath: 'community',
        sidebarPath: './sidebarsCommunity.js',
      },
    ],
  ],
  themeConfig: {
    navbar: {
      items: [
        {type: 'docSidebar', sidebarId: 'tutorialSidebar', label: 'Docs'},
        {type: 'docSidebar', sidebarId: 'communitySidebar', docsPluginId: 'community', label: 'Community'},
        {type: 'docsVersionDropdown', docsPluginId: 'community', position: 'right'},
      ],
    },
  },
};

module.exports = config;
