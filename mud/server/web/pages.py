"""The pages of the web surface, as strings: the login form, the terminal, the screen-reader page.

Nothing a player typed is ever put into a page except the name on the login form, and that only
through ``html.escape``; the terminal itself is drawn by xterm.js from the bytes of the WebSocket,
and the screen-reader page sets its lines as text (static/lines.js), never as HTML. The pages load
only the server's own files (see web.CSP): no inline script or style.
"""

from __future__ import annotations

from html import escape

import games
from mud.shell.language import DEFAULT, ENDONYMS, LANGS
from mud.shell.words import _, PSEUDO, render

READER = _("Screen-reader page (plain lines)")
GAMES = ", ".join(games.get(name).title for name in games.names())  # from the catalogue: mud/ names no game

HEAD = """<!DOCTYPE html>
<html lang="{lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/static/qm/questmud.css">
{more}</head>
"""


def language_switch(lang: str, chosen: bool) -> tuple[str, str]:
    """The login page's switch: a link per language (each named in itself), the page's own marked;
    the form carries the page's language, and ``chosen`` when the player picked it here (so it
    replaces the one their account keeps; else it only fills an account never asked). Returns the
    switch and the form's hidden fields."""
    current = ' aria-current="true"'
    links = " ".join(f'<a href="/?lang={code}" hreflang="{code}" lang="{code}"{current if code == lang else ""}>'
                     f'{ENDONYMS[code]}</a>' for code in LANGS)
    kept = '<input type="hidden" name="chosen" value="1">' if chosen else ""
    return (f'<nav class="languages" aria-label="Language / Lingua">{links}</nav>',
            f'<input type="hidden" name="lang" value="{escape(lang)}">{kept}')


def login_page(message: str = "", name: str = "", new: bool = False, local: bool = False,
               lines: bool = False, lang: str = DEFAULT, chosen: bool = False) -> str:
    """The login form. ``new``: the name has no account yet, so the password is asked twice, as
    SSH's first login does. ``message`` is a line of the server's own (escaped all the same).
    ``lines``: the screen-reader page was asked for, so its button comes first on the form shown
    again (the one Enter presses). ``lang``: the page's language (the browser's Accept-Language, or
    the switch: ``chosen``); every word of ours on it is a message worded in it (the tests' ``xx`` too)."""
    lang = lang if lang in LANGS or lang == PSEUDO else DEFAULT
    switch, carried = language_switch(lang, chosen)

    def say(message) -> str:  # a message (or the server's text) in the page's language, escaped
        return escape(render(message, lang))

    said = f'<p class="message" role="alert">{say(message)}</p>' if message else ""
    again = ("<label>" + say(_("The same password again")) + ' <input type="password" name="again" '
             'autocomplete="new-password" required minlength="4"></label>') if new else ""
    intro = (_("There is no account called that yet: this login creates it. Choose a password of 4 characters "
               "or more, and type it twice.") if new else
             _("Your name and password. A new name creates your account."))
    play = '<button type="submit">' + say(_("Create the account and play") if new else _("Play")) + "</button>"
    reader_words = _("Create the account: Screen-reader page (plain lines)") if new else READER
    reader = '<button type="submit" name="page" value="lines">' + say(reader_words) + "</button>"
    buttons = f"{reader}\n{play}" if lines else f"{play}\n{reader}"
    title = say(_("questmud: log in"))
    about = say(_("{games}: tabletop games in one world. Players on SSH, telnet and here meet in the same rooms.",
                  games=GAMES))
    name_label, password_label = say(_("Name")), say(_("Password"))
    note = say(_("The screen-reader page shows the game as lines of text, the answers to the game's "
                 "questions as buttons, and a box to type commands: the same game, in a form a screen "
                 "reader reads."))
    return HEAD.format(title=title, more="", lang="en" if lang == PSEUDO else lang) + f"""<body class="login">
<main>
{switch}
<h1>questmud</h1>
<p>{about}</p>
<form method="post" action="/login">
{carried}
<p>{say(intro)}</p>
{said}
<label>{name_label} <input name="name" value="{escape(name)}" autocomplete="username" required maxlength="16"
 pattern="[A-Za-z][A-Za-z0-9_\\-]{{1,15}}" autofocus></label>
<label>{password_label} <input type="password" name="password"
 autocomplete="{'new-password' if new else 'current-password'}" required></label>
{again}
{buttons}
<p class="note">{note}</p>
</form>
</main>
</body></html>
"""


CLOSED = _("The connection is closed: the server went away, or you left. Your seat waits for you.")


def page_words(lang: str, **messages) -> dict[str, str]:
    """Each message worded in ``lang`` (a language of ours, or the tests' ``xx``), escaped for a page."""
    return {key: escape(render(msg, lang)) for key, msg in messages.items()}


def logout(lang: str) -> str:
    """Ends this browser's login on the server (POST: a link or an image elsewhere cannot log anyone out)."""
    return ('<form class="logout" method="post" action="/logout"><button type="submit">'
            + escape(render(_("Log out"), lang)) + "</button></form>")


def page_lang(lang: str) -> tuple[str, str]:
    """(the language its words are in, the one ``<html lang>`` names): ``xx`` is English's page."""
    lang = lang if lang in LANGS or lang == PSEUDO else DEFAULT
    return lang, "en" if lang == PSEUDO else lang


def play_page(socket_url: str, font_size: int = 16, lang: str = DEFAULT) -> str:
    """The terminal: textual-serve's front end (xterm.js) connects to ``socket_url`` when the page
    has loaded; /static/qm/play.js waits for the font first, and says when the connection is gone.
    Its words in ``lang``, the account's (the terminal itself is the TUI's, in the same language)."""
    lang, html_lang = page_lang(lang)
    more = ('<link rel="stylesheet" href="/static/xterm/css/xterm.css">\n'
            '<script src="/static/xterm/js/textual.js"></script>\n'
            '<script src="/static/qm/play.js"></script>\n')
    w = page_words(lang, reader=READER, closed=CLOSED, again=_("Connect again"), short=_("Screen-reader page"),
                   other=_("Log in as someone else"))
    return HEAD.format(title="questmud", more=more, lang=html_lang) + f"""<body class="play">
<a class="skip" href="/lines">{w["reader"]}</a>
<div id="terminal" class="textual-terminal" data-session-websocket-url="{escape(socket_url)}"
 data-font-size="{int(font_size)}"></div>
<div id="gone" hidden>
<p>{w["closed"]}</p>
<p><button id="again" type="button">{w["again"]}</button> <a href="/lines">{w["short"]}</a>
<a href="/">{w["other"]}</a></p>
{logout(lang)}
</div>
</body></html>
"""


def lines_page(socket_url: str, lang: str = DEFAULT) -> str:
    """The screen-reader page: the line interface of telnet and ``ssh -T`` (mud/server/web/lines.py)
    as an accessible page. New lines land in a log (role=log: a screen reader reads them as they
    come, politely); the game's question and its numbered answers stand as text and buttons (a
    button sends its digit); commands are typed in a labelled input, the prompt beside it.
    /static/qm/lines.js connects to ``socket_url`` and fills them, as text only. Its words in
    ``lang`` (the account's); the script's own two sentences ride on ``#game``'s data attributes."""
    lang, html_lang = page_lang(lang)
    more = '<script src="/static/qm/lines.js"></script>\n'
    w = page_words(lang, title=_("questmud (lines)"), full=_("Full-screen page"), other=_("Log in as someone else"),
                   game=_("Game"), question=_("Question"), answers=_("Answers"), command=_("Command"),
                   send=_("Send"), connecting=_("Connecting..."), connected=_("Connected."), closed=CLOSED,
                   again=_("Connect again"))
    return HEAD.format(title=w["title"], more=more, lang=html_lang) + f"""<body class="lines">
<header>
<h1>questmud</h1>
<p><a href="/play">{w["full"]}</a> <a href="/">{w["other"]}</a></p>
{logout(lang)}
</header>
<main id="game" data-session-websocket-url="{escape(socket_url)}" data-connected="{w["connected"]}"
 data-closed="{w["closed"]}">
<h2 id="log-title">{w["game"]}</h2>
<div id="log" role="log" aria-live="polite" aria-labelledby="log-title" tabindex="0"></div>
<section id="asked" aria-labelledby="asked-title" hidden>
<h2 id="asked-title">{w["question"]}</h2>
<p id="question"></p>
<div id="answers" role="group" aria-label="{w["answers"]}"></div>
</section>
<form id="typed" autocomplete="off">
<label for="command">{w["command"]}</label>
<span id="prompt"></span>
<input id="command" name="command" type="text" aria-describedby="prompt" spellcheck="false" autofocus>
<button type="submit">{w["send"]}</button>
</form>
<p id="status" role="status">{w["connecting"]}</p>
<p id="reconnect" hidden><button id="again" type="button">{w["again"]}</button></p>
</main>
</body></html>
"""


def closed_page(message, lang: str = DEFAULT) -> str:
    """A page that only says something (no login for it, a local game already ended), in ``lang``."""
    lang = lang if lang in LANGS or lang == PSEUDO else DEFAULT
    said, log_in = escape(render(message, lang)), escape(render(_("Log in"), lang))
    return HEAD.format(title="questmud", more="", lang="en" if lang == PSEUDO else lang) + f"""<body class="login"><main>
<h1>questmud</h1><p class="message">{said}</p><p><a href="/">{log_in}</a></p></main></body></html>
"""
