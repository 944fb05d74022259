"""Words of the accessibility settings: text size, seat colours, the three volumes,
subtitles, more time and the table's keys."""

from __future__ import annotations

from client.entry import both as _t

ACCESS: dict[str, dict[str, str]] = {
    "set.page.general": _t("General", "一般"),
    "set.page.sound": _t("Sound", "音"),
    "set.page.access": _t("Text and time", "文字と時間"),
    "set.page.keys": _t("Keys", "キー"),
    "set.effects_volume": _t("Effects volume", "効果音の音量"),
    "set.speech_volume": _t("Speech volume", "音声の音量"),
    "set.chime_volume": _t("Chime volume", "チャイムの音量"),
    "set.subtitles": _t("Subtitles while the voice is heard",
                        "音声が聞こえるときも字幕"),
    "set.subtitles_note": _t("With the voice off or the sound muted, subtitles always show.",
                             "音声オフやミュートのときは、字幕がいつも出ます。"),
    "set.text_size": _t("Text size", "文字の大きさ"),
    "set.palette": _t("Seat colours", "席の色"),
    "palette.standard": _t("Standard", "標準"),
    "palette.safe": _t("Colour-blind safe", "色覚に配慮"),
    "set.more_time": _t("Timers at my tables", "自分のテーブルの持ち時間"),
    "set.more_time_note": _t("Every person's timer, at the tables you host; the Cheese "
                             "Thief night's hours stay the same for everyone.",
                             "自分が開くテーブルで全員の持ち時間に掛かります。チーズ泥棒の"
                             "夜の時刻の長さは全員同じままです。"),
    "set.keys_title": _t("The table's keys: click one, then press its new key.",
                         "テーブルのキー: 押してから新しいキーを押してください。"),
    "set.keys_reset": _t("Default keys", "初期設定に戻す"),
    "keys.press": _t("Press the new key for “{action}” (Esc keeps it).",
                     "「{action}」の新しいキーを押してください(Escでそのまま)。"),
    "keys.taken": _t("{name} is already the key for “{other}”: choose another key.",
                     "{name}はすでに「{other}」のキーです。別のキーを選んでください。"),
    "keys.kept": _t("{name} moves and chooses at every screen: choose another key.",
                    "{name}はどの画面でも移動と決定に使います。別のキーを選んでください。"),
    "keys.set": _t("“{action}” is now {name}.", "「{action}」を{name}にしました。"),
    "key.mute": _t("Mute", "ミュート"),
    "key.volume_down": _t("Volume down", "音量を下げる"),
    "key.volume_up": _t("Volume up", "音量を上げる"),
    "key.language": _t("Language", "言語"),
    "key.log_up": _t("Log: earlier", "ログ: 前へ"),
    "key.log_down": _t("Log: later", "ログ: 後へ"),
    "key.rules": _t("Rules sheet", "ルール表"),
    "key.pause": _t("Pause (watching)", "一時停止(観戦)"),
    "key.slower": _t("Slower (watching)", "遅く(観戦)"),
    "key.faster": _t("Faster (watching)", "速く(観戦)"),
    "key.all_seen": _t("All cards (watching)", "全公開(観戦)"),
    "key.beliefs": _t("Bots' beliefs (watching)", "ボットの読み(観戦)"),
    "narr.speaker": _t("Narrator", "進行役"),
    "narr.said": _t("{speaker}: {words}", "{speaker}:{words}"),
}
"""(Each entry in English and Japanese; ``client.strings`` merges them in.)"""
