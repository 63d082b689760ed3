"""What a telnet player is sent besides text: GMCP packages (docs/gmcp.md) and MSSP's figures as
text, for clients that ask by typing. A mixin of the telnet Player, which has ``writer``, ``proto``,
``ws``, ``telnet``, ``send``, ``send_lines``, ``gmcp_last`` and ``gmcp_checks``."""

from __future__ import annotations

import json
import logging

from telnetlib3.telopt import GMCP, IAC, SB, SE

from mud.server.clients.mudinfo import mssp_figures, room_info

log = logging.getLogger("questmud.telnet")


class GmcpOut:
    def mssp_text(self) -> None:
        figures = mssp_figures(self.server, self.proto.listener.port).items()
        rows = [k + "\t" + ("\t".join(v) if isinstance(v, list) else v) for k, v in figures]
        self.send_lines(["MSSP-REPLY-START", *rows, "MSSP-REPLY-END"])

    def gmcp_on(self) -> bool:
        w = self.writer
        return self.telnet and not w.connection_closed and w.local_option.enabled(GMCP)

    def gmcp(self, package: str, data, text: str | None = None) -> None:
        module = package.lower()
        if not self.gmcp_on() or any(module == off or module.startswith(off + ".") for off in self.proto.gmcp_off):
            return
        if data is not None or text:
            package += " " + (text or json.dumps(data, separators=(",", ":"), default=str))
        self.send(IAC + SB + GMCP + package.encode("utf-8", "replace").replace(IAC, IAC + IAC) + IAC + SE, raw=True)

    def gmcp_update(self, again: bool = False) -> None:
        """Send the packages that changed since they were last sent (all of them if ``again``)."""
        self.gmcp_checks += 1
        if self.ws is None or not self.gmcp_on() or self.proto.writing_paused():
            return  # (while the client is not reading, the latest state goes once it reads again)
        if again:
            self.gmcp_last.clear()
        try:
            for package, data in (("Char.Status", self.ws.status()), ("Room.Info", room_info(self.ws)),
                                  ("Game.View", self.ws.game_view())):
                text = json.dumps(data, separators=(",", ":"), default=str)
                if self.gmcp_last.get(package) != text:
                    self.gmcp_last[package] = text
                    self.gmcp(package, data, text)
        except Exception:  # a bug in a game's view costs GMCP data, never the connection
            log.exception("GMCP for %s failed", self.ws.name)
