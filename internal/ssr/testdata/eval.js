// Evaluates its input as a script and returns the result as a string; the
// tests of the shims use it to run JavaScript through the whole render path.
globalThis.portalRender = function (source) {
  return String((0, eval)(source));
};
