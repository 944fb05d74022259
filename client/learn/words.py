"""The words every lesson shares: its buttons, its counter, and why an action waits."""

from __future__ import annotations

from client.games import client_about
from client.kit.words import Strings, Words, both

WORDS: Strings = {
    "learn.continue": both("Continue", "次へ"),
    "learn.skip": both("Skip lesson", "レッスンを飛ばす"),
    "learn.step": both("Lesson {n} / {m}", "レッスン {n} / {m}"),
    "learn.watch": both("Watch the table…", "テーブルを見ていましょう…"),
    "learn.wait": both("Not yet: watch the table until the lesson asks.",
                       "まだです: レッスンが声をかけるまでテーブルを見ていましょう。"),
    "learn.continue_first": both("Read this first, then press Continue.",
                                 "まずこれを読んで「次へ」を押しましょう。"),
    "learn.not_that": both("Not that one: do what the lesson says, where the arrow points.",
                           "それではありません: 矢印の先で、レッスンの言うとおりにしましょう。"),
    "learn.done": both("Lesson complete! Play on, or press Esc to leave.",
                       "レッスン完了! このまま続けるか、Escで終わりにしましょう。"),
    "learn.close": both("Close", "閉じる"),
    "learn.leave": both("Leave the lesson? It starts again at this step next time.",
                        "レッスンをやめますか? 次回はこのステップから始まります。"),
    "menu.learn": both("Learn to play", "遊び方を学ぶ"),
}


def learn_words() -> str:
    """The menu's *Learn to play*, in the reader's language."""
    return Words(WORDS)("menu.learn")


def has_lesson(game_id: str) -> bool:
    """The game declares a lesson (``client/games``); nothing of it is loaded."""
    return bool(client_about(game_id).lesson)
