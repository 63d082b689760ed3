// questmud's screen-reader page: the line interface (as over telnet or `ssh -T`) as text a screen
// reader reads. The server sends one JSON object per batch of lines (mud/server/web/lines.py):
// {echo, lines, prompt, question: {text, answers: [[key, label]]} | null, closed}. Lines go into
// the log (role=log, read as they come); the question and its answers stand below it as text and
// buttons, and a button sends its digit as if typed; the prompt stands beside the command box.
// Everything from the server is set as text (textContent), never as HTML.
(function () {
  "use strict";
  var MOST_LINES = 2000; // lines kept in the log (the oldest go first)

  function start() {
    var game = document.getElementById("game");
    var log = document.getElementById("log");
    var asked = document.getElementById("asked");
    var question = document.getElementById("question");
    var answers = document.getElementById("answers");
    var prompt = document.getElementById("prompt");
    var form = document.getElementById("typed");
    var command = document.getElementById("command");
    var status = document.getElementById("status");
    var gone = document.getElementById("reconnect");
    var socket = new WebSocket(game.dataset.sessionWebsocketUrl);
    var waiting = []; // lines typed before the socket opened: sent once it is
    var shown = ""; // the question the buttons answer now (as JSON: drawn again only when it changes)
    var clicked = []; // for each line sent that the server echoes: was it a click on an answer?

    function send(line, click) {
      var message = JSON.stringify(["line", line]);
      if (socket.readyState === WebSocket.CONNECTING) {
        waiting.push(message);
      } else if (socket.readyState === WebSocket.OPEN) {
        socket.send(message);
      } else {
        return;
      }
      if (line.trim()) {
        clicked.push(Boolean(click)); // (a blank line is answered without an echo)
      }
    }

    function add(text, kind) {
      var line = document.createElement("p");
      line.textContent = text;
      if (kind) {
        line.className = kind;
      }
      if (kind === "echo") {
        line.setAttribute("aria-hidden", "true"); // the reader said it as it was typed
      } // (a click's echo, "echo clicked", is read: nothing was typed)
      log.appendChild(line);
      while (log.childElementCount > MOST_LINES) {
        log.removeChild(log.firstElementChild);
      }
    }

    function ask(now) {
      var key = JSON.stringify(now);
      if (key === shown) {
        return;
      }
      shown = key;
      answers.replaceChildren();
      asked.hidden = !now;
      question.textContent = now ? now.text : "";
      if (!now) {
        return;
      }
      now.answers.forEach(function (answer) {
        var button = document.createElement("button");
        button.type = "button";
        button.textContent = "[" + answer[0] + "] " + answer[1];
        button.dataset.key = answer[0];
        button.addEventListener("click", function () {
          send(answer[0], true);
          command.focus();
        });
        answers.appendChild(button);
      });
    }

    socket.addEventListener("open", function () {
      status.textContent = game.dataset.connected || "Connected."; // (the page's language: pages.py)
      waiting.splice(0).forEach(function (message) { socket.send(message); });
    });
    socket.addEventListener("message", function (event) {
      var batch;
      try {
        batch = JSON.parse(event.data);
      } catch (error) {
        return;
      }
      if (batch.echo) {
        add(batch.echo, clicked.shift() ? "echo clicked" : "echo");
      }
      (batch.lines || []).forEach(function (text) { add(text, ""); });
      ask(batch.closed ? null : batch.question);
      prompt.textContent = batch.prompt || "";
      log.scrollTop = log.scrollHeight;
      if (batch.closed) {
        ended(); // the last words: said now, not when the socket's closing is done
      }
    });
    socket.addEventListener("close", ended);

    function ended() {
      if (!gone.hidden) {
        return;
      }
      status.textContent = game.dataset.closed ||
        "The connection is closed: the server went away, or you left. Your seat waits for you.";
      ask(null);
      prompt.textContent = "";
      command.disabled = true;
      gone.hidden = false;
    }
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      send(command.value);
      command.value = "";
    });
    document.getElementById("again").addEventListener("click", function () { window.location.reload(); });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
