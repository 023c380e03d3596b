import type {Config} from '@docusaurus/types';

// One page per MDX construct Portal maps (docs/docusaurus-compat.md).
const config: Config = {
  title: 'MDX fixture',
  url: 'https://fixture.example.org',
  baseUrl: '/',
  onBrokenLinks: 'throw',
  presets: [['classic', {docs: {sidebarPath: './sidebars.ts'}, blog: false}]],
};

export default config;
