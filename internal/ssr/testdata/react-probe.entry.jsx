// A throwaway React 19 server entry that proves internal/ssr's shims suffice
// for react-dom/server. Rebuild react-probe.js from it, outside the repository:
//
//   npm init -y && npm install react@19 react-dom@19 esbuild
//   npx esbuild react-probe.entry.jsx --bundle --format=iife --target=es2017 \
//     '--define:process.env.NODE_ENV="production"' --minify --jsx=automatic \
//     --legal-comments=none --outfile=react-probe.js
import { renderToString } from "react-dom/server.browser";

function Sidebar({ links }) {
  return (
    <nav aria-label="Docs">
      <ul>
        {links.map((l) => (
          <li key={l.href}><a href={l.href}>{l.label}</a></li>
        ))}
      </ul>
    </nav>
  );
}

function Boom({ message }) {
  throw new Error(message);
}

function Page({ data }) {
  return (
    <html lang="en">
      <head><meta charSet="utf-8" /><title>{data.title}</title></head>
      <body>
        <Sidebar links={data.links} />
        <main>
          <h1>{data.title}</h1>
          {data.fail ? <Boom message={data.fail} /> : null}
          <article dangerouslySetInnerHTML={{ __html: data.html }} />
        </main>
      </body>
    </html>
  );
}

globalThis.portalRender = function (inputJSON) {
  return "<!doctype html>" + renderToString(<Page data={JSON.parse(inputJSON)} />);
};
