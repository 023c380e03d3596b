// Allocates without bound when the input asks it to, to hit the memory limit.
globalThis.portalRender = function (inputJSON) {
  if (JSON.parse(inputJSON).hog) {
    var keep = [];
    for (;;) {
      keep.push(new Array(1 << 16).fill(keep.length));
    }
  }
  return "<p>small</p>";
};
