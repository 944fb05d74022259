"""The phone's decisions made in steps, in a real browser (headless chromium, 390×844),
each from a legal list as the host sends it: the Thief's followers picked person by
person, a Knights question built from whom, which tile and a set of numbers, the
captain's line-up reordered with one tile left out, and a Choose! move by kind, card
and mouse. What the page would send is caught where it would leave."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser_rig import browser, need_browser, shot, wait_for
from tests.phone_rig import PhoneTable

STEPS = """
const [game, view, legal] = arguments;
window.sent = null; window.pick = {};
const names = s => 'P' + s;
window.draw = () => {
  const nodes = GAMES[game].actions(view, legal, names, a => { window.sent = a; },
                                    window.pick, window.draw);
  document.getElementById('join').replaceChildren(...nodes);
};
window.draw();
document.getElementById('join').hidden = false;"""
"""Draws one game's step screen into the page (in the join form's place, on screen)."""
TAP = """
const b = [...document.querySelectorAll('#join button')].find(x => x.textContent === arguments[0]);
if (!b) return 'missing: ' + [...document.querySelectorAll('#join button')].map(x => x.textContent);
if (b.disabled) return 'disabled';
b.click(); return null;"""
BUTTONS = ("return [...document.querySelectorAll('#join button')]"
           ".map(b => [b.textContent, b.disabled])")


@pytest.fixture(scope="module")
def page(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    need_browser()
    home = tmp_path_factory.mktemp("steps")
    with PhoneTable(home) as table, browser() as phone:
        phone.get(table.url)
        wait_for(lambda: phone.execute_script("return typeof GAMES") == "object", 10, "page")
        yield phone


def tap(page: Any, *words: str) -> None:
    for word in words:
        assert page.execute_script(TAP, word) is None, word


def tiles(n: int, centre: int) -> list[dict[str, Any]]:
    return [{"id": t, "owner": t if t < n else None} for t in range(n + centre)]


def test_the_thief_picks_two_followers_person_by_person(page: Any) -> None:
    legal = [{"type": "followers", "targets": pair} for pair in ([1, 2], [1, 3], [2, 3])]
    page.execute_script(STEPS, "cheese_thief", {"phase": "followers"}, legal)
    assert page.execute_script(BUTTONS)[-1] == ["Followers: nobody else", True]
    tap(page, "P3", "✓ P3")  # (a second tap takes a person back)
    tap(page, "P3", "P1")
    assert page.execute_script(TAP, "Followers: P3, P1") is None
    assert page.execute_script("return window.sent") == {"type": "followers",
                                                         "targets": [1, 3]}
    tap(page, "P2")  # three people is no choice the rules allow
    assert page.execute_script(BUTTONS)[-1] == ["Followers: P3, P1, P2", True]


def test_the_thief_is_asked_for_one_follower_or_for_two(page: Any) -> None:
    """The prompt read "Choose your follower(s)." whether the rules allowed one or two."""
    prompt = "return GAMES.cheese_thief.prompt({phase: 'followers'}, arguments[0])"
    one = [{"type": "followers", "targets": [s]} for s in (1, 2)]
    two = [{"type": "followers", "targets": pair} for pair in ([1, 2], [1, 3])]
    assert page.execute_script(prompt, one) == "Choose your follower."
    assert page.execute_script(prompt, two) == "Choose your followers."


def test_a_knights_question_is_built_from_whom_which_tile_and_numbers(page: Any,
                                                                      tmp_path: Path) -> None:
    view = {"seat": 0, "numbers": [1, 2, 3, 4, 5], "tiles": tiles(4, 1),
            "values": [2, None, None, None, None]}
    legal = [{"type": "ask", "answerer": 1, "form": "in", "tile": 1, "values": [3]},
             {"type": "ask", "answerer": 1, "form": "greater", "tile": 1, "other": 0},
             {"type": "ask", "answerer": 2, "form": "in", "tile": 4, "values": [1]}]
    page.execute_script(STEPS, "knights", view, legal)
    assert [b[0] for b in page.execute_script(BUTTONS)] == ["Ask P1…", "Ask P2…"]
    tap(page, "Ask P1…", "…about P1's tile", "2", "4")
    shot(page, "phone-knights-builder", tmp_path)
    words = [b[0] for b in page.execute_script(BUTTONS)]
    assert "Ask P1: is P1's tile greater than your tile (you)?" in words and "← Back" in words
    tap(page, "Ask P1: is P1's tile even?")  # (of 1 to 5, as the window says it)
    assert page.execute_script("return window.sent") == {
        "type": "ask", "answerer": 1, "form": "in", "tile": 1, "values": [2, 4]}
    page.execute_script(STEPS, "knights", view, legal)  # back, step by step
    tap(page, "Ask P2…", "…about centre tile A", "← Back", "← Back")
    assert [b[0] for b in page.execute_script(BUTTONS)] == ["Ask P1…", "Ask P2…"]


def test_the_captain_reorders_the_line_up_and_leaves_one_tile_out(page: Any,
                                                                   tmp_path: Path) -> None:
    view = {"seat": 0, "tiles": tiles(3, 1), "values": [4, 1, None, None]}
    legal = [{"type": "line_up", "order": [1, 0, 2, 3]},
             {"type": "line_up", "order": [0, 2, 3]}]
    page.execute_script(STEPS, "knights", view, legal)
    rows = page.execute_script(
        "return [...document.querySelectorAll('.lineup li span')].map(s => s.textContent)")
    assert rows == ["P1's tile (1)", "your tile (4)", "P2's tile", "centre tile A"]
    page.execute_script("document.querySelectorAll('.lineup li')[2]"
                        ".querySelectorAll('button')[1].click()")  # P2's tile down
    page.execute_script("document.querySelectorAll('.lineup li')[2]"
                        ".querySelectorAll('button')[2].click()")  # the centre tile out
    shot(page, "phone-knights-line-up", tmp_path)
    tap(page, "Line them up in this order")
    assert page.execute_script("return window.sent") == {"type": "line_up", "order": [1, 0, 2]}


def test_a_choose_move_goes_by_kind_then_card_then_mouse(page: Any) -> None:
    view = {"seat": 0, "hand": [{"card": 5, "kind": "hungry"}, {"card": 6, "kind": "hungry"},
                                {"card": 7, "kind": "robo"}, {"card": 8, "kind": "camera"}],
            "kitchens": [[], [{"stack": 3, "top": None}], [{"stack": 4, "top": "ordinary"}]]}
    legal = [*({"type": "steal", "card": c, "stack": s} for c in (5, 6, 7) for s in (3, 4)),
             {"type": "camera", "stack": 3}, {"type": "camera", "stack": 4},
             *({"type": "sleepy", "card": c} for c in (5, 6, 7, 8))]
    page.execute_script(STEPS, "choose", view, legal)
    assert [b[0] for b in page.execute_script(BUTTONS)] == [
        "Cheese steal", "Wisdom: Security camera — look at one mouse in secret",
        "Sleepy (discard a card)"]
    tap(page, "Cheese steal", "Hungry mouse")  # two hungry mice are one choice
    assert [b[0] for b in page.execute_script(BUTTONS)] == [
        "Hungry mouse: steal P1's mouse 1", "Hungry mouse: steal P2's mouse 1", "← Back"]
    tap(page, "Hungry mouse: steal P2's mouse 1")  # (each kitchen's mice from 1)
    assert page.execute_script("return window.sent") == {"type": "steal", "card": 5,
                                                         "stack": 4}


TABLE = """
const [game, view, lang] = arguments;
LANG = lang;
const nodes = GAMES[game].table(view, s => 'P' + s);
LANG = 'en';
return nodes.flatMap(n => n.querySelectorAll('li').length
  ? [...n.querySelectorAll('li')].map(li => li.textContent) : [n.textContent]);"""
"""One game's public table as the page draws it, in ``lang``: a line per heading,
paragraph and list item."""


@pytest.mark.parametrize(("lang", "line"), [
    ("en", "P1: 3 points — recommends P0"), ("ja", "P1: 3点 — P0を推薦")])
def test_a_knights_seat_line_says_points_and_whom_it_recommends(
        page: Any, lang: str, line: str) -> None:
    """Each seat's line names its points and the seat it recommended in words, not a bare
    number and an arrow."""
    view = {"round": 1, "phase": "line_up", "players": 3, "seat": 0, "log": [],
            "question": None, "captain": 0, "line_up": None, "totals": [0, 3, 1],
            "recommended": [True, True, True], "recommendations": [1, 0, 0], "result": None}
    drawn = page.execute_script(TABLE, "knights", view, lang)
    assert line in drawn, drawn
    assert not any("→" in text for text in drawn), drawn


ASKED = """
const [view] = arguments;
const names = s => 'P' + s;
return [...GAMES.knights.table(view, names)].map(n => n.textContent);"""


@pytest.mark.parametrize(("seat", "said"), [
    (0, "P2 asks P1: is your tile (you) the 4?"),
    (3, "P2 asks P1: is P0's tile the 4?")])
def test_a_question_about_the_readers_tile_names_it_as_theirs(page: Any, seat: int,
                                                              said: str) -> None:
    """Asked of someone else, the reader's tile is not "your tile" (it would read as the
    answerer's), and a centre tile goes by a letter, not a number that reads as a value."""
    question = {"asker": 2, "answerer": 1, "form": "in", "tile": 0, "values": [4]}
    view = {"seat": seat, "round": 1, "phase": "answer", "players": 4, "tiles": tiles(4, 1),
            "question": question, "recommended": [False] * 4, "totals": [0] * 4,
            "log": [{"asker": 1, "answerer": 2, "form": "in", "tile": 4, "values": [2],
                     "answer": True}]}
    lines = page.execute_script(ASKED, view)
    assert said in lines
    assert "P1 → P2: is centre tile A the 2? Yes" in lines


YOURS = """
const [game, view, actions] = arguments;
const names = s => s === view.seat ? 'Ana (you)' : 'P' + s;
const shown = [...GAMES[game].table(view, names)].map(n => n.textContent);
return [shown.join(' | '), actions.map(a => GAMES[game].label(a, view, names))];"""


@pytest.mark.parametrize(("seat", "turn", "card", "play"), [
    (0, "Your turn", "Your score card: 3 / 5 · 1, 1+pig (goes to P1)", "Play 4 on your 5"),
    (1, "P0's turn", "P0's score card: 3 / 5 · 1, 1+pig (goes to Ana (you))",
     "Play 4 on P0's 5")])
def test_sly_knights_says_your_turn_and_your_card_to_their_reader(
        page: Any, seat: int, turn: str, card: str, play: str) -> None:
    """The reader's own turn and score card read as English says them, not "Ana
    (you)'s turn", as the window's do (``Words.of``); and a score card shows the cards
    on it, face up as at the table, and whom it goes to (it showed the sum alone): the
    last player whose card captures, or its owner where only a Pig & Pig card lies on it."""
    plays = [{"seat": 0, "card": 1, "pig": False}, {"seat": 1, "card": 1, "pig": True}]
    view = {"seat": seat, "phase": "play", "round": 1, "turn": 0, "players": 2,
            "score_cards": [{"owner": 0, "total": 3, "value": 5, "plays": plays, "last": 1}],
            "hand_sizes": [3, 3], "pigs": [1, 1], "captured": [[], []], "result": None}
    shown, labels = page.execute_script(YOURS, "sly_knights", view,
                                        [{"type": "play", "card": 4, "target": 0}])
    assert turn in shown and card in shown and "(you)'s" not in shown
    assert labels == [play]
    view["score_cards"] = [{"owner": 0, "total": 2, "value": 5, "last": None,
                            "plays": [{"seat": 1, "card": 0, "pig": False}]}]
    shown, _ = page.execute_script(YOURS, "sly_knights", view, [])
    owner = "Ana (you)" if seat == 0 else "P0"  # (a Pig & Pig card never captures)
    assert f"· Pig & Pig (goes to {owner})" in shown, shown


@pytest.mark.parametrize(("seat", "nest"), [(0, "Nest on your mouse 2"),
                                            (1, "Nest on P0's mouse 2")])
def test_choose_says_your_mouse_to_its_reader(page: Any, seat: int, nest: str) -> None:
    """And names a mouse by its place in its kitchen, from 1: the stack's own number
    counted every kitchen's mice from 0 ("your mouse 0", "P1's mouse 4" for P1's first)."""
    view = {"seat": seat, "kitchens": [[{"stack": 0}, {"stack": 5}], [{"stack": 1}]],
            "hand": []}
    _, labels = page.execute_script(YOURS.replace("GAMES[game].table(view, names)", "[]"),
                                    "choose", view, [{"type": "nest", "stack": 5}])
    assert labels == [nest]


@pytest.mark.parametrize(("lang", "mice"), [
    ("en", "mice: Ordinary mouse +Nest, Hungry mouse, ?"),
    ("ja", "ねずみ: 平凡ねずみ+すみか、腹ペコねずみ、?")])
def test_a_choose_seat_lists_its_mice_as_its_language_does(page: Any, lang: str,
                                                          mice: str) -> None:
    """Japanese lists with 、 (it had the English ", " and " +すみか")."""
    view = {"round": 1, "rounds": 3, "phase": "play", "turn": None, "players": 2, "seat": 1,
            "kitchens": [[{"stack": 0, "top": "ordinary", "nest": 5},
                          {"stack": 1, "top": "hungry", "nest": None},
                          {"stack": 2, "top": None, "nest": None}], []],
            "hand_sizes": [8, 9], "totals": [2, 0]}
    drawn = page.execute_script(TABLE, "choose", view, lang)
    assert any(line.endswith(mice) for line in drawn), drawn


@pytest.mark.parametrize(("lang", "choose", "sly"), [
    ("en", ["P0: 8 in hand, 1 pt; mice: —", "P1: 9 in hand, 12 pts; mice: —"],
     ["P0: 3 in hand, pigs × 1, 1 pt taken", "P1: 2 in hand, pigs × 0, 0 pts taken"]),
    ("ja", ["P0: 手札8、1点、ねずみ: —", "P1: 手札9、12点、ねずみ: —"],
     ["P0: 手札3、ぶた × 1、手柄1点", "P1: 手札2、ぶた × 0、手柄0点"])])
def test_a_seat_of_one_point_reads_as_one(page: Any, lang: str, choose: list[str],
                                          sly: list[str]) -> None:
    """A phone's seat lines said "1 pts"."""
    view = {"round": 1, "rounds": 3, "phase": "play", "turn": None, "players": 2, "seat": 1,
            "kitchens": [[], []], "hand_sizes": [8, 9], "totals": [1, 12]}
    drawn = page.execute_script(TABLE, "choose", view, lang)
    assert all(any(line.endswith(seat) for line in drawn) for seat in choose), drawn
    view = {"seat": 0, "phase": "play", "round": 1, "turn": None, "players": 2,
            "score_cards": [], "hand_sizes": [3, 2], "pigs": [1, 0],
            "captured": [[{"value": 1}], []]}
    drawn = page.execute_script(TABLE, "sly_knights", view, lang)
    assert all(any(line.endswith(seat) for line in drawn) for seat in sly), drawn
    said = page.execute_script("LANG = arguments[0]; const said = [1, 2].map(n => "
                               "t('points', {n})); LANG = 'en'; return said;", lang)
    assert said == (["1 point", "2 points"] if lang == "en" else ["1点", "2点"])


def test_sly_knights_names_its_final_scores(page: Any) -> None:
    """The last line of a game names what its numbers are: a bare "P0: 1 · P1: 17" stood
    under seat lines that said "44 pts taken"."""
    view = {"seat": 0, "phase": "over", "round": 3, "turn": None, "players": 2,
            "score_cards": [], "hand_sizes": [0, 0], "pigs": [1, 0], "captured": [[], []],
            "result": {"scores": [-3, 17], "winners": [1]}}
    drawn = page.execute_script(TABLE, "sly_knights", view, "en")
    assert ("Final scores (cards taken + 2 per pig − face-down cards): P0: \u22123 · P1: 17"
            in drawn), drawn  # (a score below zero with the minus sign, not "-3")
    said = page.execute_script("return [t('pts', {n: -2}), t('points', {n: 0})];")
    assert said == ["\u22122 pts", "0 points"]


SECRET = """
const [game, view, lang] = arguments;
LANG = lang;
const nodes = GAMES[game].secret(view, s => 'P' + s);
LANG = 'en';
return nodes.map(n => n.innerText);"""


@pytest.mark.parametrize(("lang", "alone", "with_two"), [
    ("en", "At 3 o'clock, awake with you: nobody.",
     "At 5 o'clock, awake with you: P2, P3."),
    ("ja", "3時に一緒に起きていた人: なし。", "5時に一緒に起きていた人: P2、P3。")])
def test_a_cheese_thief_night_says_who_was_awake_with_the_reader(
        page: Any, lang: str, alone: str, with_two: str) -> None:
    """It read "At 3: awake nobody else." and "3時: 起きていた 他に誰もいない。"."""
    view = {"seat": 0, "you": {"role": "sleepyhead", "dice": [3, 5], "wake_hours": [3, 5],
                               "follower": False},
            "nights": [{"hour": 3, "awake": [0], "cheese": "present", "thief": None},
                       {"hour": 5, "awake": [0, 2, 3], "cheese": "gone", "thief": None}],
            "peeks": []}
    card = page.execute_script(SECRET, "cheese_thief", view, lang)[0]
    assert alone in card and with_two in card, card


EVENTS = """
const [lang, events] = arguments;
LANG = lang;
const said = events.map(e => GAMES.knights.event(e, s => 'P' + s));
LANG = 'en';
return said;"""


@pytest.mark.parametrize(("lang", "turned", "won", "witch"), [
    ("en", "The line-up turns over: 1 < 3 < Witch.",
     "Round 2: The Knights win the round!  +2 for P1, P2",
     "Round 3: The captain was the Witch. The Witch side wins the round!  +3 for P0"),
    ("ja", "隊列: 1 < 3 < 魔女。", "第2ラウンド: 騎士陣営の勝利!  P1、P2に+2点",
     "第3ラウンド: 隊長が魔女だった。 魔女陣営の勝利!  P0に+3点")])
def test_a_knights_phone_says_how_each_round_ended(page: Any, lang: str, turned: str,
                                                   won: str, witch: str) -> None:
    """The phone's log said nothing of a round's end: the line-up's values and who won
    were never shown, only the totals moving."""
    events = [{"type": "line_up", "values": [1, 3, "witch"], "order": [0, 1, 2]},
              {"type": "round_end", "round": 2, "side": "knights", "how": "line_up",
               "scores": [0, 2, 2, 0]},
              {"type": "round_end", "round": 3, "side": "witch", "how": "captain_witch",
               "scores": [3, 0, 0, 0]},
              {"type": "inspect", "seat": 1, "tile": 2}]
    assert page.execute_script(EVENTS, lang, events) == [turned, won, witch, None]


QUESTION = """
const [lang, view, questions] = arguments;
const before = LANG; LANG = lang;
try { return questions.map(q => GAMES.knights.question(view, q, s => 'P' + s)); }
finally { LANG = before; }"""


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_phone_words_every_knights_question_as_the_window_does(page: Any, lang: str) -> None:
    """One number, the familiar sets (odd, even, k or more, k or less), any other set
    and a comparison: the phone's sentence is the window's (``question_words``), but
    for the capital a phone's line puts after "P2 asks P1:"."""
    from client import i18n
    from client.scenes.knights.words import question_words

    numbers = [1, 2, 3, 4, 5, 6, 7]
    questions: list[dict[str, Any]] = [
        {"form": "in", "tile": 1, "values": values}
        for values in ([4], [2, 4], [5, 6, 7], [1, 2], [1, 3, 5, 7], [2, 4, 6], [1, 5])]
    questions.append({"form": "greater", "tile": 1, "other": 2})
    view = {"seat": 0, "numbers": numbers, "tiles": tiles(4, 1)}
    phone = page.execute_script(QUESTION, lang, view, questions)
    before = i18n.language()
    i18n.set_language(lang)
    try:
        window = [question_words(q, 4, numbers, lambda s: f"P{s}", 3) for q in questions]
    finally:
        i18n.set_language(before)
    if lang == "en":  # (the window's question is a sentence of its own)
        window = [w[:1].lower() + w[1:] for w in window]
    assert window == phone
    assert len(set(phone)) == len(phone)  # (each form its own sentence)


def test_a_knights_phone_says_which_tile_the_line_up_left_out(page: Any) -> None:
    """The window's log says which tile the captain left out of the line-up, the
    Witch's place if the line-up holds; the phone's said only the order."""
    view = {"seat": 0, "round": 1, "phase": "review", "players": 4, "tiles": tiles(4, 1)}
    lines = page.execute_script(
        "const [view, events] = arguments; const names = s => 'P' + s;"
        "return events.map(e => GAMES.knights.event(e, names, view));", view,
        [{"type": "line_up", "values": [1, 2, 3, 5], "left_out": 4},
         {"type": "line_up", "values": [1, 2, 3, 4, 5]}])
    assert lines == ["The line-up turns over: 1 < 2 < 3 < 5. Left out: centre tile A.",
                     "The line-up turns over: 1 < 2 < 3 < 4 < 5."]
