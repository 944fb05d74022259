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

/* The end of a game whose result names its winners (every game but Cheese Thief). */
function winners(view, names) {
  const result = view.result || {}, won = result.winners || [];
  const out = [el("p", "prompt", t("winners", { names: won.map(names).join(", ") }))];
  if (view.seat !== null && view.seat !== undefined) out.push(el("p", "", t(won.includes(view.seat) ? "result.you_won" : "result.you_lost")));
  return out;
}

const Generic = {
  secret(view) {
    const box = el("div", "card");
    for (const [k, v] of Object.entries(view)) {
      if (!HEADER.includes(k)) box.append(el("div", "", `${k}: ${JSON.stringify(v)}`));
    }
    return [box];
  },
  table(view, names) {
    const out = [el("h2", "", `${t("game." + view.game)} — ${view.phase}`)];
    if (view.result) out.push(...winners(view, names));
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
  night(view) { return view.phase === "night"; },
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

/* Sly Knight Robbery: the hand and the score cards, a card played on a score card. */
const SlyKnights = {
  secret(view) {
    const you = view.you;
    if (!you) return [];
    const card = el("div", "card");
    const hand = el("div", "", t("sly.hand") + " ");
    for (const v of you.hand) hand.append(el("span", "die", String(v)));
    card.append(hand);
    if (you.chosen) card.append(el("div", "", t("sly.chosen", { cards: you.chosen.join(" + ") })));
    card.append(el("div", "", t("sly.pigs", { n: you.pigs }) + (you.spare_drawn ? "" : " · " + t("sly.spare"))));
    if (you.penalties.length) card.append(el("div", "", t("sly.penalties", { cards: you.penalties.join(", ") })));
    return [card];
  },
  table(view, names) {
    const out = [el("h2", "", t("sly.phase." + view.phase, { r: view.round }))];
    if (view.turn !== null && view.turn !== undefined) out.push(el("p", "", t("sly.turn", { name: names(view.turn) })));
    const list = el("ul", "");
    view.score_cards.forEach(sc => list.append(el("li", sc.owner === view.seat ? "me" : "",
      t("sly.score_card", { name: names(sc.owner), total: sc.total, value: sc.value }))));
    out.push(list);
    const seats = el("ul", "");
    for (let s = 0; s < view.players; s++) {
      seats.append(el("li", s === view.seat ? "me" : "", t("sly.seat", {
        name: names(s), hand: view.hand_sizes[s], pigs: view.pigs[s],
        taken: view.captured[s].reduce((sum, c) => sum + (c.value || 0), 0) })));
    }
    out.push(seats);
    if (view.result) out.push(...winners(view, names), el("p", "",
      view.result.scores.map((v, s) => `${names(s)}: ${v}`).join(" · ")));
    return out;
  },
  prompt(view, legal) {
    const kinds = new Set(legal.map(a => a.type));
    if (kinds.has("choose")) return t("sly.prompt.choose");
    if (kinds.has("play")) return t("sly.prompt.play");
    if (kinds.has("draw_spare") || kinds.has("pass")) return t("sly.prompt.pass");
    return "";
  },
  label(action, view, names) {
    if (action.type === "choose") return t("sly.act.choose", { cards: action.cards.join(" + ") });
    if (action.type === "draw_spare") return t("sly.act.spare");
    if (action.type === "pass") return t("act.pass");
    if (action.type === "play") {
      const sc = view.score_cards[action.target] || { owner: action.target, value: "?" };
      return t(action.pig ? "sly.act.play_pig" : "sly.act.play",
               { card: action.card, name: names(sc.owner), value: sc.value });
    }
    return Generic.label(action, view, names);
  },
  event() { return null; },
};

/* Choose!: the hand by kind, each kitchen's mice, a card played on a mouse. */
const Choose = {
  owner(view, stack) {
    const at = (view.kitchens || []).findIndex(k => k.some(m => m.stack === stack));
    return at;
  },
  kind(view, card) {
    const found = ((view.hand) || []).find(c => c.card === card);
    return found ? t("kind." + found.kind) : `#${card}`;
  },
  secret(view) {
    if (!view.hand) return [];
    const card = el("div", "card");
    card.append(el("div", "", t("choose.hand")));
    const list = el("ul", "");
    for (const c of view.hand) list.append(el("li", "", t("kind." + c.kind)));
    card.append(list);
    return [card];
  },
  table(view, names) {
    const out = [el("h2", "", view.phase === "over" ? t("game_over_you")
      : t("choose.round", { r: view.round, of: view.rounds }))];
    if (view.turn !== null && view.turn !== undefined && view.phase !== "over") out.push(el("p", "", t("sly.turn", { name: names(view.turn) })));
    const list = el("ul", "");
    for (let s = 0; s < view.players; s++) {
      const mice = (view.kitchens[s] || []).map(m => (m.top ? t("kind." + m.top) : "?") + (m.nest !== null && m.nest !== undefined ? " +" + t("kind.nest") : ""));
      list.append(el("li", s === view.seat ? "me" : "", t("choose.seat", {
        name: names(s), hand: view.hand_sizes[s], total: view.totals[s],
        mice: mice.join(", ") || "—" })));
    }
    out.push(list);
    if (view.result) out.push(...winners(view, names));
    return out;
  },
  prompt(view, legal) { return legal.length ? t("choose.prompt") : ""; },
  label(action, view, names) {
    const mouse = stack => t("choose.mouse", { name: names(Choose.owner(view, stack)), n: stack });
    switch (action.type) {
      case "pickup": return t("choose.act.pickup", { kind: Choose.kind(view, action.card) });
      case "steal": return t("choose.act.steal", { kind: Choose.kind(view, action.card), mouse: mouse(action.stack) });
      case "nest": return t("choose.act.nest", { mouse: mouse(action.stack) });
      case "camera": return t("choose.act.camera", { mouse: mouse(action.stack) });
      case "sleepy": return t("choose.act.sleepy", { kind: Choose.kind(view, action.card) });
      case "exterminator": return t("choose.act.exterminator", { mouse: mouse(action.stack), kind: Choose.kind(view, action.discard) });
      default: return Generic.label(action, view, names);
    }
  },
  event() { return null; },
};

/* Seven Knights Bewitched: your tile and side, the questions asked, each decision in
   words. The captain's line-up is chosen among the orders the rules offer. */
const Knights = {
  tile(view, id, names) {
    const tiles = view.tiles || [];
    const row = tiles[id];
    if (row && row.owner !== null && row.owner !== undefined) {
      return row.owner === view.seat ? t("kn.tile.yours") : t("kn.tile.seat", { name: names(row.owner) });
    }
    const k = tiles.filter(x => x.owner === null || x.owner === undefined).findIndex(x => x.id === id);
    return t("kn.tile.centre", { k: k + 1 });
  },
  value(v) { return v === "witch" ? t("kn.witch") : String(v); },
  question(view, q, names) {
    const tile = Knights.tile(view, q.tile, names);
    return q.form === "greater" ? t("kn.q.greater", { tile: tile, other: Knights.tile(view, q.other, names) })
      : t("kn.q.in", { tile: tile, values: q.values.join(", ") });
  },
  secret(view, names) {
    const you = view.you;
    if (!you) return [];
    const card = el("div", "card");
    card.append(el("div", "role", t("kn.you_hold", { v: Knights.value(you.value) })));
    card.append(el("div", "", t(you.value === "witch" ? "kn.side.witch_leader" : you.bewitched ? "kn.side.bewitched" : "kn.side.knights")));
    if (you.witch_side) card.append(el("div", "", t("kn.witch_side", { names: you.witch_side.map(names).join(", ") })));
    return [card];
  },
  table(view, names) {
    const out = [el("h2", "", t("kn.phase", { r: view.round, phase: t("kn.ph." + view.phase) }))];
    if (view.question) out.push(el("p", "", t("kn.asks", { asker: names(view.question.asker),
      answerer: names(view.question.answerer), q: Knights.question(view, view.question, names) })));
    const log = el("ol", "");
    for (const q of view.log || []) {
      log.append(el("li", "", t("kn.asked", { asker: names(q.asker), answerer: names(q.answerer),
        q: Knights.question(view, q, names), a: t(q.answer ? "kn.yes" : "kn.no") })));
    }
    out.push(log);
    if (view.captain !== null && view.captain !== undefined) out.push(el("p", "", t("kn.captain", { name: names(view.captain) })));
    const seats = el("ul", "");
    for (let s = 0; s < view.players; s++) seats.append(el("li", s === view.seat ? "me" : "", `${names(s)}: ${view.totals[s]}`));
    out.push(seats);
    if (view.result) out.push(...winners(view, names));
    return out;
  },
  prompt(view, legal) {
    const kinds = new Set(legal.map(a => a.type));
    for (const kind of ["inspect", "ask", "answer", "recommend", "line_up", "ready"]) if (kinds.has(kind)) return t("kn.prompt." + kind);
    return "";
  },
  label(action, view, names) {
    switch (action.type) {
      case "inspect": return t("kn.act.inspect", { tile: Knights.tile(view, action.tile, names) });
      case "ask": return t("kn.act.ask", { name: names(action.answerer), q: Knights.question(view, action, names) });
      case "answer": return t(action.answer ? "kn.yes" : "kn.no");
      case "recommend": return t("kn.act.recommend", { name: names(action.target) });
      case "line_up": return action.order.map(id => Knights.tile(view, id, names)).join(" < ");
      case "ready": return t("kn.act.ready");
      default: return Generic.label(action, view, names);
    }
  },
  event() { return null; },
};

const GAMES = { cheese_thief: CheeseThief, sly_knights: SlyKnights, choose: Choose, knights: Knights };
function gameOf(view) { return GAMES[view && view.game] || Generic; }
