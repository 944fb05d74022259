"""The Choose! rules reference in English and Japanese (from RULES.md §2): the menu's
Rules screen and the table's own rules overlay show this text (``client.games.choose``
names it)."""

from __future__ import annotations

EN = """\
CHOOSE! — 2 to 5 players

Every player has a hand of mouse cards and wisdom cards. Mice go into kitchens, back
up: only the player who put a mouse down knows what it is. Cheese marks win points.

MOUSE CARDS
• Ordinary mouse — 2 cheese marks; scores only with a nest.
• Hungry mouse — 2 cheese marks; scores with or without a nest.
• Cat's henchman — no cheese; pulls a stolen stack back.
• Robo mouse — no cheese; lets its owner see the stealer's card.

YOUR TURN: exactly one action
• Cheese pickup: play a mouse card into your own kitchen. The first turn of each round
  must be a pickup.
• Cheese steal: play a mouse card onto a mouse without a nest in another kitchen. Its top
  card is turned face up for all to see; your card goes on top and the whole stack moves
  to your kitchen. The cards under the top are the cheese it has stolen.
  Then the robbed player reacts: a Cat's henchman takes the stack back (without learning
  your card); a Robo mouse lets the robbed player see your card in secret.
• Wisdom: Nest — put it on any mouse without a nest; a nested mouse cannot be stolen.
  Exterminator — take a nest into your hand, then discard one more card.
  Security camera — look in secret at the top card of any mouse.
• Sleepy: discard one card.

ROUND END (when every hand is empty)
Every mouse is turned over. For the kitchen it is in:
• Ordinary: nested → stolen + 2, otherwise 0.
• Hungry: stolen + 2, nest or not.
• Henchman, Robo: nested → − stolen, otherwise 0.
A round score below 0 counts as 0. As many rounds as players; the highest total wins.

ON THIS SCREEN
Click a card in your hand, then its target on the table: your kitchen for a pickup, a
lit mouse for a steal, a nest or a camera. A small eye marks a mouse you have seen with
a camera or a robo. The coloured strip on top of a mouse shows who put its top card
down; the number on its corner is the cheese it has stolen. Press R for these rules.
"""

JA = """\
チューズ — 2〜5人

手札はねずみカードとちえカード。ねずみは台所に裏向きで置かれ、置いた人だけが正体を
知っています。チーズマークが得点になります。

ねずみカード
・平凡ねずみ — チーズ2つ。すみかがあるときだけ得点。
・腹ペコねずみ — チーズ2つ。すみかがなくても得点。
・ねこの手下ねずみ — チーズなし。奪われた山を取り返す。
・ロボねずみ — チーズなし。奪った人のカードを持ち主が見る。

手番: 次のどれか1つ
・チーズ拾い: ねずみカードを自分の台所に出す。各ラウンドの最初の手番は必ずこれ。
・チーズ奪い: ほかの人の台所の、すみかのないねずみにねずみカードを重ねる。一番上の
  カードが表になり全員に公開。あなたのカードを上に置き、山ごと自分の台所へ。上の
  カードの下にあるカードが、そのねずみの奪ったチーズです。
  奪われた人の反応: ねこの手下ねずみなら山を取り返す(あなたのカードは見ない)。
  ロボねずみなら、あなたのカードをこっそり見る。
・かしこい: すみか — すみかのないねずみに置く。すみかのあるねずみは奪えない。
  駆除業者 — すみかを1つ手札に取り、さらに1枚捨てる。
  監視カメラ — どれかのねずみの一番上のカードをこっそり見る。
・眠い: カードを1枚捨てる。

ラウンド終了(全員の手札がなくなったら)
すべてのねずみを表にし、置かれている台所の人の得点に:
・平凡: すみかあり → 奪取数+2、なし → 0。
・腹ペコ: 奪取数+2(すみかは関係なし)。
・手下、ロボ: すみかあり → −奪取数、なし → 0。
ラウンドの得点は0未満なら0。人数と同じ回数のラウンドを行い、合計最高点の人の勝ち。

この画面では
手札のカードをクリックし、次にテーブル上の対象をクリック(チーズ拾いは自分の台所、
奪い・すみか・カメラは光っているねずみ)。小さな目のマークは監視カメラやロボで見た
ねずみ。ねずみの上の色の帯は一番上のカードを置いた人、角の数字は奪ったチーズの数。
Rキーでこのルールを表示。
"""

RULES: dict[str, str] = {"en": EN, "ja": JA}
