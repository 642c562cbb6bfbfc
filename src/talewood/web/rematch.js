"use strict";
// Play again (server/rematch.py): at the end of a game, a card under the final scores to propose a game with
// the same seats and options and a new deal, to accept or decline one, and to follow it: once it starts, the
// page moves to the new game with this page's own new links (each given to this page alone by the server).
// A page that holds several seats (the hot seat, one person with two seats) answers for all of them.
window.talewoodRematch = (() => {
  const $ = (sel) => document.querySelector(sel);
  function el(tag, attrs = {}, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) {
      if (k === "text") e.textContent = v; else if (k === "class") e.className = v; else e.setAttribute(k, v);
    }
    for (const c of children) if (c !== null && c !== undefined) e.append(c);
    return e;
  }
  let gameId = null, noun = "Player", people = [[null]], seatOf = new Map(), sendAs = null;
  let proposal = null, started = false, timer = null;
  const fresh = new Map();         // this page's token -> its token in the new game
  const name = (s) => `${noun} ${s + 1}`;
  const mine = () => [...seatOf.entries()].filter(([t, s]) => t !== null && s !== null);

  function card() {
    let box = $("#rematch-card");
    if (!box) {
      box = el("section", { class: "card", id: "rematch-card" }, el("h2", { text: "Play again" }), el("div", { id: "rematch-body" }),
        el("p", { id: "rematch-error", class: "error" }));
      $("#scores-card").after(box);
    }
    return $("#rematch-body");
  }

  // The end of the game: the card, and what the server knows of a proposal (for each seat this page holds).
  function gamePage(p, pagePeople, seats, send) {
    if (!p.over) return;
    noun = p.seat_noun || "Player"; people = pagePeople; seatOf = seats; sendAs = send;
    if (gameId === p.id) { draw(); return; }
    gameId = p.id;
    card();
    ask();
  }
  async function ask() {
    const tokens = mine().map(([t]) => t);
    for (const t of tokens.length ? tokens : [null]) {
      const q = t ? `?token=${encodeURIComponent(t)}` : "";
      const r = await fetch(`/api/games/${encodeURIComponent(gameId)}/rematch${q}`);
      if (r.ok) take(t, await r.json());
    }
    draw();
  }
  function take(token, answer) {
    if (answer.rematch !== undefined) proposal = answer.rematch;
    if (token && answer.mine && answer.mine.token) fresh.set(token, answer.mine.token);
  }
  // A message of this page's socket: a change every page hears of, or the answer to this page's own.
  function receive(token, msg) {
    take(token, msg);
    if (proposal && proposal.started) {
      // accepted from another page of ours (another device): ask for our new link
      const missing = mine().filter(([t, s]) => proposal.seats[s].answer === "yes" && !fresh.has(t));
      if (missing.length) { ask(); return; }
    }
    draw();
  }
  function answer(yes) {
    $("#rematch-error").textContent = "";
    for (const [t, s] of mine()) {
      const said = proposal ? proposal.seats[s].answer : null;
      if (proposal && (proposal.seats[s].kind !== "human" || said === (yes ? "yes" : "no"))) continue;
      sendAs(t, { type: "rematch", answer: yes ? "yes" : "no" });
    }
  }
  async function seatBot(seat) {
    const proposer = mine().find(([, s]) => s === proposal.proposer);
    if (!proposer) return;
    const r = await fetch(`/api/games/${encodeURIComponent(gameId)}/rematch/bot`, {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ token: proposer[0], seat }) });
    const data = await r.json();
    if (!r.ok) { $("#rematch-error").textContent = data.detail; return; }
    take(proposer[0], data);
    draw();
  }
  function refused(detail) { const e = $("#rematch-error"); if (e) e.textContent = detail; }

  function moveOn() {
    // only with the new link of every seat of this page that accepted (another may still be on its way)
    if (mine().some(([t, s]) => proposal.seats[s].answer === "yes" && !fresh.has(t))) return false;
    // every person of this page keeps their place in the address: #token=a,b&token=c
    const parts = people.map((tokens) => tokens.map((t) => fresh.get(t)).filter(Boolean)).filter((ts) => ts.length);
    if (!parts.length || started) return started;
    started = true;
    location.assign(`/games/${encodeURIComponent(proposal.id)}#` + parts.map((ts) => `token=${ts.join(",")}`).join("&"));
    return true;
  }

  function draw() {
    const body = $("#rematch-body");
    if (!body) return;
    clearTimeout(timer);
    body.replaceChildren();
    const line = (text, id) => body.appendChild(el("p", id ? { id, text } : { text }));
    const button = (text, id, onclick, primary) => {
      const b = el("button", { id, text, class: primary ? "primary" : "" });
      b.onclick = onclick;
      body.append(b, " ");
      return b;
    };
    const seated = mine();
    if (!proposal) {
      if (!seated.length) { line("Nobody has proposed to play again yet."); }
      else {
        line("Play again with the same players and options, and a new deal. Everyone at the table is asked first.");
        button("Play again", "rematch-propose", () => answer(true), true);
      }
    } else if (proposal.started) {
      if (seated.some(([, s]) => proposal.seats[s].answer === "yes")) { line("Moving to the new game…"); moveOn(); }
      else {
        const link = el("a", { id: "rematch-watch", href: `/games/${encodeURIComponent(proposal.id)}`, text: "Watch the new game" });
        line(seated.length ? "The new game has started without you." : "The players have started a new game.");
        body.append(el("p", {}, link));
      }
    } else {
      line(`${name(proposal.proposer)} proposes to play again: the same seats and options, and a new deal.`);
      const list = el("ul", { id: "rematch-seats" });
      for (const s of proposal.seats) {
        const said = s.kind !== "human" ? `a ${s.kind} bot` : s.answer === "yes" ? "plays again" : s.answer === "no" ? "declined" : "has not answered yet";
        const you = seated.some(([, q]) => q === s.seat) ? " (you)" : "";
        list.append(el("li", { text: `${name(s.seat)}${you}: ${said}` }));
      }
      body.append(list);
      const open = seated.filter(([, s]) => proposal.seats[s].kind === "human" && proposal.seats[s].answer !== "yes");
      if (open.length) {
        button("Accept: play again", "rematch-accept", () => answer(true), true);
        if (open.some(([, s]) => proposal.seats[s].answer !== "no")) button("No thanks", "rematch-decline", () => answer(false));
      } else if (seated.length) {
        const waiting = proposal.seats.filter((s) => s.kind === "human" && s.answer !== "yes").map((s) => name(s.seat));
        line(`The new game starts once ${waiting.join(" and ")} accept${waiting.length === 1 ? "s" : ""}.`, "rematch-waiting");
      }
      if (seated.some(([, s]) => s === proposal.proposer)) {
        const since = new Date(proposal.proposed_at).getTime();
        const from = since + proposal.bot_after * 1000;
        for (const s of proposal.seats) {
          if (s.kind !== "human" || s.answer === "yes") continue;
          if (s.answer === "no" || Date.now() >= from) {
            button(`Seat a bot for ${name(s.seat)}`, `rematch-bot-${s.seat + 1}`, () => seatBot(s.seat));
          } else {
            timer = setTimeout(draw, from - Date.now() + 200);
          }
        }
      }
    }
  }
  return { gamePage, receive, refused };
})();
