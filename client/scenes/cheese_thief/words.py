"""Cheese Thief log lines and role names in the current language."""

from __future__ import annotations

from collections.abc import Mapping
from typing import cast

from client.feed import NEW_GAME
from client.i18n import language, tr
from client.kit.standin import event_namer
from client.kit.words import Namer as Namer
from client.kit.words import shared
from core.games.cheese_thief.claims import claim_text, hear
from core.games.cheese_thief.shapes import CheeseLine, TheftEvent


def role_name(role: str) -> str:
    return tr(f"role.{role}")


def names_of(seats: list[int], name: Namer) -> str:
    sep = "、" if tr("you") == "あなた" else ", "
    return sep.join(name(s) for s in seats) if seats else tr("nobody")


def chat_words(seat: int, text: str, name: Namer) -> str:
    """A chat line as shown: a bot's claim (written in a fixed English sentence, seats by
    number) is retold in the current language with names; anything else as typed."""
    claim = hear(seat, text, 8)
    if claim is None or claim_text(claim) != text:
        return text
    parts = []
    for wake in claim.wakes:
        others = [s for s in wake.awake if s != seat]  # the speaker is not "with" itself
        parts.append(tr("claim.woke", hour=wake.hour, who=names_of(others, name)) if others
                     else tr("claim.woke_alone", hour=wake.hour))
        if wake.cheese == "taken" and wake.taker is not None:
            parts.append(tr("claim.taken", name=name(wake.taker)))
        else:
            parts.append(tr(f"claim.{wake.cheese}"))
    parts += [tr("claim.peek", name=name(target), v=value) for target, value in claim.peeks]
    return ("" if language() == "ja" else " ").join(parts)


def describe(event: Mapping[str, object], name: Namer, players: int) -> str:
    """One log line for an event this screen was sent, saying only what applies at a
    table of this size."""
    event = cast(CheeseLine, event)
    name = event_namer(event, name)
    if event.get("type") == NEW_GAME:
        return tr("next.separator", n=event["no"])
    kind = str(event.get("type", ""))
    if kind == "followers_step" and players == 5:
        return tr("ev.followers_step_witness")
    if kind == "hour":
        return tr("ev.hour", hour=event["hour"])
    if kind == "wake":
        return tr("ev.wake", hour=event["hour"], who=names_of(list(event["awake"]), name))
    if kind == "theft":
        return tr("ev.theft", name=name(cast(TheftEvent, event)["thief"]), hour=event["hour"])
    if kind == "peek":
        return tr("ev.peek", name=name(event["target"]), v=event["value"])
    if kind in ("followers_chosen", "made_follower"):
        return tr(f"ev.{kind}", names=names_of(list(event["followers"]), name))
    if kind in ("ready", "unready", "voted"):
        return shared.of(f"ev.{kind}", name(event["seat"]), name=name(event["seat"]))
    if kind == "chat":
        return tr("ev.chat", name=name(event["seat"]),
                  text=chat_words(int(event["seat"]), str(event["text"]), name))
    if kind == "emote":
        return tr("ev.emote", name=name(event["seat"]), emote=tr(f"emote.{event['emote']}"))
    if kind == "die_chosen":
        return tr("ev.die_chosen", hour=event["hour"])
    if kind == "reveal":
        tally = event.get("tally") or []
        sep = "、" if tr("you") == "あなた" else ", "
        counts = sep.join(tr("tally", name=name(s), n=v) for s, v in enumerate(tally) if v)
        turned = [tr("ev.turned", name=name(s), role=role_name(role))
                  for s, role in enumerate(event.get("roles") or []) if role]
        # Only the most-voted cards turn over at the table; the rest wait for the story.
        if language() == "ja":  # the count inside the sentence: 投票公開(…)。 then the card
            opened = tr("ev.reveal").removesuffix("。") + (f"({counts})" if counts else "")
            return "".join([opened + "。", *turned])
        return " ".join([tr("ev.reveal") + (f" ({counts})" if counts else ""), *turned])
    key = f"ev.{kind}"
    words = tr(key)
    return words if words != key else tr("ev.unknown", type=kind)
