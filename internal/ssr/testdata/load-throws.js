// A server bundle that parses but throws while it loads, as one that reads a
// browser global at the top level would.
function readLocation() {
  return window.location.href;
}
globalThis.portalRender = function () {
  return readLocation();
};
readLocation();
