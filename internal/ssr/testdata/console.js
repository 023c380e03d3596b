// Writes to the console while it loads and while it renders, the way React
// reports a warning: a format string and its arguments.
console.warn("loaded %s", "console.js");
globalThis.portalRender = function (inputJSON) {
  var data = JSON.parse(inputJSON);
  console.error("Warning: Each child in a list should have a unique %s prop.%s", '"key"', " See " + data.route);
  console.log("rendered", data.route, { items: 2 });
  return "<p>" + data.route + "</p>";
};
