// URL and URLSearchParams for the site's own scripts (Pool.RenderComponents'
// scripts), run in a VM before the first of them: a site's components build
// links with new URL(…) while they render, as they may in Node.js. Parsed
// by Go's net/url (engine.go, parseURL); the properties are read-only, so
// code that edits a URL gets a new one. Not in shims.js: the theme needs
// neither, and every VM would carry them.
(function (global) {
  "use strict";

  var hostParseURL = global.__portalParseURL;
  delete global.__portalParseURL;

  function define(name, value) {
    if (typeof global[name] === "undefined") {
      Object.defineProperty(global, name, { value: value, writable: true, configurable: true, enumerable: false });
    }
  }

  function URLSearchParams(init) {
    this._list = [];
    var text = typeof init === "string" ? init.replace(/^\?/, "") : "";
    if (text !== "") {
      var pairs = text.split("&");
      for (var i = 0; i < pairs.length; i++) {
        if (pairs[i] === "") continue;
        var eq = pairs[i].indexOf("=");
        var name = eq < 0 ? pairs[i] : pairs[i].slice(0, eq);
        var value = eq < 0 ? "" : pairs[i].slice(eq + 1);
        this._list.push([decodeFormPart(name), decodeFormPart(value)]);
      }
    } else if (init && typeof init === "object") {
      var entries = Array.isArray(init) ? init : Object.keys(init).map(function (k) { return [k, init[k]]; });
      for (var j = 0; j < entries.length; j++) this._list.push([String(entries[j][0]), String(entries[j][1])]);
    }
  }
  function decodeFormPart(part) {
    try {
      return decodeURIComponent(part.replace(/\+/g, " "));
    } catch (e) {
      return part;
    }
  }
  function encodeFormPart(part) {
    return encodeURIComponent(part).replace(/%20/g, "+");
  }
  URLSearchParams.prototype.get = function (name) {
    for (var i = 0; i < this._list.length; i++) if (this._list[i][0] === name) return this._list[i][1];
    return null;
  };
  URLSearchParams.prototype.getAll = function (name) {
    return this._list.filter(function (p) { return p[0] === name; }).map(function (p) { return p[1]; });
  };
  URLSearchParams.prototype.has = function (name) {
    return this.get(name) !== null;
  };
  URLSearchParams.prototype.append = function (name, value) {
    this._list.push([String(name), String(value)]);
  };
  URLSearchParams.prototype.set = function (name, value) {
    this.delete(name);
    this.append(name, value);
  };
  URLSearchParams.prototype.delete = function (name) {
    this._list = this._list.filter(function (p) { return p[0] !== name; });
  };
  URLSearchParams.prototype.forEach = function (fn, thisArg) {
    for (var i = 0; i < this._list.length; i++) fn.call(thisArg, this._list[i][1], this._list[i][0], this);
  };
  URLSearchParams.prototype.entries = function () {
    return this._list.map(function (p) { return [p[0], p[1]]; })[Symbol.iterator]();
  };
  URLSearchParams.prototype[Symbol.iterator] = URLSearchParams.prototype.entries;
  URLSearchParams.prototype.toString = function () {
    return this._list.map(function (p) { return encodeFormPart(p[0]) + "=" + encodeFormPart(p[1]); }).join("&");
  };
  define("URLSearchParams", URLSearchParams);

  var urlFields = ["href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash", "origin"];
  function URL(input, base) {
    if (!(this instanceof URL)) {
      throw new TypeError("URL must be called with new");
    }
    var parsed = JSON.parse(hostParseURL(String(input), base === undefined ? "" : String(base)));
    if (parsed.error) {
      throw new TypeError("Invalid URL: " + String(input));
    }
    for (var i = 0; i < urlFields.length; i++) {
      Object.defineProperty(this, urlFields[i], { value: parsed[urlFields[i]], enumerable: true });
    }
    Object.defineProperty(this, "searchParams", { value: new URLSearchParams(parsed.search), enumerable: true });
  }
  URL.prototype.toString = function () {
    return this.href;
  };
  URL.prototype.toJSON = URL.prototype.toString;
  URL.canParse = function (input, base) {
    return !JSON.parse(hostParseURL(String(input), base === undefined ? "" : String(base))).error;
  };
  define("URL", URL);
})(globalThis);
