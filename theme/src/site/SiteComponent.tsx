// A component of the site's own modules, in a page's Markdown: rendered on
// the server as an island (a custom element holding what to hydrate it
// with), and hydrated in the browser by islands.ts. Its children are the
// page's Markdown, as HTML the engine places: React never re-renders them.
import type { ComponentType, ReactNode } from 'react';
import { SiteRoot, type PageContextData } from './provided';

export const ISLAND_TAG = 'portal-island';
export const CHILDREN_TAG = 'portal-children';

declare global {
  var __portalSiteModules: Record<string, Record<string, unknown>> | undefined;
  /** Why a module threw while it loaded (Go package sitereact). */
  var __portalSiteModuleErrors: Record<string, string> | undefined;
}

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- JSX's intrinsic elements are declared in this namespace
  namespace JSX {
    interface IntrinsicElements {
      'portal-island': React.DetailedHTMLProps<React.HTMLAttributes<HTMLElement>, HTMLElement>;
      'portal-children': React.DetailedHTMLProps<React.HTMLAttributes<HTMLElement>, HTMLElement>;
    }
  }
}

/** The module's export, from the registry its script fills. */
export function siteExport(module: string, name: string): ComponentType<Record<string, unknown>> {
  const exports = globalThis.__portalSiteModules?.[module];
  const failed = globalThis.__portalSiteModuleErrors?.[module];
  if (failed !== undefined) throw new Error(`the module threw while it loaded: ${failed}`);
  if (!exports) throw new Error(`the module ${module} was not loaded`);
  let value = exports[name];
  // A CommonJS module's exports are its default.
  if (value === undefined && name === 'default') value = exports;
  if (value && typeof value === 'object' && 'default' in value && name === 'default') value = (value as { default: unknown }).default;
  if (typeof value !== 'function' && !(value && typeof value === 'object' && '$$typeof' in value)) {
    throw new Error(`${module} has no component export ${name}`);
  }
  return value as ComponentType<Record<string, unknown>>;
}

/** The island's content: the component with its props and the Markdown children. */
export function IslandContent({
  module,
  name,
  props,
  page,
  childrenHTML,
}: {
  module: string;
  name: string;
  props: Record<string, unknown>;
  page?: PageContextData | null;
  childrenHTML?: string;
}) {
  const Component = siteExport(module, name);
  // Text children come as the children prop; only Markdown children are HTML the engine places.
  const children: ReactNode = childrenHTML === undefined ? undefined : <portal-children dangerouslySetInnerHTML={{ __html: childrenHTML }} />;
  return <SiteRoot page={page}>{childrenHTML === undefined ? <Component {...props} /> : <Component {...props}>{children}</Component>}</SiteRoot>;
}

export interface SiteComponentProps {
  module: string;
  export: string;
  props: Record<string, unknown>;
  /** The module's script, and the site context's, for the browser. */
  script: string;
  contextScript: string;
  /** The theme's site-components runtime (vite.site.config.ts). */
  runtime: string;
  page?: PageContextData | null;
  children?: string;
}

export function SiteComponent({ module, export: name, props, script, contextScript, runtime, page, children }: SiteComponentProps) {
  return (
    <portal-island
      data-module={module}
      data-export={name}
      data-props={JSON.stringify(props)}
      data-script={script}
      data-context={contextScript}
      data-runtime={runtime}
      data-page={page ? JSON.stringify(page) : undefined}
    >
      <IslandContent module={module} name={name} props={props} page={page} childrenHTML={children} />
    </portal-island>
  );
}
