// Evaluated before a Docusaurus config or sidebars bundle, in a QuickJS VM
// that has no file system, network or module loader. It provides what such
// files use from Node.js, with no access to anything outside the script:
//
// - process.env holds only the variables given with --env; process.cwd()
//   is the site folder.
// - Paths are the site folder's as Node.js sees them (__PORTAL_ROOT__: its
//   absolute path on disk, or /site for a site that is not a folder):
//   every file of the bundle has its own __dirname and __filename, and
//   import.meta.url (set by the bundler, bundle.go); node:path works on
//   them as Node's POSIX path module does.
// - require.resolve(x) of a file finds it with Node's extension rules, from
//   the answers Go worked out while bundling (__PORTAL_RESOLVED__); of a
//   package, it returns the name (Docusaurus resolves it to a file path the
//   config only passes on, e.g. customCss).
// - Every other npm package, and Node.js's other built-ins, is a stand-in:
//   any property, call or construction gives another stand-in; it iterates
//   as an empty list and spreads as an empty object, so that code building
//   on a package's value runs on; JSON shows it as
//   {"$package": "name.property…"} so the Go side can tell what came from a
//   package it could not run (a prism theme, a remark plugin…).
//
// __PORTAL_ENV__, __PORTAL_FILE__, __PORTAL_ROOT__ and __PORTAL_RESOLVED__
// are replaced by Go with JSON values.
(function () {
  const root = __PORTAL_ROOT__;
  const resolved = __PORTAL_RESOLVED__;
  const packagePath = Symbol('portal.package');
  const emptyIterator = function* () {};
  const emptyAsyncIterator = async function* () {};
  const stub = (path) => {
    const target = function () {};
    return new Proxy(target, {
      get(_, key) {
        if (key === packagePath) return path;
        if (key === 'toJSON') return () => ({ $package: path });
        if (key === Symbol.toPrimitive) return () => '[' + path + ']';
        if (key === Symbol.iterator) return emptyIterator;
        if (key === Symbol.asyncIterator) return emptyAsyncIterator;
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

  const posix = makePath(() => root);
  const url = {
    fileURLToPath(u) {
      const href = typeof u === 'string' ? u : String(u && u.href);
      if (!href.startsWith('file://')) throw new TypeError('The URL must be of scheme file');
      return decodeURIComponent(href.slice('file://'.length));
    },
    pathToFileURL(p) {
      const href = 'file://' + encodeURI(posix.resolve(p));
      return { href, pathname: posix.resolve(p), protocol: 'file:', toString: () => href };
    },
  };
  // The build runs on the server, where Docusaurus says there is no DOM.
  const executionEnvironment = {
    canUseDOM: false,
    canUseEventListeners: false,
    canUseIntersectionObserver: false,
    canUseViewport: false,
  };
  const builtins = {
    path: posix,
    'path/posix': posix,
    url,
    '@docusaurus/ExecutionEnvironment': executionEnvironment,
  };
  const builtin = (name) => builtins[name.startsWith('node:') ? name.slice('node:'.length) : name];
  globalThis.__portalPackage = (name) => {
    const m = builtin(name);
    return m === undefined ? stub(name) : { ...m, default: m, __esModule: true };
  };
  globalThis.__portalPackagePath = packagePath;
  globalThis.__portalRequireResolve = (dir, spec) => {
    if (typeof spec !== 'string') return spec;
    if (spec.startsWith('./') || spec.startsWith('../') || spec === '.' || spec === '..' || spec.startsWith('/')) {
      const target = posix.resolve(dir, spec);
      return resolved[target] || target;
    }
    return spec;
  };
  const env = __PORTAL_ENV__;
  globalThis.process = {
    env,
    argv: [],
    platform: 'linux',
    versions: { node: '20.0.0' },
    cwd: () => root,
  };
  const require = (name) => globalThis.__portalPackage(name);
  require.resolve = (name) => globalThis.__portalRequireResolve(root, name);
  globalThis.require = require;
  globalThis.__dirname = root;
  globalThis.__filename = posix.join(root, __PORTAL_FILE__);

  // makePath is Node's POSIX path module, for the functions configs use.
  function makePath(cwd) {
    const normalizeParts = (parts, absolute) => {
      const out = [];
      for (const part of parts) {
        if (part === '' || part === '.') continue;
        if (part === '..') {
          if (out.length > 0 && out[out.length - 1] !== '..') out.pop();
          else if (!absolute) out.push('..');
          continue;
        }
        out.push(part);
      }
      return out;
    };
    const p = {
      sep: '/',
      delimiter: ':',
      isAbsolute: (s) => String(s).startsWith('/'),
      normalize(s) {
        s = String(s);
        if (s === '') return '.';
        const absolute = s.startsWith('/');
        const trailing = s.endsWith('/');
        let out = normalizeParts(s.split('/'), absolute).join('/');
        if (out === '' && !absolute) out = '.';
        if (out !== '' && out !== '.' && trailing) out += '/';
        return (absolute ? '/' : '') + out;
      },
      join(...parts) {
        const joined = parts.map(String).filter((s) => s !== '').join('/');
        return joined === '' ? '.' : p.normalize(joined);
      },
      resolve(...parts) {
        let resolvedPath = '';
        for (let i = parts.length - 1; i >= 0 && !resolvedPath.startsWith('/'); i--) {
          const part = String(parts[i]);
          if (part !== '') resolvedPath = resolvedPath === '' ? part : part + '/' + resolvedPath;
        }
        if (!resolvedPath.startsWith('/')) resolvedPath = cwd() + '/' + resolvedPath;
        const out = '/' + normalizeParts(resolvedPath.split('/'), true).join('/');
        return out;
      },
      dirname(s) {
        s = String(s).replace(/\/+$/, '') || (String(s).startsWith('/') ? '/' : '');
        const i = s.lastIndexOf('/');
        if (i < 0) return '.';
        if (i === 0) return '/';
        return s.slice(0, i);
      },
      basename(s, ext) {
        s = String(s).replace(/\/+$/, '');
        let base = s.slice(s.lastIndexOf('/') + 1);
        if (ext !== undefined && base !== ext && base.endsWith(ext)) base = base.slice(0, base.length - ext.length);
        return base;
      },
      extname(s) {
        const base = p.basename(s);
        const i = base.lastIndexOf('.');
        return i <= 0 ? '' : base.slice(i);
      },
      relative(from, to) {
        const a = p.resolve(from).split('/').filter(Boolean);
        const b = p.resolve(to).split('/').filter(Boolean);
        let i = 0;
        while (i < a.length && i < b.length && a[i] === b[i]) i++;
        return [...a.slice(i).map(() => '..'), ...b.slice(i)].join('/');
      },
      parse(s) {
        s = String(s);
        const rootPart = s.startsWith('/') ? '/' : '';
        const base = p.basename(s);
        const ext = p.extname(s);
        const dir = s.includes('/') ? p.dirname(s) : '';
        return { root: rootPart, dir, base, ext, name: ext ? base.slice(0, base.length - ext.length) : base };
      },
      format(o) {
        const dir = o.dir || o.root || '';
        const base = o.base || (o.name || '') + (o.ext || '');
        return dir === '' ? base : dir === o.root ? dir + base : dir + '/' + base;
      },
    };
    p.posix = p;
    return p;
  }
})();
