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
  for (const s of data.seats) if (!s.url) links.append(el("p", { text: `${noun} ${s.seat + 1}: bot (${s.kind})` }));
  if (people.length > 1) {
    const url = `${page}#` + people.map(param).join("&");
    links.append(el("p", {}, el("strong", { text: "Hot seat: " }),
      el("a", { href: url, id: "hotseat-link", text: `play every human seat in this browser, passing it between the ${people.length} people` })));
  }
  links.append(el("p", {}, el("strong", { text: "Spectators: " }), el("a", { href: data.spectator_url, text: data.spectator_url })));
  if (data.prearranged) links.append(el("p", { id: "prearranged", text: "You chose the seed: every seat is told this deal was prearranged." }));
  $("#created").hidden = false;
  if (people.length === 1) links.prepend(el("p", {}, el("a", { href: urlOf(people[0]), id: "play-link", class: "primary", text: "▶ Play now" })));
  loadGames();
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
const TURN_LIMITS = [["", "none"], ["30", "30 seconds"], ["60", "1 minute"], ["120", "2 minutes"], ["300", "5 minutes"],
  ["600", "10 minutes"], ["3600", "1 hour"], ["86400", "1 day"]];
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
  drawPlayers(); drawOptions(); drawRulesLink(); loadGames();
  drawLearn();
  setInterval(loadGames, 5000);
}
init();
