// A server bundle that does not parse: line 4 has an operator with no operand.
globalThis.portalRender = function (inputJSON) {
  var data = JSON.parse(inputJSON);
  return "<p>" + data.title + ;
};
