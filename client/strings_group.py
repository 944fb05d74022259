"""Words of a table played together: a stand-in bot said to be one, and the end of a
game the group decides (and the host form's choice of it)."""

from __future__ import annotations

from client.entry import both as _t

GROUP: dict[str, dict[str, str]] = {
    "standin.name": _t("{name} (stand-in)", "{name}(代理ボット)"),
    "standin.title": _t("While you were away, a stand-in bot played your seat:",
                        "あなたの離席中、代理ボットがあなたの席で打ちました:"),
    "standin.more": _t("…and {n} more (see the log)", "…ほか{n}件(ログを参照)"),
    "standin.quiet": _t("Nothing it did shows in the log.", "ログに残る動きはありませんでした。"),
    "standin.ok": _t("OK", "了解"),
    "standin.undo_ready": _t("Not ready after all", "準備完了を取り消す"),
    "standin.undo_next_round": _t("Not ready for the next round", "次のラウンドの準備を取り消す"),
    "ev.unready": _t("{name} is no longer ready to vote.", "{name}は投票の準備完了を取り消した。"),
    "ev.unready_you": _t("You are no longer ready to vote.",
                         "あなたは投票の準備完了を取り消した。"),
    "next.continue": _t("Continue", "次へ"),
    "next.next_game": _t("Next game", "次のゲーム"),
    "next.waiting": _t("Next game when everyone continues: waiting for {names}.",
                       "全員が「次へ」を押すと次のゲーム。待っている人: {names}"),
    "next.waiting_host": _t("You continued: the next game starts when everyone has, or "
                            "when the host deals it.",
                            "「次へ」を押しました。全員が押すか、ホストが配ると次のゲームです。"),
    "next.countdown": _t("Next game in {n} s", "次のゲームまで{n}秒"),
    "next.separator": _t("— Game {n} —", "— 第{n}ゲーム —"),
    "menu.next_game": _t("Next game", "次のゲーム"),
    "next.when_all": _t("when all continue", "全員が「次へ」で"),
    "next.after": _t("or after {n} s", "または{n}秒後"),
}
"""(Each entry in English and Japanese; ``client.strings`` merges them in.)"""
