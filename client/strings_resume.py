"""Words of a table that comes back: the resumed table's wait, and the menu's way back
to a table this window hosted."""

from __future__ import annotations

from client.entry import both as _t

RESUME: dict[str, dict[str, str]] = {
    "resume.waiting": _t("Waiting for {names} to come back: {s} s",
                         "{names}の再接続を待っています: 残り{s}秒"),
    "resume.settled": _t("Everyone is back: the game goes on in {s} s",
                         "全員が戻りました: あと{s}秒で再開します"),
    "resume.and": _t("{a} and {b}", "{a}と{b}"),
    "menu.resume": _t("Resume your table: {game}, {n} players, {when}",
                      "テーブルを再開: {game}、{n}人、{when}"),
}
