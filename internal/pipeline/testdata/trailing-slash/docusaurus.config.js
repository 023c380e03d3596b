// A small Docusaurus site built under each trailingSlash value: the
// value comes from the environment (portal build --env TRAILING_SLASH=…),
// so one folder serves the Go tests and the browser test of all three.
const setting = process.env.TRAILING_SLASH;

module.exports = {
  title: 'Slashes',
  url: 'https://docs.example.org',
  baseUrl: '/',
  trailingSlash: setting === 'true' ? true : setting === 'false' ? false : undefined,
  presets: [
    [
      'classic',
      {
        docs: { sidebarPath: './sidebars.js' },
        blog: { showReadingTime: false },
      },
    ],
  ],
  themeConfig: {
    navbar: {
      title: 'Slashes',
      items: [{ type: 'docSidebar', sidebarId: 'docs', label: 'Docs' }],
    },
    footer: {
      links: [{ title: 'More', items: [{ label: 'About', to: '/about/' }, { label: 'Blog', to: '/blog' }] }],
    },
  },
};
