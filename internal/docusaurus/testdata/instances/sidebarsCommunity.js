/** @type {import('@docusaurus/plugin-content-docs').SidebarsConfig} */
const sidebars = {
  communitySidebar: ['support', 'team'],
};

module.exports = sidebars;
