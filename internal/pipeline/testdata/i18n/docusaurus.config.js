// A site in two locales: English (the default) and French, whose
// translations cover one doc of two, the sidebar's category, the navbar,
// the footer and one theme string.
module.exports = {
  title: 'Fixture',
  url: 'https://docs.example.org',
  baseUrl: '/',
  i18n: {
    defaultLocale: 'en',
    locales: ['en', 'fr'],
    localeConfigs: {fr: {label: 'Français'}},
  },
  presets: [['classic', {docs: {sidebarPath: './sidebars.js'}, blog: false}]],
  themeConfig: {
    navbar: {
      title: 'Fixture',
      items: [
        {type: 'docSidebar', sidebarId: 'docs', label: 'Guides', position: 'left'},
        {type: 'localeDropdown', position: 'right'},
      ],
    },
    footer: {
      links: [{title: 'Docs', items: [{label: 'Introduction', to: '/docs/intro'}]}],
      copyright: 'Copyright Fixture',
    },
  },
};
