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

function button(words, onclick, cls) {
  const b = el("button", cls || "", words);
  b.type = "button";
  b.onclick = onclick;
  return b;
}

/* A choice in steps on a small screen: ``pick`` remembers the steps taken (until the
   decision changes); each step is a list of [key, words] and a way back. */
function stepBack(pick, field, redraw) {
  return button(t("back"), () => { delete pick[field]; redraw(); }, "back");
}

const HEADER = ["game", "players", "seat", "phase", "options", "deadline", "chat_open", "result", "talk"];

/* The end of a game whose result names its winners (every game but Cheese Thief). */
function winners(view, names) {
  const result = view.result || {}, won = result.winners || [];
  const out = [el("p", "prompt", t("winners", { names: won.map(names).join(t("comma")) }))];
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
      else if (k === "targets") parts.push(v.map(names).join(t("comma")));
      else parts.push(`${k} ${JSON.stringify(v)}`);
    }
    return parts.join(" · ");
  },
  event(e) { return null; },
};

const CheeseThief = {
  /* While anyone may be awake (the hours, and the Thief's follower step after them),
     every seated phone shows the same cover. */
  night(view) { return view.phase === "night" || view.phase === "followers"; },
  /* Each hour and the follower step buzz every phone alike, awake or not. */
  moment(view) {
    if (view.phase === "night") return `night ${view.hour}`;
    return view.phase === "followers" ? "followers" : null;
  },
  /* The Thief's followers: tap people until the choice is one the rules allow. */
  actions(view, legal, names, act, pick, redraw) {
    const options = legal.filter(a => a.type === "followers");
    if (!options.length || options.length !== legal.length) return null;
    const size = Math.max(...options.map(a => a.targets.length));
    if (size < 2) return null;  // one person (or nobody): one button each
    const chosen = pick.followers || [];
    const people = [...new Set(options.flatMap(a => a.targets))].sort((a, b) => a - b);
    const out = people.map(s => button((chosen.includes(s) ? "✓ " : "") + names(s), () => {
      pick.followers = chosen.includes(s) ? chosen.filter(x => x !== s) : [...chosen, s];
      redraw();
    }, chosen.includes(s) ? "act step on" : "act step"));
    const key = [...chosen].sort((a, b) => a - b).join(",");
    const match = options.find(a => [...a.targets].sort((x, y) => x - y).join(",") === key);
    const go = button(t("act.followers", { names: chosen.map(names).join(t("comma")) || t("nobody") }),
      () => match && act(match), "act go");
    go.disabled = !match;
    out.push(go);
    return out;
  },
  secret(view, names) {
    const you = view.you;
    if (!you) return [];
    const card = el("div", "card");
    card.append(el("div", "role", t("you_are", { role: t("role." + you.role) })));
    if (you.follower) card.append(el("div", "", t("you_follower")));
    const dice = el("div", "", t("dice") + " ");
    for (const v of you.dice) dice.append(el("span", "die", String(v)));
    card.append(dice);
    if (you.wake_hours.length) card.append(el("div", "", t("your_hour", { hours: you.wake_hours.join(t("comma")) })));
    for (const night of view.nights || []) {
      const who = night.awake.filter(s => s !== view.seat).map(names).join(t("comma")) || t("night_nobody");
      const cheese = night.cheese === "taken" && night.thief !== null && night.thief !== undefined
        ? t("cheese.taken", { name: names(night.thief) }) : t("cheese." + night.cheese);
      card.append(el("div", "", t("night_seen", { hour: night.hour, who: who, cheese: cheese })));
    }
    for (const peek of view.peeks || []) card.append(el("div", "", t("peeked", { name: names(peek.target), v: peek.value })));
    if (view.thief !== null && view.thief !== undefined && you.role !== "thief") card.append(el("div", "", t("thief_is", { name: names(view.thief) })));
    if ((view.followers || []).length) card.append(el("div", "", t("followers_are", { names: view.followers.map(names).join(t("comma")) })));
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
      list.append(el("li", s === view.seat ? "me" : "", names(s) + (marks.length ? " — " + marks.join(t("comma")) : "")));
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
    if (kinds.has("followers")) {
      const pick = legal.find(a => a.type === "followers").targets.length;
      return t(pick === 1 ? "prompt.follower" : "prompt.followers");
    }
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
      case "followers": return t("act.followers", { names: action.targets.map(names).join(t("comma")) || t("nobody") });
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
  /* The cards played on a score card, face up as at the table, and whom it goes to if
     nobody plays on it again: the last player whose card captures (``last``; a Pig &
     Pig card never does), or else its owner. */
  card(v) { return v === 0 ? t("sly.pig_and_pig") : String(v); },  // (0: the Pig & Pig card)
  onIt(sc, names) {
    const plays = sc.plays || [];
    if (!plays.length) return "";
    const cards = plays.map(p => SlyKnights.card(p.card) + (p.pig ? t("sly.pig_short") : "")).join(t("comma"));
    const taker = sc.last === null || sc.last === undefined ? sc.owner : sc.last;
    return " · " + t("sly.on_it", { cards: cards, name: names(taker) });
  },
  secret(view) {
    const you = view.you;
    if (!you) return [];
    const card = el("div", "card");
    const hand = el("div", "", t("sly.hand") + " ");
    for (const v of you.hand) hand.append(el("span", "die", SlyKnights.card(v)));
    card.append(hand);
    if (you.chosen) card.append(el("div", "", t("sly.chosen", { cards: you.chosen.join(" + ") })));
    card.append(el("div", "", t("sly.pigs", { n: you.pigs }) + (you.spare_drawn ? "" : " · " + t("sly.spare"))));
    if (you.penalties.length) card.append(el("div", "", t("sly.penalties", { cards: you.penalties.map(SlyKnights.card).join(t("comma")) })));
    return [card];
  },
  table(view, names) {
    const out = [el("h2", "", t("sly.phase." + view.phase, { r: view.round }))];
    if (view.turn !== null && view.turn !== undefined) out.push(el("p", "", tOf("sly.turn", view.turn, view, { name: names(view.turn) })));
    const list = el("ul", "");
    view.score_cards.forEach(sc => list.append(el("li", sc.owner === view.seat ? "me" : "",
      tOf("sly.score_card", sc.owner, view, { name: names(sc.owner), total: sc.total, value: sc.value })
      + SlyKnights.onIt(sc, names))));
    out.push(list);
    const seats = el("ul", "");
    for (let s = 0; s < view.players; s++) {
      seats.append(el("li", s === view.seat ? "me" : "", t("sly.seat", {
        name: names(s), hand: view.hand_sizes[s], pigs: view.pigs[s],
        taken: t("pts", { n: view.captured[s].reduce((sum, c) => sum + (c.value || 0), 0) }) })));
    }
    out.push(seats);
    if (view.result) out.push(...winners(view, names), el("p", "",
      t("sly.final", { scores: view.result.scores.map((v, s) => `${names(s)}: ${number(v)}`).join(" · ") })));
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
      return tOf(action.pig ? "sly.act.play_pig" : "sly.act.play", sc.owner, view,
                 { card: SlyKnights.card(action.card), name: names(sc.owner), value: sc.value });
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
  secret(view, names) {
    if (!view.hand) return [];
    const card = el("div", "card");
    card.append(el("div", "", t("choose.hand")));
    const counts = new Map();  // a hand of eleven reads best as kinds and how many
    for (const c of view.hand) counts.set(c.kind, (counts.get(c.kind) || 0) + 1);
    const list = el("div", "");
    for (const [kind, n] of counts) list.append(el("span", "chip", t("kind." + kind) + (n > 1 ? ` ×${n}` : "")));
    card.append(list);
    const known = [];  // the mice this seat knows (its own, a steal, its camera, a robo)
    (view.kitchens || []).forEach(mice => mice.forEach(m => {
      if (m.top) known.push(t("choose.known", { mouse: Choose.where(view, m.stack, names), kind: t("kind." + m.top) }));
    }));
    if (known.length) card.append(el("div", "", known.join(" · ")));
    return [card];
  },
  table(view, names) {
    const out = [el("h2", "", view.phase === "over" ? t("game_over_you")
      : t("choose.round", { r: view.round, of: view.rounds }))];
    if (view.turn !== null && view.turn !== undefined && view.phase !== "over") out.push(el("p", "", tOf("sly.turn", view.turn, view, { name: names(view.turn) })));
    const list = el("ul", "");
    for (let s = 0; s < view.players; s++) {
      const mice = (view.kitchens[s] || []).map(m => (m.top ? t("kind." + m.top) : "?") + (m.nest !== null && m.nest !== undefined ? t("choose.plus_nest") : ""));
      list.append(el("li", s === view.seat ? "me" : "", t("choose.seat", {
        name: names(s), hand: view.hand_sizes[s], total: t("pts", { n: view.totals[s] }),
        mice: mice.join(t("comma")) || "—" })));
    }
    out.push(list);
    out.push(...Choose.flips(view, names));
    if (view.result) out.push(...winners(view, names));
    return out;
  },
  prompt(view, legal) { return legal.length ? t("choose.prompt") : ""; },
  /* First the kind of move (pickup, steal, one of the three wisdom cards, sleepy),
     then its card and its mouse: a turn may offer dozens of combinations. */
  actions(view, legal, names, act, pick, redraw) {
    const kinds = [...new Set(legal.map(a => a.type))];
    if (!legal.length) return null;
    const kind = kinds.length === 1 ? kinds[0] : pick.kind;
    const does = k => (WORDS.en["choose.does." + k] ? " — " + t("choose.does." + k) : "");
    if (!kind) return kinds.map(k => button(t("choose.move." + k) + does(k), () => { pick.kind = k; redraw(); }, "act step"));
    let moves = legal.filter(a => a.type === kind);
    const out = [];
    const split = { steal: a => Choose.kind(view, a.card), exterminator: a => Choose.where(view, a.stack, names) }[kind];
    if (split && new Set(moves.map(split)).size > 1) {
      if (pick.part === undefined) {
        const parts = [...new Set(moves.map(split))];
        out.push(...parts.map(p => button(p, () => { pick.part = p; redraw(); }, "act step")));
      } else moves = moves.filter(a => split(a) === pick.part);
    }
    if (!split || pick.part !== undefined || new Set(moves.map(split)).size <= 1) {
      const seen = new Set();
      for (const a of moves) {
        const words = Choose.label(a, view, names);
        if (!seen.has(words)) { seen.add(words); out.push(button(words, () => act(a), "act")); }
      }
    }
    if (pick.part !== undefined) out.push(stepBack(pick, "part", redraw));
    else if (kinds.length > 1) out.push(stepBack(pick, "kind", redraw));
    return out;
  },
  where(view, stack, names) {  // a button of its own: "Your mouse 2"
    const words = Choose.mouse(view, stack, names);
    return words.charAt(0).toUpperCase() + words.slice(1);
  },
  /* A mouse by its owner and its place in that kitchen, from 1, as the seat's line
     lists them (the stack's number counts every kitchen's mice from 0: "mouse 0", or
     "P2's mouse 4" for P2's first). */
  mouse(view, stack, names) {
    const owner = Choose.owner(view, stack);
    const n = owner < 0 ? stack : view.kitchens[owner].findIndex(m => m.stack === stack) + 1;
    return tOf("choose.mouse", owner, view, { name: names(owner), n: n });
  },
  /* The round just turned over: every mouse, what it was, its cheese and its points. */
  flips(view, names) {
    const last = view.last_round;
    if (!last) return [];
    const list = el("ul", "flips");
    for (const f of last.stacks) {
      list.append(el("li", f.owner === view.seat ? "me" : "", t("choose.flip", {
        name: names(f.owner), kind: t("kind." + f.kind), nest: f.nested ? t("choose.nested") : "",
        stolen: f.stolen, points: f.points > 0 ? "+" + f.points : number(f.points) })));
    }
    const scores = last.scores.map((v, s) => `${names(s)} +${v}`).join(" · ");
    return [el("h3", "", t("choose.flipped", { r: last.round })), list, el("p", "", scores)];
  },
  label(action, view, names) {
    const mouse = stack => Choose.mouse(view, stack, names);
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
  /* A tile by where it lies, as the window names it (client/scenes/knights/words.py):
     centre tiles by letters ("is centre tile 2 one of 4?" would read as a value), and in
     a question, which is said to someone else, the reader's own tile as "your tile
     (you)" ("Emi asks Ben: is your tile one of 4?" would read as Ben's). */
  tile(view, id, names, asked) {
    const tiles = view.tiles || [];
    const row = tiles[id];
    if (row && row.owner !== null && row.owner !== undefined) {
      if (row.owner === view.seat) return t(asked ? "kn.tile.yours_asked" : "kn.tile.yours");
      return t("kn.tile.seat", { name: names(row.owner) });
    }
    const k = tiles.filter(x => x.owner === null || x.owner === undefined).findIndex(x => x.id === id);
    return t("kn.tile.centre", { k: String.fromCharCode(65 + k) });
  },
  value(v) { return v === "witch" ? t("kn.witch") : String(v); },
  /* A question as the window words it (client/scenes/knights/words.py,
     question_words): one number as "the 4", the familiar sets (odd, even, k or more, k
     or less) by name, any other set as "1 or 3". */
  question(view, q, names) {
    const tile = Knights.tile(view, q.tile, names, true);
    if (q.form === "greater") return t("kn.q.greater", { tile: tile, other: Knights.tile(view, q.other, names, true) });
    const values = q.values.map(Number).sort((a, b) => a - b);
    if (values.length === 1) return t("kn.q.is", { tile: tile, v: values[0] });
    const numbers = (view.numbers || []).map(Number);
    const same = (a, b) => a.length === b.length && a.every((v, i) => v === b[i]);
    const from = (a, b) => Array.from({ length: Math.max(0, b - a + 1) }, (_, i) => a + i);
    if (numbers.length && same(numbers.filter(v => values.includes(v)), values)) {
      const top = Math.max(...numbers), low = Math.min(...numbers);
      if (same(values, from(values[0], top))) return t("kn.q.at_least", { tile: tile, k: values[0] });
      if (same(values, from(low, values[values.length - 1]))) return t("kn.q.at_most", { tile: tile, k: values[values.length - 1] });
      if (same(values, numbers.filter(v => v % 2 === 1))) return t("kn.q.odd", { tile: tile });
      if (same(values, numbers.filter(v => v % 2 === 0))) return t("kn.q.even", { tile: tile });
    }
    return t("kn.q.in", { tile: tile, values: values.join(t("kn.or")) });
  },
  notes(view) { return (view.you && view.you.note) || ""; },
  actions(view, legal, names, act, pick, redraw) {
    if (legal.length && legal.every(a => a.type === "ask")) return Knights.builder(view, legal, names, act, pick, redraw);
    if (legal.length && legal.every(a => a.type === "line_up")) return Knights.lineUp(view, legal, names, act, pick, redraw);
    return null;
  },
  /* A question in three steps: whom to ask, about which tile, and what about it (any set
     of numbers, or greater than another tile): only what the rules let this seat ask. */
  builder(view, legal, names, act, pick, redraw) {
    const out = [];
    if (pick.answerer === undefined) {
      const who = [...new Set(legal.map(a => a.answerer))];
      return who.map(s => button(t("kn.ask_whom", { name: names(s) }), () => { pick.answerer = s; redraw(); }, "act step"));
    }
    const mine = legal.filter(a => a.answerer === pick.answerer);
    if (pick.tile === undefined) {
      const tiles = [...new Set(mine.map(a => a.tile))];
      out.push(...tiles.map(id => button(t("kn.ask_about", { tile: Knights.tile(view, id, names) }),
        () => { pick.tile = id; pick.values = []; redraw(); }, "act step")));
      out.push(stepBack(pick, "answerer", redraw));
      return out;
    }
    const tile = pick.tile, about = mine.filter(a => a.tile === tile);
    if (about.some(a => a.form === "in")) {
      const row = el("div", "numbers");
      for (const v of view.numbers || []) {
        const on = pick.values.includes(v);
        row.append(button(String(v), () => {
          pick.values = on ? pick.values.filter(x => x !== v) : [...pick.values, v].sort((a, b) => a - b);
          redraw();
        }, on ? "num on" : "num"));
      }
      out.push(el("p", "", t("kn.pick_numbers")), row);
      const question = { type: "ask", answerer: pick.answerer, form: "in", tile: tile, values: pick.values };
      const go = button(t("kn.act.ask", { name: names(pick.answerer), q: Knights.question(view, question, names) }),
        () => act(question), "act go");
      go.disabled = !pick.values.length;
      out.push(go);
    }
    for (const a of about.filter(a => a.form === "greater")) {
      out.push(button(t("kn.act.ask", { name: names(a.answerer), q: Knights.question(view, a, names) }), () => act(a), "act"));
    }
    out.push(stepBack(pick, "tile", redraw));
    return out;
  },
  /* The captain's line-up as an ordered list: move tiles up and down, leave out at most
     one (the one believed to be the Witch), then confirm. Starts from the order the
     captain's own knowledge suggests. */
  lineUp(view, legal, names, act, pick, redraw) {
    if (!pick.order) { pick.order = [...legal[0].order]; pick.out = null; }
    const all = [...pick.order], list = el("ol", "lineup");
    all.forEach((id, i) => {
      const row = el("li", id === pick.out ? "left-out" : "");
      const known = (view.values || [])[id];
      row.append(el("span", "", Knights.tile(view, id, names) + (known !== null && known !== undefined ? ` (${Knights.value(known)})` : "")));
      const move = (d) => () => { const j = i + d; [all[i], all[j]] = [all[j], all[i]]; pick.order = all; redraw(); };
      const up = button("↑", move(-1), "small"); up.disabled = i === 0;
      const down = button("↓", move(1), "small"); down.disabled = i === all.length - 1;
      const out = button(id === pick.out ? t("kn.put_back") : t("kn.leave_out"), () => {
        pick.out = id === pick.out ? null : id; redraw(); }, "small");
      row.append(up, down, out);
      list.append(row);
    });
    const order = all.filter(id => id !== pick.out);
    const go = button(t("kn.act.line_up"), () => act({ type: "line_up", order: order }), "act go");
    return [list, go];
  },
  secret(view, names) {
    const you = view.you;
    if (!you) return [];
    const card = el("div", "card");
    card.append(el("div", "role", t("kn.you_hold", { v: Knights.value(you.value) })));
    const seen = (view.values || []).map((v, id) => [id, v]).filter(([id, v]) => v !== null && v !== undefined && id !== you.tile);
    if (seen.length) card.append(el("div", "", t("kn.seen", { tiles: seen.map(([id, v]) => `${Knights.tile(view, id, names)}: ${Knights.value(v)}`).join(t("comma")) })));
    card.append(el("div", "", t(you.value === "witch" ? "kn.side.witch_leader" : you.bewitched ? "kn.side.bewitched" : "kn.side.knights")));
    if (you.witch_side) card.append(el("div", "", t("kn.witch_side", { names: you.witch_side.map(names).join(t("comma")) })));
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
    if (view.line_up) out.push(el("p", "", t("kn.lined", { order: view.line_up.order.map(id => Knights.tile(view, id, names)).join(" < ") })));
    const seats = el("ul", "");
    for (let s = 0; s < view.players; s++) {
      const marks = [];
      if (view.phase === "recommend" && view.recommended[s]) marks.push(t("kn.recommended"));
      if (view.recommendations && view.recommendations[s] !== null) marks.push(t("kn.recommends", { name: names(view.recommendations[s]) }));
      const line = t("kn.seat", { name: names(s), points: t("points", { n: view.totals[s] }) });
      seats.append(el("li", s === view.seat ? "me" : "", line + (marks.length ? " — " + marks.join(t("comma")) : "")));
    }
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
  /* The line-up turned over, the tile left out of it, and how the round ended: the
     phone showed only the order the captain chose and the totals moving (the window's
     words: ev.line_up, ev.left_out, ev.round_end in client/scenes/knights/words.py). */
  event(e, names, view) {
    if (e.type === "line_up") {
      const line = t("kn.ev.line_up", { values: (e.values || []).map(Knights.value).join(" < ") });
      if (e.left_out === null || e.left_out === undefined || !view) return line;
      return line + t("kn.ev.left_out", { tile: Knights.tile(view, e.left_out, names) });
    }
    if (e.type !== "round_end") return null;
    let who = t("kn.result." + e.side);
    if (e.how && e.how !== "line_up") who = t("kn.how." + e.how) + " " + who;
    const gained = (e.scores || []).map((v, s) => [s, v]).filter(([, v]) => v);
    if (gained.length) {
      who += "  " + t("kn.gained", { n: gained[0][1], names: gained.map(([s]) => names(s)).join(t("comma")) });
    }
    return t("kn.ev.round_end", { r: e.round, who: who });
  },
};

const GAMES = { cheese_thief: CheeseThief, sly_knights: SlyKnights, choose: Choose, knights: Knights };
function gameOf(view) { return GAMES[view && view.game] || Generic; }
