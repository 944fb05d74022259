"""The bar under the Choose! table (the prompt, the turn's buttons, the hand) and the
end-of-game panel with its buttons."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pygame

from client import i18n
from client.app import Scene
from client.assets import scaled
from client.i18n import tr
from client.kit import ink
from client.kit.prompt import bar_ground, bar_prompt, buttons_beside
from client.kit.widgets import blit_text, row_of_buttons, shade
from client.scenes.choose import art, draw, overlay
from client.scenes.choose.knowledge import MICE, Knowledge
from client.scenes.choose.layout import Layout, hand_slots
from client.scenes.choose.turn import ChooseTurn
from client.scenes.choose.words import say
from core.games.choose.shapes import ChooseLine, RoundRecord


class ChooseBar(ChooseTurn):
    """Drawn into the still image of the table scene; buttons come from legal actions."""

    flip: tuple[float, ChooseLine] | None = None
    reread: tuple[float, ChooseLine] | None = None
    """The flip a person opened again from the end panel, which stays until Continue:
    a watched table's own flips close by themselves so that the game goes on, but
    after the end nothing goes on, and at x8 that one closed in under a second."""
    _end_sound = False

    def prompt(self, k: Knowledge) -> str:
        if k.phase == "over":
            return ""
        if self.feed.hold is not None:
            return tr("hold.reading")
        if not self.can_act:
            if k.me is None or k.turn is None:
                return say("wait.turn", name=self.name(k.turn)) if k.turn is not None else ""
            return say("wait.turn", name=self.name(k.turn)) if k.turn != k.me else ""
        if self.ext_stack is not None:
            return say("prompt.ext_discard")
        if self.selected is None:
            return say("prompt.first") if k.turns_taken == 0 else say("prompt.pick")
        kind = self._kind(self.selected)
        kinds = {a["type"] for a in self.card_actions(self.selected)}
        if kind in MICE:
            return say("prompt.mouse") if "steal" in kinds else say("prompt.mouse_only_pickup")
        if kind in kinds:
            return say(f"prompt.{kind}")
        return say("prompt.sleepy_only")

    def draw_bar(self, surface: pygame.Surface, lay: Layout, k: Knowledge) -> None:
        bar, size = lay.bar, lay.text
        bar_ground(surface, bar)
        drawn = len(self.buttons)
        specs: list[tuple[str, str, Any]] = []
        if self.can_act:
            pickup, sleepy = self.pickup_action(), self.sleepy_action()
            if pickup is not None:
                specs.append(("pickup", say("act.pickup"), self._sender(pickup)))
            if sleepy is not None:
                specs.append(("sleepy", say("act.sleepy"), self._sender(sleepy)))
            if self.ext_stack is not None:
                nest = next((a for a in self.feed.legal if a["type"] == "exterminator"
                             and a["stack"] == self.ext_stack
                             and self._kind(a["discard"]) is None), None)
                if nest is not None:
                    specs.append(("discard_nest", say("act.take_nest"), self._sender(nest)))
            if self.selected is not None or self.ext_stack is not None:
                specs.append(("cancel", say("act.cancel"), self._cancel))
        row = pygame.Rect(bar.centerx, bar.top + 2, bar.width // 2 - size, int(size * 2.4))
        words = self.prompt(k)
        if specs:
            least = max(12, lay.size[1] // 48)
            self.buttons += buttons_beside(specs, row, scaled(least), least, bar, words, size)
        elif k.phase != "over":
            self.draw_done_button(row, scaled(max(12, lay.size[1] // 48)))
        self.prompt_at = bar_prompt(surface, bar, words, size, self.buttons[drawn:])
        self.draw_hand(surface, lay, k)

    def draw_hand(self, surface: pygame.Surface, lay: Layout, k: Knowledge) -> None:
        lang = i18n.language()
        cw, ch = lay.hand_card
        if k.me is not None:
            live = self.clickable_cards()
            for entry, rect in zip(k.hand, self.hand_rects(lay, k), strict=True):
                card, kind = entry["card"], str(entry["kind"])
                image = art.card(kind, cw, ch, lang)
                surface.blit(image, rect)
                if card == self.selected:
                    pygame.draw.rect(surface, draw.HOT, rect.inflate(4, 4), 3, border_radius=8)
                elif card in live and rect.collidepoint(self.mouse):
                    pygame.draw.rect(surface, draw.HOT, rect.inflate(2, 2), 2, border_radius=8)
                elif live and card not in live:
                    surface.blit(_dim(cw, ch), rect)
            return
        if k.omniscient and k.turn is not None and k.phase == "play":
            kinds = k.hands[k.turn]
            label = f"{self.name(k.turn)}: " + say("hand_n", n=len(kinds))
            slots = hand_slots(lay, len(kinds))
            if slots:
                said = blit_text(surface, label, max(10, lay.text - 2), (210, 190, 160),
                                 topleft=(lay.bar.left + lay.text,
                                          slots[0].centery - lay.text // 2))
                # the cards start after the words, closer together if they must
                left, right = said.right + lay.text, lay.bar.right - lay.text
                if slots[0].left < left:
                    step = min(cw + 6, (right - left - cw) / max(1, len(slots) - 1))
                    slots = [r.move(int(left + i * step) - r.left, 0)
                             for i, r in enumerate(slots)]
            for shown, rect in zip(kinds, slots, strict=True):
                surface.blit(art.card(shown, cw, ch, lang), rect)
                ink.cover(surface, rect, hides=False)

    def _cancel(self) -> None:
        self.selected, self.ext_stack = None, None

    def _sender(self, action: Mapping[str, object]) -> Any:
        return lambda: self.send(action)

    def draw_end(self, surface: pygame.Surface, lay: Layout, k: Knowledge,
                 area: pygame.Rect) -> None:
        if not self._end_sound:
            self._end_sound = True
            won = None if k.me is None else k.me in k.winners
            self.app.audio.play("win" if won else ("lose" if won is False else "reveal"))
        overlay.end_panel(surface, lay, k, self.name, area)
        specs: list[tuple[str, str, Any]] = []
        if k.last_round is not None:
            last = k.last_round
            specs.append(("last_round", say("last_round_btn"), lambda: self._reread(last)))
        specs.append(("menu", tr("back_menu"), self.app.pop))
        if self.restart is not None:
            specs.append(("again", tr("again"), self._again))
        row = pygame.Rect(area.left, area.bottom - lay.text * 4, area.width, lay.text * 3)
        self.buttons += row_of_buttons(specs, row, lay.text)

    def _reread(self, last: RoundRecord) -> None:
        line = ChooseLine(round=last["round"], stacks=last["stacks"], raw=last["raw"],
                          scores=last["scores"], totals=last["totals"])
        self.flip = self.reread = (self.time, line)

    def _again(self) -> None:
        if self.restart is not None:
            scene: Scene = self.restart()
            self.app.replace(scene)


def _dim(w: int, h: int) -> pygame.Surface:
    return shade(w, h, 130, (20, 14, 10))
