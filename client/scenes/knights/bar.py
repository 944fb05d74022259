"""The action bar under the table: what to do now, in words, and one button per
choice. Every button is built from the legal actions the host sent."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

from client.i18n import tr
from client.scenes.knights.knowledge import Knowledge, question_space
from client.scenes.knights.words import (
    answer_prompt,
    preview_words,
    qa_line,
    question_words,
    round_words,
    say,
    tile_short,
)
from core.games.knights.shapes import Question

if TYPE_CHECKING:
    from client.scenes.knights.scene import KnightsScene

Spec = tuple[str, str, Callable[[], None] | None]

ANSWER_STANDS = 3.0
"""Seconds the bar says a question's answer before it says who asks next: a watched
table at x1 holds that long after an answer (``core.games.knights.about``), so the
answer is read where the question was."""


def waiting_words(scene: KnightsScene, k: Knowledge) -> str:
    """What the table is waiting for, as anyone may see it."""
    name = scene.name
    acting = k.acting
    if k.phase == "inspect" and acting is not None:
        return say("wait.inspect", name=name(acting))
    if k.phase in ("question", "command") and acting is not None:
        answered = scene.last_answer
        if answered is not None and scene.time - answered[0] < ANSWER_STANDS:
            return qa_line(answered[1], k.n, k.numbers, name, k.me)
        return say("wait.ask", name=name(acting))
    if k.phase in ("answer", "command_answer") and k.question is not None:
        q = k.question
        asker = name(int(q["asker"]))
        return say.of("wait.answer", asker, asker=asker, answerer=name(int(q["answerer"])),
                      q=question_words(q, k.n, k.numbers, name, k.me))
    if k.phase == "recommend":
        return say("wait.recommend")
    if k.phase == "line_up" and k.captain is not None:
        return say.of("wait.line_up", name(k.captain), name=name(k.captain))
    record = scene.settled(k)
    if k.last_round() is not None and record is None:
        return say("wait.reveal")
    if record is not None:
        words = round_words(record, name)
        return words if k.phase == "over" else f"{words}  {say('prompt.review')}"
    return ""


def prompt_and_buttons(scene: KnightsScene, k: Knowledge) -> tuple[str, list[Spec]]:
    legal = scene.feed.legal
    kinds = {a["type"] for a in legal}
    send = scene.sender
    if scene.memory.active(scene.time):
        return waiting_words(scene, k), []
    if scene.shown_seat is None:
        together = [(seat, action) for seat, action in scene.session.public_actions()
                    if not scene.session.feeds[seat].pending]
        specs: list[Spec] = []
        if together:
            # One press per person: the next round waits until each has seen this one.
            seat, action = together[0]
            people = len(scene.session.humans)
            specs.append(("ready", tr("hold.continue_n", i=people - len(together) + 1,
                                      n=people), lambda: scene.session.feeds[seat].send(action)))
        return waiting_words(scene, k), specs
    if scene.feed.pending or not kinds:
        return (waiting_words(scene, k) or say("wait.others")), []
    if "inspect" in kinds:
        key = "prompt.inspect_centre" if k.inspect_pass == 1 else "prompt.inspect"
        return say(key), [(f"inspect_{a['tile']}", tile_short(int(a["tile"]), k.n, scene.name),
                         send(a)) for a in legal]
    if "ask" in kinds:
        return ask_bar(scene, k, legal)
    if "answer" in kinds:
        q = k.question
        words = answer_prompt(q, k.n, k.numbers, scene.name, k.me) if q else ""
        words += "  " + say("prompt.truthful" if len(legal) == 1 else "prompt.may_lie")
        return words, [(f"answer_{'yes' if a['answer'] else 'no'}",
                        say("act.yes") if a["answer"] else say("act.no"), send(a)) for a in legal]
    if "recommend" in kinds:
        return say("prompt.recommend"), [(f"recommend_{a['target']}", scene.name(a["target"]),
                                        send(a)) for a in legal]
    if "line_up" in kinds:
        line = scene.lineup
        tiles = {int(x) for x in legal[0]["order"]}
        ok = line.tiles == tiles and len(line.row) >= len(tiles) - 1
        return say("prompt.line_up"), [
            ("sort", say("act.sort"),
             lambda: line.arrange(list(legal[0]["order"]), k.values, k.numbers, k.round)),
            ("line_up", say("act.line_up"), send(line.action()) if ok else None),
        ]
    if "ready" in kinds:
        return waiting_words(scene, k), [("ready", say("act.next_round"), send(legal[0]))]
    return waiting_words(scene, k), []


def ask_bar(scene: KnightsScene, k: Knowledge, legal: list[dict[str, Any]]
            ) -> tuple[str, list[Spec]]:
    """The question builder, step by step: whom, about which tile, then what."""
    b = scene.builder
    space = question_space(legal)
    name = scene.name
    if b.owner != scene.shown_seat or (b.answerer is not None
                                       and b.answerer not in space.answerers):
        b.reset()
        b.owner = scene.shown_seat
    if b.answerer is None:
        return say("prompt.who"), [(f"ask_{s}", name(s), _call(b.choose_answerer, s, space))
                                 for s in space.answerers]
    back: Spec = ("back", say("act.back"), b.back)
    if b.tile is None:
        tiles: list[Spec] = [(f"tile_{x}", tile_short(x, k.n, name),
                              _call(b.choose_tile, x, space)) for x in space.subjects(b.answerer)]
        return say("prompt.tile", name=name(b.answerer)), [back, *tiles]
    specs: list[Spec] = [back]
    forms = b.forms(space)
    if len(forms) > 1:
        for form in forms:
            mark = "» " if form == b.form else ""
            specs.append((f"form_{form}", mark + say(f"form.{form}"), _call(b.set_form, form,
                                                                          space)))
    if b.form == "greater":
        for other in space.others(b.answerer, b.tile):
            mark = "● " if other == b.other else ""
            specs.append((f"other_{other}", mark + tile_short(other, k.n, name),
                          _call(b.choose_tile, other, space)))
    else:
        for v in k.numbers:
            specs.append((f"num_{v}", ("● " if v in b.values else "") + str(v),
                          _call(b.toggle, v)))
        odd = [v for v in k.numbers if v % 2]
        even = [v for v in k.numbers if not v % 2]
        specs.append(("odd", say("quick.odd"), _set(b, odd)))
        specs.append(("even", say("quick.even"), _set(b, even)))
        specs.append(("clear", say("quick.clear"), _set(b, [])))
    action = b.action(space)
    specs.append(("ask", say("act.ask"), scene.sender(action) if action else None))
    preview = dict(action or {}, tile=b.tile, answerer=b.answerer, form=b.form)
    if action is None and b.form == "greater":
        words = say("prompt.other")
    elif action is None:
        words = say("prompt.values")
    else:
        words = preview_words(cast(Question, preview), k.n, k.numbers, name, k.me)
    return words, specs


def _call(fn: Callable[..., Any], *args: Any) -> Callable[[], None]:
    return lambda: None if fn(*args) else None


def _set(b: Any, values: list[int]) -> Callable[[], None]:
    def go() -> None:
        b.values = list(values)
    return go
