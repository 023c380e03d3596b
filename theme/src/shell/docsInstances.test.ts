import { describe, expect, it } from 'vitest';
import type { DocsData } from '../contract.gen';
import { site } from '../app/testFixtures';
import { allDocsInstances, docsInstance, pluginIdOf, sidebarsKey } from './docsInstances';

const sdk: DocsData = {
  pluginId: 'sdk',
  routeBasePath: 'sdk',
  breadcrumbs: false,
  versions: [
    { name: 'current', label: 'Next', isLast: false, path: '/sdk/next/', mainDocId: 'intro', docs: { intro: { path: '/sdk/next/' } } },
    { name: '2.0', label: '2.0', isLast: true, path: '/sdk/', mainDocId: 'intro', docs: { intro: { path: '/sdk/' } } },
  ],
};
const twoInstances = { ...site, docsInstances: [sdk] };

describe('docs instances', () => {
  it('finds an instance by id, the default one without an id or for an unknown one', () => {
    expect(docsInstance(twoInstances, 'sdk')).toBe(sdk);
    expect(docsInstance(twoInstances, 'default')).toBe(site.docs);
    expect(docsInstance(twoInstances)).toBe(site.docs);
    expect(docsInstance(site, 'sdk')).toBe(site.docs);
    expect(allDocsInstances(twoInstances).map(pluginIdOf)).toEqual(['default', 'sdk']);
  });

  it('keys another instance’s sidebars by id and version, so that equal version names never meet', () => {
    expect(sidebarsKey({ version: 'current' })).toBe('current');
    expect(sidebarsKey({ version: 'current', pluginId: 'sdk' })).toBe('sdk/current');
  });
});
