"""The Cheese Thief rules reference in English and Japanese (from RULES.md §1)."""

from __future__ import annotations

EN = """\
CHEESE THIEF — 4 to 8 players

One of you is the Cheese Thief; everyone else is a Sleepyhead (with the Fall Mouse
variant at 6-8 players, one Sleepyhead becomes the Fall Mouse). Each player rolls a die
in secret (two dice at 4 players): its number is the hour at which that player wakes.

THE NIGHT
Hours 1 to 6 are called in turn. The players whose hour it is wake up. An awake player
sees who else is awake and whether the cheese is still on the table.
• The Thief, when awake, must take the cheese. Everyone awake at that hour sees it and
  knows the Thief.
• A Sleepyhead who wakes alone may peek at one other player's die.
• Awake with others, a Sleepyhead does nothing.
• Every hour lasts the same time, whoever is awake.
At 4 players: each Sleepyhead picks which of its two dice is its hour before the night;
the Thief wakes at both of its hours and chooses when to take the cheese; nobody peeks
(unless the table option "Blind peek at 4 players" is on).

FOLLOWERS (5-8 players)
• 5 players: if Sleepyheads saw the theft, one of them becomes the Follower (the Thief
  chooses if there were several).
• 6 players: after hour 6 the Thief chooses one Follower, who learns who the Thief is.
• 7 players: the Thief chooses two Followers; they learn each other, not the Thief.
• 8 players: the Thief chooses two Followers; all three learn each other.
Followers win and lose with the Thief (a Fall Mouse chosen as Follower keeps its own aim).

THE DAY
Talk it over (chat and emotes here; out loud at the table). You may say anything, but
nobody can show a card or a die. When everyone is ready, or the timer ends, everyone
votes at once for one other player. The votes are revealed together; the most-voted
player(s) reveal their cards.

WINNING (checked in this order)
1. The Fall Mouse among the most voted: the Fall Mouse wins alone.
2. The Thief among the most voted (ties count): the Sleepyheads win.
3. Otherwise the Thief and the Followers win.
Table option "Ties favour the Thief": the Thief is caught only as the sole top-voted
player.
"""

JA = """\
チーズ泥棒 — 4～8人

1人がチーズ泥棒、ほかの全員はお寝坊さんです(6～8人でフォールマウスのバリアントを
使うと、お寝坊さん1人がフォールマウスになります)。各自サイコロを秘密に振り(4人では
2個)、その目が自分の起きる時刻になります。

夜
1時から6時まで順に時刻が呼ばれ、その時刻の人が起きます。起きた人は、ほかに誰が
起きているかと、チーズがまだテーブルにあるかを見ます。
・泥棒は起きたら必ずチーズを盗みます。同じ時刻に起きている人は全員それを見て、
  泥棒が誰かを知ります。
・1人だけで起きたお寝坊さんは、ほかの誰か1人のサイコロをのぞけます。
・ほかの人と一緒に起きたお寝坊さんは何もしません。
・誰が起きていても、各時刻の長さは同じです。
4人のとき: お寝坊さんは夜の前に2個のサイコロのどちらを自分の時刻にするか選びます。
泥棒は両方の時刻に起き、どちらで盗むかを選びます。のぞき見はありません
(テーブル設定「4人での覗き見」がオンのときを除く)。

フォロワー(5～8人)
・5人: 盗みを見たお寝坊さんがいれば、そのうち1人がフォロワーになります(複数なら
  泥棒が選びます)。
・6人: 6時のあと、泥棒がフォロワーを1人選びます。フォロワーは泥棒を知ります。
・7人: 泥棒がフォロワーを2人選びます。2人は互いを知りますが、誰が泥棒かは知りません。
・8人: 泥棒がフォロワーを2人選び、3人全員が互いを知ります。
フォロワーは泥棒と一緒に勝ち負けします(フォロワーに選ばれたフォールマウスは自分の
勝利条件のままです)。

昼
話し合います(ここではチャットとスタンプ、テーブルでは声で)。何を言ってもかまいま
せんが、カードやサイコロを見せることはできません。全員の準備ができるか時間が来たら、
全員同時に自分以外の1人に投票します。票は一斉に公開され、
最多票の人(同数なら全員)がカードを公開します。

勝利(この順に判定)
1. フォールマウスが最多票の中にいれば、フォールマウスの単独勝利。
2. 泥棒が最多票の中にいれば(同数を含む)、お寝坊さんの勝ち。
3. それ以外は泥棒とフォロワーの勝ち。
テーブル設定「同数なら泥棒有利」: 泥棒は単独最多票のときだけ捕まります。
"""

RULES: dict[str, str] = {"en": EN, "ja": JA}
