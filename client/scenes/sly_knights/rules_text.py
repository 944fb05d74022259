"""The Sly Knight Robbery rules reference in English and Japanese (from RULES.md §4): the
menu's Rules screen and the table's rules overlay show this text
(``client.games.sly_knights`` names it)."""

from __future__ import annotations

EN = """\
SLY KNIGHT ROBBERY — 2 to 4 players

The great thief robbed the town; you are knights who got the loot back. But these
knights are sly: each would rather take the credit for someone else's catch.

SETUP
Each player has 16 cards (1 to 16) in their own colour, shuffled face down, and one pig.
The bottom card of your pile is your SPARE, turned sideways: nobody knows its value,
you included.

A ROUND (3 rounds)
1. Everyone draws 5 cards.
2. Everyone lays 2 cards face down as SCORE CARDS; they are revealed together. The
   highest sum starts (a tie: rock-paper-scissors); play goes clockwise.
3. On your turn, play one card from your hand onto any score card (yours too):
   • the card may not be higher than the score card, and
   • the total of the cards on that score card may not go above its value.
   A PIG may go with the card: it counts +1 for both limits. One pig per card, and
   never on your own score card. If you can play, you must; if not, you pass.
4. The round ends when every hand is empty or everyone has passed in a row.
5. Each score card goes to whoever played the LAST card on it (nobody played: to its
   owner). Pigs go to the owner of the score card they were played on. Cards left in
   your hand are kept face down as penalties.

THE SPARE
Once per game you may draw your spare into your hand: while choosing score cards, or
on your turn before playing.

GAME END
Score = captured score cards + 2 per pig − the values of your penalty cards.
Highest total wins; ties share the win.

PIG & PIG (option)
Everyone starts with an extra card worth 2: never a score card, never captures, and −2
if it is left in hand.

ON THIS SCREEN
Click a card in your hand; the score cards it may go on light up. Switch the pig on or
off, then click the score card. Each score card shows its total and its limit; the
coloured dot on its corner is who would take it if the round ended now. Press R for
these rules.
"""

JA = """\
大どろぼうとズルい騎士 — 2〜4人

大どろぼうが街中から物を盗みました。あなたたちは盗品を取り返した騎士。でもこの騎士
たちはズルくて、他の人の手柄もほしいのです。

準備
各自、自分の色の1〜16のカード16枚を裏向きに混ぜ、ぶたコマを1つ持ちます。
山札の一番下のカードは「予備」として横向きに置きます(自分も数字を知りません)。

ラウンド(全3ラウンド)
1. 各自5枚引く。
2. 各自2枚を「得点カード」として伏せて出し、一斉に公開。合計が最も大きい人から
   (同点ならじゃんけん)時計回りに手番。
3. 手番では手札から1枚を、いずれかの得点カード(自分のものも可)に出す:
   ・得点カードより大きい数字は出せない
   ・その得点カードに出したカードの合計は、得点カードの数字を越えてはいけない。
   カードと一緒に「ぶたコマ」を出すと+1として扱う(両方の制限に)。1枚に1つまで、
   自分の得点カードには使えない。出せるなら必ず出し、出せないならパス。
4. 全員の手札がなくなるか、全員が続けてパスしたらラウンド終了。
5. 得点カードは「最後にカードを出した人」が取る(誰も出していなければ持ち主)。
   ぶたコマは出された得点カードの持ち主へ。残った手札は伏せて減点として置く。

予備
ゲーム中1回だけ予備を手札に加えられます: 得点カードを選んでいる間か、自分の手番で
カードを出す前。

ゲーム終了
得点 = 取った得点カードの合計 + ぶたコマ1つにつき2点 − 伏せた減点カードの合計。
最高点の人の勝ち。同点は勝ちを分け合います。

Pig & Pig(設定)
各自2として数える追加カードを1枚持って始めます。得点カードにできず、手柄も取らず、
手札に残ると−2。

この画面では
手札のカードをクリックすると、出せる得点カードが光ります。ぶたコマの使用を切り替えて、
得点カードをクリック。得点カードには合計と上限が表示され、角の色の丸は今ラウンドが
終わったら誰が取るかを示します。Rキーでこのルールを表示。
"""

RULES: dict[str, str] = {"en": EN, "ja": JA}
