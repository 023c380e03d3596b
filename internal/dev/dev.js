// portal dev's live-reload client, served at /__portal/dev.js and added to
// every page the dev server renders. It listens to the server's events:
// "refresh" (content changed: the app shows the page's new data in place,
// keeping the scroll position), "reload" (config, sidebars or static files
// changed: reload the page, then restore the scroll position), "failed"
// (the build failed: show its errors over the last good page) and "ok".
(function () {
  "use strict";
  var SCROLL_KEY = "portal-dev-scroll";
  var OVERLAY_ID = "portal-dev-overlay";

  var saved = sessionStorage.getItem(SCROLL_KEY);
  if (saved !== null) {
    sessionStorage.removeItem(SCROLL_KEY);
    var restore = function () { window.scrollTo(0, Number(saved) || 0); };
    if (document.readyState === "complete") restore();
    else window.addEventListener("load", restore);
  }

  function hideOverlay() {
    var el = document.getElementById(OVERLAY_ID);
    if (el) el.remove();
  }

  function showOverlay(report) {
    hideOverlay();
    var el = document.createElement("div");
    el.id = OVERLAY_ID;
    el.setAttribute("role", "alertdialog");
    el.setAttribute("aria-modal", "false");
    el.setAttribute("aria-labelledby", OVERLAY_ID + "-title");
    el.style.cssText =
      "position:fixed;inset:0;z-index:10000;overflow:auto;background:rgba(20,20,24,.92);color:#fff;" +
      "font:14px/1.5 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;padding:32px";
    var title = document.createElement("h2");
    title.id = OVERLAY_ID + "-title";
    title.style.cssText = "margin:0 0 8px;font:600 20px/1.3 system-ui,sans-serif;color:#ff8a80";
    title.textContent = "Build failed: the last good build is still being served";
    el.appendChild(title);
    var note = document.createElement("p");
    note.style.cssText = "margin:0 0 16px;font-family:system-ui,sans-serif;color:#ddd";
    note.textContent = "Fix the file and save: this message goes away on the next good build.";
    el.appendChild(note);
    var list = document.createElement("ul");
    list.style.cssText = "list-style:none;padding:0;margin:0";
    (report.diagnostics || []).forEach(function (d) {
      var item = document.createElement("li");
      item.style.cssText = "margin:0 0 12px;white-space:pre-wrap";
      item.textContent = d;
      list.appendChild(item);
    });
    el.appendChild(list);
    var close = document.createElement("button");
    close.type = "button";
    close.textContent = "Dismiss";
    close.style.cssText = "margin-top:8px;padding:8px 16px;font:14px system-ui,sans-serif";
    close.addEventListener("click", hideOverlay);
    el.appendChild(close);
    document.body.appendChild(el);
  }

  var events = new EventSource("/__portal/events");
  events.addEventListener("refresh", function () {
    hideOverlay();
    window.dispatchEvent(new Event("portal:refresh"));
  });
  events.addEventListener("reload", function () {
    sessionStorage.setItem(SCROLL_KEY, String(window.scrollY));
    window.location.reload();
  });
  events.addEventListener("failed", function (e) {
    showOverlay(JSON.parse(e.data));
  });
  events.addEventListener("ok", hideOverlay);
})();
