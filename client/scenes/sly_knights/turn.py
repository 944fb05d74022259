"""Which cards and score cards of the Sly Knight Robbery table may be clicked, and what
a click sends; everything is read from the legal actions of the latest update."""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any

import pygame

from client.app import App
from client.kit.focus import Target
from client.kit.prompt import lift
from client.scenes.sly_knights.knowledge import Knowledge
from client.scenes.sly_knights.layout import Layout, column_at, hand_slots
from client.scenes.table import TableScene
from client.session import Session
from core.games.sly_knights.shapes import SlyLine


class SlyTurn(TableScene):
    """The choice in progress: the picked cards, the pig switch, the clicks."""

    show_rules: bool = False
    """The rules sheet covers the table (the scene opens it)."""
    summary: tuple[float, SlyLine] | None = None
    """A round's summary covering the table: when it came, and its event (the scene's)."""

    def __init__(self, app: App, session: Session, *, restart: Any = None) -> None:
        super().__init__(app, session, restart=restart)
        self.picked: list[int] = []
        """Hand cards chosen: the two score cards, or the one card to play."""
        self.prompt_at: pygame.Rect | None = None
        """Where the bar's prompt was drawn (``bar_prompt``): a picked card under it
        rises no higher than its last line."""
        self.pig = False
        self.k: Knowledge | None = None
        self._layout: Layout | None = None

    # -- what may be clicked ----------------------------------------------------------------
    @property
    def can_act(self) -> bool:
        if self.session.hot_seat and self.shown_seat is None or self.feed.hold is not None:
            return False  # (while the table holds after a round, nobody plays)
        return bool(self.feed.legal) and not self.feed.pending

    def legal_of(self, kind: str) -> list[dict[str, Any]]:
        return [a for a in self.feed.legal if a["type"] == kind] if self.can_act else []

    def clickable_cards(self) -> set[int]:
        choose = self.legal_of("choose")
        if choose:
            return {c for a in choose for c in a["cards"]}
        return {a["card"] for a in self.legal_of("play")}

    def pig_possible(self) -> bool:
        return bool(self.picked) and any(a["pig"] for a in self.legal_of("play")
                                         if a["card"] == self.picked[0])

    def targets(self) -> dict[int, dict[str, Any]]:
        """Score card -> the play a click on it sends, for the picked card and pig switch."""
        if len(self.picked) != 1 or not self.legal_of("play"):
            return {}
        return {a["target"]: a for a in self.legal_of("play")
                if a["card"] == self.picked[0] and a["pig"] == self.pig}

    def choose_action(self) -> dict[str, Any] | None:
        action = {"type": "choose", "cards": sorted(self.picked)}
        return action if action in self.legal_of("choose") else None

    def key_targets(self) -> list[Target]:
        """The hand's cards (numbered left to right), the spare, and the score cards the
        picked card may go on (numbered by seat, once a card is picked)."""
        lay, k = self._layout, self.k
        if (lay is None or k is None or self.show_rules
                or self.summary is not None):
            return []
        out: list[Target] = []
        if self.can_act:
            columns = self.targets()
            live = self.clickable_cards()
            for i, (card, rect) in enumerate(zip(k.hand, self.hand_rects(lay, k), strict=True)):
                if card in live:
                    out.append(Target(rect, partial(self.click_card, card), f"card{card}",
                                      number=None if columns else i + 1))
            spare = self.spare_rect(lay, k)
            if spare is not None and self.legal_of("draw_spare"):
                out.append(Target(spare, partial(self.send, self.legal_of("draw_spare")[0]),
                                  "spare"))
            for target in sorted(columns):
                col = lay.columns[target]
                out.append(Target(col.inflate(8, 0), partial(self.click_target, target),
                                  f"column{target}", number=target + 1))
        return out

    def click(self, pos: tuple[int, int]) -> None:
        lay, k = self._layout, self.k
        if lay is None or k is None or not self.can_act:
            return
        for card, rect in reversed(list(zip(k.hand, self.hand_rects(lay, k), strict=True))):
            if rect.collidepoint(pos):
                self.click_card(card)
                return
        spare = self.spare_rect(lay, k)
        if spare is not None and spare.collidepoint(pos) and self.legal_of("draw_spare"):
            self.send(self.legal_of("draw_spare")[0])
            return
        target = column_at(lay, pos, [len(sc.plays) for sc in k.score_cards])
        if target is not None:
            self.click_target(target)

    def click_card(self, card: int) -> None:
        if card not in self.clickable_cards():
            return
        if self.legal_of("choose"):
            if card in self.picked:
                self.picked.remove(card)
            else:
                self.picked = [*self.picked, card][-2:]
                if len(self.picked) == 2 and self.ring.awake:
                    self.ring.soon = "button:confirm"  # by keys: the next Enter confirms
            return
        self.picked = [] if self.picked == [card] else [card]
        if not self.pig_possible():
            self.pig = False

    def click_target(self, target: int) -> None:
        action = self.targets().get(target)
        if action is not None:
            self.send(action)

    def toggle_pig(self) -> None:
        self.pig = not self.pig and self.pig_possible()

    def send(self, action: Mapping[str, object]) -> None:
        self.picked, self.pig = [], False
        super().send(action)

    def hand_rects(self, lay: Layout, k: Knowledge) -> list[pygame.Rect]:
        rects = hand_slots(lay, len(k.hand))
        for card, rect in zip(k.hand, rects, strict=True):
            if card in self.picked:
                lift(rect, lay.bar, lay.text, self.prompt_at)
        return rects

    def spare_rect(self, lay: Layout, k: Knowledge) -> pygame.Rect | None:
        """Where the sideways spare lies, right of the hand, while it is still there."""
        if k.me is None or k.spare_drawn[k.me] or k.phase == "over":
            return None
        cw, ch = lay.hand_card
        slots = hand_slots(lay, max(1, len(k.hand)))
        rect = pygame.Rect(0, 0, int(ch * 0.8), int(cw * 0.8))
        rect.midleft = (slots[-1].right + lay.text * 2, slots[-1].centery)
        return rect
