"""Each thing a lesson says on screen is one thing: at most two short statements, at
most one of them an instruction, and an instruction names at most two clicks (a card,
then where it goes). A step that waits for the person's action says exactly one
instruction. The rule is checked against the steps it was made to catch, so it is known
to tell the two apart."""

from __future__ import annotations

import re

import pytest

from client.learn.cheese_thief import LESSON as CHEESE
from client.learn.choose import LESSON as CHOOSE
from client.learn.knights import LESSON as KNIGHTS
from client.learn.lesson import Lesson
from client.learn.sly_knights import LESSON as SLY
from client.tables import MICE

LESSONS = [CHEESE, CHOOSE, KNIGHTS, SLY]
VERBS = frozenset((
    "click", "press", "play", "take", "ask", "drag", "recommend", "vote", "type", "say",
    "steal", "use", "look", "put", "lay", "switch", "choose", "pick", "answer", "leave",
    "doze", "throw", "inspect", "keep", "start"))
"""English imperatives a lesson gives (a statement, or a clause of it, starting so)."""
JA_ORDER = ("クリック", "押", "ドラッグ", "ましょう", "オンに")
"""What makes a Japanese statement an instruction."""


def statements(text: str, lang: str) -> list[str]:
    """The statements of a text: sentences, and the halves a colon or semicolon joins."""
    ends = r"(?<=[.!?;:])\s+" if lang == "en" else r"(?<=[。!?！？;；:：])\s*"
    return [s for s in re.split(ends, text.strip()) if s.strip()]


def clicks(statement: str, lang: str) -> int:
    """How many things a statement tells the person to do (0: it tells nothing)."""
    if lang == "ja":
        if not any(word in statement for word in JA_ORDER):
            return 0
        return statement.count("、") + 1  # 「Aをクリックし、Bをクリック」: two
    words = re.findall(r"[\w']+|,", statement.lower())
    starts = [0] + [i + 1 for i, w in enumerate(words) if w in (",", "then")]
    verbs = sum(1 for i in starts if i < len(words) and words[i] in VERBS)
    if not verbs:
        return 0
    objects = sum(1 for i, w in enumerate(words)  # "then your own kitchen": one more
                  if w == "then" and (i + 1 >= len(words) or words[i + 1] not in VERBS))
    return verbs + objects


def faults(text: str, lang: str, *, acts: bool) -> list[str]:
    """What makes ``text`` say more than one thing (empty: it says one)."""
    said = statements(text, lang)
    told = [s for s in said if clicks(s, lang)]
    out = []
    if len(said) > 2:
        out.append(f"{len(said)} statements")
    if len(told) > 1:
        out.append(f"{len(told)} instructions")
    if any(clicks(s, lang) > 2 for s in told):
        out.append("an instruction of more than two clicks")
    if acts and len(told) != 1:
        out.append("a step waiting for an action without its one instruction")
    return out


def shown(lesson: Lesson) -> list[tuple[str, bool]]:
    """Every text the lesson shows as a step, and whether it waits for an action."""
    out: list[tuple[str, bool]] = []
    for step in lesson.steps:
        out += [(click.key, True) for click in step.clicks]
        out.append((step.key, step.expect is not None))
    return out


OLD = {
    "Choose! step 14": ("The Exterminator takes a nest away. Click it, then your nested "
                        "mouse, then one more card to throw away.",
                        "駆除業者はすみかを取り除きます。駆除業者をクリックし、すみかのある自分の"
                        "ねずみ、最後に捨てるカードを1枚クリック。", True),
    "Knights step 2": ("Knights win if the captain lays every knight in rising order and "
                       "leaves out the Witch. The Witch wins if that fails; whoever looks at "
                       "the Witch's tile is bewitched and joins her.",
                       "隊長が騎士を小さい順に並べ、魔女を外せば騎士の勝ち。失敗すれば魔女の勝ち。"
                       "魔女のタイルを見た人は虜になり、魔女の味方になります。", False),
    "Knights step 10": ("The line-up: drag the tiles into a row from 1 up, and the one you "
                        "think is the Witch into the box. Sort by what I know helps. Then "
                        "Confirm the line-up.",
                        "号令: タイルをドラッグして1から順に並べ、魔女だと思うタイルは箱へ。"
                        "「知っている順に並べる」も使えます。最後に「隊列を確定」。", True),
    "Sly step 3": ("All score cards turn up at once; the highest pair starts. On your turn "
                   "you play a card onto any score card: it may not be higher than the score "
                   "card, and the cards on it may not add up to more.",
                   "得点カードが一斉に表になり、合計の高い人から始めます。手番では好きな得点"
                   "カードに1枚出します: 得点カードの数以下で、上のカードの合計もその数を"
                   "超えてはいけません。", False),
    "Sly pig": ("Your pig makes a card count one more. Click your 1, switch the pig on, "
                "then click Chika's 15. Pigs go to the score card's owner; each is worth 2 "
                "at the end.",
                "ブタを付けるとカードが1多く数えられます。1をクリックし、ブタをオンにして、"
                "チカの15をクリック。ブタは得点カードの持ち主のものになり、最後に1匹2点です。",
                True),
}


@pytest.mark.parametrize("name", sorted(OLD))
def test_the_rule_finds_the_steps_that_said_several_things(name: str) -> None:
    en, ja, acts = OLD[name]
    assert faults(en, "en", acts=acts)
    assert faults(ja, "ja", acts=acts)


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.game)
def test_every_step_says_one_thing(lesson: Lesson, lang: str) -> None:
    found = {}
    for key, acts in shown(lesson):
        text = lesson.words[key][lang].format_map({"n": 3, "kind": "X", "then": "x."})
        if faults(text, lang, acts=acts):
            found[key] = (text, faults(text, lang, acts=acts))
    assert found == {}


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_what_a_steal_turned_up_is_one_statement(lang: str) -> None:
    """Choose!'s reveal step says the kind and then its owner's reaction in one line."""
    for kind in ("ordinary", "hungry", "henchman", "robo"):
        text = CHOOSE.words["ch.revealed"][lang].format(
            kind=CHOOSE.words[f"ch.kind.{kind}"][lang],
            then=CHOOSE.words[f"ch.react.{kind}"][lang])
        assert faults(text, lang, acts=False) == [], text


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.game)
def test_the_japanese_lesson_names_the_bots_as_the_table_does(lesson: Lesson) -> None:
    """The table shows "Chika (ボット)": a lesson saying チカ names someone not there."""
    katakana = ("アキ", "ベン", "チカ", "ダイチ", "エミ", "フミ", "ゲン", "ハナ")
    texts = " ".join(w["ja"] for w in lesson.words.values())
    assert [k for k in katakana if k in texts] == []
    english = " ".join(w["en"] for w in lesson.words.values())
    assert [m for m in MICE if m in english and m not in texts] == []


def test_the_sly_lesson_says_score_card_as_the_table_does() -> None:
    texts = " ".join(w["ja"] for w in SLY.words.values())
    assert "得点カード" in texts and "得点札" not in texts
