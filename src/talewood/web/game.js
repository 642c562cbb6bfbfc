"use strict";
// The generic game page: it knows no game. It shows the server's SVG for this seat, the prompt,
// the legal actions as buttons, the log, and sends the chosen action id over a WebSocket.
const $ = (sel) => document.querySelector(sel);
const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
// The link's tokens, one `token` parameter per person: `#token=a,b` is one person playing two seats,
// `#token=a&token=b` two people sharing this device (the hot seat).
function readPeople() {
  const people = [];
  const hash = new URLSearchParams(location.hash.slice(1));
  const query = new URLSearchParams(location.search);
  for (const params of [hash, query]) {
    for (const v of params.getAll("token")) {
      const mine = v.split(",").filter(Boolean);
      if (mine.length) people.push(mine);
    }
  }
  return people.length ? people : [[null]];
}
const people = readPeople();
const tokens = people.flat();
const personOf = new Map(people.flatMap((mine, i) => mine.map((t) => [t, i])));
const sockets = new Map();   // token -> {ws, payload}
let shownToken = null;       // the seat whose view is on screen
let confirmedPerson = null;  // hot seat: the person who said "I am ready"
let drawn = null;            // the payload on screen and who was thinking then
window.talewood = { frames: 0, lastVersion: -1, endsDrawn: 0 };
const board = window.talewoodTable.viewer(document.querySelector(".board-wrap"));
let shownSvg = null;         // the board on screen
const PANEL_LIMIT = 12;      // buttons the panel shows before it folds its largest groups away

// a seat as the game names it ("Player 2", "Hero 2"), counted from 1
let seatNoun = "Player";
function seatName(s) { return `${seatNoun} ${s + 1}`; }

// Why the server closed the socket for good (its close codes, see docs/web.md): said plainly, never retried.
const REFUSALS = {
  4404: "This game does not exist: check the link you were given.",
  4403: "This link is not valid: its secret does not match any seat of this game.",
  4410: "This game is damaged and cannot be loaded. The server's operator has been told.",
  4401: "This link no longer works: the game's creator renewed it. Ask them for the new one.",
};

function connect(token) {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const entry = sockets.get(token) || { payload: null, retry: 500 };
  sockets.set(token, entry);
  // the token travels in the first message, never in the address (which proxies may log)
  const ws = new WebSocket(`${proto}://${location.host}/ws/games/${encodeURIComponent(gameId)}`);
  entry.ws = ws;
  ws.onopen = () => {
    entry.retry = 500;
    ws.send(JSON.stringify({ type: "hello", token, patches: true }));
    window.talewoodChat.reconnected();      // what was said while this page was away
  };
  ws.onmessage = (ev) => {
    let msg = JSON.parse(ev.data);
    window.talewood.frames += 1;
    if (msg.type === "patch") {
      // out of step with the server: start again from the whole state
      if (!entry.payload || entry.payload.revision !== msg.from) { ws.close(); return; }
      msg = applyPatch(entry.payload, msg);
    }
    if (msg.type === "state" && !entry.payload && msg.seat !== null) window.talewoodLinks.remember(gameId, token);
    if (msg.type === "state") { entry.payload = msg; entry.thinking = msg.thinking; choose(); }
    else if (msg.type === "thinking") { if (entry.payload) entry.payload.thinking = msg.seat; choose(); }
    else if (msg.type === "chat") window.talewoodChat.receive(msg.messages);
    else if (msg.type === "rematch") window.talewoodRematch.receive(token, msg);
    else if (msg.type === "error" && msg.about === "chat") window.talewoodChat.refused(msg.detail);
    else if (msg.type === "error" && msg.about === "rematch") window.talewoodRematch.refused(msg.detail);
    else if (msg.type === "error") { $("#error").textContent = msg.detail; setBusy(false); }
    else if (msg.type === "notice") { $("#error").textContent = msg.text; }
  };
  ws.onclose = async (ev) => {
    // a table whose seats are not all taken yet: its page waits for the game to start
    if (ev.code === 4404 && (await fetch(`/api/tables/${encodeURIComponent(gameId)}`)).ok) {
      location.replace(`/tables/${encodeURIComponent(gameId)}${location.hash}`);
      return;
    }
    if (ev.code >= 4000 && ev.code < 5000) {
      const text = REFUSALS[ev.code] || ev.reason || "The server refused this page.";
      $("#status").textContent = text;
      $("#status").dataset.refused = String(ev.code);
      $("#error").textContent = text;
      return;
    }
    $("#status").textContent = "reconnecting…";
    setTimeout(() => connect(token), entry.retry);
    entry.retry = Math.min(entry.retry * 2, 4000);
  };
}

// A patch turns the state this page holds into the next one, by operations on paths (docs/web.md):
// set, del, add (items appended to a list) and cut (the board: pieces of its SVG, cut at each "><",
// replaced from the last change to the first). The containers on a path are copied, not changed.
function applyPatch(old, m) {
  const p = { ...old, type: "state", revision: m.revision };
  for (const [op, path, value] of m.ops) {
    let node = p;
    for (const key of path.slice(0, -1)) {
      node[key] = Array.isArray(node[key]) ? node[key].slice() : { ...node[key] };
      node = node[key];
    }
    const last = path[path.length - 1];
    if (op === "set") node[last] = value;
    else if (op === "del") delete node[last];
    else if (op === "add") node[last] = node[last].concat(value);
    else if (op === "cut") {
      const pieces = node[last].split("><");
      for (const [i, j, add] of value) pieces.splice(i, j - i, ...add);
      node[last] = pieces.join("><");
    }
  }
  return p;
}

function choose() {
  // Show the human seat whose turn it is, otherwise keep what is on screen. Only the latest state
  // counts: each seat's socket hears of a move in its own time, and one that has not heard yet still
  // thinks it is to play.
  const payloads = [...sockets.values()].map((e) => e.payload).filter(Boolean);
  const latest = Math.max(-1, ...payloads.map((q) => q.version));
  let pick = null;
  for (const [token, entry] of sockets) {
    const p = entry.payload;
    if (p && p.version === latest && p.seat !== null && p.current_player === p.seat && !p.over) pick = token;
  }
  if (pick === null) {
    const now = payloads.find((q) => q.version === latest);
    // the seat to play is one of ours whose news is on its way: keep the screen until it comes
    if (now && !now.over && payloads.some((q) => q.seat === now.current_player && q.version < latest)) return;
    pick = shownToken !== null && sockets.has(shownToken) ? shownToken : [...sockets.keys()][0];
  }
  const p = sockets.get(pick).payload;
  if (!p) return;
  if (p.seat_noun) seatNoun = p.seat_noun;
  // the device changes hands only between people: one person's own seats follow each other freely
  const person = personOf.get(pick);
  if (people.length > 1 && p.seat !== null && person !== confirmedPerson && !p.over) {
    // name every seat of that person: wait until each of their sockets has said which seat it is
    if (people[person].some((t) => !(sockets.get(t) && sockets.get(t).payload))) return;
    shownToken = pick;
    window.talewood.lastVersion = p.version;
    hideSeat();
    const theirs = people[person].map((t) => sockets.get(t) && sockets.get(t).payload).filter(Boolean).map((q) => q.seat);
    const seats = [...new Set([p.seat, ...theirs])];
    $("#overlay-text").textContent = seats.length > 1 ? `Pass the device to the person playing ${listSeats(seats)}`
      : `Pass the device to ${seatName(p.seat)}`;
    $("#overlay").style.display = "flex";
    $("#overlay-button").onclick = () => { confirmedPerson = person; $("#overlay").style.display = "none"; draw(pick); };
    return;
  }
  // another seat's socket hearing of a move already shown changes nothing here: redrawing would
  // close an open card text and swap the board under a finger
  if (pick === shownToken && drawn && drawn.payload === p && drawn.thinking === p.thinking) return;
  shownToken = pick;
  draw(pick);
}

function listSeats(seats) {
  const names = [...new Set(seats)].sort((a, b) => a - b).map(seatName);
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}` : names[0];
}

// Hot seat: before the device changes hands, nothing of the last player's turn stays on the page —
// their board, choices, prompt, and above all their private log lines.
function hideSeat() {
  for (const sel of ["#board", "#actions", "#prompt", "#log", "#scores", "#error"]) $(sel).replaceChildren();
  $("#scores-card").hidden = true;
  $("#undo").hidden = true;
  const learn = document.getElementById("learn-card");
  if (learn) learn.hidden = true;       // the last person's hint is theirs alone
  drawn = null;
  $("#seat-name").textContent = "";
  $("#status").textContent = "Passing the device…";
  $("#status").dataset.turn = "";
}

function setBusy(busy) { for (const b of document.querySelectorAll("#actions button, #undo")) b.disabled = busy; }

function send(message) {
  const entry = sockets.get(shownToken);
  if (!entry || !entry.ws || entry.ws.readyState !== WebSocket.OPEN) return;
  $("#error").textContent = "";
  setBusy(true);
  entry.ws.send(JSON.stringify({ ...message, version: entry.payload.version }));
}

// A message that is not a move (table talk, an answer to "Play again"), on the socket of `token`'s seat.
function sendAs(token, message) {
  const entry = sockets.get(token);
  if (!entry || !entry.ws || entry.ws.readyState !== WebSocket.OPEN) return false;
  entry.ws.send(JSON.stringify(message));
  return true;
}

function draw(token) {
  const p = sockets.get(token).payload;
  drawn = { payload: p, thinking: p.thinking };
  window.talewood.lastVersion = p.version;
  window.talewood.payload = p;
  if (p.over) window.talewood.endsDrawn += 1;
  const kinds = p.seats.map((s) => s.kind);
  const mine = p.current_player === p.seat && !p.over && p.seat !== null;
  turnCues(p, mine);
  $("#title").textContent = p.name;
  $("#seat-name").textContent = p.seat === null ? "spectating" : `you are ${seatName(p.seat)}`;
  let status;
  if (p.over) status = "The game is over";
  else if (mine) status = "Your turn";
  else status = `Waiting for ${waitingFor(p, kinds)}`;
  if (p.error) status += ` — ${p.error}`;
  const st = $("#status");
  st.textContent = status;
  st.className = "status" + (p.thinking !== null && p.thinking !== undefined ? " thinking" : "") + (mine ? " yours" : "");
  st.dataset.turn = mine ? "yours" : "";
  // the same board (only who is here changed) stays as it is: an open card text stays open
  if (p.svg !== shownSvg || !$("#board").firstChild) {
    window.talewoodInfo.hide();        // its choices belonged to the last state
    board.show(p.svg);
    shownSvg = p.svg;
  }
  $("#prompt").textContent = p.over ? "The game is over." : p.prompt;
  // at the end the final scores say it all: no empty card of choices above them
  $("#turn-card").hidden = p.over && !p.actions.length && !(p.undo > 0);
  drawChoices(p);
  drawSeatNotes(p, kinds);
  const undo = $("#undo");
  undo.hidden = !(p.undo > 0);
  undo.textContent = p.undo > 1 ? `↶ Undo (${p.undo} decisions)` : "↶ Undo";
  undo.onclick = () => send({ type: "undo" });
  const log = $("#log");
  log.replaceChildren();
  for (const e of p.log) {
    const li = document.createElement("li");
    li.textContent = e.text;
    if (e.to !== null) li.className = "private";
    log.append(li);
  }
  log.scrollTop = log.scrollHeight;
  const scores = $("#scores-card");
  scores.hidden = !p.result;
  if (p.result) {
    window.talewoodTable.drawScoreSheet($("#scores"), p.score_sheet || { verdict: p.verdict || "", rows: [] }, p.result,
      seatName);
    $("#replay-link").href = `/replays/${encodeURIComponent(p.id)}`;
  }
  setBusy(false);
  window.talewoodLearn.gamePage(p, token, board);
  window.talewoodChat.gamePage(p, token, (message) => sendAs(shownToken, message));
  const seats = new Map([...sockets].map(([t, e]) => [t, e.payload ? e.payload.seat : null]));
  window.talewoodRematch.gamePage(p, people, seats, sendAs);
  if (p.over) endReview(p);
}

// The bots' review under the final scores, computed once the game is over (and kept by the server).
let reviewed = null;
function endReview(p) {
  if (reviewed === p.id) return;
  reviewed = p.id;
  let box = document.getElementById("review-card");
  if (!box) {
    // under the table, where its chart has room; the final scores point to it
    box = document.createElement("section");
    box.className = "card review-layout";
    box.id = "review-card";
    document.querySelector("main").append(box);
    const link = document.createElement("a");
    link.href = "#review-card";
    link.id = "review-link";
    link.textContent = "The bots' review of this game";
    const para = document.createElement("p");
    para.append(link);
    $("#replay-link").parentElement.after(para);
  }
  window.talewoodLearn.review(box, p.id);
}

// A note under the actions (created here, so the page's layout needs no change).
function note(id) {
  let box = document.getElementById(id);
  if (!box) {
    box = document.createElement("div");
    box.id = id;
    box.className = "notes";
    $("#error").after(box);
  }
  return box;
}

let goneTimer = null;
// when the others may call the seat to play gone: now once its turn time has run out, else a while
// after its player's last page closed; null while a page of theirs is open
function goneFrom(p, seat) {
  if (p.deadline && new Date(p.deadline) <= Date.now()) return new Date();
  if (!seat.away_since) return null;
  return new Date(new Date(seat.away_since).getTime() + p.gone_after * 1000);
}
function span(seconds) {
  const s = Math.round(seconds);
  const [n, unit] = [[86400, "day"], [3600, "hour"], [60, "minute"], [1, "second"]]
    .map(([size, name]) => [s / size, name]).find(([k]) => s > 0 && Number.isInteger(k)) || [s, "second"];
  return `${n} ${unit}${n === 1 ? "" : "s"}`;
}

function drawSeatNotes(p, kinds) {
  clearTimeout(goneTimer);
  const box = note("seat-notes");
  box.replaceChildren();
  const line = (text, id) => { const e = document.createElement("p"); e.textContent = text; if (id) e.id = id; box.append(e); return e; };
  if (p.prearranged) {
    line("Prearranged deal: this game's creator chose its seed, so they may know every hidden card.", "prearranged");
  }
  const humans = p.seats.filter((s) => s.kind === "human");
  for (const s of p.seats) {
    if (!s.standin) continue;
    if (s.seat === p.seat) {
      line(`You were away: a ${s.standin} bot plays for you.`, "standin-self");
      const b = document.createElement("button");
      b.id = "reclaim";
      b.textContent = "Take my seat back";
      b.onclick = () => send({ type: "reclaim" });
      box.append(b);
    } else {
      line(`${seatName(s.seat)} is away: a ${s.standin} bot plays for them until they come back.`).className = "standin";
    }
  }
  if (p.over) return;
  const cur = p.current_player;
  const curSeat = cur === null ? null : p.seats[cur];
  if (curSeat && curSeat.kind === "human" && !curSeat.standin) {
    if (p.deadline) {
      const e = line("", "deadline");
      e.dataset.deadline = p.deadline;
      e.dataset.who = cur === p.seat ? "You have" : `${seatName(cur)} has`;
      e.dataset.then = cur === p.seat ? `then a ${p.standin_kind} bot plays for you` : `then a ${p.standin_kind} bot plays for them`;
      tick();
    }
    const me = p.seat === null ? null : p.seats[p.seat];
    if (me && cur !== p.seat && me.kind === "human" && !me.standin) {
      // never the moment a turn starts: only once the turn time has run out, or after a while away
      const from = goneFrom(p, curSeat);
      const rule = `A player can be called gone once their turn time has run out or after ${span(p.gone_after)} without a page of the game open.`;
      if (from === null) { line(`${seatName(cur)} has the game open. ${rule}`, "gone-rule"); return; }
      if (from > Date.now()) {
        line(`${seatName(cur)} has no page of the game open: you may call them gone from ${from.toLocaleTimeString()}. ${rule}`, "gone-rule");
        goneTimer = setTimeout(() => drawSeatNotes(p, kinds), from - Date.now() + 500);
        return;
      }
      const needed = humans.filter((s) => s.seat !== cur && !s.standin).length;
      const agreed = curSeat.gone_votes.length;
      const mine = curSeat.gone_votes.includes(p.seat);
      const b = document.createElement("button");
      b.id = "gone-vote";
      b.disabled = mine;
      b.textContent = mine ? `You agreed ${seatName(cur)} is gone (${agreed} of ${needed})`
        : `${seatName(cur)} is gone? Let a ${p.standin_kind} bot play for them (${agreed} of ${needed} agree)`;
      b.onclick = () => send({ type: "gone", seat: cur });
      box.append(b);
    }
  }
}

// The board: a piece's text on hover or tap (info.js); a click plays, a tap first asks.
window.talewoodInfo.attach($("#board"), {
  labelOf: (id) => {
    const entry = sockets.get(shownToken);
    const a = entry && entry.payload ? entry.payload.actions.find((x) => x.id === id) : null;
    return a ? a.label : null;
  },
  act: (id) => send({ type: "action", action: id }),
});
for (const t of tokens) connect(t);


// Who the table waits for, in words: "Player 3 (bot thinking…)", "Player 2", "Player 3 (greedy bot)".
function waitingFor(p, kinds) {
  const cur = p.current_player;
  const seat = p.seats[cur];
  if (p.thinking !== null && p.thinking !== undefined && p.thinking === cur) {
    return `${seatName(cur)} (${seat && seat.standin ? `${seat.standin} bot for them` : "bot"} thinking…)`;
  }
  if (seat && seat.standin) return `${seatName(cur)} (a ${seat.standin} bot plays for them)`;
  return kinds[cur] && kinds[cur] !== "human" ? `${seatName(cur)} (${kinds[cur]} bot)` : seatName(cur);
}

// The panel of choices: the pass/none/done kind first, then every choice the board does not offer,
// under its heading; a choice that plays or picks a card shows the card's words. When more than
// PANEL_LIMIT buttons would show, the largest groups fold away behind their heading. Every choice,
// those on the board too, is also in a folded list at the bottom (keyboards, screen readers).
function drawChoices(p) {
  const box = $("#actions");
  box.replaceChildren();
  const onBoard = new Set([...document.querySelectorAll("#board [data-action]")].map((e) => +e.dataset.action));
  const first = p.actions.filter((a) => a.first);
  const rest = p.actions.filter((a) => !a.first && !onBoard.has(a.id));
  const groups = new Map();
  for (const a of rest) {
    const key = a.group || "";
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(a);
  }
  // fold the largest groups (never the first choices) until at most PANEL_LIMIT buttons show
  let shown = first.length + rest.length;
  const folded = new Set();
  for (const [key, list] of [...groups].sort((a, b) => b[1].length - a[1].length)) {
    if (shown <= PANEL_LIMIT) break;
    folded.add(key);
    shown -= list.length - 1;
  }
  if (onBoard.size && p.actions.length) {
    const hint = document.createElement("p");
    hint.className = "board-hint";
    hint.textContent = rest.length || first.length ? "Choose on the board (the ringed pieces) or here:"
      : "Choose on the board: the ringed pieces.";
    box.append(hint);
  }
  for (const a of first) box.append(choiceButton(a));
  for (const [key, list] of groups) {
    let holder = box;
    if (folded.has(key)) {
      const details = document.createElement("details");
      details.className = "choice-group";
      const summary = document.createElement("summary");
      summary.textContent = `${key || "More choices"} (${list.length})`;
      details.append(summary);
      box.append(details);
      holder = details;
    } else if (key) {
      const h = document.createElement("h3");
      h.className = "choice-heading";
      h.textContent = key;
      box.append(h);
    }
    for (const a of list) holder.append(choiceButton(a));
  }
  if (onBoard.size && p.actions.length) {
    const all = document.createElement("details");
    all.className = "choice-group all-choices";
    const summary = document.createElement("summary");
    summary.textContent = `Every choice as a list (${p.actions.length})`;
    all.append(summary);
    // its buttons are made when it is first opened: most moves never open it
    all.addEventListener("toggle", () => {
      if (all.open && all.children.length === 1) for (const a of p.actions) all.append(choiceButton(a));
    });
    box.append(all);
  }
}

function choiceButton(a) {
  const b = document.createElement("button");
  b.dataset.actionId = a.id;
  if (a.first) b.className = "first";
  b.append(window.talewoodTable.span("choice-label", a.label));
  if (a.detail) b.append(window.talewoodTable.span("choice-detail", a.detail));
  b.onclick = () => send({ type: "action", action: a.id });
  return b;
}

// Your turn, unmissable: the tab's title and icon change, and a sound plays if the player turned it on.
let wasMine = false;
const SOUND_KEY = "talewood.sound";
function turnCues(p, mine) {
  document.title = `${mine ? "● Your turn — " : ""}${p.name} — Talewood`;
  const icon = document.getElementById("favicon");
  if (icon) icon.href = mine ? "/static/favicon-turn.svg" : "/static/favicon.svg";
  if (mine && !wasMine && localStorage.getItem(SOUND_KEY) === "on") chime();
  wasMine = mine;
}
let audio = null;
function chime() {
  try {
    audio = audio || new AudioContext();
    const now = audio.currentTime;
    for (const [k, freq] of [[0, 660], [1, 880]]) {
      const osc = audio.createOscillator(), gain = audio.createGain();
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, now + k * 0.18);
      gain.gain.exponentialRampToValueAtTime(0.2, now + k * 0.18 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + k * 0.18 + 0.16);
      osc.connect(gain).connect(audio.destination);
      osc.start(now + k * 0.18);
      osc.stop(now + k * 0.18 + 0.17);
    }
  } catch (e) { /* no sound on this device */ }
}
const sound = $("#sound");
sound.checked = localStorage.getItem(SOUND_KEY) === "on";
sound.addEventListener("change", () => {
  localStorage.setItem(SOUND_KEY, sound.checked ? "on" : "off");
  if (sound.checked) chime();          // a first sound, started by the player's own tap
});

// The turn limit as a countdown: "Player 2 has 4:32 left to play; then a greedy bot plays for them."
function clock(ms) {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const d = Math.floor(total / 86400), h = Math.floor((total % 86400) / 3600), m = Math.floor((total % 3600) / 60);
  const sec = total % 60;
  const two = (n) => String(n).padStart(2, "0");
  // a turn-based game's clock: "2 days 3:04:05"
  if (d) return `${d} day${d === 1 ? "" : "s"} ${h}:${two(m)}:${two(sec)}`;
  return h ? `${h}:${two(m)}:${two(sec)}` : `${m}:${two(sec)}`;
}
function tick() {
  const e = document.getElementById("deadline");
  if (!e || !e.dataset.deadline) return;
  const left = new Date(e.dataset.deadline).getTime() - Date.now();
  e.textContent = left > 0 ? `${e.dataset.who} ${clock(left)} left to play; ${e.dataset.then}.`
    : `Time is up: ${e.dataset.then}.`;
  e.classList.toggle("hurry", left > 0 && left < 30000);
}
setInterval(tick, 1000);
