"""Every word the Choose! table shows, in English and Japanese, and its log lines.

The table keeps its own string table rather than growing the shared one: ``say`` looks
here first and falls back to the shared table for the frame's common words.
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
from core.games.choose.shapes import ChooseLine

WORDS: Strings = {
    # card names, long and short
    "kind.ordinary": both("Ordinary mouse", "平凡ねずみ"),
    "kind.hungry": both("Hungry mouse", "腹ペコねずみ"),
    "kind.henchman": both("Cat's henchman", "ねこの手下ねずみ"),
    "kind.robo": both("Robo mouse", "ロボねずみ"),
    "kind.nest": both("Nest", "すみか"),
    "kind.exterminator": both("Exterminator", "駆除業者"),
    "kind.camera": both("Security camera", "監視カメラ"),
    "short.ordinary": both("Ordinary", "平凡"),
    "short.hungry": both("Hungry", "腹ペコ"),
    "short.henchman": both("Henchman", "手下"),
    "short.robo": both("Robo", "ロボ"),
    "short.nest": both("Nest", "すみか"),
    "short.exterminator": both("Exterminator", "駆除業者"),
    "short.camera": both("Camera", "カメラ"),
    # table marks
    "stolen_n": both("{n} stolen", "{n}枚奪取"),
    "hand_n": both("{n} in hand", "手札{n}"),
    "hands": both("Hands", "手札"),
    "hand_empty": both("no cards", "なし"),
    "total_pts": both("{n} pts", "{n}点", one="{n} pt"),
    "turn_mark": both("Turn", "手番"),
    "winner_mark": both("Winner", "勝者"),
    "kitchen_of": both("{name}'s kitchen", "{name}の台所"),
    "kitchen_yours": both("Your kitchen", "あなたの台所"),
    "empty_kitchen": both("empty kitchen", "空の台所"),
    "discard_n": both("Discard pile: {n}", "捨て札: {n}枚"),
    # phase and panel
    "phase.round": both("Round {r} of {of}", "第{r}ラウンド / 全{of}"),
    "phase.ended": both("Round {r} of {of} — over", "第{r}ラウンド / 全{of} — 終了"),
    "phase.over": both("Game over", "ゲーム終了"),
    "turn_of": both("{name}'s turn", "{name}の手番"),
    "your_turn": both("Your turn", "あなたの手番"),
    "scores": both("Scores", "得点"),
    "round_col": both("R{r}", "{r}R"),
    "total_col": both("Total", "合計"),
    "rules_key": both("R: rules", "R: ルール"),
    "last_round_btn": both("Last round's flip", "前ラウンドの結果"),
    # prompts
    "prompt.first": both("First turn of the round: pick a mouse card, then your kitchen.",
                       "ラウンド最初の手番: ねずみカードを選び、次に自分の台所を選ぶ。"),
    "prompt.pick": both("Choose a card from your hand.", "手札からカードを1枚選んでください。"),
    "prompt.mouse": both("Pick your kitchen (pickup) or another kitchen's mouse (steal).",
                       "自分の台所(チーズ拾い)か、他の台所のねずみ(チーズ奪い)を選ぶ。"),
    "prompt.mouse_only_pickup": both("Pick your kitchen to pick up cheese.",
                                   "自分の台所を選んでチーズ拾い。"),
    "prompt.nest": both("Pick a mouse without a nest to give it this nest.",
                      "すみかのないねずみを選んで、すみかを置く。"),
    "prompt.camera": both("Pick any mouse to look at its top card in secret.",
                        "ねずみを選ぶと、一番上のカードをこっそり見る。"),
    "prompt.exterminator": both("Pick a nested mouse: you take its nest.",
                              "すみかのあるねずみを選ぶ: そのすみかを手札に。"),
    "prompt.ext_discard": both("Now discard one more card: pick it in your hand, or the nest.",
                             "もう1枚捨てる: 手札のカードか、取ったすみかを選ぶ。"),
    "prompt.sleepy_only": both("This card can only be discarded (Sleepy).",
                             "このカードは捨てる(眠い)ことしかできません。"),
    "wait.turn": both("{name} is thinking…", "{name}が考えています…"),
    # buttons
    "act.pickup": both("Cheese pickup", "チーズ拾い"),
    "act.sleepy": both("Sleepy: discard it", "眠い: 捨てる"),
    "act.cancel": both("Cancel", "取り消し"),
    "act.take_nest": both("Discard the nest", "取ったすみかを捨てる"),
    "act.continue": both("Continue", "続ける"),
    # steal show
    "show.steal": both("{name} steals from {robbed}!", "{name}が{robbed}から奪う!"),
    "show.steal_by_you": both("You steal from {robbed}!", "あなたが{robbed}から奪う!"),
    "show.revealed": both("It was: {kind} — {n} cheese", "正体: {kind} — チーズ{n}枚"),
    "show.henchman": both("Cat's henchman! {name} pulls the mouse back.",
                        "ねこの手下! {name}が取り返した。"),
    "show.robo": both("Robo mouse! {name} sees the stealer's card.",
                    "ロボねずみ! {name}が奪った人のカードを見る。"),
    "show.henchman_you": both("Cat's henchman! You pull the mouse back.",
                            "ねこの手下! あなたが取り返した。"),
    "show.robo_you": both("Robo mouse! You see: {kind}", "ロボねずみ! 見えたのは: {kind}"),
    "show.camera_you": both("Camera: that mouse is a {kind}", "監視カメラ: そのねずみは{kind}"),
    "react.henchman": both("Henchman! Pulled back", "手下! 取り返した"),
    "react.robo": both("Robo! Saw the card", "ロボ! カードを見た"),
    "shout.pickup": both("Cheese! Cheese!", "チーズ!チーズ!"),
    "shout.steal": both("Choose! Choose!", "チューズ!チューズ!"),
    "shout.sleepy": both("Zzz…", "ぐぅ…"),
    # round end and game end
    "flip.title": both("Round {r}: every mouse turned over", "第{r}ラウンド: すべてのねずみを公開"),
    "flip.title_short": both("Round {r}", "第{r}ラウンド"),
    "flip.raw": both("sum {raw}", "合計 {raw}"),
    "flip.floor": both("→ {n} (floored at 0)", "→ {n}(0未満は0)"),
    "flip.score": both("→ {n}", "→ {n}"),
    "flip.none": both("no mice", "ねずみなし"),
    "flip.why.ordinary_nest": both("nested: stolen + 2", "すみかあり: 奪取+2"),
    "flip.why.hungry": both("stolen + 2", "奪取+2"),
    "flip.why.bad_nest": both("nested: − stolen", "すみかあり: −奪取"),
    "flip.why.none": both("no nest: 0", "すみかなし: 0"),
    "end.title": both("Game over", "ゲーム終了"),
    "end.winner": both("Winner: {names}", "勝者: {names}"),
    "end.winners": both("Winners (tie): {names}", "勝者(同点): {names}"),
    "end.you_won": both("You won!", "あなたの勝ち!"),
    "end.you_lost": both("Better luck next time.", "次は勝てるかも。"),
    "end.chart": both("Score after each round", "ラウンドごとの累計得点"),
    # log
    "ev.round": both("Round {r} of {of} — {name} starts.",
                   "第{r}ラウンド開始 / 全{of} — {name}から。"),
    "ev.round_you": both("Round {r} of {of} — you start.",
                       "第{r}ラウンド開始 / 全{of} — あなたから。"),
    "ev.dealt": both("You were dealt {n} cards.", "{n}枚配られました。",
                     one="You were dealt 1 card."),
    "ev.pickup": both("{name}: cheese pickup (Cheese! Cheese!).",
                    "{name}: チーズ拾い(チーズ!チーズ!)。"),
    "ev.played": both("You played a {kind}.", "あなたは{kind}を出した。"),
    "ev.steal": both("{name} stole from {robbed}: a {kind} with {n} cheese.",
                   "{name}が{robbed}から奪った: {kind}、チーズ{n}枚。"),
    "ev.steal_you": both("{name} stole from you: a {kind} with {n} cheese.",
                       "{name}があなたから奪った: {kind}、チーズ{n}枚。"),
    "ev.pull_back": both("{name}'s henchman pulled the mouse back.",
                       "{name}の手下ねずみがねずみを取り返した。"),
    "ev.pull_back_you": both("Your henchman pulled the mouse back.",
                           "あなたの手下ねずみがねずみを取り返した。"),
    "ev.robo": both("{name}'s robo mouse saw the stealer's card.",
                  "{name}のロボねずみが奪った人のカードを見た。"),
    "ev.robo_you": both("Your robo mouse saw the stealer's card.",
                      "あなたのロボねずみが奪った人のカードを見た。"),
    "ev.robo_saw": both("Your robo mouse saw: {kind}.", "あなたのロボねずみが見た: {kind}。"),
    "ev.nest": both("{name} put a nest on a mouse in {whose} kitchen.",
                  "{name}が{whose}台所のねずみにすみかを置いた。"),
    "ev.exterminator": both("{name} called the exterminator on {whose} nest.",
                          "{name}が駆除業者で{whose}すみかを取った。"),
    "ev.camera": both("{name} checked a mouse in {whose} kitchen on camera.",
                    "{name}が監視カメラで{whose}台所のねずみを見た。"),
    "ev.camera_saw": both("Your camera saw: {kind}.", "監視カメラで見た: {kind}。"),
    "ev.discarded": both("You discarded a {kind}.", "あなたは{kind}を捨てた。"),
    "ev.sleepy": both("{name} dozed off and discarded a card.",
                      "{name}は眠くてカードを1枚捨てた。"),
    "ev.round_end": both("Round {r} over: {scores}.", "第{r}ラウンド終了: {scores}。"),
    "ev.game_over": both("Game over. Winner: {names}.", "ゲーム終了。勝者: {names}。"),
    "ev.unknown": both("({type})", "({type})"),
}

say = Words(WORDS)
"""This table's words for a key; the frame's shared strings otherwise."""


def kind_name(kind: str | None, short: bool = False) -> str:
    return say(("short." if short else "kind.") + str(kind)) if kind else "?"


def hand_words(cards: list[str]) -> str:
    """A hand shown to a watcher, by name and count ("Hungry ×2, Robo"): a fan of cards
    at a third of their size cannot be read."""
    counts: dict[str, int] = {}
    for kind in cards:
        counts[kind] = counts.get(kind, 0) + 1
    return joined([kind_name(kind, short=True) + (f" ×{n}" if n > 1 else "")
                   for kind, n in counts.items()])


def joined(parts: list[str]) -> str:
    return ("、" if i18n.language() == "ja" else ", ").join(parts)


def names_of(seats: list[int], name: Namer) -> str:
    return joined([name(s) for s in seats]) if seats else tr("nobody")


def kitchen_label(name: str) -> str:
    """The words over a kitchen: the reader's own is "Your kitchen", never "You's"."""
    return say("kitchen_yours") if name == tr("you") else say("kitchen_of", name=name)


def describe(event: Mapping[str, object], name: Namer) -> str:
    """One log line for an event this screen was sent."""
    event = cast(ChooseLine, event)
    name = event_namer(event, name)
    if event.get("type") == NEW_GAME:
        return tr("next.separator", n=event["no"])
    kind = str(event.get("type", ""))
    if kind == "round":
        first = name(int(event["start_player"]))
        return say.of("ev.round", first, r=event["round"], of=event["rounds"], name=first)
    if kind == "dealt":
        return say("ev.dealt", n=len(event.get("hand") or []))
    if kind in ("played", "robo_saw", "camera_saw", "discarded"):
        return say(f"ev.{kind}", kind=kind_name(str(event["kind"])))
    if kind == "steal":
        robbed = name(int(event["robbed"]))
        return say.of("ev.steal", robbed, name=name(int(event["seat"])), robbed=robbed,
                      kind=kind_name(str(event["revealed"])), n=event["stolen"] - 1)
    if kind in ("pickup", "pull_back", "robo", "sleepy"):
        who = name(int(event["seat"]))
        return say.of(f"ev.{kind}", who, name=who)
    if kind in ("nest", "exterminator", "camera"):
        return say(f"ev.{kind}", name=name(int(event["seat"])),
                   whose=whose(int(event["seat"]), int(event["owner"]), name))
    if kind == "round_end":
        scores = joined([f"{name(s)} {v}" for s, v in enumerate(event["scores"])])
        return say("ev.round_end", r=event["round"], scores=scores)
    if kind == "chat":
        return tr("ev.chat", name=name(int(event["seat"])), text=event["text"])
    if kind == "emote":
        return tr("ev.emote", name=name(int(event["seat"])), emote=tr(f"emote.{event['emote']}"))
    if kind == "game_over":
        return say("ev.game_over", names=names_of(list(event["winners"]), name))
    if kind == "story":
        return tr("ev.story")
    return say("ev.unknown", type=kind)
