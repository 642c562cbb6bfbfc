"use strict";
// Table talk (server/chat.py): the messages of a game's table on its page and in its replay. A message is
// plain text and is only ever shown as text (text nodes, never markup). Each page may mute a seat (or the
// spectators): kept in this browser's local storage, for this game only.
window.talewoodChat = (() => {
  const $ = (sel) => document.querySelector(sel);
  function el(tag, attrs = {}, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) {
      if (k === "text") e.textContent = v; else if (k === "class") e.className = v; else e.setAttribute(k, v);
    }
    for (const c of children) if (c !== null && c !== undefined) e.append(c);
    return e;
  }
  const messages = new Map();      // id -> message
  let gameId = null, token = null, seat = null, noun = "Player", seats = [], mayTalk = false, spectators = false;
  let maxText = 300, upTo = null, sendFn = null, lastSent = "", fetched = null;
  const muteKey = () => `talewood-mute:${gameId}`;
  function muted() {
    try { return new Set(JSON.parse(localStorage.getItem(muteKey()) || "[]")); } catch (e) { return new Set(); }
  }
  function setMuted(who, on) {
    const m = muted();
    if (on) m.add(who); else m.delete(who);
    try { localStorage.setItem(muteKey(), JSON.stringify([...m])); } catch (e) { /* private mode: this page only */ }
    draw();
  }
  const who = (m) => (m.seat === null ? "Spectator" : `${noun} ${m.seat + 1}`);
  const key = (m) => (m.seat === null ? "spectators" : String(m.seat));

  function mount(before, readOnly) {
    if ($("#chat-card")) return;
    const card = el("section", { class: "card", id: "chat-card" }, el("h2", { text: "Table talk" }),
      el("ol", { id: "chat-log", "aria-live": "polite" }), el("p", { id: "chat-hidden", class: "option-help" }));
    if (!readOnly) {
      const input = el("input", { id: "chat-text", type: "text", maxlength: String(maxText), autocomplete: "off",
        "aria-label": "Your message to the table", placeholder: "Say something to the table" });
      const form = el("form", { id: "chat-form" }, input, el("button", { id: "chat-send", type: "submit", text: "Send" }));
      form.onsubmit = (ev) => { ev.preventDefault(); say(input.value); };
      card.append(form, el("p", { id: "chat-note", class: "option-help" }), el("p", { id: "chat-error", class: "error" }),
        el("details", { id: "chat-mute" }, el("summary", { text: "Mute someone" }), el("div", { id: "chat-mute-list" })));
    }
    before.before(card);
  }

  function say(text) {
    if (!text.trim() || !sendFn) return;
    $("#chat-error").textContent = "";
    lastSent = text;
    if (sendFn({ type: "chat", text })) $("#chat-text").value = "";
    else $("#chat-error").textContent = "Not connected: your message was not sent. Try again in a moment.";
  }

  function draw() {
    const list = $("#chat-log");
    if (!list) return;
    const m = muted();
    let hidden = 0;
    list.replaceChildren();
    for (const msg of [...messages.values()].sort((a, b) => a.id - b.id)) {
      if (upTo !== null && msg.step > upTo) continue;
      if (m.has(key(msg))) { hidden += 1; continue; }
      const li = el("li", {}, el("span", { class: "chat-who", text: `${who(msg)}${msg.seat !== null && msg.seat === seat ? " (you)" : ""}: ` }),
        el("span", { class: "chat-text", text: msg.text }));
      if (msg.seat !== null && msg.seat === seat) li.className = "mine";
      list.append(li);
    }
    if (!list.children.length && !hidden) list.append(el("li", { class: "chat-empty", text: upTo === null ? "Nobody has said anything yet." : "Nothing said yet at this point of the game." }));
    list.scrollTop = list.scrollHeight;
    $("#chat-hidden").textContent = hidden ? `${hidden} message${hidden === 1 ? "" : "s"} from muted people hidden.` : "";
    const form = $("#chat-form");
    if (form) {
      form.hidden = !mayTalk;
      $("#chat-note").textContent = mayTalk ? "" : "Only the players talk at this table: its creator did not let spectators talk.";
      const box = $("#chat-mute-list");
      box.replaceChildren();
      const others = seats.filter((s) => s.kind === "human" && s.seat !== seat).map((s) => [String(s.seat), `${noun} ${s.seat + 1}`]);
      if (spectators) others.push(["spectators", "Spectators"]);
      for (const [k, name] of others) {
        const check = el("input", { type: "checkbox", id: `mute-${k}` });
        check.checked = m.has(k);
        check.onchange = () => setMuted(k, check.checked);
        box.append(el("label", { class: "chat-mute" }, check, ` Mute ${name}`));
      }
      $("#chat-mute").hidden = !others.length;
    }
  }

  async function load() {
    const q = token ? `?token=${encodeURIComponent(token)}` : "";
    const r = await fetch(`/api/games/${encodeURIComponent(gameId)}/chat${q}`);
    if (!r.ok) return;
    const data = await r.json();
    mayTalk = data.may_talk; spectators = data.spectators; maxText = data.max_text;
    const input = $("#chat-text");
    if (input) input.maxLength = maxText;
    receive(data.messages);
  }

  // The game page: each state drawn (who sits where), and each (re)connection (messages missed meanwhile).
  function gamePage(p, pageToken, send) {
    gameId = p.id; noun = p.seat_noun || "Player"; seats = p.seats; sendFn = send;
    if (seat !== p.seat || token !== pageToken || fetched === null) {
      seat = p.seat; token = pageToken;
      mount($("#log").closest("section"), false);
      fetched = load();
    }
    draw();
  }
  function reconnected() { if (gameId !== null) fetched = load(); }
  function receive(list) {
    for (const m of list || []) messages.set(m.id, m);
    draw();
  }
  function refused(detail) {
    const box = $("#chat-error");
    if (box) box.textContent = detail;
    const input = $("#chat-text");
    if (input && !input.value) input.value = lastSent;      // the words are not lost
  }
  // The replay: the messages said up to the move shown, read-only.
  function replay(id, step, seatNoun) {
    noun = seatNoun || "Player"; upTo = step;
    if (gameId !== id) {
      gameId = id;
      mount($("#log").closest("section"), true);
      load();
    }
    draw();
  }
  return { gamePage, reconnected, receive, refused, replay };
})();
