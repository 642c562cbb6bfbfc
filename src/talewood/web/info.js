"use strict";
// The info panel, shared by the game and replay pages; it knows no game. Any piece of a board with
// `data-info` (a card's text, a symbol's meaning) shows that text: on hover with a mouse, on a tap on
// a touch screen. On a touch screen a tap on a clickable piece (`data-action`) never plays at once:
// it shows the piece's text and its choices as large buttons, and the player confirms one — so a
// finger that lands on the wrong small piece changes nothing. A tap a little beside a small piece
// (within REACH px) counts as on it, so every piece answers to a 44 px thumb.
window.talewoodInfo = (() => {
  const REACH = 22;
  const fine = () => matchMedia("(hover: hover) and (pointer: fine)").matches;
  let box = null;

  function panel() {
    if (box) return box;
    box = document.createElement("div");
    box.id = "info";
    box.setAttribute("role", "dialog");
    box.setAttribute("aria-live", "polite");
    box.hidden = true;
    const text = document.createElement("p");
    text.id = "info-text";
    const acts = document.createElement("div");
    acts.id = "info-actions";
    const close = document.createElement("button");
    close.type = "button";
    close.id = "info-close";
    close.textContent = "Close";
    close.onclick = hide;
    box.append(text, acts, close);
    document.body.append(box);
    document.addEventListener("keydown", (e) => { if (e.key === "Escape") hide(); });
    return box;
  }

  function hide() { if (box) { box.hidden = true; box.className = ""; } }

  // A tooltip beside the piece (mouse): it never takes a click, so the board stays clickable under it.
  function tooltip(el) {
    const b = panel();
    b.className = "tooltip";
    b.querySelector("#info-text").textContent = el.dataset.info;
    b.querySelector("#info-actions").replaceChildren();
    b.hidden = false;
    const r = el.getBoundingClientRect();
    const w = b.offsetWidth, h = b.offsetHeight;
    let left = Math.min(Math.max(4, r.left), window.innerWidth - w - 4);
    let top = r.bottom + 6;
    if (top + h > window.innerHeight - 4) top = Math.max(4, r.top - h - 6);
    b.style.left = `${left}px`;
    b.style.top = `${top}px`;
  }

  // A sheet at the bottom of the screen (touch): the text, then a large button per choice.
  function sheet(text, choices, act) {
    const b = panel();
    b.className = "sheet";
    b.style.left = b.style.top = "";
    b.querySelector("#info-text").textContent = text;
    const acts = b.querySelector("#info-actions");
    acts.replaceChildren();
    for (const { id, label } of choices) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "primary";
      button.dataset.actionId = id;
      button.textContent = label;
      button.onclick = () => { hide(); act(id); };
      acts.append(button);
    }
    b.hidden = false;
  }

  // The piece a tap means: the one under the finger, else the nearest within REACH px.
  function pieceAt(board, ev) {
    const hit = ev.target.closest("[data-action], [data-info]");
    if (hit && board.contains(hit)) return hit;
    let best = null, bestDistance = REACH;
    for (const el of board.querySelectorAll("[data-action], [data-info]")) {
      const r = el.getBoundingClientRect();
      const dx = Math.max(r.left - ev.clientX, 0, ev.clientX - r.right);
      const dy = Math.max(r.top - ev.clientY, 0, ev.clientY - r.bottom);
      const d = Math.hypot(dx, dy);
      if (d <= bestDistance) { best = el; bestDistance = d; }
    }
    return best;
  }

  // A readable piece's <title> (there for pages without this script) would pop the browser's own
  // tooltip up beside the panel with the same text: here it becomes the piece's accessible name.
  function quiet(board) {
    for (const t of board.querySelectorAll("[data-info] > title")) {
      const g = t.parentNode;
      if (!g.hasAttribute("aria-label")) g.setAttribute("aria-label", t.textContent);
      t.remove();
    }
  }

  // opts: labelOf(id) -> the action's full label; act(id) plays it (absent on a page that only shows).
  function attach(board, opts) {
    quiet(board);
    new MutationObserver(() => quiet(board)).observe(board, { childList: true });
    board.addEventListener("mouseover", (ev) => {
      if (!fine()) return;
      const el = ev.target.closest("[data-info]");
      if (el && board.contains(el)) tooltip(el);
      else if (box && box.className === "tooltip") hide();
    });
    board.addEventListener("mouseleave", () => { if (box && box.className === "tooltip") hide(); });
    board.addEventListener("click", (ev) => {
      if (fine()) {
        const target = ev.target.closest("[data-action]");
        if (target && opts.act) { hide(); opts.act(+target.dataset.action); }
        return;
      }
      const piece = pieceAt(board, ev);
      if (!piece) { hide(); return; }
      const group = piece.closest("[data-info]") || piece;
      const ids = [];
      if (piece.dataset.action) ids.push(+piece.dataset.action);
      if (opts.act) {
        for (const el of group.querySelectorAll("[data-action]")) if (!ids.includes(+el.dataset.action)) ids.push(+el.dataset.action);
        if (group.dataset.action && !ids.includes(+group.dataset.action)) ids.unshift(+group.dataset.action);
      }
      const choices = opts.act ? ids.map((id) => ({ id, label: opts.labelOf(id) })).filter((c) => c.label) : [];
      const text = group.dataset.info || (choices.length ? "Play this?" : "");
      if (!text && !choices.length) { hide(); return; }
      sheet(text, choices, opts.act);
    });
  }

  return { attach, hide };
})();
