"""The Cheese Thief story in words: who was who, the night hour by hour, and why the
winning side won (RULES.md §1's names throughout)."""

from __future__ import annotations

from client.i18n import tr
from client.kit.reveal import Section, Story
from client.kit.words import Namer, Words, both
from client.scenes.cheese_thief.words import names_of, role_name
from core.games.cheese_thief.shapes import CheeseStory

WORDS = {
    "why.thief_caught": both(
        "{thief}, the Cheese Thief, got the most votes: every Sleepyhead wins.",
        "チーズ泥棒の{thief}が最多票: お寝坊さん全員の勝ち。"),
    "why.thief_caught_in_tie": both(
        "{thief}, the Cheese Thief, shared the most votes ({top}): a tie catches the Thief too.",
        "チーズ泥棒の{thief}が最多票に並んだ({top}): 同数でも捕まる。"),
    "why.thief_tied": both(
        "{thief}, the Cheese Thief, only shared the most votes ({top}): at this table a tie "
        "does not catch the Thief.",
        "チーズ泥棒の{thief}は最多票に並んだだけ({top}): この卓では同数なら捕まらない。"),
    "why.thief_missed": both(
        "The most votes went to {top}, not to the Cheese Thief {thief}: the Thief and its "
        "Followers win.",
        "最多票は{top}で、チーズ泥棒の{thief}ではなかった: 泥棒とフォロワーの勝ち。"),
    "why.no_votes": both("Nobody was voted out: the Cheese Thief {thief} got away.",
                         "誰も選ばれず、チーズ泥棒の{thief}は逃げ切った。"),
    "why.fall_mouse_voted": both("{fall}, the Fall Mouse, got the most votes and wins alone.",
                                 "フォールマウスの{fall}が最多票で単独勝利。"),
    "story.who": both("Who was who", "役職"),
    "story.seat": both("{name}: {role}{follower} — die {dice}, woke at {hours}",
                       "{name}: {role}{follower} — サイコロ{dice}、{hours}時に起床"),
    "story.seat_asleep": both("{name}: {role}{follower} — die {dice}, never woke",
                              "{name}: {role}{follower} — サイコロ{dice}、起きなかった"),
    "story.follower": both(" and Follower", "・フォロワー"),
    "story.night": both("The night, hour by hour", "夜の出来事"),
    "story.nobody": both("{h} o'clock: nobody woke.", "{h}時: 誰も起きなかった。"),
    "story.woke": both("{h} o'clock: {names} woke.", "{h}時: {names}が起きた。"),
    "story.peek": both("{name} peeked at {target}'s die: {v}.",
                       "{name}が{target}のサイコロを見た: {v}。"),
    "story.theft_seen": both("{thief} took the cheese, seen by {names}.",
                             "{thief}がチーズを盗んだ。目撃: {names}。"),
    "story.theft_unseen": both("{thief} took the cheese; nobody saw it go.",
                               "{thief}がチーズを盗んだ。誰も見ていない。"),
    "story.followers": both("After the night, the Thief's Followers: {names}.",
                            "夜のあと、泥棒のフォロワー: {names}。"),
    "story.no_followers": both("After the night: nobody was made a Follower.",
                               "夜のあと: フォロワーはいない。"),
    "story.votes": both("The vote", "投票"),
    "story.vote": both("{name} voted for {target}.", "{name} → {target}"),
    "story.no_vote": both("{name} did not vote.", "{name}は投票しなかった。"),
}

tell = Words(WORDS)


def story_words(story: CheeseStory, name: Namer) -> Story:
    thief = name(int(story["thief"]))
    top = names_of([int(s) for s in story.get("top") or []], name)
    fall = story.get("fall_mouse")
    why = tell(f"why.{story['why']}", thief=thief, top=top,
              fall=name(int(fall)) if fall is not None else "")
    followers = [int(s) for s in story.get("followers") or []]
    who = []
    for seat, role in enumerate(story["roles"]):
        hours = story["wake_hours"][seat]
        key = "story.seat" if hours else "story.seat_asleep"
        who.append(tell(key, name=name(seat), role=role_name(str(role)),
                       follower=tell("story.follower") if seat in followers else "",
                       dice="/".join(str(d) for d in story["dice"][seat]),
                       hours="/".join(str(h) for h in hours)))
    night = []
    for hour in story["night"]:
        h, awake = hour["hour"], [int(s) for s in hour["awake"]]
        night.append(tell("story.woke", h=h, names=names_of(awake, name)) if awake
                     else tell("story.nobody", h=h))
        for peek in hour["peeks"]:
            night.append("· " + tell("story.peek", name=name(int(peek["seat"])),
                             target=name(int(peek["target"])), v=peek["value"]))
        if hour["theft"]:
            seen = [int(s) for s in hour["witnesses"]]
            night.append("· " + (tell("story.theft_seen", thief=thief, names=names_of(seen, name))
                                 if seen else tell("story.theft_unseen", thief=thief)))
    if len(story["roles"]) > 4:
        night.append(tell("story.followers", names=names_of(followers, name)) if followers
                     else tell("story.no_followers"))
    votes = [tell("story.vote", name=name(seat), target=name(int(target)))
             if target is not None else tell("story.no_vote", name=name(seat))
             for seat, target in enumerate(story.get("votes") or [])]
    sections = [Section("", [why]), Section(tell("story.who"), who),
                Section(tell("story.night"), night), Section(tell("story.votes"), votes)]
    return Story(tr(f"result.{story['side']}"), sections)
