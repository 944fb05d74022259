"use strict";
/* The phone's screen: join, the lobby, and the game, drawn from each update. */
(() => {
  const $ = id => document.getElementById(id);
  const ui = { view: null, legal: [], hold: null, table: null, played: false, hidden: false,
               peeking: false, closed: null, deadline: null, tableAt: 0, moment: null, log: [], pick: {}, sent: null,
               asking: false, wasNight: false };  // (a decision shown, the night's cover: bringIntoSight)
  let line = null;

  /* Two taps faster than the table's answer both reach the button: the action still
     waiting for its answer is not sent again (the second would come back refused). */
  function send(action) {
    const key = JSON.stringify(action);
    if (key === ui.sent) return;
    ui.sent = key;
    line.send(action);
  }

  /* What a finger meets does not change under it. The page is drawn again from each
     update (and each second while a clock runs): nodes that read the same are kept, so
     a press held across a redraw still lands on its button. And a control that has just
     appeared, moved on the screen (the page around it changed, or its scroll did as it
     grew shorter) or changed its words takes no tap for STEADY_MS: the second tap of a
     double-tap does not land on what came up under the finger (the chat field, the
     next decision, "Not ready"). A person's own scrolling draws nothing, so it holds
     back no tap. */
  const STEADY_MS = 350;
  let since = new Map();  // each control, as it reads and where it stands: when it began

  function keep(box, nodes) {
    const old = box.children;
    if (old.length !== nodes.length) { box.replaceChildren(...nodes); return; }
    nodes.forEach((node, i) => {
      if (old[i].outerHTML === node.outerHTML) adopt(old[i], node);
      else box.replaceChild(node, old[i]);
    });
  }

  function adopt(kept, fresh) {  // the kept node answers as the new one would
    kept.onclick = fresh.onclick;
    for (let i = 0; i < fresh.children.length; i++) adopt(kept.children[i], fresh.children[i]);
  }

  function standing(node) {
    const box = node.getBoundingClientRect();
    return `${node.id}:${node.textContent}@${Math.round(box.left)},${Math.round(box.top)}`;
  }

  function noteControls() {
    const now = performance.now(), next = new Map();
    for (const node of document.querySelectorAll("button, input, textarea")) {
      if (node.offsetParent === null) continue;
      const key = standing(node);
      next.set(key, since.has(key) ? since.get(key) : now);
    }
    since = next;
  }

  function steadyHands() {
    for (const kind of ["pointerdown", "mousedown", "click"]) {
      document.addEventListener(kind, ev => {
        const node = ev.target.closest && ev.target.closest("button, input, textarea");
        const began = node ? since.get(standing(node)) : undefined;
        if (ev.isTrusted && began !== undefined && performance.now() - began < STEADY_MS) {
          ev.preventDefault(); ev.stopImmediatePropagation();
        }
      }, true);
    }
  }

  function names(seat) {
    if (seat === null || seat === undefined) return "?";
    const row = ((ui.table && ui.table.seats) || []).find(s => s.seat === seat);
    let name = row && row.name ? row.name : `#${seat + 1}`;
    if (row && row.kind === "bot") name = `${t("bot")} #${seat + 1}`;  // bots' names repeat
    return seat === (line && line.seat) ? `${name} (${t("you")})` : name;
  }

  function translate() {
    document.documentElement.lang = LANG;
    for (const node of document.querySelectorAll("[data-t]")) node.textContent = t(node.dataset.t);
    $("lang").textContent = t("lang");
    $("hide").textContent = ui.hidden ? t("hidden") : t("hide");
    $("hide").setAttribute("aria-pressed", String(ui.hidden));
    if (ui.refusal) $("refused").textContent = ui.refusal();
    render();
  }

  function status(text) { $("status").textContent = text; }

  /* A refusal is said in one sentence, with the way on where there is one: the form
     again to sit under another name, with the table's password, or only to watch. A
     code for another table, or another version of the page, leaves only the sentence. */
  const NO_WAY_ON = ["wrong_key", "no_key", "bad_version"];

  function refuse(code, message) {
    ui.refusal = refusal(code, message);
    $("refused").textContent = ui.refusal(); $("refused").hidden = false;
    $("join").hidden = NO_WAY_ON.includes(code); $("lobby").hidden = true; $("game").hidden = true;
    if (code === "bad_password") {
      $("secret-word").hidden = false;
      $("password").value = "";
      $("password").focus();
    }
    status("");
  }

  /* The refusals a person can do something about, in the page's language (the table's
     own message is English). A second wrong password says so: the same sentence again
     would not tell the person their new try was read (the window does the same). */
  const REFUSALS = { wrong_key: "wrong_key", no_key: "no_key", table_full: "refuse.full",
                     token_in_use: "refuse.token_in_use", bad_name: "refuse.bad_name" };
  let wrongPasswords = 0;

  /* A refusal's words, as a function: they are said again in the other language when
     the person switches (the sentence kept its first language). */
  function refusal(code, message) {
    let key = REFUSALS[code];
    if (code === "bad_password" && !line.password) key = "refuse.needs_password";
    else if (code === "bad_password") {
      wrongPasswords += 1;
      key = wrongPasswords < 2 ? "refuse.password" : "refuse.password_again";
    }
    return key ? () => t(key) : () => t("refused", { message: moveRefusal(code, message || code) });
  }

  /* How long a refused move is said (the window's too): the next update, a bot's move a
     moment later, had put the seat's line back over it before it could be read. */
  const REFUSAL_MS = 6000;

  /* A move the table refused, in the page's language: English reads the table's own
     sentence (the rules' words, with their numbers); Japanese a sentence per code a
     person can meet, or a plain one for codes that cover many reasons. */
  function moveRefusal(code, message) {
    if (LANG === "en") return message;
    return WORDS[LANG]["refusal." + code] ?? WORDS[LANG]["refusal.other"] ?? message;
  }

  function onMessage(m) {
    const moved = Boolean(ui.sent);  // (a refusal is a move's only while one waits)
    if (m.type === "welcome" || m.type === "update" || m.type === "error") ui.sent = null;
    if (m.type === "welcome") { $("join").hidden = true; ui.rejoining = null; }
    else if (m.type === "table") {
      if (ui.table && ui.table.waiting && !m.waiting && ui.deadline) {
        ui.deadline.at = Date.now();  // the wait is over: the clock runs on from what it had left
      }
      ui.table = m; ui.tableAt = Date.now(); autoReady();
    }
    else if (m.type === "update") {
      const game = gameOf(m.view), moment = game.moment ? game.moment(m.view) : null;
      if (moment !== null && moment !== ui.moment && navigator.vibrate) {
        navigator.vibrate(60);  // every phone at every hour, whoever is awake: the same buzz
      }
      ui.moment = moment;
      const legal = m.legal || [];
      if (JSON.stringify(legal) !== JSON.stringify(ui.legal)) ui.pick = {};  // a new decision
      ui.view = m.view; ui.legal = legal; ui.hold = m.hold || null; ui.played = true;
      ui.deadline = m.deadline ? { remaining: m.deadline.remaining, at: Date.now() } : null;
      if (m.snapshot) ui.log = [];
      for (const e of m.events || []) {
        const text = game.event(e, names, m.view);
        if (text) ui.log.push(text);
      }
      ui.log = ui.log.slice(-8);
    } else if (m.type === "error" && m.message && moved) {
      ui.moveRefused = { code: m.code, message: m.message, at: Date.now() };
    } else if (m.type === "error" && m.message) {
      status(t("refused", { message: moveRefusal(m.code, m.message) })); return;
    }
    else if (m.type === "closed") { closed(m.reason); return; }  // (the line stopped)
    render();
  }

  /* The table said it closed. Its last view stays in sight (a finished game's result
     above all) but offers nothing, as nothing tapped would reach it: no decision, no
     chat, no clock. A host that closed its table may open it again from its log, at
     the same address (``host --resume``): *Join again* tries, as the window's Rejoin
     does. A seat the host gave back before the start is not a closed table: the form
     comes back, to sit down again. */
  function closed(reason) {
    if (reason === "removed") {
      localStorage.removeItem(line.tokenKey);
      line.token = null; line.welcome = null; line.seat = null; ui.table = null;
      ui.refusal = () => t("closed.removed");
      $("refused").textContent = ui.refusal(); $("refused").hidden = false;
      $("join").hidden = false; $("lobby").hidden = true; $("game").hidden = true;
      status("");
      return;
    }
    ui.closed = WORDS.en["closed." + reason] ? reason : "host_quit";
    render();
  }

  /* *Join again* tries this long, about once a second (wire.js RETRY): a host that never
     opens its table again left the page saying "No word from the table", trying on for
     good, with no button. */
  const REJOIN_MS = 5000;
  function joinAgain() {
    ui.closed = null; ui.rejoining = Date.now();
    line.stopped = false;
    line.connect();
  }

  function notBack() {
    if (!ui.rejoining || !lineDown() || Date.now() - ui.rejoining < REJOIN_MS) return;
    ui.rejoining = null; ui.closed = "not_back";
    line.stopped = true;
    if (line.ws) try { line.ws.close(); } catch (e) { /* gone */ }
  }

  /* While the line to the table is down, or a resumed table waits for its people, the
     page says so and offers no decision; the table's clock stands here as it does at
     the table (a dead host's window does not run out on the phone), as a laptop's
     window counts it (client/feed.py). */
  function lineDown() { return !(line.welcome && line.state === "joined"); }

  function quiet() { return Boolean(line.welcome) && lineDown() && Date.now() - line.heard > Wire.QUIET; }

  function tableWait() {
    const wait = ui.table && ui.table.started && ui.table.waiting;
    if (!wait) return null;
    const s = Math.max(0, Math.ceil(wait.remaining - (Date.now() - ui.tableAt) / 1000));
    const names = wait.names || [];
    if (!names.length) return t("resume_settled", { s });
    const and = names.length < 2 ? names.join("")
      : t("and", { a: names.slice(0, -1).join(t("comma")), b: names[names.length - 1] });
    return t("resume_waiting", { names: and, s });
  }

  function secondsLeft() {
    const d = ui.deadline;
    if (!d || ui.closed) return null;  // a closed table keeps no time
    if (ui.hold || tableWait()) return Math.max(0, Math.ceil(d.remaining));  // it waits with the table
    const until = lineDown() ? Math.min(Date.now(), line.heard) : Date.now();
    return Math.max(0, Math.ceil(d.remaining - Math.max(0, until - d.at) / 1000));
  }

  function mine() {
    const seats = (ui.table && ui.table.seats) || [];
    return seats.find(s => s.seat === line.seat);
  }

  function autoReady() {  // after the first game, like the window: ready between games
    const me = mine();
    if (ui.played && ui.table.ready_check && me && !me.ready) line.ready(true);
  }

  function render() {
    if (!line || (line.stopped && !ui.closed)) return;
    notBack();
    const joined = line.welcome && line.state === "joined";  // else: connecting, or the line dropped
    // (while *Join again* tries, the page says it connects: the table closed on purpose,
    // and "No word from the table" read as if it had gone quiet)
    const alarm = ui.closed ? t("closed." + ui.closed) : quiet() && !ui.rejoining ? t("quiet")
      : joined ? tableWait() : null;
    $("again").hidden = !["host_quit", "not_back"].includes(ui.closed);
    if (ui.moveRefused && Date.now() - ui.moveRefused.at >= REFUSAL_MS) ui.moveRefused = null;
    const refused = joined && ui.moveRefused
      ? t("refused", { message: moveRefusal(ui.moveRefused.code, ui.moveRefused.message) }) : null;
    status(alarm || refused || (joined ? (line.seat === null ? t("watching")
      : t("joined", { n: line.seat + 1 })) : t(ui.rejoining ? "connecting" : line.state || "connecting")));
    $("status").classList.toggle("alarm", Boolean(alarm));
    const inGame = Boolean(ui.view) && (!ui.table || ui.table.started);
    $("lobby").hidden = !line.welcome || inGame;
    $("game").hidden = !inGame;
    renderLobby();
    if (inGame) renderGame();
    noteControls();
  }

  function renderLobby() {
    const list = $("seats"); list.replaceChildren();
    const table = ui.table;
    if (!table) return;
    for (const s of table.seats) {
      const marks = [];
      if (!s.claimed) marks.push(t("empty"));
      else if (!s.connected && s.kind !== "bot") marks.push(t("away"));
      // (not the button's words: "準備完了" by the bots' names read as done already)
      if (s.claimed && s.ready && table.ready_check) marks.push(t("lobby.ready"));
      list.append(el("li", s.seat === line.seat ? "me" : "", names(s.seat) + (marks.length ? " — " + marks.join(", ") : "")));
    }
    if (table.spectators) list.append(el("li", "", t("spectators", { n: table.spectators })));
    const me = mine(), button = $("ready");
    button.hidden = !(table.ready_check && me) || Boolean(ui.closed);
    if (me) button.textContent = me.ready ? t("not_ready") : t("ready");
  }

  function renderGame() {
    const view = ui.view, game = gameOf(view);
    const left = secondsLeft();
    const timer = left === null ? [] : [el("p", "", t("deadline", { s: left }))];
    keep($("public"), [...game.table(view, names), ...timer]);
    // At night every seated phone shows the same cover, awake or not (timing and looks
    // are information); its person holds it to see and act.
    const night = Boolean(game.night && game.night(view)) && line.seat !== null;
    const covered = (ui.hidden || night) && !ui.peeking;
    $("cover").hidden = !covered;
    $("log").hidden = covered;
    $("secret").hidden = covered;
    keep($("private"), covered ? [] : game.secret(view, names));
    const away = Boolean(ui.closed) || lineDown() || Boolean(tableWait());  // nothing tapped would reach the table
    $("prompt").textContent = covered || away ? "" : game.prompt(view, ui.legal);
    const buttons = [];
    if (!covered && !away) {
      const act = action => { ui.pick = {}; send(action); };
      const own = game.actions ? game.actions(view, ui.legal, names, act, ui.pick, render) : null;
      if (own) buttons.push(...own);
      else buttons.push(...plainButtons(game, view, names, act));
      if (ui.hold && (ui.hold.waiting || []).includes(line.seat)) {
        const b = el("button", "act", t("act.continue"));
        b.type = "button";
        b.onclick = () => send({ type: "continue" });
        buttons.push(b);
      }
    }
    keep($("actions"), buttons);
    if (buttons.length && !ui.asking) bringIntoSight($("prompt"), $("actions"));
    if (night && !ui.wasNight && covered) bringIntoSight($("cover"), $("cover"));
    ui.asking = buttons.length > 0; ui.wasNight = night;
    const pad = $("notepad"), note = $("note");
    pad.hidden = covered || !game.notes || line.seat === null;
    if (!pad.hidden && document.activeElement !== note && !note.dataset.dirty) note.value = game.notes(view);
    $("talk").hidden = !view.chat_open && !(view.talk || []).length;
    const talks = view.chat_open && line.seat !== null && !lineDown() && !ui.closed;
    $("say").hidden = !talks;
    keep($("emotes"), (talks ? ["thumbs_up", "thinking", "suspicious", "laugh", "surprised", "sleepy"].map(e => {
      const b = el("button", "", t("emote." + e)); b.type = "button";
      b.onclick = () => send({ type: "emote", emote: e }); return b;
    }) : []));
    keep($("lines"), (view.talk || []).slice(-20).map(l =>
      el("li", "", `${names(l.seat)}: ${l.type === "chat" ? l.text : t("emote." + l.emote)}`)));
    keep($("log"), ui.log.map(text => el("li", "", text)));
  }

  /* A decision that comes up out of sight is brought into it, once, and so is the
     night's cover (every seated phone's alike, whoever is awake): on a phone held
     sideways the question and its buttons, or the cover to hold at one's hour, stood
     below the fold, under the seats and the clock, and the time ran out unseen. The
     page moves only when one comes, never against the person's own scrolling later. A
     finger holding the cover holds on wherever the page moves (its lift anywhere brings
     the cover back), and what moved takes no tap for STEADY_MS, as anything that moves
     does. */
  function bringIntoSight(first, last) {
    const top = first.getBoundingClientRect().top - 8;
    const bottom = last.getBoundingClientRect().bottom + 8;
    if (top >= 0 && bottom <= innerHeight) return;
    window.scrollBy(0, bottom - top <= innerHeight ? bottom - innerHeight : top);
  }

  /* One button per decision; decisions that read the same are the same to the person
     (two cards of one kind), so only the first of them is offered. */
  function plainButtons(game, view, names, act) {
    const seen = new Set(), out = [];
    for (const action of ui.legal) {
      const words = game.label(action, view, names);
      if (seen.has(words)) continue;
      seen.add(words);
      out.push(button(words, () => act(action), "act"));
    }
    return out;
  }

  function start(spectator) {
    const name = $("name").value.trim();
    localStorage.setItem("ck.name", name);
    line.name = name; line.spectator = spectator;
    if (!$("secret-word").hidden) {
      line.password = $("password").value;
      sessionStorage.setItem("ck.pw." + Wire.z85(line.host), line.password);
    }
    $("join").hidden = true; $("refused").hidden = true; ui.refusal = null;
    line.stopped = false;  // (after a refusal: this is the person's new try)
    line.connect();
  }

  function wake() {
    if (navigator.wakeLock && document.visibilityState === "visible") {
      navigator.wakeLock.request("screen").catch(() => { /* not allowed here */ });
    }
  }

  function boot() {
    steadyHands();
    $("lang").onclick = () => { LANG = LANG === "ja" ? "en" : "ja"; localStorage.setItem("ck.lang", LANG); translate(); };
    $("hide").onclick = () => { ui.hidden = !ui.hidden; translate(); };
    const peek = $("peek");
    let holder = null;  // the finger that holds the cover; another one may tap a button
    const show = on => { ui.peeking = on; render(); };
    peek.addEventListener("pointerdown", e => { e.preventDefault(); holder = e.pointerId; show(true); });
    for (const ev of ["pointerup", "pointercancel"]) {
      // the secrets go away with that finger; the cover comes back under it
      document.addEventListener(ev, e => { if (ui.peeking && e.pointerId === holder) { holder = null; show(false); } });
    }
    $("sit").onclick = () => start(false);
    for (const field of ["name", "password"]) {  // a phone keyboard's Go (Enter) sits too
      $(field).addEventListener("keydown", ev => {
        if (ev.key === "Enter" && !$("join").hidden) { ev.preventDefault(); start(false); }
      });
    }
    $("watch").onclick = () => start(true);
    $("again").onclick = joinAgain;
    $("ready").onclick = () => { const me = mine(); if (me) line.ready(!me.ready); };
    $("note").oninput = () => { $("note").dataset.dirty = "1"; };
    $("save-note").onclick = () => {
      send({ type: "note", text: $("note").value });
      delete $("note").dataset.dirty;
    };
    $("say").onsubmit = ev => {
      ev.preventDefault();
      const text = $("text").value.trim();
      if (text) send({ type: "chat", text: text });
      $("text").value = "";
    };
    translate();
    const key = Wire.hostKey(location.hash);
    if (!key) { refuse("no_key"); return; }
    $("fp").textContent = t("key", { fp: Wire.fingerprint(key) });
    line = new Wire.Line(key, {
      message: onMessage,
      refused: refuse,
      state: s => { line.state = s; render(); },
    });
    $("name").value = line.name;
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState !== "visible" || line.stopped) return;
      wake();
      if (!line.ws || line.ws.readyState !== 1) line.connect(); else line.askSnapshot();
    });
    setInterval(() => {
      if (ui.deadline || ui.moveRefused || tableWait() || (line.welcome && lineDown())) render();
    }, 1000);
    wake();
    if (line.token) line.connect(); else $("join").hidden = false;
  }
  boot();
})();
