// A cover image named by a prop: a require() of a computed path into the
// static folder, which webpack bundles as a context module.
export default function Cover({name}) {
  const url = require(`@site/static/img/${name}`).default;
  return <span className="cover" style={{backgroundImage: `url(${url})`}} />;
}
