"""Every line the night's narrator speaks, in English and Japanese.

The same table feeds three readers: ``sounds/make_voice.py`` renders each line to a clip
once, the narrator shows the text as a subtitle while its clip plays, and the tests check
that every line has a clip in both languages. The Japanese follows the rule book's model
call ("進行のお手本"); ``SAY`` holds a reading only where the written form would be read
wrongly by a speech engine, so the subtitle keeps the natural spelling.

No line names a seat, a role holder or anything a chime would not tell: every hour's
words are the same whoever is awake.
"""

from __future__ import annotations

from typing import Final

_NUMBERS_EN: Final = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                      "ten")
_NUMBERS_JA: Final = ("いち", "に", "さん", "よん", "ご", "ろく", "なな", "はち", "きゅう",
                      "じゅう")
_HOURS_JA: Final = ("いちじ", "にじ", "さんじ", "よじ", "ごじ", "ろくじ")

LINES: Final[dict[str, dict[str, str]]] = {
    "nightfall": {
        "en": "Night falls. Everyone, close your eyes, and no peeking.",
        "ja": "これより夜になります。皆さん眠ってください。覗かぬよう目を閉じてください。",
    },
    "rule_4": {
        "en": "Four players: Sleepyheads wake at one of their two dice. "
              "The Thief wakes at both.",
        "ja": "4人の夜です。お寝坊さんは2つのサイコロのどちらか一方の時間に、"
              "チーズ泥棒は両方の時間に目を開けます。",
    },
    "rule_5": {
        "en": "Five players: a Sleepyhead who sees the Thief take the cheese becomes a "
              "Follower. If several see it, the Thief points at one.",
        "ja": "5人の夜です。チーズ泥棒がチーズを盗むところを見たお寝坊さんはフォロワーになります。"
              "複数いれば、チーズ泥棒が1人を指差して選びます。",
    },
    **{
        f"hour_{h}": {
            "en": f"It is {_NUMBERS_EN[h - 1]} o'clock. "
                  f"Whoever rolled a {_NUMBERS_EN[h - 1]}, open your eyes.",
            "ja": f"午前{h}時になりました。「{h}」が出た人は目を開けて行動してください。",
        }
        for h in range(1, 7)
    },
    **{f"count_{k}": {"en": str(k), "ja": str(k)} for k in range(1, 11)},
    "eyes_closed": {"en": "Close your eyes.", "ja": "では、目を閉じてください。"},
    "hands_out": {
        "en": "Everyone, stretch your right hand out toward the middle of the table.",
        "ja": "皆さん、右手を中央に向けて伸ばしてください。",
    },
    "thief_touch_one": {
        "en": "Thief, open your eyes, and quietly touch one hand to choose your Follower.",
        "ja": "チーズ泥棒は目を開けて、静かに1人の手に触れてフォロワーを選んでください。",
    },
    "thief_touch_two": {
        "en": "Thief, open your eyes, and quietly touch two hands to choose your Followers.",
        "ja": "チーズ泥棒は目を開けて、静かに2人の手に触れてフォロワーを選んでください。",
    },
    "follower_meets_thief": {
        "en": "Follower, open your eyes, and look at the Thief.",
        "ja": "ではフォロワーの方は目を開けて、チーズ泥棒と目を合わせてください。",
    },
    "followers_stay_closed": {
        "en": "Followers, keep your eyes closed when you are touched. Thief, close your eyes.",
        "ja": "フォロワーの方は、触れられても目を開けないでください。"
              "チーズ泥棒は目を閉じてください。",
    },
    "followers_meet_each_other": {
        "en": "Now, Followers, open your eyes, and look at each other.",
        "ja": "今度はフォロワーの方達は目を開けて、お互いに目を合わせてください。",
    },
    "followers_meet_thief": {
        "en": "Followers, open your eyes, and look at the Thief.",
        "ja": "フォロワーの方は、目を開けて、チーズ泥棒と目を合わせてください。",
    },
    "two_close": {
        "en": "You two, close your eyes.",
        "ja": "ではお二人は目を閉じてください。",
    },
    "three_close": {
        "en": "All three of you, close your eyes.",
        "ja": "では、3人とも目を閉じてください。",
    },
    "followers_5": {
        "en": "If anyone saw the Thief take the cheese, the Thief now chooses a Follower.",
        "ja": "チーズ泥棒が盗むところを見た人がいれば、チーズ泥棒はフォロワーを選んでください。",
    },
    "followers_6": {
        "en": "Thief, choose one Follower. The Follower will know you.",
        "ja": "チーズ泥棒は、フォロワーを1人選んでください。フォロワーはあなたを知ります。",
    },
    "followers_7": {
        "en": "Thief, choose two Followers. They will know each other, but not you.",
        "ja": "チーズ泥棒は、フォロワーを2人選んでください。"
              "2人はお互いを知りますが、あなたは知りません。",
    },
    "followers_8": {
        "en": "Thief, choose two Followers. All three of you will know each other.",
        "ja": "チーズ泥棒は、フォロワーを2人選んでください。3人はお互いを知ります。",
    },
    "morning": {
        "en": "The night is over. Everyone, open your eyes. "
              "Oh no, the cheese has been stolen!",
        "ja": "夜は終わりました。皆さん、目を開けてください。大変です、チーズが盗まれています！",
    },
    "discussion": {
        "en": "Talk it over, and find the Cheese Thief.",
        "ja": "チーズ泥棒を探すための話し合いを始めてください。",
    },
    "discussion_end": {
        "en": "Time is up.",
        "ja": "話し合いの時間は終わりです。",
    },
    "vote_call": {"en": "Who is the Cheese Thief?", "ja": "チーズ泥棒は誰だ。"},
    "vote_now": {"en": "Vote!", "ja": "投票！"},
    "reveal": {
        "en": "Whoever has the most votes, show your card.",
        "ja": "最多票の人は、キャラクターカードを公開してください。",
    },
}
"""Line id -> {"en": subtitle, "ja": subtitle}."""

SAY: Final[dict[str, dict[str, str]]] = {
    **{
        f"hour_{h}": {"ja": f"ごぜん{_HOURS_JA[h - 1]}になりました。"
                            f"{_NUMBERS_JA[h - 1]}が出た人は、目を開けて行動してください。"}
        for h in range(1, 7)
    },
    **{f"count_{k}": {"en": _NUMBERS_EN[k - 1], "ja": _NUMBERS_JA[k - 1]} for k in range(1, 11)},
    "rule_4": {"ja": "よにんの夜です。お寝坊さんは、ふたつのサイコロのどちらか一方の時間に、"
                     "チーズ泥棒は両方の時間に目を開けます。"},
    "rule_5": {"ja": "ごにんの夜です。チーズ泥棒がチーズを盗むところを見たお寝坊さんは、"
                     "フォロワーになります。複数いれば、チーズ泥棒がひとりを指差して選びます。"},
    "thief_touch_one": {"ja": "チーズ泥棒は目を開けて、静かにひとりの手に触れて、"
                              "フォロワーを選んでください。"},
    "thief_touch_two": {"ja": "チーズ泥棒は目を開けて、静かにふたりの手に触れて、"
                              "フォロワーを選んでください。"},
    "followers_6": {"ja": "チーズ泥棒は、フォロワーをひとり選んでください。"
                          "フォロワーはあなたを知ります。"},
    "followers_7": {"ja": "チーズ泥棒は、フォロワーをふたり選んでください。"
                          "ふたりはお互いを知りますが、あなたは知りません。"},
    "followers_8": {"ja": "チーズ泥棒は、フォロワーをふたり選んでください。"
                          "さんにんはお互いを知ります。"},
    "two_close": {"ja": "では、おふたりは目を閉じてください。"},
    "three_close": {"ja": "では、さんにんとも目を閉じてください。"},
    "vote_call": {"ja": "チーズ泥棒は、だれだ。"},
    "vote_now": {"ja": "とうひょう！"},
    "reveal": {"ja": "最多票の人は、キャラクターカードを公開してください。"},
}
"""Line id -> {language: what the engine is given} where it differs from the subtitle."""

VOICE_LANGUAGES: Final = ("en", "ja")


COUNTING: Final[dict[str, dict[str, str]]] = {
    "hour": {"en": "Eyes close in {k}…", "ja": "目を閉じるまで、あと{k}"},
    "followers": {"en": "This step ends in {k}…", "ja": "この手順の終わりまで、あと{k}"},
    "discussion": {"en": "Talk ends in {k}…", "ja": "話し合いの終わりまで、あと{k}"},
    "vote": {"en": "Vote in {k}…", "ja": "投票まで、あと{k}"},
}
"""What a count counts down to, by the step it belongs to: a bare "4" on the banner
reads as a seat, a die or an hour. The voice still says only the number."""


def subtitle(line: str, lang: str, step: str | None = None) -> str:
    """The words shown for ``line``; a count says what it counts when its step is
    known."""
    if line.startswith("count_") and step in COUNTING:
        texts = COUNTING[step]
        return (texts.get(lang) or texts["en"]).format(k=line.removeprefix("count_"))
    texts = LINES[line]
    return texts.get(lang) or texts["en"]


def spoken(line: str, lang: str) -> str:
    """What a speech engine reads for ``line``: the subtitle unless ``SAY`` corrects it."""
    return SAY.get(line, {}).get(lang) or subtitle(line, lang)
