"""Does every card type of Choose! matter? A deck-composition study with bots.

RULES.md §2 decides a default deck that the source does not give. This script plays
the default and a few alternatives (through the ``deck.<kind>`` options) at every
table size with the ``hard`` bot in every seat (it costs no more than ``normal`` and
plays far better, so the cards are judged in good hands), and measures per card type:

- use: the share of the cards of that type dealt into hands that were played for
  their effect (a mouse picked up or stealing, a wisdom card played), not slept away
  or thrown to an exterminator;
- scoring: for mouse types, the share of the mice flipped with that type on top that
  scored (positive or negative), and the share of all points (in absolute value) they
  carried;
- hold effect: how a round's win rate changes per card of that type in the hand
  dealt (the slope of round wins on the count, in percentage points per card);

and per table: the share of zero rounds (a seat scoring 0 in a round) and the round
score distribution. Plots go to docs/img/choose_deck*.png.

    python bench/choose_deck.py [--games 400] [--jobs 2]

``deck_study(jobs, games)`` returns the Markdown section that bench/bots.py puts into
docs/BALANCE.md.
"""

from __future__ import annotations

import argparse
import math
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.counts import positive  # noqa: E402
from core.games.choose.state import DEAL, DECK, KINDS, MICE, WISDOM  # noqa: E402
from core.play import seat_bots  # noqa: E402
from core.registry import GAMES  # noqa: E402
from core.rng import derive_seed  # noqa: E402

DOCS = Path(__file__).resolve().parent.parent / "docs"
LEVEL = "hard"
SIZES = (2, 3, 4, 5)
ABBR = {"ordinary": "o", "hungry": "h", "henchman": "c", "robo": "r",
        "nest": "N", "exterminator": "E", "camera": "C"}


def _deck(**change: int) -> dict[str, int]:
    deck = dict(DECK)
    deck.update(change)
    return deck


DECKS: dict[str, dict[str, int]] = {
    "default": _deck(),
    "more hungry": _deck(ordinary=6, hungry=6),
    "fewer traps": _deck(ordinary=10, henchman=3, robo=3),
    "more traps": _deck(ordinary=6, henchman=5, robo=5),
    "fewer nests": _deck(nest=6, exterminator=5, camera=5),
    "more nests": _deck(nest=10, exterminator=3, camera=3),
    "more nests and traps": _deck(ordinary=6, henchman=5, robo=5, nest=10, exterminator=3,
                                  camera=3),
}
"""Each alternative but the last changes one thing; all keep at least the 20 mouse and 16 wisdom
cards the five-player deal needs."""

USE_FLOOR = 0.25
"""A card type played for its effect less often than this is close to dead weight."""


def short(deck: dict[str, int]) -> str:
    mice = " ".join(f"{ABBR[k]}{deck[k]}" for k in MICE)
    wisdom = " ".join(f"{ABBR[k]}{deck[k]}" for k in WISDOM)
    return f"{mice} / {wisdom}"


# -- playing ---------------------------------------------------------------------------------


def _empty() -> dict[str, Any]:
    return {
        "games": 0, "rounds": 0, "errors": 0,
        "dealt": dict.fromkeys(KINDS, 0), "used": dict.fromkeys(KINDS, 0),
        "flipped": dict.fromkeys(MICE, 0), "scored": dict.fromkeys(MICE, 0),
        "points": dict.fromkeys(MICE, 0), "hit": dict.fromkeys(MICE, 0),
        "scores": [],
        "holds": [],
    }


def _chunk(deck: dict[str, int], players: int, indices: range) -> dict[str, Any]:
    """Play games and count, per card type, what happened to it."""
    game = GAMES["choose"]
    options = {f"deck.{k}": v for k, v in deck.items()}
    out = _empty()
    for index in indices:
        seed = derive_seed(0xDEC, index)
        state, _ = game.new_game(players, options, seed)
        bots = seat_bots("choose", [LEVEL] * players, seed)
        dealt_round = 0
        hands: list[list[int]] = []
        for _ in range(10_000):
            if game.outcome(state) is not None:
                break
            if state.round != dealt_round:
                dealt_round = state.round
                hands = [[sum(state.kinds[c] == k for c in hand) for k in KINDS]
                         for hand in state.hands]
                for counts in hands:
                    for k, c in zip(KINDS, counts, strict=True):
                        out["dealt"][k] += c
            seat = state.turn
            legal = game.legal_actions(state, seat)
            action = bots[seat].act(game.view(state, seat), legal)
            kind = action["type"]
            if kind in ("pickup", "steal"):
                out["used"][state.kinds[action["card"]]] += 1
            elif kind in ("nest", "exterminator", "camera"):
                out["used"][kind] += 1
            if kind == "exterminator":
                out["dealt"]["nest"] += 1  # the nest taken goes into the hand
            for event in game.apply(state, seat, action):
                if event.data["type"] == "round_end":
                    _round_end(out, event.data, hands)
                elif event.data["type"] == "steal":
                    out["hit"][event.data["revealed"]] += 1
        else:
            out["errors"] += 1
            continue
        out["games"] += 1
    return out


def _round_end(out: dict[str, Any], data: dict[str, Any], hands: list[list[int]]) -> None:
    out["rounds"] += 1
    for flip in data["stacks"]:
        out["flipped"][flip["kind"]] += 1
        out["scored"][flip["kind"]] += flip["points"] != 0
        out["points"][flip["kind"]] += abs(flip["points"])
    scores = data["scores"]
    best = max(scores)
    winners = [s for s in range(len(scores)) if scores[s] == best]
    for seat, score in enumerate(scores):
        out["scores"].append(score)
        won = 1.0 / len(winners) if seat in winners else 0.0
        out["holds"].append((hands[seat], won))


def _merge(parts: list[dict[str, Any]]) -> dict[str, Any]:
    out = _empty()
    for part in parts:
        for key in ("games", "rounds", "errors"):
            out[key] += part[key]
        for key in ("dealt", "used", "flipped", "scored", "points", "hit"):
            for k, v in part[key].items():
                out[key][k] += v
        out["scores"] += part["scores"]
        out["holds"] += part["holds"]
    return out


# -- statistics -------------------------------------------------------------------------------


def hold_effect(holds: list[tuple[list[int], float]], index: int) -> tuple[float, float]:
    """Slope of the round win on the count of one card type, and its standard error."""
    xs = [h[0][index] for h in holds]
    ys = [h[1] for h in holds]
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    sxx = sum((x - mx) ** 2 for x in xs)
    if n < 3 or sxx == 0:
        return 0.0, 0.0
    slope = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / sxx
    resid = sum((y - my - slope * (x - mx)) ** 2 for x, y in zip(xs, ys, strict=True))
    return slope, math.sqrt(resid / (n - 2) / sxx)


def summarise(data: dict[str, Any]) -> dict[str, Any]:
    scores = data["scores"]
    total_points = sum(data["points"].values()) or 1
    return {
        "games": data["games"],
        "errors": data["errors"],
        "zero": sum(s == 0 for s in scores) / max(1, len(scores)),
        "mean": sum(scores) / max(1, len(scores)),
        "use": {k: data["used"][k] / max(1, data["dealt"][k]) for k in KINDS},
        "scoring": {k: data["scored"][k] / max(1, data["flipped"][k]) for k in MICE},
        "share": {k: data["points"][k] / total_points for k in MICE},
        "hit": {k: data["hit"][k] / max(1, data["rounds"]) for k in MICE},
        "effect": {k: hold_effect(data["holds"], i) for i, k in enumerate(KINDS)},
        "scores": scores,
    }


def run(jobs: int, games: int) -> dict[str, dict[int, dict[str, Any]]]:
    results: dict[str, dict[int, dict[str, Any]]] = {}
    with ProcessPoolExecutor(jobs) as pool:
        futures = {}
        for name, deck in DECKS.items():
            for players in SIZES:
                bounds = [games * j // jobs for j in range(jobs + 1)]
                futures[name, players] = [
                    pool.submit(_chunk, deck, players, range(bounds[j], bounds[j + 1]))
                    for j in range(jobs)
                ]
        for (name, players), parts in futures.items():
            merged = _merge([f.result() for f in parts])
            results.setdefault(name, {})[players] = summarise(merged)
    return results


def pooled(per_size: dict[int, dict[str, Any]], key: str, kind: str) -> float:
    """A per-kind figure averaged over the table sizes (each size counts the same)."""
    values = [s[key][kind] for s in per_size.values()]
    if values and isinstance(values[0], tuple):
        return sum(v[0] for v in values) / len(values)
    return sum(values) / len(values)


def pooled_effect(per_size: dict[int, dict[str, Any]], kind: str) -> tuple[float, float]:
    values = [s["effect"][kind] for s in per_size.values()]
    mean = sum(v[0] for v in values) / len(values)
    se = math.sqrt(sum(v[1] ** 2 for v in values)) / len(values)
    return mean, se


def zero_rate(per_size: dict[int, dict[str, Any]]) -> tuple[float, float]:
    """Mean zero-round share over the sizes, with its standard error."""
    rates = [(s["zero"], len(s["scores"])) for s in per_size.values()]
    mean = sum(r for r, _ in rates) / len(rates)
    se = math.sqrt(sum(r * (1 - r) / max(1, n) for r, n in rates)) / len(rates)
    return mean, se


# -- plots ------------------------------------------------------------------------------------


def plot(results: dict[str, dict[int, dict[str, Any]]]) -> list[str]:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    (DOCS / "img").mkdir(parents=True, exist_ok=True)
    names = list(results)
    images = []

    figure, axes = plt.subplots(1, 2, figsize=(11, 4))
    for name in names:
        sizes = sorted(results[name])
        axes[0].plot(sizes, [results[name][p]["zero"] for p in sizes], marker="o", label=name)
        axes[1].plot(sizes, [results[name][p]["mean"] for p in sizes], marker="o", label=name)
    axes[0].set_title("share of zero rounds (a seat scores 0)")
    axes[1].set_title("mean round score per seat")
    for ax in axes:
        ax.set_xlabel("players")
        ax.set_xticks(list(SIZES))
        ax.grid(alpha=0.3)
        ax.legend(fontsize=7)
    images.append(_save(figure, plt, "choose_deck_rounds.png"))

    figure, axes = plt.subplots(1, 2, figsize=(12, 4.2))
    width = 0.8 / len(names)
    for i, name in enumerate(names):
        xs = [j + i * width for j in range(len(KINDS))]
        axes[0].bar(xs, [pooled(results[name], "use", k) for k in KINDS], width, label=name)
        effects = [pooled_effect(results[name], k) for k in KINDS]
        axes[1].bar(xs, [e[0] * 100 for e in effects], width,
                    yerr=[1.96 * e[1] * 100 for e in effects], capsize=2, label=name)
    axes[0].axhline(USE_FLOOR, color="grey", linestyle="--", linewidth=1)
    axes[0].set_title("played for its effect (share of the cards dealt)")
    axes[1].axhline(0, color="black", linewidth=0.8)
    axes[1].set_title("round win rate per card held (percentage points, 95% CI)")
    for ax in axes:
        ax.set_xticks([j + 0.4 - width / 2 for j in range(len(KINDS))])
        ax.set_xticklabels(KINDS, rotation=30, fontsize=8)
        ax.grid(alpha=0.3, axis="y")
    figure.legend(*axes[0].get_legend_handles_labels(), loc="lower center",
                  ncol=len(names), fontsize=7)
    figure.tight_layout(rect=(0, 0.07, 1, 1))
    images.append(_save(figure, plt, "choose_deck_cards.png", tight=False))

    figure, ax = plt.subplots(figsize=(7, 4))
    top = 16
    for name in names:
        scores = [s for per in results[name].values() for s in per["scores"]]
        counts = [sum(min(s, top) == v for s in scores) / len(scores) for v in range(top + 1)]
        ax.step(range(top + 1), counts, where="mid", label=name)
    ax.set_title(f"round scores, all table sizes ({top} means {top} or more)")
    ax.set_xlabel("round score of a seat")
    ax.set_ylabel("share")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=7)
    images.append(_save(figure, plt, "choose_deck_scores.png"))
    return images


def _save(figure: Any, plt: Any, name: str, tight: bool = True) -> str:
    if tight:
        figure.tight_layout()
    figure.savefig(DOCS / "img" / name, dpi=90)
    plt.close(figure)
    return f"img/{name}"


# -- the report -------------------------------------------------------------------------------


def _pct(x: float) -> str:
    return f"{x:.0%}"


def verdict(results: dict[str, dict[int, dict[str, Any]]]) -> list[str]:
    """The conclusion, drawn from the numbers by a rule stated in the text."""
    base_zero, base_se = zero_rate(results["default"])
    dead = {name: [k for k in KINDS if pooled(per, "use", k) < USE_FLOOR]
            for name, per in results.items()}
    flat = {name: [k for k in KINDS if abs(pooled_effect(per, k)[0])
                   < 2.58 * pooled_effect(per, k)[1]] for name, per in results.items()}
    lines = [
        "**Conclusion.** The rule: a deck makes every card type matter when every type is "
        f"played for its effect at least {USE_FLOOR:.0%} of the time; among such decks, "
        "one is favoured over the default only if its share of zero rounds is lower by "
        "more than 3 percentage points and by more than 2.58 standard errors (these "
        "treat the seats of one round as independent, so they are somewhat too small).",
        "",
    ]
    base_min = min(pooled(results["default"], "use", k) for k in KINDS)
    weakest = min(KINDS, key=lambda k: pooled(results["default"], "use", k))
    luck = {name: sum(abs(pooled_effect(per, k)[0]) for k in KINDS) / len(KINDS)
            for name, per in results.items()}
    lines.append(
        f"- Default ({short(DECKS['default'])}): zero rounds {base_zero:.1%} "
        f"(± {1.96 * base_se:.1%}); the least used type is {weakest} at "
        f"{base_min:.0%}; " + (f"types below the floor: {', '.join(dead['default'])}."
                               if dead["default"] else "no type is below the floor.")
        + (f" Holding {', '.join(flat['default'])} changes the round win rate by no "
           "measurable amount." if flat["default"] else
           " Holding any type changes the round win rate measurably.")
        + f" A card in the hand dealt moves the round win rate by {luck['default']:.1%} "
        "on average (the luck of the deal).")
    better = []
    for name, per in results.items():
        if name == "default" or dead[name]:
            continue
        zero, se = zero_rate(per)
        gap = base_zero - zero
        if gap > 0.03 and gap > 2.58 * math.hypot(se, base_se):
            better.append((zero, name, gap))
    if dead["default"] or better:
        if better:
            zero, name, gap = min(better)
            lines.append(
                f"- The data favour **{name}** ({short(DECKS[name])}): every type "
                f"is used at least {min(pooled(results[name], 'use', k) for k in KINDS):.0%}"
                f" of the time and zero rounds fall to {zero:.1%} ({gap:.1%} fewer). "
                "Proposed as the new default; the default in RULES.md is left unchanged "
                "until that is decided.")
            sizes = ", ".join(
                f"{p}p {results['default'][p]['zero']:.1%} → {results[name][p]['zero']:.1%}"
                for p in SIZES)
            lines.append(f"- Zero rounds by table size, default → {name}: {sizes}.")
            others = [f"{n} ({g:.1%} fewer)" for _, n, g in sorted(better) if n != name]
            if others:
                lines.append(f"- Also past the bar: {', '.join(others)}.")
        else:
            lines.append("- No alternative tried here does better on both counts; the "
                         "default stays, with the weak types named above.")
    else:
        lines.append("- No alternative lowers the share of zero rounds by a clear margin "
                     "while keeping every type in use: **the default deck is fine**.")
    for name, per in results.items():
        if name != "default":
            zero, se = zero_rate(per)
            lines.append(f"- {name} ({short(DECKS[name])}): zero rounds {zero:.1%} "
                         f"(± {1.96 * se:.1%}), luck of the deal {luck[name]:.1%}"
                         + (f"; below the floor: {', '.join(dead[name])}" if dead[name]
                            else "") + ".")
    return lines


def report(results: dict[str, dict[int, dict[str, Any]]], games: int) -> str:
    images = plot(results)
    sizes = list(SIZES)
    lines = [
        "## Choose!: deck composition",
        "",
        f"Made by `bench/choose_deck.py`: {games} games per deck and table size, `{LEVEL}` "
        "bots in every seat. Decks are written mice / wisdom: o ordinary, h hungry, "
        "c henchman, r robo / N nest, E exterminator, C camera.",
        "",
        "| deck | cards | " + " | ".join(f"zero rounds {p}p" for p in sizes)
        + " | " + " | ".join(f"mean score {p}p" for p in sizes) + " |",
        "|" + "---|" * (2 + 2 * len(sizes)),
    ]
    for name, per in results.items():
        lines.append(f"| {name} | {short(DECKS[name])} | "
                     + " | ".join(f"{per[p]['zero']:.1%}" for p in sizes) + " | "
                     + " | ".join(f"{per[p]['mean']:.2f}" for p in sizes) + " |")
    lines += ["", "Played for its effect (share of the cards of that type dealt into hands; "
              "the mean over table sizes):", "",
              "| deck | " + " | ".join(KINDS) + " |", "|" + "---|" * (1 + len(KINDS))]
    for name, per in results.items():
        lines.append(f"| {name} | " + " | ".join(_pct(pooled(per, "use", k)) for k in KINDS)
                     + " |")
    lines += ["", "Mouse types: at the flip, the share of the mice with that top that "
              "scored / the share of all points (in absolute value) they carried; and how "
              "many steals per round revealed that type (a henchman or robo revealed is "
              "its trap sprung):", "",
              "| deck | " + " | ".join(MICE) + " | " + " | ".join(f"steals on {k}" for k in MICE)
              + " |", "|" + "---|" * (1 + 2 * len(MICE))]
    for name, per in results.items():
        lines.append(f"| {name} | " + " | ".join(
            f"{_pct(pooled(per, 'scoring', k))} / {_pct(pooled(per, 'share', k))}"
            for k in MICE) + " | " + " | ".join(f"{pooled(per, 'hit', k):.2f}" for k in MICE)
            + " |")
    lines += ["", "Round win rate per card of the type in the hand dealt (percentage points, "
              "mean over table sizes, ± 95%):", "",
              "| deck | " + " | ".join(KINDS) + " |", "|" + "---|" * (1 + len(KINDS))]
    for name, per in results.items():
        cells = []
        for k in KINDS:
            mean, se = pooled_effect(per, k)
            cells.append(f"{mean * 100:+.1f} ± {1.96 * se * 100:.1f}")
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    errors = sum(s["errors"] for per in results.values() for s in per.values())
    lines += ["", f"Games that failed to finish: {errors}.", ""]
    lines += [f"![Choose! deck study]({image})" for image in images]
    lines += [""] + verdict(results)
    return "\n".join(lines) + "\n"


def deck_study(jobs: int, games: int) -> str:
    """Play the study, write its plots, and return its Markdown section."""
    for deck in DECKS.values():
        for players, (mice, wisdom) in DEAL.items():
            assert sum(deck[k] for k in MICE) >= mice * players
            assert sum(deck[k] for k in WISDOM) >= wisdom * players
    return report(run(jobs, games), games)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=positive, default=400)
    parser.add_argument("--jobs", type=positive, default=2)
    args = parser.parse_args()
    print(deck_study(args.jobs, args.games))
    return 0


if __name__ == "__main__":
    sys.exit(main())
