"""Words of a table that comes back: the resumed table's wait, and the menu's way back
to a table this window hosted."""

from __future__ import annotations

from client.entry import both as _t

RESUME: dict[str, dict[str, str]] = {
    "resume.waiting": _t("Waiting for {names} to come back: {s} s",
                         "{names}の再接続を待っています: 残り{s}秒"),
    "resume.settled": _t("Everyone is back: the game goes on in {s} s",
                         "全員が戻りました: あと{s}秒で再開します"),
    "resume.and": _t("{a} and {b}", "{a}と{b}"),
    "menu.resume": _t("Resume your table: {game}, {n} players, {when}",
                      "テーブルを再開: {game}、{n}人、{when}"),
    "menu.port": _t("Port", "ポート"),
    "menu.password": _t("Password (optional)", "パスワード(任意)"),
    "menu.port_help": _t("Open it and the next two (phones use the second) in this "
                         "laptop's firewall; 0: any free port.",
                         "このポートと次の2つ(2つ目はスマホ用)をこのPCのファイアウォールで"
                         "開けてください。0: 空いている番号。"),
    "menu.screen": _t("Table screen", "テーブル画面"),
    "menu.screen_help": _t("On: no seat here, only the public table, large, for a TV.",
                           "オン: 席に着かず、場だけを大きく映す(テレビ向け)。"),
    "lobby.screen_scan": _t("Scan with your phone's camera to take a seat",
                            "スマホのカメラで読み取って席に着く"),
    "lobby.screen_type": _t("or open: {url}", "または開く: {url}"),
    "menu.password_help": _t("Empty: anyone on the LAN may join.",
                             "空欄: LANの誰でも参加できます。"),
    "host.port_busy": _t("Port {port} is taken (another table or program uses it): type "
                         "another port, or 0 for any free one.",
                         "ポート{port}は使用中です(別のテーブルかプログラム)。別のポート、"
                         "または空いているポートを選ぶ0を入力してください。"),
    "host.bad_port": _t("\"{port}\" is not a port: type a number from 0 to 65534.",
                        "「{port}」はポート番号ではありません。0〜65534の数を入力してください。"),
}
