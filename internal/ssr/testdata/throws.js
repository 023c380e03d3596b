// Throws from a nested function when the input asks it to, after corrupting
// the VM's state: a VM that is reused after the error would report the
// corruption in the next render.
(function () {
  var corrupted = false;
  function renderPage(data) {
    if (data.fail) {
      corrupted = true;
      throw new Error("cannot render " + data.route);
    }
    return "<p>" + data.route + (corrupted ? " corrupted" : " clean") + "</p>";
  }
  globalThis.portalRender = function (inputJSON) {
    return renderPage(JSON.parse(inputJSON));
  };
})();
