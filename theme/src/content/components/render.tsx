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

/** The components Markdown can ask for, by the name the engine gives them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each component declares its own props
export const MARKDOWN_COMPONENTS: Record<string, ComponentType<any>> = { Admonition, CodeBlock, DocCardList, Heading, Mermaid, Tabs, TOCInline };

/** The engine's request (components.Request). */
interface ComponentRequest {
  name: string;
  props: Record<string, unknown> | null;
  slots: string[];
}

interface ComponentsInput {
  translations?: Record<string, string> | null;
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
  const html = input.components.map(({ name, props, slots }) => {
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
