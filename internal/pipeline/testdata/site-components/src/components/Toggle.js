import React, {useState} from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';

export default function Toggle({label, open: initiallyOpen = false, children}) {
  const [open, setOpen] = useState(initiallyOpen);
  const {siteConfig} = useDocusaurusContext();
  return (
    <section className="toggle">
      <button type="button" aria-expanded={open} onClick={() => setOpen(!open)}>
        {label} ({siteConfig.title})
      </button>
      {open && <div className="toggle__body">{children}</div>}
    </section>
  );
}

export function WindowWidth() {
  return <span>{window.innerWidth}px</span>;
}
