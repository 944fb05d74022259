"""Words a newcomer reads at the end of a game say what happened and nothing else, in both
languages (issue 30, part 9): one card is "1 card", an empty sum part says so instead
of "none = −0", a one-game chart is not drawn, the Cheese Thief log turns over only the
voted cards, and no option is ever shown by its raw name."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pygame

from client import i18n
from client.kit.reveal import draw_board
from client.kit.scoreboard import Scoreboard
from client.rules_text import RULES
from client.scenes.cheese_thief.words import describe as thief_line
from client.scenes.sly_knights.story import story_words as sly_story
from client.scenes.sly_knights.words import say as sly_say
from core.registry import GAMES
from tests.language import each_language
from tests.test_reveal import play

in_each_language = each_language()

ROOT = Path(__file__).resolve().parent.parent
OPTION_IDS = sorted({spec.name for game in GAMES.values() for spec in game.options
                     if "_" in spec.name})


def player_texts() -> Iterator[tuple[str, str]]:
    """Every text the window declares for a player: each argument of ``both``/``_t``
    in the client, and every rules text."""
    for path in sorted((ROOT / "client").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") in ("both", "_t"):
                for arg in [*node.args, *(k.value for k in node.keywords)]:
                    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                        yield f"{path.relative_to(ROOT)}:{node.lineno}", arg.value
    for game_id, texts in RULES.items():
        for language, text in texts.items():
            yield f"rules {game_id} {language}", text
    for game in GAMES.values():
        for spec in game.options:
            described = spec.describe(game.min_players)
            for key in ("title", "help"):
                for language, value in described[key].items():
                    yield f"option {spec.name} {key} {language}", value


def test_option_names_are_never_shown_raw() -> None:
    assert "peek_at_four" in OPTION_IDS and "tie_favours_thief" in OPTION_IDS
    raw = [(where, option) for where, words in player_texts() for option in OPTION_IDS
           if re.search(rf"\b{option}\b", words)]
    assert not raw, raw


def test_one_card_is_one_card(lang: str) -> None:
    one = sly_say("show.penalty_hidden", n=1)
    assert one == ("1 card kept face down" if lang == "en" else "1枚を伏せて保持")
    assert sly_say("show.penalty_hidden", n=2) == ("2 cards kept face down" if lang == "en"
                                                   else "2枚を伏せて保持")


def test_a_sly_score_without_penalties_says_so(lang: str) -> None:
    names = ["Mouse 0", "Mouse 1", "Mouse 2"]
    _, events = play("sly_knights", 3, 5, pick=1)
    story = dict(next(e.data for e in events if e.data["type"] == "story"))
    # Seat 0 kept nothing back: a game's story as it would be without its penalty cards.
    story["penalties"] = [[], *story["penalties"][1:]]
    story["penalty_points"] = [0, *story["penalty_points"][1:]]
    assert any(story["penalties"])
    told = sly_story(story, lambda s: names[s])
    lines = told.sections[0].lines
    for seat, line in enumerate(lines):
        assert "−0" not in line and "none" not in line and "なし =" not in line, line
        empty = "no penalties" if lang == "en" else "減点なし"
        assert (empty in line) == (not story["penalties"][seat]), line
        assert line.endswith(i18n.number(story["scores"][seat]) + ("点" if lang == "ja" else ""))


def _board_pixels(games: int) -> int:
    """How many pixels of the scoreboard's lower half a board of ``games`` games draws."""
    pygame.font.init()
    board = Scoreboard()
    for g in range(games):
        board.add({"game": "cheese_thief", "winners": [g % 2], "scores": [1 - g % 2, g % 2, 0]})
    surface = pygame.Surface((600, 700))
    surface.fill((0, 0, 0))
    draw_board(surface, surface.get_rect(), board, lambda s: f"Mouse {s}", 16)
    lower = surface.subsurface(pygame.Rect(0, 350, 600, 350))
    return int(pygame.mask.from_threshold(lower, (0, 0, 0), (1, 1, 1, 255)).count())


def test_one_game_draws_no_chart_of_one_line() -> None:
    area = 600 * 350
    assert area - _board_pixels(1) == 0, "a one-game chart is only a line from 0"
    assert area - _board_pixels(2) > 1000, "two games draw their chart"


def test_the_thief_log_turns_over_only_the_voted_cards(lang: str) -> None:
    _, events = play("cheese_thief", 5, 3, pick=1)
    reveal = next(e.data for e in events if e.data["type"] == "reveal")
    names = [f"Mouse {i}" for i in range(5)]
    line = thief_line(reveal, lambda s: names[s], 5)
    turned = [s for s, role in enumerate(reveal["roles"]) if role]
    assert turned and len(turned) < 5
    for seat in range(5):
        assert (names[seat] in line and (seat in turned)) or seat not in turned, line
    story = thief_line({"type": "story"}, lambda s: names[s], 5)
    assert "everything" not in story and "すべて公開" not in story


def test_the_thief_vote_count_closes_its_sentence_in_japanese(lang: str) -> None:
    """The count of votes sits inside the sentence it belongs to: in Japanese it came
    after the 。 with a Latin space before it, and the turned card's sentence ran on
    straight after its closing bracket ("…1票)Daichiのカードを公開")."""
    _, events = play("cheese_thief", 5, 3, pick=1)
    reveal = next(e.data for e in events if e.data["type"] == "reveal")
    line = thief_line(reveal, lambda s: f"Mouse {s}", 5)
    if lang == "ja":
        assert line.startswith("投票公開(") and "。 (" not in line, line
        assert re.search(r"\)。Mouse \dのカードを公開", line), line
    else:
        assert line.startswith("Votes revealed. (") and re.search(r"\) Mouse \d's card", line)


def test_a_choose_card_names_the_kitchen_it_went_to_as_its_reader_would(lang: str) -> None:
    """A nest, an exterminator or a camera on one's own kitchen is "their own"/"自分の",
    on the reader's "your"/"あなたの": the log said "You's kitchen" and "あなたがあなたの
    台所", and "Ben put a nest … in Ben's kitchen"."""
    from client.i18n import tr
    from client.scenes.choose.words import describe as choose_line

    def name(seat: int) -> str:
        return tr("you") if seat == 0 else "Ben"

    for kind in ("nest", "exterminator", "camera"):
        mine = choose_line({"type": kind, "seat": 0, "owner": 0}, name)
        own = choose_line({"type": kind, "seat": 1, "owner": 1}, name)
        yours = choose_line({"type": kind, "seat": 1, "owner": 0}, name)
        bens = choose_line({"type": kind, "seat": 0, "owner": 1}, name)
        assert "You's" not in mine + yours and "Ben's" not in own, (mine, own, yours)
        if lang == "ja":
            assert "自分の" in mine and "あなたの" not in mine, mine
            assert own.count("Ben") == 1 and "自分の" in own, own
            assert "あなたの" in yours and "Benの" in bens, (yours, bens)
        else:
            assert "your own" in mine and "their own" in own, (mine, own)
            assert " your " in yours and "Ben's" in bens, (yours, bens)


def test_a_sly_play_names_the_score_card_it_went_on_as_its_reader_would(lang: str) -> None:
    """"Aki played 7 on Aki's 8" / "AkiがAkiの8に7を出した" read as two people: a
    card on one's own score card is "their own"/"自分の", on the reader's "your"."""
    from client.i18n import tr
    from client.scenes.sly_knights.words import describe as sly_line

    def name(seat: int) -> str:
        return tr("you") if seat == 0 else "Aki"

    def line(seat: int, owner: int, pig: bool) -> str:
        return sly_line({"type": "play", "seat": seat, "target": 0, "card": 7, "total": 9,
                         "pig": pig}, name, owners=[owner], values=[13])

    for pig in (False, True):
        own, yours, akis = line(1, 1, pig), line(1, 0, pig), line(0, 1, pig)
        assert own.count("Aki") == 1 and "You's" not in yours, (own, yours)
        if lang == "ja":
            assert "自分の13" in own and "あなたの13" in yours and "Akiの13" in akis
        else:
            assert "their own 13" in own and "your 13" in yours and "Aki's 13" in akis


def test_the_readers_kitchen_is_labelled_as_theirs(lang: str) -> None:
    """A real Choose! table: the kitchen over the reader's seat read "You's kitchen"."""
    from client.app import HEADLESS_DT, App
    from client.kit import ink
    from client.settings import Settings
    from client.tables import local_scene

    app = App(Settings(bot_delay=0.0, language=lang), headless=True, size=(1920, 1080))
    try:
        recorder = ink.start()  # (the board with its labels is drawn once, then kept)
        app.push(local_scene(app, "choose", 2, {}, 7, 1, "simple"))
        for _ in range(20):
            app.step(HEADLESS_DT)
        words = [key[0] for _, texts in recorder.images.values() for key in texts]
        mine, bens = ("Your kitchen", "'s kitchen") if lang == "en" else ("あなたの台所", "の台所")
        assert mine in words, words
        assert not any("You's" in w for w in words), words
        assert any(w.startswith("Ben") and w.endswith(bens) for w in words), words
    finally:
        ink.stop()
        app.close()


def test_a_steal_is_said_to_the_reader_who_stole_or_was_robbed(lang: str) -> None:
    """The bar's steal caption speaks to the reader ("You steal", "You pull the mouse
    back"), never "You steals" from a name filled with "You"."""
    from client.scenes.choose.draw import StealShow, steal_caption

    def name(seat: int) -> str:
        return {0: "You" if lang == "en" else "あなた", 1: "Ben"}[seat]

    show = StealShow(start=0.0, thief=0, robbed=1, stack=3, revealed="ordinary", cheese=0)
    mine = steal_caption(show, 0.1, name, me=0)
    assert mine == ("You steal from Ben!" if lang == "en" else "あなたがBenから奪う!")
    robbed = StealShow(start=0.0, thief=1, robbed=0, stack=3, revealed="ordinary", cheese=0)
    assert steal_caption(robbed, 0.1, name, me=0) == (
        "Ben steals from You!" if lang == "en" else "Benがあなたから奪う!")
    pulled = StealShow(start=0.0, thief=1, robbed=0, stack=3, revealed="henchman", cheese=0,
                       reaction="pull_back")
    assert steal_caption(pulled, 3.0, name, me=0) == (
        "Cat's henchman! You pull the mouse back." if lang == "en"
        else "ねこの手下! あなたが取り返した。")
