"""Words of the replays (the list, the controls) and of the bots' beliefs."""

from __future__ import annotations

from client.entry import both as _t

REPLAY: dict[str, dict[str, str]] = {
    "menu.replays": _t("Replays", "リプレイ"),
    "replays.title": _t("Replays", "リプレイ"),
    "replays.none": _t("No finished games yet: every game played to its end is kept here.",
                       "終わったゲームはまだありません。最後まで遊んだゲームがここに残ります。"),
    "replays.entry": _t("{when}   {game}   {players}   —   Winner: {winners}   —   {seat}",
                        "{when}   {game}   {players}   —   勝者: {winners}   —   {seat}"),
    "replays.you": _t("You: {names}", "あなた: {names}"),
    "replays.watched": _t("Watched", "観戦"),
    "replays.more": _t("{names} +{n}", "{names} 他{n}人"),
    "replays.from": _t("Watch from", "視点"),
    "replays.all": _t("Everything shown", "すべて公開"),
    "replays.go": _t("Replay", "再生"),
    "replays.bad": _t("{message}", "{message}"),
    "replay.play": _t("Play", "再生"),
    "replay.pause": _t("Pause", "一時停止"),
    "replay.where": _t("Step {n} of {of}   ×{x}", "{n}/{of} 手   ×{x}"),
    "replay.keys": _t(",/.: step  PgUp/PgDn: jump  Home/End",
                      ",/.: 1手  PgUp/PgDn: 移動  Home/End"),
    "beliefs.key": _t("B: bots' beliefs", "B: ボットの読み"),
    "beliefs.title": _t("What the bots believe", "ボットの読み"),
    "beliefs.none": _t("no belief (plays at random)", "読みなし(ランダム)"),
    "beliefs.thief": _t("Thief", "泥棒"),
    "beliefs.follower": _t("Follower", "フォロワー"),
    "beliefs.whose": _t("{name} believes", "{name}の読み"),
    "beliefs.about.cheese_thief": _t(
        "For each other mouse: the chance it is the Thief / a Follower.",
        "ほかの各ネズミについて:泥棒である確率 / フォロワーである確率。"),
    "beliefs.about.choose": _t(
        "How many face-down mice it cannot see (?), and the chance of each kind among them.",
        "見えない裏向きのネズミの数(?)と、その中の各種類の確率。"),
    "beliefs.about.knights": _t(
        "For each tile: its likeliest number (W: the Witch) and that chance.",
        "各タイルについて:最もありそうな数字(W: 魔女)とその確率。"),
    "beliefs.about.sly_knights": _t(
        "For each opponent: how many cards it holds of those it may hold; its own spare.",
        "各相手について:持ちうるカードのうち何枚を持つか。自分の予備カード。"),
    "beliefs.held_of": _t("{n} of {cards}", "{cards}のうち{n}枚"),
    "beliefs.spare": _t("spare: {cards}", "予備: {cards}"),
    "paused.table": _t("Paused — Space resumes", "一時停止中 — Spaceで再開"),
}
