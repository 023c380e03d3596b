// A server bundle that loads but forgets the contract: no portalRender.
globalThis.render = function (inputJSON) {
  return inputJSON;
};
