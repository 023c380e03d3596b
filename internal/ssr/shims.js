// Browser-like globals that the theme's server bundle expects and QuickJS
// lacks. The Go side evaluates this script in every fresh VM before the
// bundle, right after it registers the host function __portalHostLog(level,
// message), which is how console output reaches Go.
//
// The script's value is one function, __portalHost(op, arg), which only Go
// holds: the bundle cannot reach the task queue or the render wrapper through
// a global.
//
// What is deliberately not here: window, self and document. Code tells the
// server from the browser by their absence, so defining them would make
// libraries take browser code paths during prerendering.
(function (global) {
  "use strict";

  var hostLog = global.__portalHostLog;
  delete global.__portalHostLog;

  // install sets a global the way browsers do: writable, configurable, not
  // enumerable.
  function install(name, value) {
    Object.defineProperty(global, name, {
      value: value,
      writable: true,
      configurable: true,
      enumerable: false,
    });
  }

  // define installs a global only where the engine has none of its own.
  function define(name, value) {
    if (typeof global[name] === "undefined") {
      install(name, value);
    }
  }

  // ---- console ------------------------------------------------------------

  // The functions of this file that Go calls into are all named __portal*,
  // so a stack can be cut where the bundle's frames end; the frames below
  // are the same for every error and their line numbers are this file's, not
  // the bundle's.
  function trimStack(stack) {
    var lines = String(stack).replace(/\n$/, "").split("\n");
    for (var i = 0; i < lines.length; i++) {
      if (lines[i].indexOf("at __portal") >= 0) {
        lines.length = i;
        // Function.prototype.apply and the like, which the task runner
        // called the bundle's callback through.
        while (lines.length > 0 && / \(native\)$/.test(lines[lines.length - 1])) {
          lines.pop();
        }
        break;
      }
    }
    return lines.join("\n");
  }

  function inspect(value) {
    if (typeof value === "string") {
      return value;
    }
    if (value instanceof Error) {
      var head = String(value.name) + ": " + String(value.message);
      var stack = value.stack ? trimStack(value.stack) : "";
      return stack ? head + "\n" + stack : head;
    }
    if (typeof value === "function") {
      return "[Function " + (value.name || "(anonymous)") + "]";
    }
    if (value !== null && typeof value === "object") {
      try {
        var json = JSON.stringify(value);
        if (json !== undefined) {
          return json;
        }
      } catch (e) {
        // Cycles and BigInts: fall back to the object's own string form.
      }
    }
    return String(value);
  }

  // format follows the substitutions of the WHATWG Console Standard's
  // Formatter (%s %d %i %f %o %O %c, and %% for a literal percent sign). React
  // passes its warnings as a format string plus arguments, so without this
  // the Go side would see "Warning: ... %s" with the details missing.
  function format(args) {
    var rest = Array.prototype.slice.call(args);
    var parts = [];
    if (typeof rest[0] === "string") {
      var fmt = rest.shift();
      parts.push(fmt.replace(/%([sdifoOc%])/g, function (match, spec) {
        if (spec === "%") {
          return "%";
        }
        if (rest.length === 0) {
          return match;
        }
        var arg = rest.shift();
        switch (spec) {
          case "s":
            return typeof arg === "string" ? arg : inspect(arg);
          case "d":
          case "i":
            return typeof arg === "symbol" ? "NaN" : String(parseInt(arg, 10));
          case "f":
            return typeof arg === "symbol" ? "NaN" : String(parseFloat(arg));
          case "c":
            return ""; // CSS has no meaning outside a browser console.
          default:
            return inspect(arg);
        }
      }));
    }
    return parts.concat(rest.map(inspect)).join(" ");
  }

  function logger(level) {
    return function () {
      hostLog(level, format(arguments));
    };
  }

  // The engine has no console of its own; ours is installed unconditionally
  // because its whole point is that Go sees the output.
  var console = {
    log: logger("log"),
    info: logger("info"),
    debug: logger("debug"),
    warn: logger("warn"),
    error: logger("error"),
    trace: logger("trace"),
    dir: logger("log"),
    assert: function (condition) {
      if (!condition) {
        var rest = Array.prototype.slice.call(arguments, 1);
        hostLog("error", "Assertion failed" + (rest.length ? ": " + format(rest) : ""));
      }
    },
  };
  install("console", console);

  function report(error) {
    hostLog("error", "Uncaught " + inspect(error));
  }

  // reportError is how React (and the HTML standard) surface an error that no
  // caller can catch; on the server it must become a log line, not vanish.
  define("reportError", report);

  // ---- process.env --------------------------------------------------------

  // Bundles are built with process.env.NODE_ENV replaced, but dependencies
  // sometimes read it at run time; anything other than "production" would
  // switch React to its development paths.
  define("process", { env: { NODE_ENV: "production" } });

  // ---- tasks: setTimeout, clearTimeout, MessageChannel, queueMicrotask ------

  // There is no event loop inside the engine. Timers and channel messages go
  // into one queue that Go drains after portalRender returns (host "runTask"),
  // on a virtual clock: a task runs when every task due before it has run, and
  // no real time passes. Rendering is synchronous, so what matters is that
  // queued work runs, reports its errors and leaves nothing behind for the
  // next render in the same VM.
  var tasks = [];
  var clock = 0;
  var sequence = 0;

  function enqueue(callback, delay, args) {
    var ms = Number(delay);
    var task = {
      id: ++sequence,
      due: clock + (ms > 0 ? ms : 0),
      callback: callback,
      args: args,
    };
    // Keep the queue ordered by due time, then by insertion: a binary search
    // for the first task due later than this one.
    var lo = 0;
    var hi = tasks.length;
    while (lo < hi) {
      var mid = (lo + hi) >>> 1;
      if (tasks[mid].due <= task.due) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    tasks.splice(lo, 0, task);
    return task.id;
  }

  function __portalRunTask() {
    var task = tasks.shift();
    if (!task) {
      return false;
    }
    clock = task.due;
    try {
      task.callback.apply(undefined, task.args);
    } catch (e) {
      report(e);
    }
    return true;
  }

  define("setTimeout", function setTimeout(callback, delay) {
    if (typeof callback !== "function") {
      throw new TypeError("setTimeout: the callback must be a function (string callbacks are not evaluated)");
    }
    return enqueue(callback, delay, Array.prototype.slice.call(arguments, 2));
  });

  define("clearTimeout", function clearTimeout(id) {
    for (var i = 0; i < tasks.length; i++) {
      if (tasks[i].id === id) {
        tasks.splice(i, 1);
        return;
      }
    }
  });

  // queueMicrotask rides on the engine's own promise job queue, which Go
  // drains with ExecutePendingJobs, so microtasks and promise reactions keep
  // their relative order. A throwing callback is reported, as in a browser,
  // rather than becoming a silently rejected promise.
  define("queueMicrotask", function queueMicrotask(callback) {
    if (typeof callback !== "function") {
      throw new TypeError("queueMicrotask: the callback must be a function");
    }
    Promise.resolve().then(function __portalMicrotask() {
      try {
        callback();
      } catch (e) {
        report(e);
      }
    });
  });

  // MessagePort delivers each posted message to the other port's onmessage
  // (or its "message" listeners) as a task. React's browser server build
  // creates a channel when it loads, to schedule work.
  function MessagePort() {
    this.onmessage = null;
    this._other = null;
    this._listeners = [];
    this._closed = false;
  }
  MessagePort.prototype.postMessage = function (data) {
    var target = this._other;
    if (this._closed || !target || target._closed) {
      return;
    }
    enqueue(function __portalPost() {
      target._deliver(data);
    }, 0, []);
  };
  MessagePort.prototype._deliver = function __portalDeliver(data) {
    if (this._closed) {
      return;
    }
    var event = { type: "message", data: data, target: this };
    if (typeof this.onmessage === "function") {
      this.onmessage(event);
    }
    var listeners = this._listeners.slice();
    for (var i = 0; i < listeners.length; i++) {
      listeners[i].call(this, event);
    }
  };
  MessagePort.prototype.addEventListener = function (type, listener) {
    if (type === "message" && typeof listener === "function" && this._listeners.indexOf(listener) < 0) {
      this._listeners.push(listener);
    }
  };
  MessagePort.prototype.removeEventListener = function (type, listener) {
    var i = this._listeners.indexOf(listener);
    if (type === "message" && i >= 0) {
      this._listeners.splice(i, 1);
    }
  };
  MessagePort.prototype.start = function () {};
  MessagePort.prototype.close = function () {
    this._closed = true;
  };

  define("MessageChannel", function MessageChannel() {
    if (!(this instanceof MessageChannel)) {
      throw new TypeError("MessageChannel must be called with new");
    }
    this.port1 = new MessagePort();
    this.port2 = new MessagePort();
    this.port1._other = this.port2;
    this.port2._other = this.port1;
  });

  // ---- TextEncoder / TextDecoder (UTF-8 only, as the Encoding Standard) ----

  // The loops below are written out, without helper calls per character:
  // a function call costs the engine more than the work of a character.

  // pairAt returns the code point of the surrogate pair at s[i], or -1 when
  // s[i] does not start one.
  function pairAt(s, i) {
    var c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      var d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        return ((c - 0xd800) << 10) + (d - 0xdc00) + 0x10000;
      }
    }
    return -1;
  }

  // encodeUTF8 writes s[from:] into out from byte at, stopping before a
  // character that does not fit in limit bytes; it returns [read, written].
  // A lone surrogate becomes U+FFFD, as the standard's encoder requires.
  function encodeUTF8(s, from, out, at, limit) {
    var i = from;
    var n = s.length;
    while (i < n) {
      var c = s.charCodeAt(i);
      if (c < 0x80) {
        if (at >= limit) break;
        out[at++] = c;
        i++;
        continue;
      }
      if (c < 0x800) {
        if (at + 2 > limit) break;
        out[at++] = 0xc0 | (c >> 6);
        out[at++] = 0x80 | (c & 0x3f);
        i++;
        continue;
      }
      if (c >= 0xd800 && c <= 0xdfff) {
        var cp = pairAt(s, i);
        if (cp >= 0) {
          if (at + 4 > limit) break;
          out[at++] = 0xf0 | (cp >> 18);
          out[at++] = 0x80 | ((cp >> 12) & 0x3f);
          out[at++] = 0x80 | ((cp >> 6) & 0x3f);
          out[at++] = 0x80 | (cp & 0x3f);
          i += 2;
          continue;
        }
        c = 0xfffd;
      }
      if (at + 3 > limit) break;
      out[at++] = 0xe0 | (c >> 12);
      out[at++] = 0x80 | ((c >> 6) & 0x3f);
      out[at++] = 0x80 | (c & 0x3f);
      i++;
    }
    return [i - from, at];
  }

  function utf8Length(s) {
    var n = s.length;
    var size = n;
    for (var i = 0; i < n; i++) {
      var c = s.charCodeAt(i);
      if (c < 0x80) continue;
      if (c < 0x800) {
        size += 1;
      } else if (pairAt(s, i) >= 0) {
        size += 2; // four bytes for two code units
        i++;
      } else {
        size += 2; // three bytes, also for U+FFFD in place of a lone surrogate
      }
    }
    return size;
  }

  function TextEncoder() {
    if (!(this instanceof TextEncoder)) {
      throw new TypeError("TextEncoder must be called with new");
    }
  }
  Object.defineProperty(TextEncoder.prototype, "encoding", { value: "utf-8" });
  TextEncoder.prototype.encode = function (input) {
    var s = input === undefined ? "" : String(input);
    var out = new Uint8Array(utf8Length(s));
    encodeUTF8(s, 0, out, 0, out.length);
    return out;
  };
  // encodeInto writes whole characters only, and reports how many UTF-16 code
  // units it read and bytes it wrote, as the standard specifies.
  TextEncoder.prototype.encodeInto = function (input, dest) {
    var r = encodeUTF8(String(input), 0, dest, 0, dest.length);
    return { read: r[0], written: r[1] };
  };
  define("TextEncoder", TextEncoder);


  var utf8Labels = ["utf-8", "utf8", "unicode-1-1-utf-8", "unicode11utf8", "unicode20utf8", "x-unicode20utf8"];

  function TextDecoder(label, options) {
    if (!(this instanceof TextDecoder)) {
      throw new TypeError("TextDecoder must be called with new");
    }
    var name = label === undefined ? "utf-8" : String(label).trim().toLowerCase();
    if (utf8Labels.indexOf(name) < 0) {
      throw new RangeError('TextDecoder: only UTF-8 is supported, not "' + label + '"');
    }
    this.fatal = !!(options && options.fatal);
    this.ignoreBOM = !!(options && options.ignoreBOM);
    this._reset();
  }
  Object.defineProperty(TextDecoder.prototype, "encoding", { value: "utf-8" });
  TextDecoder.prototype._reset = function () {
    this._cp = 0;
    this._needed = 0;
    this._seen = 0;
    this._lower = 0x80;
    this._upper = 0xbf;
    this._bomChecked = false;
  };

  function bytesOf(input) {
    if (input === undefined || input === null) {
      return new Uint8Array(0);
    }
    if (input instanceof ArrayBuffer) {
      return new Uint8Array(input);
    }
    if (ArrayBuffer.isView(input)) {
      return new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
    }
    throw new TypeError("TextDecoder.decode: the input must be an ArrayBuffer or an ArrayBufferView");
  }

  // unitsToString turns UTF-16 code units into a string, in slices small
  // enough for Function.prototype.apply.
  function unitsToString(units, n) {
    var out = "";
    for (var i = 0; i < n; i += 8192) {
      out += String.fromCharCode.apply(null, units.slice(i, Math.min(i + 8192, n)));
    }
    return out;
  }

  // decode is the Encoding Standard's UTF-8 decoder, byte by byte: the state
  // (code point so far, bytes needed and seen, the allowed range of the next
  // byte) persists across calls with {stream: true}, so a character split
  // between chunks decodes whole; each maximal invalid subpart becomes one
  // U+FFFD, or a TypeError when the decoder is fatal.
  TextDecoder.prototype.decode = function (input, options) {
    var bytes = bytesOf(input);
    var stream = !!(options && options.stream);
    // Each byte makes at most one code unit, a pending character at most
    // two, and the end of a truncated stream one U+FFFD.
    var units = new Uint16Array(bytes.length + 3);
    var n = 0;
    var cp = this._cp;
    var needed = this._needed;
    var seen = this._seen;
    var lower = this._lower;
    var upper = this._upper;
    var invalid = false;
    for (var i = 0; i < bytes.length; i++) {
      var b = bytes[i];
      if (needed === 0) {
        if (b < 0x80) {
          units[n++] = b;
          continue;
        }
        if (b >= 0xc2 && b <= 0xdf) {
          needed = 1;
          cp = b & 0x1f;
        } else if (b >= 0xe0 && b <= 0xef) {
          if (b === 0xe0) lower = 0xa0;
          if (b === 0xed) upper = 0x9f;
          needed = 2;
          cp = b & 0xf;
        } else if (b >= 0xf0 && b <= 0xf4) {
          if (b === 0xf0) lower = 0x90;
          if (b === 0xf4) upper = 0x8f;
          needed = 3;
          cp = b & 0x7;
        } else {
          invalid = true;
          units[n++] = 0xfffd;
        }
        continue;
      }
      if (b < lower || b > upper) {
        cp = needed = seen = 0;
        lower = 0x80;
        upper = 0xbf;
        invalid = true;
        units[n++] = 0xfffd;
        i--; // The byte may start the next character: read it again.
        continue;
      }
      lower = 0x80;
      upper = 0xbf;
      cp = (cp << 6) | (b & 0x3f);
      if (++seen === needed) {
        if (cp > 0xffff) {
          cp -= 0x10000;
          units[n++] = 0xd800 + (cp >> 10);
          units[n++] = 0xdc00 + (cp & 0x3ff);
        } else {
          units[n++] = cp;
        }
        cp = needed = seen = 0;
      }
    }
    if (!stream && needed !== 0) {
      invalid = true;
      units[n++] = 0xfffd;
    }
    if (invalid && this.fatal) {
      this._reset();
      throw new TypeError("TextDecoder.decode: the input is not valid UTF-8");
    }
    var start = 0;
    if (!this._bomChecked && n > 0) {
      this._bomChecked = true;
      if (units[0] === 0xfeff && !this.ignoreBOM) {
        start = 1;
      }
    }
    if (stream) {
      this._cp = cp;
      this._needed = needed;
      this._seen = seen;
      this._lower = lower;
      this._upper = upper;
    } else {
      this._reset();
    }
    return unitsToString(start === 0 ? units : units.subarray(start), n - start);
  };
  define("TextDecoder", TextDecoder);

  // ---- the function Go holds ------------------------------------------------

  function describe(value) {
    if (value === null) {
      return "null";
    }
    if (value && typeof value.then === "function") {
      return "a Promise (portalRender must return the HTML synchronously)";
    }
    return typeof value;
  }

  return function __portalHost(op, arg) {
    switch (op) {
      case "ready":
        // NewPool's check that the bundle honoured the contract.
        return typeof global.portalRender;
      case "render":
        if (typeof global.portalRender !== "function") {
          throw new TypeError("globalThis.portalRender is not a function");
        }
        var html = global.portalRender(arg);
        if (typeof html !== "string") {
          throw new TypeError("portalRender returned " + describe(html) + ", want a string");
        }
        return html;
      case "components":
        // The theme components a page's Markdown asks for (package components).
        if (typeof global.portalComponents !== "function") {
          throw new TypeError("globalThis.portalComponents is not a function: the theme's server bundle renders no Markdown components");
        }
        var rendered = global.portalComponents(arg);
        if (typeof rendered !== "string") {
          throw new TypeError("portalComponents returned " + describe(rendered) + ", want a string");
        }
        return rendered;
      case "share":
        // The data every render of a build shares (ssr.Shared), once per VM and build.
        if (typeof global.portalShare !== "function") {
          throw new TypeError("globalThis.portalShare is not a function, but the engine has shared data for it");
        }
        global.portalShare(arg);
        return "";
      case "runTask":
        return __portalRunTask();
      default:
        throw new Error("ssr shims: unknown host operation " + op);
    }
  };
})(globalThis);
