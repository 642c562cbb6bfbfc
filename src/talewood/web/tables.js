"use strict";
// A table's page (/tables/{id}): its game, options and who sits where. Anyone may take an open seat with a
// name; a seated person waits here until the last seat is taken, then moves to the game; the creator's link
// (#creator=…) fills the open seats with bots, closes the table, or renews a player's lost link.
const $ = (sel) => document.querySelector(sel);
const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const hash = new URLSearchParams(location.hash.slice(1));
let token = hash.get("token");
const creator = hash.get("creator");
const api = `/api/tables/${encodeURIComponent(tableId)}`;
let timer = null;
let kindsDrawn = false;

function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "text") e.textContent = v; else e.setAttribute(k, v);
  }
  for (const c of children) e.append(c);
  return e;
}
function sentence(text) { return text ? text.charAt(0).toUpperCase() + text.slice(1) : ""; }
// a turn limit in words: "30 seconds", "1 hour", "3 days"
function limitWords(seconds) {
  if (!seconds) return "no limit";
  for (const [size, unit] of [[86400, "day"], [3600, "hour"], [60, "minute"], [1, "second"]]) {
    if (seconds % size === 0) { const n = seconds / size; return `${n} ${unit}${n === 1 ? "" : "s"}`; }
  }
  return `${seconds} seconds`;
}
async function post(path, body) {
  const r = await fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  let data = {};
  try { data = await r.json(); } catch (e) { data = { detail: "the server did not answer; try again" }; }
  return { ok: r.ok, data };
}

async function load() {
  clearTimeout(timer);
  const key = creator || token;
  let r;
  try {
    r = await fetch(api + (key ? `?token=${encodeURIComponent(key)}` : ""));
  } catch (e) {
    $("#status").textContent = "reconnecting…";
    timer = setTimeout(load, 3000);
    return;
  }
  const data = await r.json();
  if (!r.ok) {
    $("#table-name").textContent = r.status === 404 ? "This table does not exist" : "This link does not work";
    $("#table-note").textContent = sentence(data.detail || "");
    $("#status").textContent = "";
    if (r.status >= 500) timer = setTimeout(load, 3000);
    return;
  }
  draw(data);
}

function draw(t) {
  const noun = t.seat_noun || "Player";
  $("#title").textContent = `${t.name} — table`;
  document.title = `${t.name} — table — Talewood`;
  $("#table-name").textContent = `${t.name}, ${t.players} players`;
  const words = [...t.options, `Time per turn: ${limitWords(t.turn_limit)}`];
  if (t.prearranged) words.push("prearranged deal (the creator chose the seed)");
  $("#table-options").textContent = words.join(" · ");
  const list = $("#table-seats");
  list.replaceChildren();
  for (const s of t.seats) {
    let who = s.kind === "open" ? "open seat" : s.kind === "human" ? (s.name || "a person") : `bot (${s.kind})`;
    if (s.seat === t.you) who += " — you";
    list.append(el("li", { "data-seat": s.seat, class: s.kind === "open" ? "open" : "", text: `${noun} ${s.seat + 1}: ${who}` }));
  }
  const status = { open: `${t.seats_left} of ${t.players} seats open`, started: "The game has started",
    closed: "Closed by its creator" }[t.status] || t.status;
  $("#status").textContent = status;
  $("#status").dataset.status = t.status;
  const note = $("#table-note");
  note.textContent = "";
  if (t.you !== null && token) {
    window.talewoodLinks.remember(t.id, token, "seat");
    if (t.status === "started") { location.replace(`/games/${encodeURIComponent(t.id)}#token=${token}`); return; }
    if (t.status === "open") {
      note.textContent = `You are ${noun} ${t.you + 1}. The game starts when every seat is taken: this page moves to it then.`;
    }
  }
  if (t.status === "closed") note.textContent = "This table was closed by its creator: nobody can sit down at it any more.";
  else if (t.status === "started" && t.you === null) {
    note.replaceChildren("Every seat is taken. ", el("a", { href: `/games/${encodeURIComponent(t.id)}`, text: "Watch the game" }));
  }
  drawJoin(t, noun);
  drawCreator(t, noun);
  if (t.status === "open") timer = setTimeout(load, 3000);
}

function drawJoin(t, noun) {
  const card = $("#join-card");
  card.hidden = !(t.status === "open" && t.you === null && !t.creator);
  if (card.hidden) return;
  const select = $("#join-seat");
  const keep = select.value;
  select.replaceChildren();
  for (const s of t.seats) if (s.kind === "open") select.append(el("option", { value: s.seat, text: `${noun} ${s.seat + 1}` }));
  if ([...select.options].some((o) => o.value === keep)) select.value = keep;
}

async function join(ev) {
  ev.preventDefault();
  $("#join-error").textContent = "";
  $("#join-button").disabled = true;
  const { ok, data } = await post(`${api}/join`, { name: $("#join-name").value, seat: +$("#join-seat").value });
  $("#join-button").disabled = false;
  if (!ok) { $("#join-error").textContent = sentence(data.detail); load(); return; }
  token = data.token;
  window.talewoodLinks.remember(tableId, token, "seat");
  history.replaceState(null, "", `#token=${token}`);
  load();
}

async function drawCreator(t, noun) {
  const card = $("#creator-card");
  card.hidden = !t.creator;
  if (!t.creator) return;
  window.talewoodLinks.remember(t.id, creator, "creator");
  $("#creator-open").hidden = t.status !== "open";
  $("#creator-started").hidden = t.status !== "started";
  if (t.status === "open" && !kindsDrawn) {
    kindsDrawn = true;
    const meta = await (await fetch("/api/meta")).json();
    const kinds = $("#fill-kind");
    for (const k of meta.seat_kinds) if (k !== "human") kinds.append(el("option", { value: k, text: `bot: ${k}` }));
    if (meta.seat_kinds.includes("greedy")) kinds.value = "greedy";
  }
  if (t.status === "started") {
    $("#watch-link").href = `/games/${encodeURIComponent(t.id)}`;
    const box = $("#renew-list");
    if (box.dataset.drawn) return;
    box.dataset.drawn = "1";
    for (const s of t.seats.filter((x) => x.kind === "human")) {
      const who = `${noun} ${s.seat + 1}` + (s.name ? ` (${s.name})` : "");
      const result = el("div", { class: "renewed", id: `renewed-${s.seat}` });
      const b = el("button", { type: "button", class: "renew", "data-seat": s.seat, text: `Renew ${noun} ${s.seat + 1}'s link` });
      b.onclick = async () => {
        $("#creator-error").textContent = "";
        b.disabled = true;
        const { ok, data } = await post(`/api/games/${encodeURIComponent(t.id)}/renew`, { creator, seat: s.seat });
        b.disabled = false;
        if (!ok) { $("#creator-error").textContent = sentence(data.detail); return; }
        result.replaceChildren(el("p", { text: `New link for ${who}: send it to them. The old one no longer works.` }),
          el("input", { readonly: "", value: data.url, "aria-label": `new link for ${who}` }));
      };
      box.append(el("div", { class: "renew-row" }, el("p", {}, el("strong", { text: `${who} ` }), b), result));
    }
  }
}

async function fill() {
  $("#creator-error").textContent = "";
  const { ok, data } = await post(`${api}/fill`, { creator, kind: $("#fill-kind").value });
  if (!ok) $("#creator-error").textContent = sentence(data.detail);
  load();
}
async function closeTable() {
  $("#creator-error").textContent = "";
  const { ok, data } = await post(`${api}/close`, { creator });
  if (!ok) $("#creator-error").textContent = sentence(data.detail);
  load();
}

$("#join-form").addEventListener("submit", join);
$("#fill-button").addEventListener("click", fill);
$("#close-button").addEventListener("click", closeTable);
load();
