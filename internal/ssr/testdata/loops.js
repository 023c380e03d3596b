// Loops forever when the input asks it to. Each VM counts its renders, so a
// test can see that the VM which timed out was replaced.
(function () {
  var renders = 0;
  function spin() {
    for (;;) {}
  }
  globalThis.portalRender = function (inputJSON) {
    renders++;
    if (JSON.parse(inputJSON).loop) {
      spin();
    }
    return "<p>render " + renders + "</p>";
  };
})();
