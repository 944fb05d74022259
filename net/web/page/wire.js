"use strict";
/* The line to the table: the key from the fragment, NaCl boxes, and the peer's side of
   the protocol (docs/PROTOCOL.md), as net/peer.py speaks it: join with the token,
   heartbeats, sequence numbers, snapshots, the table talk window. */
const Wire = (() => {
  const Z85 = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-:+=^!/*?&<>()[]{}@%$#";
  const FATAL = ["bad_password", "table_full", "bad_token", "token_in_use", "bad_version", "bad_name"];
  const QUIET = 4000;
  /* A try that found no table (its socket closed) is made again a second later, not after
     QUIET: a table opened again (``host --resume``) has its phones back within a second,
     and *Join again* can say soon that the table is not open yet. */
  const RETRY = 1000;

  function z85(bytes) {
    let out = "";
    for (let i = 0; i < bytes.length; i += 4) {
      let v = ((bytes[i] << 24) >>> 0) + (bytes[i + 1] << 16) + (bytes[i + 2] << 8) + bytes[i + 3];
      const chunk = [];
      for (let j = 0; j < 5; j++) { chunk.unshift(Z85[v % 85]); v = Math.floor(v / 85); }
      out += chunk.join("");
    }
    return out;
  }

  function sha256hex(text) {  // (SubtleCrypto needs https; a LAN page has plain http)
    const K = [], H = [];
    const frac = x => ((x - Math.floor(x)) * 4294967296) >>> 0;
    for (let n = 2, found = 0; found < 64; n++) {
      let prime = true;
      for (let d = 2; d * d <= n; d++) if (n % d === 0) { prime = false; break; }
      if (!prime) continue;
      if (found < 8) H.push(frac(Math.sqrt(n)));
      K.push(frac(Math.cbrt(n))); found++;
    }
    const bytes = Array.from(new TextEncoder().encode(text));
    const bits = bytes.length * 8;
    bytes.push(0x80);
    while (bytes.length % 64 !== 56) bytes.push(0);
    for (let i = 7; i >= 0; i--) bytes.push(i > 3 ? 0 : (bits >>> (i * 8)) & 255);
    const rot = (x, n) => (x >>> n) | (x << (32 - n));
    for (let o = 0; o < bytes.length; o += 64) {
      const w = [];
      for (let i = 0; i < 64; i++) {
        if (i < 16) w[i] = (bytes[o + 4 * i] << 24) | (bytes[o + 4 * i + 1] << 16) | (bytes[o + 4 * i + 2] << 8) | bytes[o + 4 * i + 3];
        else {
          const s0 = rot(w[i - 15], 7) ^ rot(w[i - 15], 18) ^ (w[i - 15] >>> 3);
          const s1 = rot(w[i - 2], 17) ^ rot(w[i - 2], 19) ^ (w[i - 2] >>> 10);
          w[i] = (w[i - 16] + s0 + w[i - 7] + s1) | 0;
        }
      }
      let [a, b, c, d, e, f, g, h] = H;
      for (let i = 0; i < 64; i++) {
        const t1 = (h + (rot(e, 6) ^ rot(e, 11) ^ rot(e, 25)) + ((e & f) ^ (~e & g)) + K[i] + w[i]) | 0;
        const t2 = ((rot(a, 2) ^ rot(a, 13) ^ rot(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) | 0;
        h = g; g = f; f = e; e = (d + t1) | 0; d = c; c = b; b = a; a = (t1 + t2) | 0;
      }
      [a, b, c, d, e, f, g, h].forEach((x, i) => { H[i] = (H[i] + x) >>> 0; });
    }
    return H.map(x => x.toString(16).padStart(8, "0")).join("");
  }

  function fingerprint(key) {
    const hex = sha256hex(z85(key)).slice(0, 16).toUpperCase();
    return hex.match(/.{4}/g).join("-");
  }

  /* The table's key from the fragment (#k=base64url), or null when it is missing or
     not a key. */
  function hostKey(hash) {
    const found = /(?:^#|&)k=([A-Za-z0-9_-]{43})(?:&|$)/.exec(hash || "");
    if (!found) return null;
    try {
      const b64 = found[1].replace(/-/g, "+").replace(/_/g, "/") + "=";
      const raw = Uint8Array.from(atob(b64), ch => ch.charCodeAt(0));
      return raw.length === 32 ? raw : null;
    } catch (e) { return null; }
  }

  function b64(bytes) { return btoa(String.fromCharCode(...bytes)); }
  function unb64(text) { return Uint8Array.from(atob(text), ch => ch.charCodeAt(0)); }

  /* This browser's key pair, kept, so a reload is the same peer to the table. */
  function myKeys() {
    const kept = localStorage.getItem("ck.secret");
    if (kept) { try { return nacl.box.keyPair.fromSecretKey(unb64(kept)); } catch (e) { /* new */ } }
    const pair = nacl.box.keyPair();
    localStorage.setItem("ck.secret", b64(pair.secretKey));
    return pair;
  }

  function nonce(challenge, direction, counter) {
    const n = new Uint8Array(24);
    n.set(challenge, 0); n[16] = direction;
    for (let i = 23, c = counter; i >= 17; i--) { n[i] = c % 256; c = Math.floor(c / 256); }
    return n;
  }

  class Line {
    /* handlers: {message(m), refused(code, text), state(name)} */
    constructor(host, handlers) {
      this.host = host; this.h = handlers;
      this.keys = myKeys();
      this.shared = nacl.box.before(host, this.keys.secretKey);
      this.tokenKey = "ck.token." + z85(host);
      this.token = localStorage.getItem(this.tokenKey);
      this.name = localStorage.getItem("ck.name") || "";
      this.password = sessionStorage.getItem("ck.pw." + z85(host)) || "";  // (for every join: a rejoin too)
      this.spectator = false;
      this.seat = null; this.welcome = null; this.stopped = false;
      this.n = 0; this.lastSeq = -1; this.gameNo = 0; this.delivered = 0;
      this.awaitingSnapshot = true; this.window = []; this.askedAt = 0;
      this.lastHeard = Date.now(); this.ws = null;
      this.heard = Date.now();  // the table's last word (lastHeard restarts with each try)
      setInterval(() => this.tick(), 1000);
    }

    connect() {
      if (this.stopped) return;
      if (this.ws) { try { this.ws.close(); } catch (e) { /* gone */ } }
      const ws = new WebSocket(`ws://${location.host}/ws`);
      ws.binaryType = "arraybuffer";
      this.ws = ws; this.challenge = null; this.sent = 0; this.read = 0;
      this.lastHeard = Date.now();
      this.h.state("connecting");
      ws.onmessage = ev => this.receive(ws, new Uint8Array(ev.data));
      ws.onclose = ev => {
        if (ws !== this.ws) return;
        if (ev.code === 4001) { this.stop("wrong_key"); return; }
        this.h.state("lost");
      };
    }

    receive(ws, data) {
      if (ws !== this.ws) return;
      this.lastHeard = this.heard = Date.now();
      if (this.challenge === null) {
        this.challenge = data;
        this.out(this.joinMessage(), true);
        return;
      }
      const plain = nacl.secretbox.open(data, nonce(this.challenge, 1, this.read++), this.shared);
      if (!plain) { this.stop("wrong_key"); return; }
      const message = MessagePack.decode(plain);
      for (const m of this.handle(message)) this.h.message(m);
    }

    out(message, first) {
      const ws = this.ws;
      if (!ws || ws.readyState !== 1 || this.challenge === null) return;
      const sealed = nacl.secretbox(MessagePack.encode(message),
                                    nonce(this.challenge, 0, this.sent++), this.shared);
      if (first) {
        const hello = new Uint8Array(32 + sealed.length);
        hello.set(this.keys.publicKey, 0); hello.set(sealed, 32);
        ws.send(hello);
      } else ws.send(sealed);
    }

    joinMessage() {
      const m = { type: "join", v: 2, name: this.name };
      if (this.password) m.password = this.password;
      if (this.token) m.token = this.token;
      else if (this.spectator) m.spectator = true;
      return m;
    }

    send(action) { this.n += 1; this.out({ type: "action", n: this.n, action: action }); }
    ready(flag) { this.out({ type: "ready", ready: flag }); }
    askSnapshot() { if (this.welcome) this.out({ type: "snapshot" }); }

    stop(code) {
      this.stopped = true;
      if (this.ws) try { this.ws.close(); } catch (e) { /* gone */ }
      this.h.refused(code);
    }

    tick() {
      if (this.stopped || !this.ws) return;
      if (this.ws.readyState === 1) this.out({ type: "ping" });
      const wait = this.ws.readyState === WebSocket.CLOSED ? RETRY : QUIET;
      if (Date.now() - this.lastHeard > wait) this.connect();
    }

    handle(m) {
      const kind = m.type;
      if (kind === "welcome") {
        this.welcome = m; this.seat = m.seat ?? null;
        if (m.token) { this.token = m.token; localStorage.setItem(this.tokenKey, m.token); }
        this.lastSeq = -1; this.awaitingSnapshot = true;
        this.h.state("joined");
        return [m];
      }
      if (kind === "update") return this.update(m);
      if (kind === "error") {
        // the table forgot this line (its host came back): join again, but not after a
        // refusal, whose ping was answered so; that join would be refused again, and
        // the person would read it as a try of theirs
        if (m.code === "not_joined") { if (!this.stopped) this.out(this.joinMessage()); return []; }
        if (FATAL.includes(m.code) && !this.welcome) {
          if (m.code === "bad_token" && this.token) {  // an old table's token: start afresh
            localStorage.removeItem(this.tokenKey); this.token = null;
          }
          this.stopped = true; this.h.refused(m.code, m.message);
          return [];
        }
        return [m];
      }
      if (kind === "closed") { this.stopped = true; return [m]; }  // nothing to rejoin
      if (kind === "table") return [m];
      return [];
    }

    update(m) {
      const seq = m.seq, gameNo = m.game_no, events = m.events || [];
      if (!Number.isInteger(seq) || !Number.isInteger(gameNo)) return [];
      if (gameNo !== this.gameNo) { this.gameNo = gameNo; this.delivered = 0; }
      if (m.snapshot) {
        if (seq < this.lastSeq) return [];
        m.events = events.slice(this.delivered);
      } else {
        if (seq <= this.lastSeq) return [];
        if (this.awaitingSnapshot || seq !== this.lastSeq + 1 || m.first_event !== this.delivered) {
          if (Date.now() - this.askedAt > 1000) { this.askedAt = Date.now(); this.askSnapshot(); }
          return [];
        }
      }
      this.restoreTalk(m);
      this.awaitingSnapshot = false; this.lastSeq = seq;
      this.delivered += m.events.length;
      return [m];
    }

    restoreTalk(m) {  // net/talk.py: an update carries only the new lines
      const view = m.view, rule = m.talk;
      delete m.talk;
      if (!view || typeof view !== "object") return;
      if (Array.isArray(view.talk)) this.window = view.talk.slice();
      else if (Array.isArray(rule) && rule.length === 2) {
        const [kept, added] = rule;
        const lines = (m.events || []).filter(e => e && (e.type === "chat" || e.type === "emote"));
        const grown = this.window.concat(lines.slice(0, added));
        this.window = kept ? grown.slice(grown.length - kept) : [];
        view.talk = this.window.slice();
      }
    }
  }

  return { Line, QUIET, hostKey, fingerprint, sha256hex, z85 };
})();
