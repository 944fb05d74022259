"""Every word the Sly Knight Robbery table shows, in English and Japanese, and its log.

Like the Choose! table, it keeps its own string table; ``say`` falls back to the shared
one for the frame's common words.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import cast

from client import i18n
from client.feed import NEW_GAME
from client.i18n import tr
from client.kit.standin import event_namer
from client.kit.words import Namer as Namer
from client.kit.words import Strings, Words, both, whose
from core.games.sly_knights.shapes import SlyLine

WORDS: Strings = {
    "phase.choose": both("Round {r} of 3 — choose score cards",
                       "第{r}ラウンド / 全3 — 得点カード選び"),
    "phase.play": both("Round {r} of 3", "第{r}ラウンド / 全3"),
    "phase.ended": both("Round {r} of 3 — over", "第{r}ラウンド / 全3 — 終了"),
    "phase.over": both("Game over", "ゲーム終了"),
    "turn_of": both("{name}'s turn", "{name}の手番"),
    "your_turn": both("Your turn", "あなたの手番"),
    "choosing": both("Still choosing: {names}", "選択中: {names}"),
    "pig_and_pig": both("Pig & Pig", "Pig & Pig"),
    "spare": both("spare", "予備"),
    "spare_gone": both("spare drawn", "予備なし"),
    "hand_n": both("{n} in hand", "手札{n}"),
    "hand_cards": both("hand: {cards}", "手札: {cards}"),
    "pigs_n": both("× {n}", "× {n}"),
    "captured_n": both("{n} pts taken", "手柄{n}点", one="1 pt taken"),
    "penalty_n": both("{n} face down", "伏せ札{n}"),
    "chosen_mark": both("chosen", "選択済"),
    "passed_mark": both("passed", "パス"),
    "turn_mark": both("Turn", "手番"),
    "winner_mark": both("Winner", "勝者"),
    "limit": both("{total} / {value}", "{total} / {value}"),
    "scores": both("Score so far", "現在の得点"),
    "scores_final": both("Final score", "最終得点"),
    "col.taken": both("Taken", "手柄"),
    "col.pigs": both("Pigs×2", "ぶた×2"),
    "col.penalty": both("Penalty", "減点"),
    "col.total": both("Total", "合計"),
    "rules_key": both("R: rules", "R: ルール"),
    # prompts
    "prompt.choose": both("Choose two cards as your score cards, then confirm.",
                        "得点カードにする2枚を選んで、決定してください。"),
    "prompt.choose_one": both("One more card.", "あと1枚。"),
    "prompt.chosen": both("Score cards down. Waiting for the others…",
                        "得点カードを置きました。他の人を待っています…"),
    "prompt.play": both("Choose a card from your hand.", "手札からカードを1枚選んでください。"),
    "prompt.target": both("Pick a lit score card to play it there.",
                        "光っている得点カードを選んで出す。"),
    "prompt.no_target": both("That card fits on no score card.",
                           "そのカードはどの得点カードにも出せません。"),
    "prompt.pass": both("Nothing fits: pass (or draw your spare).",
                      "出せるカードがありません: パス(または予備を引く)。"),
    "wait.turn": both("{name} is thinking…", "{name}が考えています…"),
    "wait.others": both("Waiting for the others…", "他の人を待っています…"),
    # buttons
    "act.confirm": both("Lay these two", "この2枚にする"),
    "act.spare": both("Draw the spare", "予備を引く"),
    "act.pass": both("Pass", "パス"),
    "act.pig_on": both("With a pig: ON", "ぶたコマ: 使う"),
    "act.pig_off": both("With a pig: off", "ぶたコマ: 使わない"),
    "act.cancel": both("Cancel", "取り消し"),
    "act.continue": both("Continue", "続ける"),
    "last_round_btn": both("Round summary", "ラウンドのまとめ"),
    # shows
    "show.reveal": both("Score cards revealed!", "得点カード公開!"),
    "show.starts": both("{name} starts (highest sum {sum})", "{name}から開始(合計{sum}が最高)"),
    "show.rps": both("Tie at {sum}: rock-paper-scissors — {name} starts",
                   "合計{sum}で同点: じゃんけんで{name}から"),
    "show.starts_you": both("You start (highest sum {sum})", "あなたから開始(合計{sum}が最高)"),
    "show.rps_you": both("Tie at {sum}: rock-paper-scissors — you start",
                       "合計{sum}で同点: じゃんけんであなたから"),
    "show.captures": both("Round {r}: who took what", "第{r}ラウンド: 手柄の行方"),
    "show.took": both("took", "獲得"),
    "show.pigs_back": both("pigs back to the owner: {n}", "持ち主に戻るぶた: {n}"),
    "show.penalty_hidden": both("{n} cards kept face down", "{n}枚を伏せて保持",
                                one="{n} card kept face down"),
    "show.nothing": both("nothing", "なし"),
    # end
    "end.title": both("Game over", "ゲーム終了"),
    "end.winner": both("Winner: {names}", "勝者: {names}"),
    "end.winners": both("Winners (tie): {names}", "勝者(同点): {names}"),
    "end.you_won": both("You won!", "あなたの勝ち!"),
    "end.you_lost": both("Better luck next time.", "次は勝てるかも。"),
    "end.sum": both("{taken} + {pigs} − {penalty} = {total}",
                  "{taken} + {pigs} − {penalty} = {total}"),
    "end.penalties": both("Penalties revealed", "伏せ札の公開"),
    "end.chart": both("Score after each round", "ラウンドごとの累計得点"),
    "round_col": both("R{r}", "{r}R"),
    # log
    "ev.round": both("Round {r} of 3: everyone draws 5.", "第{r}ラウンド / 全3: 各自5枚引く。"),
    "ev.drawn": both("You drew {cards}.", "あなたは{cards}を引いた。"),
    "ev.chosen": both("{name} laid two score cards face down.", "{name}が得点カード2枚を伏せた。"),
    "ev.spare_drawn": both("{name} drew the spare.", "{name}が予備を引いた。"),
    "ev.spare": both("Your spare was a {card}.", "あなたの予備は{card}だった。"),
    "ev.reveal": both("Score cards: {cards}. {name} starts.", "得点カード: {cards}。{name}から。"),
    "ev.reveal_rps": both("Score cards: {cards}. Tie, rock-paper-scissors: {name} starts.",
                        "得点カード: {cards}。同点のじゃんけんで{name}から。"),
    "ev.reveal_you": both("Score cards: {cards}. You start.", "得点カード: {cards}。あなたから。"),
    "ev.reveal_rps_you": both("Score cards: {cards}. Tie, rock-paper-scissors: you start.",
                            "得点カード: {cards}。同点のじゃんけんであなたから。"),
    "ev.play": both("{name} played {card} on {whose} {value} ({total}/{value}).",
                  "{name}が{whose}{value}に{card}を出した({total}/{value})。"),
    "ev.play_pig": both("{name} played {card} with a pig on {whose} {value} ({total}/{value}).",
                      "{name}がぶたコマ付きで{card}を{whose}{value}に出した({total}/{value})。"),
    "ev.pass": both("{name} passed.", "{name}はパス。"),
    "ev.round_end": both("Round {r} over: {takes}.", "第{r}ラウンド終了: {takes}。"),
    "ev.take": both("{name} takes {value}", "{name}が{value}を獲得"),
    "ev.take_you": both("You take {value}", "あなたが{value}を獲得"),
    "ev.and": both("{a} and {b}", "{a}と{b}"),
    "ev.penalty": both("You keep {cards} face down as penalties.", "{cards}を減点として伏せた。"),
    "ev.game_end": both("Game over: {scores}. Winner: {names}.",
                      "ゲーム終了: {scores}。勝者: {names}。"),
    "ev.unknown": both("({type})", "({type})"),
}

say = Words(WORDS)
"""This table's words for a key; the frame's shared strings otherwise."""


def joined(parts: list[str]) -> str:
    return ("、" if i18n.language() == "ja" else ", ").join(parts)


def and_list(items: list[str]) -> str:
    """"15", "15 and 10", "16, 14 and 3" (or the Japanese)."""
    if len(items) < 2:
        return "".join(items)
    return say("ev.and", a=joined(items[:-1]), b=items[-1])


def names_of(seats: list[int], name: Namer) -> str:
    return joined([name(s) for s in seats]) if seats else tr("nobody")


def card_name(card: int) -> str:
    return say("pig_and_pig") if card == 0 else str(card)


def describe(event: Mapping[str, object], name: Namer, owners: list[int] | None = None,
             values: list[int] | None = None) -> str:
    """One log line; ``owners``/``values`` name the score cards a play refers to."""
    event = cast(SlyLine, event)
    name = event_namer(event, name)
    if event.get("type") == NEW_GAME:
        return tr("next.separator", n=event["no"])
    kind = str(event.get("type", ""))
    if kind == "round":
        return say("ev.round", r=event["round"])
    if kind in ("drawn", "penalty"):
        return say(f"ev.{kind}", cards=joined([card_name(c) for c in event["cards"]]))
    if kind in ("chosen", "spare_drawn", "pass"):
        return say(f"ev.{kind}", name=name(int(event["seat"])))
    if kind == "spare":
        return say("ev.spare", card=card_name(int(event["card"])))
    if kind == "reveal":
        cards = joined([f"{name(s)} {'+'.join(str(c) for c in pair)}"
                        for s, pair in enumerate(event["score_cards"])])
        key = "ev.reveal_rps" if len(event.get("tied") or []) > 1 else "ev.reveal"
        first = name(int(event["start_player"]))
        return say.of(key, first, cards=cards, name=first)
    if kind == "play":
        target = int(event["target"])
        owner = owners[target] if owners and target < len(owners) else None
        value = values[target] if values and target < len(values) else "?"
        return say("ev.play_pig" if event.get("pig") else "ev.play",
                   name=name(int(event["seat"])), card=card_name(int(event["card"])),
                   whose=whose(int(event["seat"]), owner, name) if owner is not None
                   else "?", value=value,
                   total=event["total"])
    if kind == "round_end":
        taken: dict[int, list[str]] = {}  # each taker once, with all they took
        for capture in event["captures"]:
            taken.setdefault(int(capture["taker"]), []).append(str(capture["value"]))
        takes = joined([say.of("ev.take", name(taker), name=name(taker), value=and_list(values))
                        for taker, values in taken.items()])
        return say("ev.round_end", r=event["round"], takes=takes or say("show.nothing"))
    if kind == "chat":
        return tr("ev.chat", name=name(int(event["seat"])), text=event["text"])
    if kind == "emote":
        return tr("ev.emote", name=name(int(event["seat"])), emote=tr(f"emote.{event['emote']}"))
    if kind == "game_end":
        scores = joined([f"{name(s)} {v}" for s, v in enumerate(event["scores"])])
        return say("ev.game_end", scores=scores, names=names_of(list(event["winners"]), name))
    if kind == "story":
        return tr("ev.story")
    return say("ev.unknown", type=kind)
