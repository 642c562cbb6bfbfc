"use strict";
// Learning on the pages (it knows no game): the rules of the game one tap away, opened at the section the
// current decision is about; a hint (what a bot would do, and why), rung on the board; the guide of a guided
// game, which suggests every decision; and the bots' review of a finished game, with its chart.
window.talewoodLearn = (() => {
  const $ = (sel) => document.querySelector(sel);
  function el(tag, attrs = {}, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) {
      if (k === "text") e.textContent = v; else if (k === "class") e.className = v; else e.setAttribute(k, v);
    }
    for (const c of children) if (c !== null && c !== undefined) e.append(c);
    return e;
  }
  // the rules' **bold**, everything else as text
  function rich(text) {
    const span = el("span");
    text.split("**").forEach((part, i) => span.append(i % 2 ? el("strong", { text: part }) : part));
    return span;
  }
  const percent = (v) => `${Math.round(100 * v)}%`;
  const books = new Map();
  async function rulesOf(game) {
    if (!books.has(game)) {
      books.set(game, fetch(`/api/rules/${encodeURIComponent(game)}`).then((r) => (r.ok ? r.json() : null)));
    }
    return books.get(game);
  }

  // A section of the rules: its heading, paragraphs, lists, and Talewood's readings marked as such.
  function section(s, level = "h2") {
    const box = el("section", { class: "rules-section", id: `rules-${s.id}`, "data-section": s.id });
    box.append(el(level, { text: s.title }));
    for (const b of s.blocks) {
      if (b.kind === "p") box.append(el("p", {}, rich(b.text)));
      else if (b.kind === "h") box.append(el("h4", { text: b.text }));
      else if (b.kind === "ul" || b.kind === "ol") {
        const list = el(b.kind);
        for (const item of b.items) list.append(el("li", {}, rich(item)));
        box.append(list);
      } else if (b.kind === "reading") {
        box.append(el("p", { class: "rules-reading" }, el("strong", { text: "Talewood's reading: " }), rich(b.text)));
      }
    }
    return box;
  }

  // The section a decision is about: its decision's, else the section of most of its choices (the
  // pass/done kind aside), else the turn's overview — the same choice as the terminal's `rules`.
  function sectionFor(book, p) {
    if (!book) return null;
    const decision = p && p.view && p.view.decision ? p.view.decision.kind : null;
    if (decision && book.decisions[decision]) return book.decisions[decision];
    const actions = p && p.actions ? p.actions : [];
    const main = actions.filter((a) => !a.first);
    const counts = new Map();
    for (const a of main.length ? main : actions) {
      const s = book.actions[a.kind];
      if (s) counts.set(s, (counts.get(s) || 0) + 1);
    }
    let best = null;
    for (const [s, n] of counts) if (!best || n > counts.get(best)) best = s;
    if (best) return best;
    return book.sections.some((s) => s.id === "turn") ? "turn" : book.sections[0].id;
  }

  // The Rules panel: a sheet beside the table (the whole window on a phone) with every section one tap away.
  let panel = null;
  async function openRules(game, id) {
    const book = await rulesOf(game);
    if (!book) return;
    if (!panel) {
      panel = el("aside", { id: "rules-panel", role: "dialog", "aria-label": "Rules" });
      const close = el("button", { type: "button", id: "rules-close", text: "Close" });
      close.onclick = () => { panel.hidden = true; };
      const pick = el("select", { id: "rules-pick", "aria-label": "Rules section" });
      pick.onchange = () => show(pick.value);
      const head = el("div", { class: "rules-head" }, el("strong", { text: `Rules of ${book.title}` }), close);
      panel.append(head, el("label", { class: "rules-pick" }, "Section ", pick), el("div", { id: "rules-body" }),
        el("p", { class: "rules-all" }, el("a", { href: `/rules/${encodeURIComponent(game)}`, target: "_blank",
          rel: "noopener", text: "All the rules on one page" })));
      for (const s of book.sections) pick.append(el("option", { value: s.id, text: s.title }));
      document.body.append(panel);
      document.addEventListener("keydown", (e) => { if (e.key === "Escape" && panel) panel.hidden = true; });
    }
    function show(sid) {
      const s = book.sections.find((x) => x.id === sid) || book.sections[0];
      $("#rules-pick").value = s.id;
      const body = $("#rules-body");
      body.replaceChildren(section(s, "h3"));
      const at = book.sections.indexOf(s);
      const nav = el("p", { class: "rules-nav" });
      if (at > 0) nav.append(navButton("◀ " + book.sections[at - 1].title, book.sections[at - 1].id));
      if (at < book.sections.length - 1) nav.append(navButton(book.sections[at + 1].title + " ▶", book.sections[at + 1].id));
      body.append(nav);
      body.scrollTop = 0;
      panel.dataset.section = s.id;
    }
    function navButton(text, sid) {
      const b = el("button", { type: "button", text });
      b.onclick = () => show(sid);
      return b;
    }
    panel.hidden = false;
    show(id);
  }

  // -- the game page ------------------------------------------------------------------------------------
  let page = null;          // {game, token, board, settings, payload, asked}
  function card() {
    let box = $("#learn-card");
    if (!box) {
      box = el("section", { class: "card", id: "learn-card" });
      $("#turn-card").before(box);
    }
    return box;
  }

  // Called by the game page once it knows the game and the seat's token, and after each state it draws.
  async function gamePage(p, token, board) {
    const first = !page || page.id !== p.id || page.token !== token;
    if (first) {
      page = { id: p.id, game: p.game, token, board, settings: null, asked: -1, answer: null };
      rulesButton(p.game);
      try {
        const r = await fetch(`/api/games/${encodeURIComponent(p.id)}/learning?` +
          new URLSearchParams(token ? { token } : {}));
        page.settings = r.ok ? await r.json() : null;
      } catch (e) { page.settings = null; }
    }
    page.payload = p;
    page.board = board;
    drawCard();
  }

  function rulesButton(game) {
    if ($("#rules-open")) return;
    const b = el("button", { type: "button", id: "rules-open", class: "rules-open", text: "Rules" });
    b.onclick = async () => openRules(game, sectionFor(await rulesOf(game), page && page.payload));
    // in the table's own tools, beside "Whole table": at hand on a laptop and on a phone alike
    const tools = $(".board-tools");
    if (tools) tools.prepend(b); else document.body.prepend(b);
  }

  function mine(p) { return p && p.seat !== null && p.current_player === p.seat && !p.over && p.actions.length; }

  function drawCard() {
    const p = page.payload, s = page.settings;
    const box = card();
    if (p.over) { box.hidden = true; return; }
    if (!s) { box.hidden = true; return; }
    box.hidden = false;
    const guided = s.guided;
    let text = box.querySelector(".learn-text");
    if (!text) {
      box.replaceChildren();
      box.append(el("h2", { text: guided ? "Your guide" : "Hints" }));
      if (guided && s.intro) box.append(el("p", { class: "learn-intro", text: s.intro }));
      text = el("div", { class: "learn-text", "aria-live": "polite" });
      box.append(text);
      if (!guided) {
        const tools = el("p", { class: "learn-tools" });
        const level = el("select", { id: "hint-level", "aria-label": "Which bot gives the hint" });
        for (const l of s.hints.levels) level.append(el("option", { value: l, text: `${l} bot` }));
        level.value = s.hints.default;
        const ask = el("button", { type: "button", id: "hint", text: "Hint" });
        ask.onclick = () => askHint(level.value, false);
        tools.append(ask, " from a ", level);
        box.append(tools);
        box.append(el("p", { class: "learn-why", text: s.hints.why }));
      }
    }
    const intro = box.querySelector(".learn-intro");
    if (intro) intro.hidden = p.steps > 3;      // a welcome at the start, then the suggestions alone
    const ask = $("#hint");
    if (ask) ask.disabled = !(mine(p) && s.hints.allowed);
    if (!s.hints.allowed && !guided) { text.replaceChildren(); return; }
    if (page.answer && page.answer.version === p.version) {
      showAnswer(page.answer, guided);
    } else {
      text.replaceChildren();
      if (guided) {
        if (mine(p)) { text.append(el("p", { class: "learn-wait", text: "The guide is looking at your choices…" })); askHint(s.hints.default, true); }
        else text.append(el("p", { class: "learn-wait", text: p.seat === null ? "" : "The guide speaks again at your next decision." }));
      }
    }
  }

  async function askHint(level, guided) {
    const p = page.payload;
    if (!mine(p) || page.asked === p.version) return;
    page.asked = p.version;
    const version = p.version;
    const text = card().querySelector(".learn-text");
    if (!guided) text.replaceChildren(el("p", { class: "learn-wait", text: `Asking a ${level} bot…` }));
    let answer = null;
    try {
      const r = await fetch(`/api/games/${encodeURIComponent(page.id)}/hint`, {
        method: "POST", headers: { "content-type": "application/json" },
        body: JSON.stringify({ token: page.token, version, level }),
      });
      answer = await r.json();
      if (!r.ok) {
        page.asked = -1;
        // the guide goes quiet when it cannot help; a hint asked for says why not
        if (page.payload.version === version) text.replaceChildren(guided ? "" : el("p", { class: "error", text: answer.detail }));
        return;
      }
    } catch (e) { page.asked = -1; return; }
    answer.version = version;
    page.answer = answer;
    if (page.payload.version === version) showAnswer(answer, guided);
  }

  function showAnswer(a, guided) {
    const text = card().querySelector(".learn-text");
    text.replaceChildren();
    const head = el("p", { class: "learn-line" }, el("strong", { text: guided ? "Suggested: " : "Hint: " }), a.label);
    text.append(head);
    const why = a.reason ? a.reason.charAt(0).toUpperCase() + a.reason.slice(1) + "." : "";
    if (why) text.append(el("p", { class: "learn-reason", text: why }));
    if (guided && a.tip) text.append(el("p", { class: "learn-tip", text: a.tip }));
    const expect = a.expectation.charAt(0).toUpperCase() + a.expectation.slice(1) + ".";
    text.append(el("p", { class: "learn-expect", text: expect }));
    if (a.section) {
      const more = el("button", { type: "button", class: "learn-more", text: "Read the rules about it" });
      more.onclick = () => openRules(page.game, a.section);
      text.append(more);
    }
    text.dataset.action = a.action;
    text.dataset.version = a.version;
    mark(a.action);
  }

  // Ring the suggested choice on the board (and its button in the panel).
  function mark(id) {
    for (const b of document.querySelectorAll("#actions button.hinted")) b.classList.remove("hinted");
    for (const b of document.querySelectorAll(`#actions button[data-action-id="${id}"]`)) b.classList.add("hinted");
    if (page.board && page.board.mark) page.board.mark(id);
  }

  // -- reviews: the end of a game and the replay page ---------------------------------------------------
  async function review(container, gameId, opts = {}) {
    const box = container;
    box.hidden = false;
    box.replaceChildren(el("h2", { text: "The bots' review" }),
      el("p", { class: "review-wait", text: "A hard bot is going over every decision of this game…" }),
      el("progress", { id: "review-progress", max: "1", value: "0" }));
    for (;;) {
      let r;
      try { r = await fetch(`/api/games/${encodeURIComponent(gameId)}/review`); } catch (e) { return null; }
      const data = await r.json();
      if (r.status === 200) { drawReview(box, gameId, data.review, opts); return data.review; }
      if (r.status !== 202) { box.replaceChildren(el("h2", { text: "The bots' review" }), el("p", { class: "error", text: data.detail })); return null; }
      const bar = $("#review-progress");
      if (bar) { bar.max = Math.max(1, data.total); bar.value = data.done; }
      await new Promise((done) => setTimeout(done, 1500));
    }
  }

  function drawReview(box, gameId, rv, opts) {
    const noun = rv.seat_noun || "Player";
    const who = (s) => (rv.cooperative ? "The team" : `${noun} ${s + 1}`);
    box.replaceChildren(el("h2", { text: "The bots' review" }));
    box.append(el("p", { class: "review-intro", text: `A ${rv.level} bot went over every decision: how much each one changed ` +
      "the chance to win, as the bot sees it, and which moves turned the game." }));
    const chart = el("div", { class: "review-chart-box" });
    chart.innerHTML = rv.svg;           // drawn by the server: no script, every text escaped
    box.append(chart);
    const list = el("ul", { class: "review-seats" });
    for (const s of rv.seats) {
      if (rv.cooperative && s.seat) continue;
      const name = `${noun} ${s.seat + 1}`;
      const mistakes = s.mistakes ? `${s.mistakes} ${s.mistakes === 1 ? "mistake" : "mistakes"}` : "no mistake";
      list.append(el("li", { text: `${name}: ${s.agreed} of ${s.decisions} ${s.decisions === 1 ? "decision" : "decisions"} ` +
        `as the bot would have played, ${mistakes}.` }));
    }
    box.append(list);
    const points = rv.decisions.filter((d) => rv.turning_points.includes(d.step));
    box.append(el("h3", { text: "Turning points" }));
    if (!points.length) box.append(el("p", { text: "None: no single move cost 5 points of the chance to win." }));
    const ol = el("ol", { class: "turning-points" });
    for (const d of points) {
      const link = el("a", { href: `/replays/${encodeURIComponent(gameId)}#step=${d.step}`, "data-step": d.step,
        text: `Move ${d.step + 1}, ${noun} ${d.seat + 1}: ${d.played_label}` });
      if (opts.onStep) link.onclick = (e) => { e.preventDefault(); opts.onStep(d.step); };
      ol.append(el("li", {}, link, el("span", { class: "review-detail",
        text: ` — ${who(d.seat)}'s chance to win went from ${percent(d.before)} to ${percent(d.after)}; the bot preferred ${d.best_label}.` })));
    }
    box.append(ol);
    const all = el("details", { class: "review-all" }, el("summary", { text: `Every decision rated (${rv.decisions.length})` }));
    all.addEventListener("toggle", () => {
      if (!all.open || all.children.length > 1) return;
      const table = el("table", { class: "review-table" });
      table.append(el("tr", {}, el("th", { text: "Move" }), el("th", { text: "Who" }), el("th", { text: "Played" }),
        el("th", { text: "Chance" }), el("th", { text: "Verdict" })));
      for (const d of rv.decisions) {
        table.append(el("tr", {}, el("td", {}, el("a", { href: `/replays/${encodeURIComponent(gameId)}#step=${d.step}`, text: String(d.step + 1) })),
          el("td", { text: `${noun} ${d.seat + 1}` }), el("td", { text: d.played_label }),
          el("td", { text: `${percent(d.before)} → ${percent(d.after)}` }),
          el("td", { text: d.played === d.best ? d.verdict : `${d.verdict} (the bot: ${d.best_label})` })));
      }
      all.append(table);
    });
    box.append(all);
  }

  // The review's word on the decision taken at `step` of a replay (null if it was no decision).
  function decisionNote(rv, step) {
    if (!rv) return null;
    const d = rv.decisions.find((x) => x.step === step);
    if (!d) return null;
    const noun = rv.seat_noun || "Player";
    const after = d.played === d.best ? "the bot's choice too" : `${d.verdict}: the bot preferred ${d.best_label}`;
    return `Next: ${noun} ${d.seat + 1} plays ${d.played_label} — the chance to win goes from ${percent(d.before)} ` +
      `to ${percent(d.after)} (${after}).`;
  }

  return { openRules, rulesOf, section, sectionFor, gamePage, review, decisionNote, mark };
})();
