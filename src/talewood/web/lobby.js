"use strict";
// The lobby: create a game from the server's description of games, options and seat kinds; list games.
let META = null;
const $ = (sel) => document.querySelector(sel);
function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "text") e.textContent = v; else e.setAttribute(k, v);
  }
  for (const c of children) e.append(c);
  return e;
}
function currentGame() { return META.games.find((g) => g.id === $("#game").value); }

function drawPlayers() {
  const g = currentGame();
  const sel = $("#players");
  const keep = sel.value;
  sel.replaceChildren();
  for (let n = g.min_players; n <= g.max_players; n++) sel.append(el("option", { value: n, text: n }));
  sel.value = keep && +keep >= g.min_players && +keep <= g.max_players ? keep : Math.min(Math.max(2, g.min_players), g.max_players);
  drawSeats();
}
function drawSeats() {
  const n = +$("#players").value;
  const g = currentGame();
  const noun = g.seat_noun || "Player";
  const box = $("#seats");
  const old = [...box.querySelectorAll("select.kind")].map((s) => s.value);
  const oldPeople = [...box.querySelectorAll("select.person")].map((s) => s.value);
  box.replaceChildren();
  for (let i = 0; i < n; i++) {
    const s = el("select", { id: `seat-${i}`, "data-seat": i, class: "kind" });
    for (const k of META.seat_kinds) s.append(el("option", { value: k, text: k === "human" ? "human" : `bot: ${k}` }));
    s.append(el("option", { value: "open", text: "open seat (anyone may take it)" }));
    s.addEventListener("change", syncName);
    s.value = old[i] || (i === 0 ? "human" : (META.seat_kinds.includes("normal") ? "normal" : "greedy"));
    const label = el("label", {}, `${noun} ${i + 1} `, s);
    box.append(label);
    // a cooperative game: one person may play several seats (one link, no passing the device between them)
    if (g.cooperative) {
      const who = el("select", { id: `person-${i}`, class: "person", "aria-label": `who plays ${noun} ${i + 1}` });
      for (let k = 1; k <= n; k++) who.append(el("option", { value: k, text: `played by person ${k}` }));
      who.value = oldPeople[i] && +oldPeople[i] <= n ? oldPeople[i] : String(i + 1);
      const sync = () => { who.hidden = s.value !== "human"; };
      s.addEventListener("change", sync);
      sync();
      label.append(" ", who);
    }
  }
  syncName();
}
// a table with an open seat is listed for anyone: the name of the person at the first human seat shows there
function syncName() {
  const box = $("#name-box");
  if (box) box.hidden = ![...document.querySelectorAll("#seats select.kind")].some((x) => x.value === "open");
}
function drawOptions() {
  // each option by its title, with a line of explanation; the identifiers stay in ids and values
  const all = $("#options");
  all.replaceChildren();
  // rule variants (for those who study the game) fold away under their own heading
  let variants = null;
  for (const o of currentGame().options) {
    let box = all;
    if (o.variant) {
      if (!variants) {
        variants = el("details", { class: "variants", id: "variants" }, el("summary", { text: "Rule variants" }));
        all.append(variants);
      }
      box = variants;
    }
    const title = o.title || o.name;
    const sentence = o.help ? o.help.charAt(0).toUpperCase() + o.help.slice(1) + (/[.!?]$/.test(o.help) ? "" : ".") : "";
    const help = el("span", { class: "option-help", id: `opt-${o.name}-help`, text: sentence });
    let label;
    if (o.kind === "bool") {
      const input = el("input", { type: "checkbox", id: `opt-${o.name}`, "data-option": o.name, "aria-describedby": help.id });
      input.checked = !!o.default;
      label = el("label", { for: input.id }, input, el("span", { class: "option-title", text: title }));
    } else if (o.kind === "choice") {
      const input = el("select", { id: `opt-${o.name}`, "data-option": o.name, "aria-describedby": help.id });
      o.choices.forEach((c, i) => input.append(el("option", { value: c, text: (o.choice_labels || [])[i] || c })));
      if (o.default !== null) input.value = o.default;
      label = el("label", { for: input.id }, el("span", { class: "option-title", text: title }), input);
    } else {
      const input = el("input", { type: "number", id: `opt-${o.name}`, "data-option": o.name, value: o.default ?? "",
        "aria-describedby": help.id });
      if (o.minimum !== null) input.min = o.minimum;
      if (o.maximum !== null) input.max = o.maximum;
      label = el("label", { for: input.id }, el("span", { class: "option-title", text: title }), input);
    }
    box.append(el("div", { class: "option" }, label, help));
  }
}
async function createGame(ev) {
  ev.preventDefault();
  $("#create-error").textContent = "";
  const g = currentGame();
  const n = +$("#players").value;
  const seats = [...Array(n).keys()].map((i) => $(`#seat-${i}`).value);
  const options = {};
  for (const o of g.options) {
    const input = $(`#opt-${o.name}`);
    if (o.kind === "bool") options[o.name] = input.checked;
    else if (o.kind === "int") { if (input.value !== "") options[o.name] = +input.value; }
    else options[o.name] = input.value;
  }
  const body = { game: g.id, players: n, seats, options, standin: $("#standin").value };
  const first = seats.indexOf("human");
  if (seats.includes("open") && first >= 0 && $("#my-name").value.trim()) {
    body.names = seats.map((k, i) => (i === first ? $("#my-name").value : null));
  }
  if ($("#turn-limit").value !== "") {
    body.turn_limit = +$("#turn-limit").value;
    body.hints = $("#hints").checked;
  }
  if ($("#seed").value !== "") body.seed = +$("#seed").value;
  if ($("#spectator-chat").checked) body.spectator_chat = true;
  const r = await fetch("/api/games", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const data = await r.json();
  if (!r.ok) {
    $("#create-error").textContent = typeof data.detail === "string" ? data.detail : JSON.stringify(data.detail);
    return;
  }
  window.talewoodLinks.remember(data.id, data.creator_token, "creator");
  const links = $("#links");
  links.replaceChildren();
  const noun = g.seat_noun || "Player";
  // the people at the table, each with the seats they play: every human seat its own person, unless
  // a cooperative game's lobby gave one person several
  const groups = new Map();
  for (const s of data.seats) {
    if (!s.url) continue;
    const person = g.cooperative ? +$(`#person-${s.seat}`).value : s.seat + 1;
    if (!groups.has(person)) groups.set(person, []);
    groups.get(person).push(s);
  }
  const people = [...groups.values()];
  const page = data.spectator_url;
  const names = (seats) => {
    const ns = seats.map((s) => `${noun} ${s.seat + 1}`);
    return ns.length > 1 ? `${ns.slice(0, -1).join(", ")} and ${ns[ns.length - 1]}` : ns[0];
  };
  // one `token` parameter per person, their seats' tokens joined by commas
  const param = (mine) => `token=${mine.map((s) => s.token).join(",")}`;
  const urlOf = (mine) => (mine.length === 1 ? mine[0].url : `${page}#${param(mine)}`);
  for (const mine of people) {
    const url = urlOf(mine);
    const who = mine.length === 1 ? `${names(mine)} (human) ` : `One person playing ${names(mine)} `;
    links.append(el("p", {}, el("strong", { text: who }),
      el("a", { href: url, class: "seat-link", "data-seat": mine[0].seat, text: mine.length === 1 ? "open this seat" : "open these seats" }),
      el("input", { readonly: "", value: url })));
  }
  for (const s of data.seats) {
    if (s.kind === "open") links.append(el("p", { class: "open-seat", text: `${noun} ${s.seat + 1}: open seat — anyone may take it from the lobby's open tables` }));
    else if (!s.url) links.append(el("p", { text: `${noun} ${s.seat + 1}: bot (${s.kind})` }));
  }
  links.append(el("p", {}, el("strong", { text: "Your table's page: " }),
    el("a", { href: data.creator_url, id: "creator-link", text: data.open ? "fill the open seats with bots, close the table, renew a lost link" : "renew a player's lost link" }),
    el("input", { readonly: "", value: data.creator_url, "aria-label": "your table's page" })));
  if (people.length > 1) {
    const url = `${page}#` + people.map(param).join("&");
    links.append(el("p", {}, el("strong", { text: "Hot seat: " }),
      el("a", { href: url, id: "hotseat-link", text: `play every human seat in this browser, passing it between the ${people.length} people` })));
  }
  if (!data.open) links.append(el("p", {}, el("strong", { text: "Spectators: " }), el("a", { href: data.spectator_url, text: data.spectator_url })));
  if (data.prearranged) links.append(el("p", { id: "prearranged", text: "You chose the seed: every seat is told this deal was prearranged." }));
  $("#created").hidden = false;
  if (people.length === 1) links.prepend(el("p", {}, el("a", { href: urlOf(people[0]), id: "play-link", class: "primary", text: "▶ Play now" })));
  loadGames();
  loadTables();
}
// a listed game's seats as its game names them ("Hero 2"), counted from 1
function nounOf(gameId) { const g = META && META.games.find((x) => x.id === gameId); return (g && g.seat_noun) || "Player"; }
function seatText(g) { return g.seats.map((k, i) => `${nounOf(g.game)} ${i + 1}: ${k}`).join(", "); }
async function loadGames() {
  const r = await fetch("/api/games");
  if (!r.ok) return;
  const games = await r.json();
  const active = $("#active tbody"), finished = $("#finished tbody");
  active.replaceChildren(); finished.replaceChildren();
  for (const g of games) {
    const when = g.updated_at ? new Date(g.updated_at).toLocaleString() : "";
    if (g.damaged) {
      active.append(el("tr", { class: "damaged" }, el("td", { text: g.name || g.game || "?" }), el("td", { text: "" }),
        el("td", { text: "" }), el("td", { text: "damaged: cannot be loaded" }), el("td", { text: when }), el("td", {})));
      continue;
    }
    if (g.over) {
      const scores = g.result ? g.result.scores.map((s, i) => (g.result.winners.includes(i) ? `★${s}` : `${s}`)).join(" / ") : "";
      finished.append(el("tr", {}, el("td", { text: g.name }), el("td", { text: seatText(g) }), el("td", { text: g.steps }),
        el("td", { text: scores }), el("td", { class: "wide-only", text: when }),
        el("td", {}, el("a", { href: `/replays/${g.id}`, text: "replay" }))));
    } else {
      const standin = g.current_player === null ? null : (g.standins || [])[g.current_player];
      let turn = g.current_player === null ? "" : `${nounOf(g.game)} ${g.current_player + 1} (${g.seats[g.current_player]})`;
      if (standin) turn += `, away: ${standin} bot plays`;
      if (g.prearranged) turn += " · prearranged deal";
      active.append(el("tr", {}, el("td", { text: g.name }), el("td", { text: seatText(g) }), el("td", { text: g.steps }),
        el("td", { text: turn }), el("td", { class: "wide-only", text: when }),
        el("td", {}, el("a", { href: `/games/${g.id}`, text: "watch" }))));
    }
  }
}
// Live-play settings, added to the form here: a turn time limit and who plays for a gone player.
// Real-time clocks, then turn-based ones (a move an evening): the stand-in bot waits as long as the clock.
const TURN_LIMITS = [["", "no limit (friends)"], ["30", "30 seconds"], ["60", "1 minute"], ["120", "2 minutes"],
  ["300", "5 minutes"], ["600", "10 minutes"], ["3600", "1 hour"], ["14400", "4 hours (turn-based)"],
  ["43200", "12 hours (turn-based)"], ["86400", "1 day (turn-based)"], ["259200", "3 days (turn-based)"],
  ["604800", "7 days (turn-based)"]];
function drawLivePlay() {
  const limit = el("select", { id: "turn-limit", name: "turn_limit" });
  for (const [v, t] of TURN_LIMITS) limit.append(el("option", { value: v, text: t }));
  const standin = el("select", { id: "standin", name: "standin" });
  for (const k of META.seat_kinds) if (k !== "human") standin.append(el("option", { value: k, text: `bot: ${k}` }));
  standin.value = META.seat_kinds.includes("greedy") ? "greedy" : standin.options[0].value;
  // hints are on in an untimed game; in a timed one, only if everyone at the table agrees
  const hints = el("input", { type: "checkbox", id: "hints" });
  const agree = el("label", { id: "hints-label", for: "hints" }, hints, " Every player agrees to hints (a bot's advice on request)");
  const sync = () => { agree.hidden = limit.value === ""; };
  limit.addEventListener("change", sync);
  sync();
  $("#seats").before(el("div", { id: "live-play" },
    el("label", {}, "Time per turn ", limit),
    el("label", {}, " If a player is gone, their seat goes to ", standin), agree,
    el("label", { for: "spectator-chat", id: "spectator-chat-label" }, el("input", { type: "checkbox", id: "spectator-chat" }),
      " Spectators may talk at the table too")));
  const name = el("input", { id: "my-name", name: "name", maxlength: String(META.name_length || 24), autocomplete: "nickname" });
  $("#seats").after(el("div", { id: "name-box", hidden: "" },
    el("label", {}, "Your name at the table ", name),
    el("span", { class: "option-help", text: " (the open tables list it beside your seat)" })));
}
// Learn to play: a guided first game of each title, and its rules one tap away.
async function drawLearn() {
  const r = await fetch("/api/learn");
  if (!r.ok) return;
  const games = await r.json();
  const box = el("section", { class: "card", id: "learn" }, el("h2", { text: "Learn to play" }),
    el("p", { class: "option-help", text: "A first game against a bot, with a guide who suggests each of your decisions, " +
      "rings it on the table and says why. You may always choose something else." }));
  for (const g of games) {
    const start = el("button", { type: "button", class: "primary", id: `learn-${g.game}`, "data-game": g.game,
      text: `Learn to play ${g.name}` });
    const error = el("span", { class: "error" });
    start.onclick = async () => {
      start.disabled = true;
      const res = await fetch("/api/learn", { method: "POST", headers: { "content-type": "application/json" },
        body: JSON.stringify({ game: g.game }) });
      const data = await res.json();
      if (!res.ok) { error.textContent = data.detail; start.disabled = false; return; }
      location.href = data.url;
    };
    box.append(el("p", { class: "learn-row" }, start, " ", el("a", { href: `/rules/${g.game}`, text: `Rules of ${g.name}` }), " ", error));
  }
  $("#create").before(box);
}
// the rules of the game chosen in the form
function drawRulesLink() {
  let link = $("#rules-link");
  if (!link) {
    link = el("a", { id: "rules-link" });
    $("#game").parentElement.after(link);
  }
  const g = currentGame();
  link.href = `/rules/${g.id}`;
  link.textContent = `Rules of ${g.name}`;
}
async function init() {
  META = await (await fetch("/api/meta")).json();
  drawLivePlay();
  for (const g of META.games) $("#game").append(el("option", { value: g.id, text: g.name }));
  $("#game").addEventListener("change", () => { drawPlayers(); drawOptions(); drawRulesLink(); });
  $("#players").addEventListener("change", drawSeats);
  $("#create-form").addEventListener("submit", createGame);
  drawPlayers(); drawOptions(); drawRulesLink(); loadGames(); loadTables(); loadMine();
  drawLearn();
  setInterval(() => { loadGames(); loadTables(); loadMine(); }, 5000);
}
init();

// Open tables: anyone may take a seat (on the table's page, with a name).
async function loadTables() {
  const r = await fetch("/api/tables");
  if (!r.ok) return;
  const tables = await r.json();
  const body = $("#tables tbody");
  body.replaceChildren();
  $("#no-tables").hidden = tables.length > 0;
  $("#tables").hidden = tables.length === 0;
  for (const t of tables) {
    const noun = t.seat_noun || "Player";
    const seated = t.seats.filter((s) => s.kind !== "open")
      .map((s) => `${noun} ${s.seat + 1}: ${s.kind === "human" ? (s.name || "a person") : `bot (${s.kind})`}`).join(", ");
    const options = [...t.options, `time per turn: ${limitWords(t.turn_limit)}`].join(" · ");
    body.append(el("tr", { "data-table": t.id }, el("td", { text: `${t.name} (${t.players} players)` }), el("td", { text: seated || "nobody yet" }),
      el("td", { text: `${t.seats_left} of ${t.players}` }), el("td", { class: "wide-only", text: options }),
      el("td", {}, el("a", { href: `/tables/${t.id}`, class: "take-seat", text: "Take a seat" }))));
  }
}
function limitWords(seconds) {
  if (!seconds) return "no limit";
  const found = TURN_LIMITS.find(([v]) => +v === seconds);
  return found ? found[1].replace(/ \(.*\)$/, "") : `${seconds} seconds`;
}
// Your games: the links this browser keeps, asked about in one request; your turn first, the nearest clock first.
function left(deadline) {
  const ms = new Date(deadline).getTime() - Date.now();
  if (ms <= 0) return "time is up";
  const m = Math.floor(ms / 60000), h = Math.floor(m / 60), d = Math.floor(h / 24);
  if (d) return `${d} day${d === 1 ? "" : "s"} ${h % 24} h left`;
  if (h) return `${h} h ${m % 60} min left`;
  return `${Math.max(1, m)} min left`;
}
function rank(g) {
  if (g.your_turn) return 0;
  if (g.status === "playing" || g.status === "waiting") return 1;
  if (g.status === "over") return 2;
  return 3;
}
async function loadMine() {
  const saved = window.talewoodLinks.all();
  $("#mine").hidden = saved.length === 0;
  if (!saved.length) { turnCue(0); return; }
  const r = await fetch("/api/my-games", { method: "POST", headers: { "content-type": "application/json" },
    body: JSON.stringify({ links: saved.map((l) => ({ game: l.game, token: l.token })) }) });
  if (!r.ok) return;
  const answers = await r.json();
  const rows = answers.map((g, i) => ({ ...g, link: saved[i] }));
  rows.sort((a, b) => rank(a) - rank(b) || (a.deadline || "9").localeCompare(b.deadline || "9")
    || (b.updated_at || "").localeCompare(a.updated_at || ""));
  const body = $("#mine-table tbody");
  body.replaceChildren();
  for (const g of rows) body.append(mineRow(g));
  turnCue(rows.filter((g) => g.your_turn).length);
}
function mineRow(g) {
  const noun = g.seat_noun || "Player";
  const id = encodeURIComponent(g.game);
  const you = g.role === "creator" ? "creator" : g.seat !== null ? `${noun} ${g.seat + 1}` : "";
  const status = {
    waiting: `waiting for ${g.seats_left} more ${g.seats_left === 1 ? "person" : "people"}`, closed: "table closed",
    renewed: "this link was renewed by the creator: ask them for the new one", not_valid: "this link is not valid",
    missing: "no such game on this server", damaged: "damaged: cannot be loaded",
  }[g.status];
  let turn = status || "";
  let clockText = "";
  if (g.status === "playing") {
    turn = g.your_turn ? "Your turn" : `${noun} ${g.current_player + 1}` + (g.current_kind !== "human" ? ` (${g.current_kind} bot)` : "")
      + (g.standin ? ` (a ${g.standin} bot plays for them)` : "");
    clockText = g.deadline ? left(g.deadline) : (g.turn_limit ? "" : "no limit");
  } else if (g.status === "over") {
    const won = g.result && g.seat !== null && (g.result.winners || []).includes(g.seat);
    turn = g.role === "seat" ? (won ? "over: you won" : "over") : "over";
  }
  let href = null;
  if (g.role === "creator") href = `/tables/${id}#creator=${g.link.token}`;
  else if (g.role === "seat" && g.status === "over") href = `/replays/${id}`;
  else if (g.role === "seat") href = `/games/${id}#token=${g.link.token}`;
  const forget = el("button", { type: "button", class: "forget", text: "Forget" });
  forget.title = "Forget this link on this device (the link itself keeps working)";
  forget.onclick = () => { window.talewoodLinks.forget(g.link.game, g.link.token); loadMine(); };
  const open = href ? el("a", { href, class: "open-game", text: g.role === "creator" ? "Your table" : g.your_turn ? "Play" : "Open" }) : "";
  return el("tr", { class: g.your_turn ? "your-turn" : "", "data-game": g.game },
    el("td", { text: g.name || "" }), el("td", { text: you }), el("td", { class: "turn", text: turn }),
    el("td", { text: clockText }), el("td", { class: "mine-actions" }, open, " ", forget));
}
// the tab says when a move waits for you in one of your games
function turnCue(count) {
  document.title = count ? `● Your turn (${count}) — Talewood lobby` : "Talewood — lobby";
  const icon = $("#favicon");
  if (icon) icon.href = count ? "/static/favicon-turn.svg" : "/static/favicon.svg";
}
