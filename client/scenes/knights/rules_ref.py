"""The rules reference of Seven Knights Bewitched, in English and Japanese (RULES.md §3)."""

from __future__ import annotations

EN = """\
SEVEN KNIGHTS BEWITCHED — 3 to 8 players, three rounds

Knight tiles 1-7 and one Witch tile (Myulmamius). Each round every player gets one tile
  face down and looks at it; tiles left over lie in the centre (they belong to nobody).

MODES
• Basic, 4-8: the Witch + Knights 1..n-1 (6-8 players), or 1..n with one centre tile
  (4-5 players).
• Dark, 3-4: the players get Knights only; three centre tiles come from the rest and the
  Witch, so the Witch may be in the centre or absent. You inspect twice.
• Advanced, 4-7: all eight tiles are shuffled; the Witch or some numbers may be missing.
• Cooperative, 4-7: no Witch at all.

1. INSPECT — in turn from the start player, look at one tile that is not yours (dark
   mode: first another player's tile, then a centre tile). Everyone sees the arrow of who
   looked at which tile; only you see the number. Whoever sees the Witch is at once
   BEWITCHED and joins the Witch side (only the Witch knows who).
2. QUESTION — in turn, ask one other player a yes/no question about numbers: "is tile T
   one of these numbers?" or "is tile T greater than tile U?". The answerer must know
   every tile named, and you must not already know them all. Answers are public. The
   Witch has no number: any such question about the Witch tile is false. Knights must
   answer truthfully (the table offers them only the true answer); the Witch side may lie.
3. RECOMMEND — everyone at once puts a chip in front of one player (self allowed). The
   Witch may not recommend a bewitched player, nor a bewitched player the Witch. Most
   chips is captain; ties: whoever did not recommend themselves, then the one farthest
   clockwise from the start player.
4. COMMAND — the captain asks one extra question, then reveals their own tile. If it is
   the Witch, or the captain is bewitched, the Witch side wins the round. Otherwise the
   captain alone lines up every tile on the table face down, leaving out at most one (the
   one they believe is the Witch). The tiles are revealed one by one: the Knights win if
   the row holds no Witch, no knight tile was left out, and the numbers strictly ascend.
5. SETTLE — Knights win: 2 points to each Knight-side player. Witch side wins: 3 points
   to the Witch and each bewitched player. Round 3 is worth 7 (not with the option "Fixed
   round scores"). If the Knights lose and the Witch side is empty, nobody scores.

The next round starts with whoever held the lowest knight tile. Highest total wins;
  ties share the win. No talking during a round: only the questions, the answers and the
  public Q&A log. Your notepad is private. Table talk opens between rounds.
"""

JA = """\
ミュルマミウスの虜 — 3～8人、3ラウンド

騎士タイル1～7と魔女タイル(ミュルマミウス)1枚。各ラウンド、各自タイルを1枚伏せて
  受け取り、自分だけ見ます。余ったタイルは中央に置きます(誰のものでもありません)。

モード
・疑心暗鬼 (basic) 4～8人: 魔女+騎士1～n-1(6～8人)、または騎士1～nで中央に1枚
  (4～5人)。
・暗中模索 (dark) 3～4人: プレイヤーには騎士だけを配り、残りと魔女から中央に3枚。
  魔女は中央にいるか、いないこともあります。探求は2回。
・前途多難 (advanced) 4～7人: 8枚すべてを混ぜます。魔女や数字が欠けることがあります。
・一致団結 (coop) 4～7人: 魔女なし。

1. 探求 — スタートプレイヤーから順に、自分以外のタイルを1枚見ます(暗中模索: まず他の
   プレイヤーのタイル、次に中央のタイル)。誰がどのタイルを見たか(矢印)は全員に公開、
   数字は本人だけ。魔女を見たプレイヤーはただちに「ミュルマミウスの虜」となり魔女陣営
   に寝返ります(知っているのは魔女だけ)。
2. 質問 — 順に、他のプレイヤー1人に数についての「はい/いいえ」の質問をします:
   「タイルTはこの数のどれか?」「タイルTはタイルUより大きい?」。答える人が知っている
   タイルについてだけ聞け、自分がすでに全部知っている質問はできません。答えは公開。
   魔女には数字がないので、魔女タイルについての質問の答えは「いいえ」が真実です。
   騎士は正直に答えます(真実の答えしか選べません)。魔女陣営はうそをついてもかまいま
   せん。
3. 推薦 — 全員同時に、誰か1人(自分も可)の前にチップを置きます。魔女は虜を、虜は魔女
   を推薦できません。最多のプレイヤーが隊長。同数なら自分を推薦しなかった人、さらに
   同数ならスタートプレイヤーから時計回りに最も遠い人。
4. 号令 — 隊長は追加の質問を1つしてから、自分のタイルを公開します。魔女か、隊長が虜
   なら魔女陣営の勝利。そうでなければ隊長が1人で、テーブルのすべてのタイルを伏せたまま
   1列に並べます。魔女だと思う1枚だけは除外できます(除外なしも可)。1枚ずつ公開し、
   列に魔女がなく、騎士タイルが除外されておらず、数字が左から右へ昇順なら騎士陣営の
   勝利。
5. 清算 — 騎士陣営の勝利: 騎士陣営の各自に2点。魔女陣営の勝利: 魔女と虜の各自に3点。
   3ラウンド目は勝者に7点(設定「得点を固定」では通常どおり)。騎士陣営が負けても魔女
   陣営が誰もいなければ、誰も得点しません。

次のラウンドは最も小さい騎士タイルを持っていた人から。合計点が最も高い人の勝ち
  (同点は全員勝ち)。ラウンド中の会話は禁止: 質問と答えと公開の質疑ログだけで推理します。
  メモ帳は自分だけのものです。ラウンドの合間は会話できます。
"""



def reflow(words: str, joiner: str) -> str:
    """One line per paragraph or item: an indented line continues the one before, so
    the text wraps to whatever width shows it (a narrow panel or the menu's page)."""
    out: list[str] = []
    for line in words.split("\n"):
        if line.startswith("  ") and out and out[-1]:
            out[-1] += joiner + line.strip()
        else:
            out.append(line)
    return "\n".join(out)


RULES: dict[str, str] = {"en": reflow(EN, " "), "ja": reflow(JA, "")}
