package ssr

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// Each shim runs through the whole render path: eval.js evaluates the input
// as a script, so the tasks a case queues are drained as a real render's are.
func TestShims(t *testing.T) {
	tests := []struct {
		name     string
		script   string
		wantHTML string
		wantLogs []string // a trailing "*" matches any rest, such as a stack
		wantErr  string
	}{
		// console
		{
			name:     "console formats like the Console Standard",
			script:   `console.error("Warning: %s is %d%% done, %i, %f %o", "x", 42.7, "12px", "1.5e1", {a: [1]}, "extra", 3); "ok"`,
			wantHTML: "ok",
			wantLogs: []string{`console.error: Warning: x is 42% done, 12, 15 {"a":[1]} extra 3`},
		},
		{
			name:     "console methods are prefixed and arguments joined",
			script:   `console.log("a", 1, null, undefined, true); console.info(); console.debug("%c styled", "color: red"); console.warn("%s missing"); console.trace(function named() {}); "ok"`,
			wantHTML: "ok",
			wantLogs: []string{
				"console.log: a 1 null undefined true",
				"console.info: ",
				"console.debug:  styled",
				"console.warn: %s missing",
				"console.trace: [Function named]",
			},
		},
		{
			name:     "console prints an Error with its stack",
			script:   `console.error(new TypeError("bad input")); "ok"`,
			wantHTML: "ok",
			wantLogs: []string{"console.error: TypeError: bad input\n    at <eval>*"},
		},
		{
			name:     "console survives a cyclic object",
			script:   `var o = {}; o.self = o; console.log(o); "ok"`,
			wantHTML: "ok",
			wantLogs: []string{"console.log: [object Object]"},
		},
		{
			name:     "console.assert logs only failures",
			script:   `console.assert(true, "no"); console.assert(false, "x %s", "y"); console.assert(0); "ok"`,
			wantHTML: "ok",
			wantLogs: []string{"console.error: Assertion failed: x y", "console.error: Assertion failed"},
		},
		{
			name:     "reportError logs the error as uncaught",
			script:   `reportError(new Error("late")); "ok"`,
			wantHTML: "ok",
			wantLogs: []string{"console.error: Uncaught Error: late\n    at*"},
		},

		// process and the server globals
		{
			name:     "process.env.NODE_ENV is production",
			script:   `process.env.NODE_ENV`,
			wantHTML: "production",
		},
		{
			name:     "window, self and document are undefined",
			script:   `[typeof window, typeof self, typeof document, typeof globalThis.window].join()`,
			wantHTML: "undefined,undefined,undefined,undefined",
		},
		{
			name:     "shims are defined, not enumerable, and the host hook is gone",
			script:   `["console", "process", "reportError", "setTimeout", "clearTimeout", "queueMicrotask", "MessageChannel", "TextEncoder", "TextDecoder"].filter(function (k) { return typeof globalThis[k] === "undefined" || Object.keys(globalThis).indexOf(k) >= 0 }).join() + "|" + typeof __portalHostLog`,
			wantHTML: "|undefined",
		},

		// setTimeout, clearTimeout, queueMicrotask
		{
			name: "timers run after the render in due order",
			script: `setTimeout(function () { console.log("c") }, 20);
				setTimeout(function (a, b) { console.log("a", a, b) }, 10, 1, 2);
				var never = setTimeout(function () { console.log("never") }, 5);
				setTimeout(function () { console.log("b") }, 10);
				clearTimeout(never);
				"sync"`,
			wantHTML: "sync",
			wantLogs: []string{"console.log: a 1 2", "console.log: b", "console.log: c"},
		},
		{
			name: "timers keep a virtual clock",
			script: `setTimeout(function () {
					console.log("at 100");
					setTimeout(function () { console.log("at 100+0") }, 0);
					setTimeout(function () { console.log("at 100+60") }, 60);
				}, 100);
				setTimeout(function () { console.log("at 150") }, 150);
				"sync"`,
			wantHTML: "sync",
			wantLogs: []string{"console.log: at 100", "console.log: at 100+0", "console.log: at 150", "console.log: at 100+60"},
		},
		{
			name: "microtasks and promise reactions run before timers",
			script: `setTimeout(function () { console.log("timer") }, 0);
				queueMicrotask(function () { console.log("microtask") });
				Promise.resolve().then(function () { console.log("promise") });
				console.log("sync");
				"done"`,
			wantHTML: "done",
			wantLogs: []string{"console.log: sync", "console.log: microtask", "console.log: promise", "console.log: timer"},
		},
		{
			name: "errors thrown by tasks are logged, the HTML stands",
			script: `setTimeout(function () { throw new Error("in timer") });
				queueMicrotask(function () { throw new RangeError("in microtask") });
				"html"`,
			wantHTML: "html",
			wantLogs: []string{"console.error: Uncaught RangeError: in microtask\n    at*", "console.error: Uncaught Error: in timer\n    at*"},
		},
		{
			name:     "a timer that re-arms itself is dropped with a warning",
			script:   `(function tick() { setTimeout(tick, 1) })(); "ok"`,
			wantHTML: "ok",
			wantLogs: []string{fmt.Sprintf("console.warn: ssr: still busy after %d queued tasks*", maxTasks)},
		},
		{
			name:    "setTimeout refuses a string",
			script:  `setTimeout("alert(1)", 0)`,
			wantErr: "TypeError: setTimeout: the callback must be a function",
		},

		// MessageChannel
		{
			name: "MessageChannel delivers to the other port as a task",
			script: `var ch = new MessageChannel();
				ch.port1.onmessage = function (e) { console.log("port1 got", e.data) };
				ch.port2.addEventListener("message", function (e) { console.log("port2 got", e.data) });
				ch.port2.postMessage("hello");
				ch.port1.postMessage({n: 1});
				console.log("posted");
				"ok"`,
			wantHTML: "ok",
			wantLogs: []string{"console.log: posted", "console.log: port1 got hello", `console.log: port2 got {"n":1}`},
		},
		{
			name:     "a closed port receives nothing",
			script:   `var ch = new MessageChannel(); ch.port1.onmessage = function () { console.log("no") }; ch.port1.close(); ch.port2.postMessage(1); "ok"`,
			wantHTML: "ok",
		},

		// TextEncoder
		{
			name:     "TextEncoder encodes UTF-8, a lone surrogate as U+FFFD",
			script:   `var e = new TextEncoder(); e.encoding + ":" + Array.from(e.encode("a\u00e9\u20ac\ud83d\ude00\ud800")).join() + ":" + e.encode().length`,
			wantHTML: "utf-8:97,195,169,226,130,172,240,159,152,128,239,191,189:0",
		},
		{
			name:     "TextEncoder.encodeInto writes whole characters only",
			script:   `var buf = new Uint8Array(5); var r = new TextEncoder().encodeInto("a€😀", buf); [r.read, r.written, Array.from(buf).join()].join("|")`,
			wantHTML: "2|4|97,226,130,172,0",
		},

		// TextDecoder; the expected strings are what Node's TextDecoder returns.
		{
			name:     "TextDecoder replaces each maximal invalid subpart",
			script:   `JSON.stringify([new TextDecoder().decode(new Uint8Array([0x61, 0xF0, 0x9F, 0x41, 0xC0, 0xED, 0xA0, 0x80, 0xE2, 0x82])), new TextDecoder().decode(new Uint8Array([0xF4, 0x90, 0x80, 0x80, 0xF8, 0xE0, 0x80, 0xE0, 0xA0, 0x62]).buffer)])`,
			wantHTML: "[\"a\uFFFDA\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\",\"\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFDb\"]",
		},
		{
			name:     "TextDecoder keeps a character split across streamed chunks",
			script:   `var d = new TextDecoder(); [d.decode(new Uint8Array([0xE2]), {stream: true}), d.decode(new Uint8Array([0x82]), {stream: true}), d.decode(new Uint8Array([0xAC, 0x21]))].join("|")`,
			wantHTML: "||€!",
		},
		{
			name:     "TextDecoder strips a BOM unless told not to, also when streamed",
			script:   `var b = new Uint8Array([0xEF, 0xBB, 0xBF, 0x68, 0x69]); var s = new TextDecoder(); JSON.stringify([new TextDecoder().decode(b), new TextDecoder("UTF8", {ignoreBOM: true}).decode(b), s.decode(b.subarray(0, 2), {stream: true}) + "|" + s.decode(b.subarray(2))])`,
			wantHTML: `["hi","` + "\uFEFF" + `hi","|hi"]`,
		},
		{
			name:     "TextDecoder fatal throws and only UTF-8 is known",
			script:   `var names = []; try { new TextDecoder("utf-8", {fatal: true}).decode(new Uint8Array([0xFF])) } catch (e) { names.push(e.name) } try { new TextDecoder("latin1") } catch (e) { names.push(e.name) } names.join()`,
			wantHTML: "TypeError,RangeError",
		},
		{
			name:     "TextDecoder turns more than 8192 code units into one string",
			script:   `var s = new Array(3001).join("ab€"); new TextDecoder().decode(new TextEncoder().encode(s)) === s`,
			wantHTML: "true",
		},
	}
	p := newTestPool(t, "eval.js", WithSize(1))
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			html, logs, err := p.Render(context.Background(), nil, []byte(tt.script))
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("error = %v, want it to contain %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("render: %v", err)
			}
			if html != tt.wantHTML {
				t.Errorf("html = %q, want %q", html, tt.wantHTML)
			}
			checkLogs(t, logs, tt.wantLogs)
		})
	}
}

// TestURLForSiteScripts: a render that runs the site's scripts first
// (RenderComponents) has URL and URLSearchParams (url.js); others do not.
func TestURLForSiteScripts(t *testing.T) {
	tests := []struct {
		name, script, wantHTML string
	}{
		{
			name:     "URL parses as browsers do, with a base and query parameters",
			script:   `var u = new URL("../b/c?x=1&y=a+b#top", "https://Example.org:443/a/z"); [u.href, u.origin, u.host, u.pathname, u.search, u.hash, u.searchParams.get("y"), String(new URL("https://github.com/pnpm")), new URL("http://h:8080").port].join(" | ")`,
			wantHTML: "https://example.org/b/c?x=1&y=a+b#top | https://example.org | example.org | /b/c | ?x=1&y=a+b | #top | a b | https://github.com/pnpm | 8080",
		},
		{
			name:     "a relative URL without a base is a TypeError",
			script:   `try { new URL("/docs"); "parsed" } catch (e) { e instanceof TypeError ? e.message : "other" }`,
			wantHTML: "Invalid URL: /docs",
		},
		{
			name:     "URLSearchParams reads and writes form encoding",
			script:   `var p = new URLSearchParams("?a=1&b=x%20y&a=2"); p.append("c", "d e"); [p.getAll("a").join(","), p.get("b"), p.has("z"), p.toString()].join(" | ")`,
			wantHTML: "1,2 | x y | false | a=1&b=x+y&a=2&c=d+e",
		},
	}
	p := newTestPool(t, "eval.js", WithSize(1))
	site := Preload{Key: "site", Source: "globalThis.siteLoaded = true;"}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			html, _, err := p.run(context.Background(), nil, "render", []byte(tt.script), site)
			if err != nil {
				t.Fatalf("render: %v", err)
			}
			if html != tt.wantHTML {
				t.Errorf("html = %q, want %q", html, tt.wantHTML)
			}
		})
	}
	fresh := newTestPool(t, "eval.js", WithSize(1))
	if html, _, _ := fresh.Render(context.Background(), nil, []byte(`typeof URL`)); html != "undefined" {
		t.Errorf("without site scripts, typeof URL = %q, want undefined: the theme's renders have none", html)
	}
}

// TestTextEncodingRoundTrip checks the shims against Go's own UTF-8.
func TestTextEncodingRoundTrip(t *testing.T) {
	p := newTestPool(t, "eval.js", WithSize(1))
	for _, s := range []string{
		"", "ascii", "é€😀", "\u2028\u2029", "\x00nul", "日本語のテキスト", "e\u0301", strings.Repeat("x😀", 3000),
	} {
		lit, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		script := fmt.Sprintf(`var s = %s; var b = new TextEncoder().encode(s);
			Array.from(b).join() + "|" + (new TextDecoder().decode(b) === s)`, lit)
		html, _, err := p.Render(context.Background(), nil, []byte(script))
		if err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		if want := byteList([]byte(s)) + "|true"; html != want {
			t.Errorf("%q: got %.80q, want %.80q", s, html, want)
		}
	}
}

func byteList(b []byte) string {
	parts := make([]string, len(b))
	for i, c := range b {
		parts[i] = fmt.Sprint(c)
	}
	return strings.Join(parts, ",")
}

// checkLogs compares logs with want, where a want ending in "*" matches any
// log line that starts with the rest.
func checkLogs(t *testing.T, logs, want []string) {
	t.Helper()
	ok := len(logs) == len(want)
	for i := 0; ok && i < len(want); i++ {
		if prefix, wild := strings.CutSuffix(want[i], "*"); wild {
			ok = strings.HasPrefix(logs[i], prefix)
		} else {
			ok = logs[i] == want[i]
		}
	}
	if !ok {
		t.Errorf("logs:\n%s\nwant:\n%s", strings.Join(quoteAll(logs), "\n"), strings.Join(quoteAll(want), "\n"))
	}
}

func quoteAll(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = fmt.Sprintf("%q", s)
	}
	return out
}
