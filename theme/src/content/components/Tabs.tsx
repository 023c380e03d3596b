// Tabs in Markdown (reference 10.8): `::::tabs` blocks and <Tabs>/<TabItem>.
// The engine resolves which tab is selected and gives each tab's label and
// panel (slots label-N and panel-N, N from 1, when written in Markdown);
// this component writes the complete ARIA tabs pattern, so the page reads
// without JavaScript with the selected tab shown. content/tabs.ts adds the
// clicks, arrow keys, group sync and remembered choice.
import type { ReactNode } from 'react';

export interface TabSpec {
  value: string;
  selected?: boolean;
  /** The label, when it was not written in Markdown (then the slot label-N). */
  label?: string;
  /** A TabItem's attributes.className, on its tab. */
  className?: string;
  /** A TabItem's className, on its panel. */
  panelClassName?: string;
}

export interface TabsProps {
  /** The group's number on the page, from 1, for element ids. */
  seq: number;
  groupId?: string;
  queryString?: string;
  tabs: TabSpec[];
  /** The blocks written above the first tab. */
  children?: ReactNode;
  [slot: `label-${number}` | `panel-${number}`]: ReactNode;
}

export function Tabs(props: TabsProps) {
  const { seq, groupId, queryString, tabs, children } = props;
  const tabId = (n: number) => `tabs:${seq}:tab:${n}`;
  const panelId = (n: number) => `tabs:${seq}:panel:${n}`;
  const classes = (base: string, extra?: string) => (extra ? `${base} ${extra}` : base);
  return (
    <div className="tabs-container" data-group-id={groupId} data-query-string={queryString}>
      {children}
      <ul role="tablist" aria-orientation="horizontal" className="tabs">
        {tabs.map((tab, i) => (
          <li
            key={i}
            role="tab"
            id={tabId(i + 1)}
            aria-controls={panelId(i + 1)}
            aria-selected={tab.selected ? 'true' : 'false'}
            tabIndex={tab.selected ? 0 : -1}
            className={classes(tab.selected ? 'tabs__item tabs__item--active' : 'tabs__item', tab.className)}
            data-value={tab.value}
          >
            {tab.label ?? props[`label-${i + 1}`]}
          </li>
        ))}
      </ul>
      <div className="tabs__panels">
        {tabs.map((tab, i) => (
          <div
            key={i}
            role="tabpanel"
            id={panelId(i + 1)}
            aria-labelledby={tabId(i + 1)}
            tabIndex={0}
            className={classes('tabs__panel', tab.panelClassName)}
            hidden={!tab.selected}
          >
            {props[`panel-${i + 1}`]}
          </div>
        ))}
      </div>
    </div>
  );
}
