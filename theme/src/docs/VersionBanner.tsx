// The version banner and badge of a doc (reference 5.8), from the versions
// of the doc's docs instance. With the portal's single version neither
// shows; they appear as soon as a site has more.
import type { DocMeta } from '../contract.gen';
import { Link } from '../app/Link';
import { useSite } from '../app/SiteContext';
import { docsInstance, pluginIdOf } from '../shell/docsInstances';
import { useDocsPreferredVersion } from '../shell/docsPreferredVersion';
import { docPathInVersion, latestVersion } from '../shell/docsVersions';

export function VersionBanner({ doc }: { doc: DocMeta }) {
  const site = useSite();
  const { savePreferredVersionName } = useDocsPreferredVersion(pluginIdOf(doc));
  const versions = docsInstance(site, doc.pluginId).versions;
  const version = versions.find((v) => v.name === doc.version);
  const latest = latestVersion(versions);
  if (!version || !latest || (version.banner !== 'unreleased' && version.banner !== 'unmaintained')) return null;
  const label = <b>{version.label}</b>;
  return (
    <div className="theme-doc-version-banner alert alert--warning margin-bottom--md" role="alert">
      <div>
        {version.banner === 'unreleased' ? (
          <>
            This is unreleased documentation for {site.title} {label} version.
          </>
        ) : (
          <>
            This is documentation for {site.title} {label}, which is no longer actively maintained.
          </>
        )}
      </div>
      <div className="margin-top--md">
        For up-to-date documentation, see the{' '}
        <b>
          <Link to={docPathInVersion(latest, doc.id || undefined)} onClick={() => savePreferredVersionName(latest.name)}>
            latest version
          </Link>
        </b>{' '}
        ({latest.label}).
      </div>
    </div>
  );
}

/** "Version: <label>", shown when the docs have more than one version. */
export function VersionBadge({ doc }: { doc: DocMeta }) {
  const versions = docsInstance(useSite(), doc.pluginId).versions;
  const version = versions.find((v) => v.name === doc.version);
  if (versions.length <= 1 || !version) return null;
  return <span className="theme-doc-version-badge badge badge--secondary">Version: {version.label}</span>;
}
