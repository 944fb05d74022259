"""Every word of the Seven Knights Bewitched table, in English and Japanese.

The table keeps its own strings (the frame's table holds the shared ones such as the
timer or the chat); ``t`` looks here first and falls back to the frame's ``tr``.
Questions are data in this game, so turning one into a sentence lives here too.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, cast

from client import i18n
from client.feed import NEW_GAME
from client.i18n import tr
from client.kit.standin import event_namer
from client.kit.words import Namer as Namer
from client.kit.words import Strings, Words, both
from core.games.knights.shapes import (
    Answered,
    CaptainEvent,
    KnightsLine,
    OpenQuestion,
    Question,
    RoundRecord,
)

STRINGS: Strings = {
    # phases
    "phase.inspect": both("Round {r} — inspect", "第{r}ラウンド — 探求"),
    "phase.inspect_centre": both("Round {r} — inspect a centre tile",
                               "第{r}ラウンド — 中央タイルの探求"),
    "phase.question": both("Round {r} — questions", "第{r}ラウンド — 質問"),
    "phase.answer": both("Round {r} — questions", "第{r}ラウンド — 質問"),
    "phase.recommend": both("Round {r} — recommend a captain", "第{r}ラウンド — 推薦"),
    "phase.command": both("Round {r} — the captain's question", "第{r}ラウンド — 号令"),
    "phase.command_answer": both("Round {r} — the captain's question", "第{r}ラウンド — 号令"),
    "phase.line_up": both("Round {r} — the line-up", "第{r}ラウンド — 隊列"),
    "phase.review": both("Round {r} — review", "第{r}ラウンド — 清算"),
    "phase.over": both("Game over", "ゲーム終了"),
    # tiles and sides
    "witch": both("Witch", "魔女"),
    "tile.seat": both("{name}'s tile", "{name}のタイル"),
    "tile.yours": both("{name}'s tile (yours)", "{name}(あなた)のタイル"),
    "tile.yours_you": both("your tile (You)", "「あなた」のタイル"),
    "tile.centre": both("centre tile {k}", "中央タイル{k}"),
    "tile.centre_short": both("Centre {k}", "中央{k}"),
    "side.knights": both("Knight side", "騎士陣営"),
    "side.witch": both("Witch side", "魔女陣営"),
    "you_hold": both("Your tile: {v}", "あなたのタイル: {v}"),
    "you_side_knights": both("You are on the Knight side.", "あなたは騎士陣営です。"),
    "you_side_witch": both("You hold the Witch: you lead the Witch side.",
                         "あなたは魔女ミュルマミウスです(魔女陣営)。"),
    "you_bewitched": both("You are bewitched: you are on the Witch side!",
                        "あなたはミュルマミウスの虜: 魔女陣営です!"),
    "witch_side_is": both("Witch side: {names}", "魔女陣営: {names}"),
    "you_saw": both("You saw {tile}: {v}", "{tile}を見た: {v}"),
    "mark.bewitched": both("Bewitched", "虜"),
    "mark.witch_side": both("Witch side", "魔女陣営"),
    "mark.captain": both("Captain", "隊長"),
    "mark.start": both("Starts", "スタート"),
    "mark.recommended": both("Chip placed", "推薦済み"),
    "mark.ready": both("Ready", "準備完了"),
    "mark.asking": both("Asking", "質問中"),
    "mark.answering": both("Answering", "回答中"),
    "mark.arranging": both("Lining up", "隊列中"),
    "mark.turn": both("Inspecting", "探求中"),
    "mark.votes": both("★ {n}", "★ {n}"),
    "points": both("{n} pts", "{n}点", one="{n} pt"),
    "aside": both("{n} set aside unseen", "{n}枚は伏せたまま除外"),
    # prompts
    "prompt.inspect": both("Inspect one tile: pick a highlighted tile.",
                         "タイルを1枚探求: 光っているタイルを選ぶ。"),
    "prompt.inspect_centre": both("Now inspect one centre tile.", "次は中央のタイルを1枚探求。"),
    "prompt.who": both("Ask a question: whom do you ask? (pick a player)",
                     "質問: 誰に聞きますか?(プレイヤーを選ぶ)"),
    "prompt.tile": both("Which tile do you ask {name} about? (pick a tile)",
                      "{name}にどのタイルについて聞きますか?(タイルを選ぶ)"),
    "prompt.other": both("Greater than which tile?", "どのタイルより大きい?"),
    "prompt.values": both("Choose the numbers, then ask.", "数を選んで質問。"),
    "prompt.answer": both("{name} asks you: {q}", "{name}からあなたへの質問: {q}"),
    "prompt.preview": both("Ask {name}: {q}", "{name}に質問: {q}"),
    "prompt.truthful": both("A Knight answers truthfully.", "騎士は正直に答えます。"),
    "prompt.may_lie": both("On the Witch side you may answer either way: lie if it helps.",
                           "魔女陣営なので、どちらで答えてもかまいません(嘘も可)。"),
    "prompt.recommend": both("Recommend a captain: pick a player (yourself allowed).",
                           "隊長を推薦: プレイヤーを選ぶ(自分も可)。"),
    "prompt.line_up": both("Drag the tiles into ascending order; drop the Witch in the box "
                         "(or nothing).",
                         "タイルをドラッグして昇順に並べ、魔女だと思うタイルは枠へ(なしも可)。"),
    "prompt.review": both("Every tile is face up. Ready for the next round?",
                        "全タイル公開。次のラウンドへ進みますか?"),
    "wait.inspect": both("{name} is inspecting a tile…", "{name}が探求中…"),
    "wait.ask": both("{name} is choosing a question…", "{name}が質問を考えています…"),
    "wait.answer": both("{asker} asks {answerer}: {q}", "{asker}→{answerer}: {q}"),
    "wait.answer_you": both("You ask {answerer}: {q}", "あなた→{answerer}: {q}"),
    "wait.recommend": both("Everyone recommends a captain at once…", "全員が同時に隊長を推薦中…"),
    "wait.line_up": both("Captain {name} arranges the line-up…", "隊長{name}が隊列を並べています…"),
    "wait.line_up_you": both("As captain, you arrange the line-up…",
                           "隊長のあなたが隊列を並べています…"),
    "wait.reveal": both("The line-up is revealed, one tile at a time…",
                      "隊列を1枚ずつ公開しています…"),
    "wait.others": both("Waiting for the others…", "他のプレイヤーを待っています…"),
    # builder
    "form.in": both("is one of…", "のどれか?"),
    "form.greater": both("is greater than…", "より大きい?"),
    "quick.odd": both("odd", "奇数"),
    "quick.even": both("even", "偶数"),
    "quick.at_least": both("≥{k}", "{k}以上"),
    "quick.clear": both("clear", "クリア"),
    "act.back": both("Back", "戻る"),
    "act.ask": both("Ask", "質問する"),
    "act.yes": both("Yes", "はい"),
    "act.no": both("No", "いいえ"),
    "act.line_up": both("Confirm the line-up", "隊列を確定"),
    "act.sort": both("Sort by what I know", "知っている順に並べる"),
    "act.next_round": both("Next round", "次のラウンドへ"),
    "act.save": both("Save", "保存"),
    "act.scores": both("Scores", "得点表"),
    "act.table": both("Show the table", "テーブルを見る"),
    "left_out_box": both("Left out (the Witch?)", "除外(魔女?)"),
    "row": both("The line-up, left to right", "隊列(左から右へ)"),
    # questions
    "q.is": both("Is {tile} the {v}?", "{tile}は{v}ですか?"),
    "q.one_of": both("Is {tile} one of {vs}?", "{tile}は{vs}のどれかですか?"),
    "q.at_least": both("Is {tile} {k} or more?", "{tile}は{k}以上ですか?"),
    "q.at_most": both("Is {tile} {k} or less?", "{tile}は{k}以下ですか?"),
    "q.odd": both("Is {tile} odd?", "{tile}は奇数ですか?"),
    "q.even": both("Is {tile} even?", "{tile}は偶数ですか?"),
    "q.greater": both("Is {tile} greater than {other}?", "{tile}は{other}より大きいですか?"),
    "q.line": both("{asker} → {answerer}: {q}", "{asker}→{answerer}: {q}"),
    "q.extra": both("(captain) ", "(号令)"),
    "yes": both("Yes", "はい"),
    "no": both("No", "いいえ"),
    "or": both(" or ", "・"),
    # tabs
    "tab.qa": both("Q&A", "質疑"),
    "tab.log": both("Log", "ログ"),
    "tab.notes": both("Notes", "メモ"),
    "tab.rules": both("Rules", "ルール"),
    "qa.empty": both("No questions yet this round.", "このラウンドの質問はまだありません。"),
    "notes.help": both("Your private notepad: only you see it.", "自分だけのメモ帳です。"),
    "notes.saved": both("Saved.", "保存しました。"),
    "notes.none": both("Spectators have no notepad.", "観戦者にはメモ帳がありません。"),
    "no_chat": both("No table talk during a round: questions only.",
                  "ラウンド中は会話禁止: 質問だけで推理します。"),
    # events
    "ev.round": both("Round {r} begins; {name} starts.", "第{r}ラウンド開始。スタートは{name}。"),
    "ev.round_you": both("Round {r} begins; you start.", "第{r}ラウンド開始。スタートはあなた。"),
    "ev.your_tile": both("Your tile is {v}.", "あなたのタイルは{v}。"),
    "ev.inspect": both("{name} inspects {tile}.", "{name}が{tile}を探求。"),
    "ev.inspect_you": both("You inspect {tile}.", "あなたが{tile}を探求。"),
    "ev.inspected": both("You see {tile}: {v}.", "{tile}を見た: {v}。"),
    "ev.bewitched_you": both("You saw the Witch: you are bewitched!",
                           "魔女を見た: あなたはミュルマミウスの虜!"),
    "ev.bewitched": both("{name} saw your tile and is bewitched.",
                       "{name}があなたを見て虜になった。"),
    "ev.ask_turn_extra": both("Captain {name} asks the extra question.",
                            "隊長{name}の号令(追加の質問)。"),
    "ev.ask_turn_extra_you": both("As captain, you ask the extra question.",
                                "隊長のあなたの号令(追加の質問)。"),
    "ev.question": both("{asker} asks {answerer}: {q}", "{asker}→{answerer}: {q}"),
    "ev.question_by_you": both("You ask {answerer}: {q}", "あなた→{answerer}: {q}"),
    "ev.question_to_you": both("{asker} asks you: {q}", "{asker}→あなた: {q}"),
    "ev.answer": both("{answerer} answers: {a}", "{answerer}の答え: {a}"),
    "ev.answer_you": both("You answer: {a}", "あなたの答え: {a}"),
    "ev.recommend_open": both("Recommend a captain, all at once.", "全員同時に隊長を推薦。"),
    "ev.recommended": both("{name} placed a chip.", "{name}が推薦した。"),
    "ev.captain": both("{name} is the captain ({tally}).", "隊長は{name}({tally})。"),
    "ev.captain_you": both("You are the captain ({tally}).", "隊長はあなた({tally})。"),
    "ev.captain_tile": both("Captain {name} reveals: {v}.", "隊長{name}のタイル: {v}。"),
    "ev.captain_tile_you": both("As captain, you reveal: {v}.", "隊長のあなたのタイル: {v}。"),
    "ev.captain_bewitched": both("The captain {name} is bewitched!", "隊長{name}は虜だった!"),
    "ev.captain_bewitched_you": both("You, the captain, are bewitched!",
                                   "隊長のあなたは虜だった!"),
    "ev.line_up_open": both("Captain {name} arranges the line-up.", "隊長{name}が隊列を並べる。"),
    "ev.line_up_open_you": both("As captain, you arrange the line-up.",
                              "隊長のあなたが隊列を並べる。"),
    "ev.line_up": both("Line-up: {values}.", "隊列: {values}。"),
    "ev.left_out": both(" Left out: {tile}.", " 除外: {tile}。"),
    "ev.round_end": both("Round {r}: {who}", "第{r}ラウンド: {who}"),
    "ev.ready": both("{name} is ready.", "{name}は準備完了。"),
    "ev.ready_you": both("You are ready.", "あなたは準備完了。"),
    "ev.game_over": both("Game over.", "ゲーム終了。"),
    "ev.note": both("Notepad saved.", "メモを保存した。"),
    # results
    "result.knights": both("The Knights win the round!", "騎士陣営の勝利!"),
    "result.witch": both("The Witch side wins the round!", "魔女陣営の勝利!"),
    "result.nobody": both("Nobody wins the round.", "このラウンドは勝者なし。"),
    "how.line_up": both("", ""),
    "how.captain_witch": both("The captain was the Witch.", "隊長が魔女だった。"),
    "how.captain_bewitched": both("The captain was bewitched.", "隊長が虜だった。"),
    "verdict.ok": both("Ascending, no Witch: the Knights win!", "昇順で魔女なし: 騎士陣営の勝利!"),
    "verdict.bad": both("The line-up fails!", "隊列は失敗!"),
    "gained": both("+{n} for {names}", "{names}に+{n}点"),
    "end.title": both("Final scores", "最終得点"),
    "end.winners": both("Winner: {names}", "勝者: {names}"),
    "end.round": both("R{r}", "R{r}"),
    "end.total": both("Total", "合計"),
    "end.chart": both("Totals round by round", "ラウンドごとの合計点"),
    "end.you_won": both("You won!", "あなたの勝ち!"),
    "end.you_lost": both("You lost.", "あなたの負け。"),
    "omniscient": both("Watching: every tile shown", "観戦: すべて公開"),
    "spectator": both("Spectating", "観戦中"),
}

say = Words(STRINGS)
"""This table's words for a key; the frame's shared strings otherwise."""


def japanese() -> bool:
    return i18n.language() == "ja"


def names_of(seats: list[int], name: Namer) -> str:
    return ("、" if japanese() else ", ").join(name(s) for s in seats) or "—"


def value_word(value: Any) -> str:
    if value is None:
        return "?"
    return say("witch") if value == "witch" else str(value)


def centre_letter(tile: int, n: int) -> str:
    """Centre tiles go by letters (A, B, C): a number would read as the tile's value,
    as in "Is centre tile 2 4?"."""
    return chr(ord("A") + tile - n)


def tile_word(tile: int, n: int, name: Namer, me: int | None = None) -> str:
    """A tile named by where it lies, never by what it is. A seat's tile always goes by
    its owner's name: in "Emi → Ben: Is your tile the 4?" the "your" reads as Ben's, so
    the reader's own tile is "Ada's tile (yours)", and a question reads the same on
    every screen, only marked for the one reader it is about."""
    if tile == me:
        owner = name(tile)
        # a reader called "You" (no name set) reads the name as the label on the table
        return say("tile.yours_you") if owner == tr("you") else say("tile.yours", name=owner)
    if tile < n:
        return say("tile.seat", name=name(tile))
    return say("tile.centre", k=centre_letter(tile, n))


def tile_short(tile: int, n: int, name: Namer) -> str:
    return name(tile) if tile < n else say("tile.centre_short", k=centre_letter(tile, n))


def question_words(q: Question, n: int, numbers: list[int], name: Namer,
                   me: int | None = None) -> str:
    """A question as a sentence, naming the familiar sets (odd, at least k) by name, and
    its tiles by their owners' names (the reader's own marked as theirs)."""
    tile = tile_word(int(q["tile"]), n, name, me)
    if q["form"] == "greater":
        return say("q.greater", tile=tile, other=tile_word(int(q["other"]), n, name, me))
    values = sorted(int(v) for v in q["values"])
    if len(values) == 1:
        return say("q.is", tile=tile, v=values[0])
    inside = [v for v in numbers if v in values]
    if inside == values and numbers:
        top, low = max(numbers), min(numbers)
        if values == list(range(values[0], top + 1)):
            return say("q.at_least", tile=tile, k=values[0])
        if values == list(range(low, values[-1] + 1)):
            return say("q.at_most", tile=tile, k=values[-1])
        if values == [v for v in numbers if v % 2 == 1]:
            return say("q.odd", tile=tile)
        if values == [v for v in numbers if v % 2 == 0]:
            return say("q.even", tile=tile)
    return say("q.one_of", tile=tile, vs=say("or").join(str(v) for v in values))


def answer_prompt(q: OpenQuestion, n: int, numbers: list[int], name: Namer,
                  me: int | None) -> str:
    """What the answerer reads: the asker by name, the question as everyone reads it."""
    return say("prompt.answer", name=name(int(q["asker"])),
               q=question_words(q, n, numbers, name, me))


def preview_words(q: Question, n: int, numbers: list[int], name: Namer,
                  me: int | None) -> str:
    """The builder's question before it is sent, addressed to the chosen answerer."""
    return say("prompt.preview", name=name(int(q["answerer"])),
               q=question_words(q, n, numbers, name, me))


def qa_line(entry: OpenQuestion | Answered, n: int, numbers: list[int], name: Namer,
            me: int | None = None) -> str:
    line = say("q.line", asker=name(int(entry["asker"])), answerer=name(int(entry["answerer"])),
             q=question_words(entry, n, numbers, name, me))
    if entry.get("extra"):
        line = say("q.extra") + line
    if "answer" in entry:
        line += "  " + (say("yes") if entry.get("answer") else say("no"))
    return line


def round_words(record: RoundRecord, name: Namer) -> str:
    side = str(record["side"])
    words = say(f"result.{side}")
    how = say(f"how.{record.get('how', 'line_up')}")
    if how:
        words = f"{how} {words}"
    scores = list(record.get("scores") or [])
    gained = [s for s, v in enumerate(scores) if v]
    if gained:
        words += "  " + say("gained", n=scores[gained[0]], names=names_of(gained, name))
    return words


def describe(event: Mapping[str, object], n: int, numbers: list[int], me: int | None,
             name: Namer) -> str | None:
    """One log line for an event this screen was sent (None: not worth a line)."""
    event = cast(KnightsLine, event)
    name = event_namer(event, name)
    if event.get("type") == NEW_GAME:
        return tr("next.separator", n=event["no"])
    kind = str(event.get("type", ""))

    def tile(k: Literal["tile", "left_out"] = "tile") -> str:
        return tile_word(int(cast(int, event[k])), n, name, me)

    if kind == "round":
        first = name(int(event["start"]))
        return say.of("ev.round", first, r=event["round"], name=first)
    if kind == "your_tile":
        return say("ev.your_tile", v=value_word(event["value"]))
    if kind == "inspect":
        who = name(int(event["seat"]))
        return say.of("ev.inspect", who, name=who, tile=tile())
    if kind == "inspected":
        return say("ev.inspected", tile=tile(), v=value_word(event["value"]))
    if kind == "bewitched":
        seat = int(event["seat"])
        return say("ev.bewitched_you") if seat == me else say("ev.bewitched", name=name(seat))
    if kind == "ask_turn":
        # The question itself names the asker; only the captain's extra one is announced.
        who = name(int(event["seat"]))
        return say.of("ev.ask_turn_extra", who, name=who) if event.get("extra") else None
    if kind == "question":
        asker, answerer = name(int(event["asker"])), name(int(event["answerer"]))
        key = ("ev.question_by_you" if asker == tr("you") else "ev.question_to_you"
               if answerer == tr("you") else "ev.question")
        return say(key, asker=asker, answerer=answerer,
                   q=question_words(cast(Question, event), n, numbers, name, me))
    if kind == "answer":
        who = name(int(event["answerer"]))
        yes = say("yes") if event["answer"] else say("no")
        return say.of("ev.answer", who, answerer=who, a=yes)
    if kind in ("recommended", "ready", "unready"):
        return None
    if kind == "captain":
        tally = list(event.get("tally") or [])
        sep = "、" if japanese() else ", "
        counts = sep.join(f"{name(s)} {v}" for s, v in enumerate(tally) if v)
        who = name(int(cast(CaptainEvent, event)["captain"]))
        return say.of("ev.captain", who, name=who, tally=counts)
    if kind == "captain_tile":
        who = name(int(event["seat"]))
        return say.of("ev.captain_tile", who, name=who, v=value_word(event["value"]))
    if kind in ("captain_bewitched",):
        who = name(int(event["seat"]))
        return say.of("ev.captain_bewitched", who, name=who)
    if kind == "line_up_open":
        who = name(int(cast(int, event["captain"])))
        return say.of("ev.line_up_open", who, name=who)
    if kind == "line_up":
        values = " < ".join(value_word(v) for v in event.get("values") or [])
        words = say("ev.line_up", values=values)
        if event.get("left_out") is not None:
            words += say("ev.left_out", tile=tile("left_out"))
        return words
    if kind == "round_end":
        return say("ev.round_end", r=event["round"],
                   who=round_words(cast(RoundRecord, event), name))
    if kind == "chat":
        return tr("ev.chat", name=name(int(event["seat"])), text=event["text"])
    if kind == "emote":
        return tr("ev.emote", name=name(int(event["seat"])), emote=tr(f"emote.{event['emote']}"))
    key = f"ev.{kind}"
    words = say(key)
    return words if words != key else tr("ev.unknown", type=kind)
