"""Words of a table played together: a stand-in bot said to be one, and the end of a
game the group decides."""

from __future__ import annotations

from client.entry import both as _t

GROUP: dict[str, dict[str, str]] = {
    "standin.name": _t("{name} (stand-in)", "{name}(代理ボット)"),
    "standin.title": _t("While you were away, a stand-in bot played your seat:",
                        "あなたの離席中、代理ボットがあなたの席で打ちました:"),
    "standin.more": _t("…and {n} more (see the log)", "…ほか{n}件(ログを参照)"),
    "standin.ok": _t("OK", "了解"),
    "standin.undo_ready": _t("Not ready after all", "準備完了を取り消す"),
    "ev.unready": _t("{name} is no longer ready to vote.", "{name}は投票の準備完了を取り消した。"),
}
"""(Each entry in English and Japanese; ``client.strings`` merges them in.)"""
