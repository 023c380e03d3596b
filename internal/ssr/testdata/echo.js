// Echoes fields of the input into an HTML document. The title goes in
// unescaped on purpose, so tests can check that every character survives the
// trip from Go to JavaScript and back. Each VM numbers its renders and tags
// itself with a random id, so tests can tell VMs apart and see state reset.
(function () {
  var vmID = Math.random().toString(36).slice(2);
  var renders = 0;
  globalThis.portalRender = function (inputJSON) {
    var data = JSON.parse(inputJSON);
    renders++;
    return (
      "<!doctype html><html><head><title>" + data.title + "</title></head>" +
      '<body data-vm="' + vmID + '" data-renders="' + renders + '">' +
      "<main>" + data.body + "</main></body></html>"
    );
  };
})();
