// questmud's terminal page. textual.js (textual-serve's front end, loaded before this file) opens
// the terminal and its WebSocket on window.onload. This file (1) lets it start only once the
// bundled monospace font is loaded, so xterm.js measures its cells with the font it draws with;
// (2) shows the "connect again" panel when the connection closes (textual.js marks <body> with
// the class "-closed"); connecting again reloads the page, which asks the server for a new
// one-time token (the login cookie stays); (3) holds back what textual.js sends before its socket
// is open (see QueuedSocket).
(function () {
  "use strict";
  // textual.js sends on its socket whenever the terminal is focused, blurred or resized -- also in
  // the moment between opening the socket and its "open" event, when a browser throws "Still in
  // CONNECTING state" (this page focuses the terminal right after starting it). So its WebSocket is
  // this one: what is sent while connecting waits, in order, and goes out at "open" (before
  // textual.js's own first message, the size); what is sent once the socket is closed is dropped
  // (the page already says the connection is gone).
  var Native = window.WebSocket;
  class QueuedSocket extends Native {
    constructor(url, protocols) {
      super(url, protocols);
      this.waiting = [];
      this.addEventListener("open", () => {
        this.waiting.splice(0).forEach((message) => super.send(message));
      });
    }
    send(message) {
      if (this.readyState === Native.CONNECTING) {
        this.waiting.push(message);
      } else if (this.readyState === Native.OPEN) {
        super.send(message);
      }
    }
  }
  window.WebSocket = QueuedSocket;
  var start = window.onload;
  window.onload = function (event) {
    var ready = document.fonts && document.fonts.load
      ? document.fonts.load('16px "Roboto Mono"').catch(function () {})
      : Promise.resolve();
    ready.then(function () {
      if (start) { start(event); }
      var terminal = document.querySelector(".xterm-helper-textarea");
      if (terminal) { terminal.focus(); }
    });
  };
  function watch() {
    var gone = document.getElementById("gone");
    new MutationObserver(function () {
      if (document.body.classList.contains("-closed")) { gone.hidden = false; }
    }).observe(document.body, { attributes: true, attributeFilter: ["class"] });
    document.getElementById("again").addEventListener("click", function () { window.location.reload(); });
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", watch);
  } else {
    watch();
  }
})();
