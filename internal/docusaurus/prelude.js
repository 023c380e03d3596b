// Evaluated before a Docusaurus config or sidebars bundle, in a QuickJS VM
// that has no file system, network or module loader. It provides what such
// files use from Node.js, with no access to anything outside the script:
//
// - process.env holds only the variables given with --env; process.cwd()
//   is "/".
// - require.resolve(x) returns x (Docusaurus resolves it to a file path the
//   config only passes on, e.g. customCss).
// - Every npm package, Node.js's built-ins included, is a stub: any property,
//   call or construction gives another stub, and JSON shows it as
//   {"$package": "name.property…"} so the Go side can tell what came from a
//   package it could not run (a prism theme, a remark plugin…).
// - __dirname is ".", __filename the file's path in the site folder.
//
// __PORTAL_ENV__ and __PORTAL_FILE__ are replaced by Go with JSON values.
(function () {
  const packagePath = Symbol('portal.package');
  const stub = (path) => {
    const target = function () {};
    return new Proxy(target, {
      get(_, key) {
        if (key === packagePath) return path;
        if (key === 'toJSON') return () => ({ $package: path });
        if (key === Symbol.toPrimitive) return () => '[' + path + ']';
        // Not a promise, so awaiting a stub does not hang.
        if (key === 'then') return undefined;
        // esbuild's interop copies a CommonJS module's own keys and reads
        // the rest through its prototype (below).
        if (key === '__esModule') return true;
        if (typeof key === 'symbol') return undefined;
        return stub(path + '.' + key);
      },
      getPrototypeOf() {
        return stub(path);
      },
      apply() {
        return stub(path + '()');
      },
      construct() {
        return stub('new ' + path);
      },
    });
  };
  globalThis.__portalPackage = (name) => stub(name);
  globalThis.__portalPackagePath = packagePath;
  const env = __PORTAL_ENV__;
  globalThis.process = {
    env,
    argv: [],
    platform: 'linux',
    versions: { node: '20.0.0' },
    cwd: () => '/',
  };
  const require = (name) => stub(name);
  require.resolve = (name) => name;
  globalThis.require = require;
  globalThis.__dirname = '.';
  globalThis.__filename = __PORTAL_FILE__;
})();
