"use strict";
/* How each game's view and actions read on a phone. A game without its own entry
   here is shown generically: its view's fields as text and each legal action as a
   button named by its fields. Everything is set as text, never as markup: names and
   chat are other people's words. */
function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

const HEADER = ["game", "players", "seat", "phase", "options", "deadline", "chat_open", "result", "talk"];

const Generic = {
  secret(view) {
    const box = el("div", "card");
    for (const [k, v] of Object.entries(view)) {
      if (!HEADER.includes(k)) box.append(el("div", "", `${k}: ${JSON.stringify(v)}`));
    }
    return [box];
  },
  table(view) {
    const out = [el("h2", "", `${t("game." + view.game)} — ${view.phase}`)];
    if (view.result) {
      out.push(el("p", "prompt", t("game_over_you")));
      out.push(el("p", "", JSON.stringify(view.result)));
    }
    return out;
  },
  prompt() { return ""; },
  label(action, view, names) {
    const parts = [action.type];
    for (const [k, v] of Object.entries(action)) {
      if (k === "type") continue;
      if (k === "target" || k === "seat") parts.push(names(v));
      else if (k === "targets") parts.push(v.map(names).join(", "));
      else parts.push(`${k} ${JSON.stringify(v)}`);
    }
    return parts.join(" · ");
  },
  event(e) { return null; },
};

const CheeseThief = {
  secret(view, names) {
    const you = view.you;
    if (!you) return [];
    const card = el("div", "card");
    card.append(el("div", "role", t("you_are", { role: t("role." + you.role) })));
    if (you.follower) card.append(el("div", "", t("you_follower")));
    const dice = el("div", "", t("dice") + " ");
    for (const v of you.dice) dice.append(el("span", "die", String(v)));
    card.append(dice);
    if (you.wake_hours.length) card.append(el("div", "", t("your_hour", { hours: you.wake_hours.join(", ") })));
    for (const night of view.nights || []) {
      const who = night.awake.filter(s => s !== view.seat).map(names).join(", ") || t("nobody");
      const cheese = night.cheese === "taken" && night.thief !== null && night.thief !== undefined
        ? t("cheese.taken", { name: names(night.thief) }) : t("cheese." + night.cheese);
      card.append(el("div", "", t("night_seen", { hour: night.hour, who: who, cheese: cheese })));
    }
    for (const peek of view.peeks || []) card.append(el("div", "", t("peeked", { name: names(peek.target), v: peek.value })));
    if (view.thief !== null && view.thief !== undefined && you.role !== "thief") card.append(el("div", "", t("thief_is", { name: names(view.thief) })));
    if ((view.followers || []).length) card.append(el("div", "", t("followers_are", { names: view.followers.map(names).join(", ") })));
    return [card];
  },
  table(view, names) {
    const out = [el("h2", "", t("phase." + view.phase, { hour: view.hour }))];
    const list = el("ul", "");
    for (let s = 0; s < view.players; s++) {
      const marks = [];
      if (view.phase === "discussion" && view.ready[s]) marks.push(t("ready_mark"));
      if (view.voted[s]) marks.push(t("voted_mark"));
      if (view.revealed[s]) marks.push(t("role." + view.revealed[s]));
      if (view.votes && view.votes[s] !== null) marks.push("→ " + names(view.votes[s]));
      list.append(el("li", s === view.seat ? "me" : "", names(s) + (marks.length ? " — " + marks.join(", ") : "")));
    }
    out.push(list);
    if (view.result) {
      out.push(el("p", "prompt", t("result." + (view.result.side === "thief" ? "thief" : view.result.side))));
      if (view.you && view.you.won !== null) out.push(el("p", "", t(view.you.won ? "result.you_won" : "result.you_lost")));
    }
    return out;
  },
  prompt(view, legal) {
    const kinds = new Set(legal.map(a => a.type));
    if (kinds.has("choose_die")) return t("prompt.choose_die");
    if (kinds.has("take")) return t("prompt.take");
    if (kinds.has("peek")) return t("prompt.peek");
    if (kinds.has("followers")) return t("prompt.followers");
    if (kinds.has("vote")) return t("prompt.vote");
    if (kinds.has("ready")) return t("prompt.ready");
    if (view.phase === "night" && view.you && !view.you.awake) return t("asleep");
    return "";
  },
  label(action, view, names) {
    switch (action.type) {
      case "choose_die": return t("act.die", { n: action.die + 1, v: view.you.dice[action.die] });
      case "take": return t("act.take");
      case "pass": return t("act.pass");
      case "peek": return action.die === undefined ? t("act.peek", { name: names(action.target) })
        : t("act.peek_die", { name: names(action.target), n: action.die + 1 });
      case "followers": return t("act.followers", { names: action.targets.map(names).join(", ") || t("nobody") });
      case "vote": return t("act.vote", { name: names(action.target) });
      case "ready": return t("act.ready");
      default: return Generic.label(action, view, names);
    }
  },
  event(e, names) {
    const key = "ev." + e.type;
    if (!(key in WORDS.en)) return null;
    return t(key, { hour: e.hour, name: e.seat !== undefined ? names(e.seat) : (e.thief !== undefined ? names(e.thief) : "") });
  },
};

const GAMES = { cheese_thief: CheeseThief };
function gameOf(view) { return GAMES[view && view.game] || Generic; }
