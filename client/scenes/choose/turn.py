"""Which cards and mice of the Choose! table may be clicked, and what a click sends.

Everything here is read from the legal actions the host sent with the latest update,
so the table can only ever offer what the rules allow.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any

import pygame

from client.app import App
from client.kit.focus import Target
from client.kit.prompt import lift
from client.scenes.choose.knowledge import MICE, Knowledge
from client.scenes.choose.layout import Layout, hand_slots, kitchen_at, stack_at
from client.scenes.table import TableScene
from client.session import Session
from core.games.choose.shapes import ChooseLine


class ChooseTurn(TableScene):
    """The turn in progress: the picked card, the exterminator's target, the clicks."""

    show_rules: bool = False
    """The rules sheet covers the table (the scene opens it)."""
    flip: tuple[float, ChooseLine] | None = None
    """A round's flip covering the table: when it began, and its event (the scene's)."""

    def __init__(self, app: App, session: Session, *, restart: Any = None) -> None:
        super().__init__(app, session, restart=restart)
        self.selected: int | None = None
        """The hand card chosen for this turn."""
        self.ext_stack: int | None = None
        """The nested mouse an exterminator is aimed at, waiting for the discard."""
        self.prompt_at: pygame.Rect | None = None
        """Where the bar's prompt was drawn (``bar_prompt``): a picked card under it
        rises no higher than its last line."""
        self.k: Knowledge | None = None
        self._layout: Layout | None = None

    # -- what may be clicked --------------------------------------------------------------
    @property
    def can_act(self) -> bool:
        if self.session.hot_seat and self.shown_seat is None or self.feed.hold is not None:
            return False  # (while the table holds after a round, nobody plays)
        return bool(self.feed.legal) and not self.feed.pending

    def _kind(self, card: int) -> str | None:
        for entry in (self.k.hand if self.k else []):
            if entry["card"] == card:
                return str(entry["kind"])
        return None

    def card_actions(self, card: int) -> list[dict[str, Any]]:
        """Every legal action this hand card can start."""
        if not self.can_act:
            return []
        kind = self._kind(card)
        out = []
        for action in self.feed.legal:
            if action.get("card") == card or (kind not in MICE and action["type"] == kind):
                out.append(action)
        return out

    def clickable_cards(self) -> set[int]:
        if self.ext_stack is not None:
            return {a["discard"] for a in self.feed.legal if a["type"] == "exterminator"
                    and a["stack"] == self.ext_stack and self._kind(a["discard"]) is not None}
        return {c["card"] for c in (self.k.hand if self.k else []) if self.card_actions(c["card"])}

    def stack_targets(self) -> dict[int, dict[str, Any]]:
        """Stack id -> the action a click on it sends (an exterminator's first step
        is the bare action without its discard)."""
        if self.selected is None or self.ext_stack is not None:
            return {}
        out: dict[int, dict[str, Any]] = {}
        for action in self.card_actions(self.selected):
            if action["type"] in ("steal", "nest", "camera", "exterminator"):
                out.setdefault(int(action["stack"]), action)
        return out

    def pickup_action(self) -> dict[str, Any] | None:
        if self.selected is None:
            return None
        return next((a for a in self.card_actions(self.selected) if a["type"] == "pickup"), None)

    def sleepy_action(self) -> dict[str, Any] | None:
        if self.selected is None or self.ext_stack is not None:
            return None
        return next((a for a in self.card_actions(self.selected) if a["type"] == "sleepy"), None)

    def overlaid(self) -> bool:
        """True while a round's flip or the rules cover the table."""
        return bool(self.show_rules or self.flip)

    def key_targets(self) -> list[Target]:
        """The hand's cards (numbered left to right), the stacks the chosen card may go
        to (numbered, once a card is chosen), and one's own kitchen for a pickup."""
        lay, k = self._layout, self.k
        if lay is None or k is None or self.overlaid():
            return []
        out: list[Target] = []
        stacks = self.stack_targets()
        if self.can_act:
            live = self.clickable_cards()
            for i, (entry, rect) in enumerate(zip(k.hand, self.hand_rects(lay, k), strict=True)):
                card = entry["card"]
                if card in live:
                    out.append(Target(rect, partial(self.click_card, card), f"card{card}",
                                      number=None if stacks else i + 1))
            cw, ch = lay.card
            number = 0
            for seat, kitchen in enumerate(k.kitchens):
                for mouse, (x, y) in zip(kitchen, lay.slots(seat, len(kitchen)), strict=True):
                    if mouse.stack in stacks:
                        number += 1
                        out.append(Target(pygame.Rect(x - cw // 2, y - ch // 2, cw, ch),
                                          partial(self.click_stack, mouse.stack),
                                          f"stack{mouse.stack}", number=number))
            pickup = self.pickup_action()
            if pickup is not None and k.me is not None:
                out.append(Target(lay.kitchens[k.me], partial(self.send, pickup), "pickup"))
        return out

    def click(self, pos: tuple[int, int]) -> None:
        lay, k = self._layout, self.k
        if lay is None or k is None or not self.can_act:
            return
        cards = [c["card"] for c in k.hand]
        for card, rect in reversed(list(zip(cards, self.hand_rects(lay, k), strict=True))):
            if rect.collidepoint(pos):
                self.click_card(card)
                return
        sid = stack_at(lay, [[m.stack for m in kit] for kit in k.kitchens], pos)
        if sid is not None and sid in self.stack_targets():
            self.click_stack(sid)
            return
        if kitchen_at(lay, pos) == k.me and self.pickup_action() is not None:
            self.send(self.pickup_action() or {})

    def click_card(self, card: int) -> None:
        if self.ext_stack is not None:
            action = {"type": "exterminator", "stack": self.ext_stack, "discard": card}
            if action in self.feed.legal:
                self.send(action)
            return
        if card not in self.clickable_cards():
            return
        self.selected = None if self.selected == card else card

    def click_stack(self, sid: int) -> None:
        action = self.stack_targets().get(sid)
        if action is None:
            return
        if action["type"] == "exterminator":
            self.ext_stack = sid
            return
        self.send(action)

    def send(self, action: Mapping[str, object]) -> None:
        self.selected, self.ext_stack = None, None
        super().send(action)

    def hand_rects(self, lay: Layout, k: Knowledge) -> list[pygame.Rect]:
        rects = hand_slots(lay, len(k.hand))
        for entry, rect in zip(k.hand, rects, strict=True):
            if entry["card"] == self.selected:
                lift(rect, lay.bar, lay.text, self.prompt_at)
        return rects

