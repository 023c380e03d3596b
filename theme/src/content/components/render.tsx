// The server side of Markdown components (Go package components): the
// engine renders a page's Markdown to HTML with a marker where each theme
// component goes, and asks this module for the components' markup, all of
// a page's at once. Each slot (an admonition's title, its body) comes as a
// placeholder text that the engine replaces with the slot's HTML, so the
// content passes through JavaScript only as props.
import type { ComponentType, ReactNode } from 'react';
import { TranslationsContext } from '../../app/translate';
import { Admonition } from './Admonition';
import { CodeBlock } from './CodeBlock';
import { DocCardList } from './DocCardList';
import { Heading } from './Heading';
import { Mermaid } from './Mermaid';
import { Tabs } from './Tabs';
import { TOCInline } from './TOCInline';
import { SiteComponent } from '../../site/SiteComponent';
import { installSiteRuntime, type PageContextData } from '../../site/provided';

/** The components Markdown can ask for, by the name the engine gives them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each component declares its own props
export const MARKDOWN_COMPONENTS: Record<string, ComponentType<any>> = { Admonition, CodeBlock, DocCardList, Heading, Mermaid, Tabs, TOCInline };

/** The engine's name for a component of the site's own modules (markdown.SiteComponentName). */
const SITE_COMPONENT = 'SiteComponent';

/** The engine's request (components.Request). */
interface ComponentRequest {
  name: string;
  props: Record<string, unknown> | null;
  slots: string[];
}

/** What site components need (pipeline.siteComponentsInput). */
interface SiteComponentsInput {
  context: unknown;
  contextScript: string;
  runtime: string;
  scripts: Record<string, string>;
}

interface ComponentsInput {
  translations?: Record<string, string> | null;
  site?: SiteComponentsInput;
  /** The server renderer, as SharedRenderData.renderer. */
  renderer?: string;
  components: ComponentRequest[];
}

/** The text a slot's prop holds (components.Placeholder). */
export function slotPlaceholder(slot: string): string {
  return `\uE000${slot}\uE001`;
}

/** Renders every request; the JSON array of their HTML, in order. */
export function renderComponents(inputJSON: string, render: (node: ReactNode, renderer: string | undefined) => string): string {
  const input = JSON.parse(inputJSON) as ComponentsInput;
  const translations = input.translations ?? {};
  if (input.site) {
    installSiteRuntime();
    globalThis.__portalSiteContext = input.site.context as typeof globalThis.__portalSiteContext;
  }
  const html = input.components.map(({ name, props, slots }) => {
    if (name === SITE_COMPONENT) return renderSiteComponent(input, props, slots, render);
    const Component = MARKDOWN_COMPONENTS[name];
    if (!Component) throw new Error(`the engine asked for a Markdown component the theme does not have: ${name}`);
    const all: Record<string, unknown> = { ...props };
    for (const slot of slots) all[slot] = slotPlaceholder(slot);
    return render(
      <TranslationsContext.Provider value={translations}>
        <Component {...all} />
      </TranslationsContext.Provider>,
      input.renderer,
    );
  });
  return JSON.stringify(html);
}

/** A site's component, or why it cannot be rendered: the engine then shows its children. */
function renderSiteComponent(
  input: ComponentsInput,
  props: Record<string, unknown> | null,
  slots: string[],
  render: (node: ReactNode, renderer: string | undefined) => string,
): string | { error: string } {
  const {
    module,
    export: name,
    props: own,
    page,
  } = (props ?? {}) as { module: string; export: string; props: Record<string, unknown>; page?: PageContextData };
  const site = input.site;
  if (!site) return { error: 'the engine gave no site context' };
  try {
    globalThis.__portalLayoutMeta = undefined;
    const html = render(
      <SiteComponent
        module={module}
        export={name}
        props={own ?? {}}
        script={site.scripts[module] ?? ''}
        contextScript={site.contextScript}
        runtime={site.runtime}
        page={page}
        children={slots.includes('children') ? slotPlaceholder('children') : undefined}
      />,
      // React's own renderer: what the browser hydrates must be what it writes.
      'react',
    );
    const layout = globalThis.__portalLayoutMeta;
    // The engine takes the page's title and description from this comment (pipeline.takeLayout).
    return layout ? `<!--portal-layout ${JSON.stringify(layout).replace(/>/g, '\\u003e')}-->${html}` : html;
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}
