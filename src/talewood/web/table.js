"use strict";
// The table, shared by the game and replay pages; it knows no game.
//
// The board: the server's SVG inside a box the player pans (drag with a mouse, swipe on a touch screen,
// scroll bars) and zooms (the − and + buttons, ctrl + wheel). It opens at a readable size — never
// smaller than 1:1 for a board whose smallest text is `data-min-font` (default 12) units, so that text
// is at least 12 CSS px — and zoomed onto the part of the table the decision is about: the box around
// every legal choice on the board (`data-action`), each made at least TAP px wide where the box allows.
// "Whole table" fits the whole board in the box (an overview; back with "Readable size").
//
// Every legal choice on the board gets a ring (class `choice-ring`): seen at a glance, and a larger
// target for a finger.
//
// The score sheet: the verdict and its reason, what a team achieved, then a row per scoring item
// (points, counts and tie-breakers told apart, each explained) and a column per seat.
window.talewoodTable = (() => {
  const READABLE = 12;     // CSS px: the smallest text a player reads
  const TAP = 44;          // CSS px: the smallest target a finger hits
  const MAX_SCALE = 3;
  const TAP_SCALE = 2;     // the most the page zooms in for small targets: more would hide the table around them
  const STEP = 1.25;

  function button(cls, text, label) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = cls;
    b.textContent = text;
    if (label) b.setAttribute("aria-label", label);
    return b;
  }

  // `wrap` holds the board's window (`.board-view`); the viewer puts its tools above it
  function viewer(wrap) {
    const box = wrap.querySelector(".board-view");
    const whole = button("zoom-whole", "Whole table");
    whole.id = "zoom";
    whole.setAttribute("aria-pressed", "false");
    const zoomOut = button("zoom-out", "−", "Zoom out");
    const zoomIn = button("zoom-in", "+", "Zoom in");
    const tools = document.createElement("div");
    tools.className = "board-tools";
    tools.append(whole, zoomOut, zoomIn);
    wrap.insertBefore(tools, box);
    let svg = null, natural = null, scale = 1, mode = "focus", decision = "";

    function readable() {
      const min = svg ? parseFloat(svg.dataset.minFont || svg.getAttribute("data-min-font") || "12") : 12;
      return READABLE / (min > 0 ? min : 12);
    }
    function fitScale(w, h) {
      return Math.min(w / natural.w, h > 80 ? h / natural.h : Infinity);
    }
    // the scale the table opens at: readable, and at least filling the width of a large screen (up to
    // 1.5); on a touch screen `settle` may zoom further, for the fingers
    function tableScale(w) {
      return Math.max(readable(), Math.min(w / natural.w, 1.5));
    }
    const coarse = () => matchMedia("(pointer: coarse)").matches;

    // the legal choices on the board and their boxes (in the board's units), measured once a drawing:
    // measuring after each change to the page would lay it out again every time
    let choices = [];
    function measure() {
      choices = [];
      for (const el of svg.querySelectorAll("[data-action]")) {
        const b = safeBox(el);
        if (b && (b.width || b.height)) choices.push({ el, id: el.dataset.action, x: b.x, y: b.y, w: b.width, h: b.height });
      }
    }

    // the smallest of the legal choices' targets: each choice counts by its largest piece on the board
    // (a tile and the small button under it that plays the same choice are one target, the tile)
    function smallestTarget() {
      const largest = new Map();
      for (const c of choices) largest.set(c.id, Math.max(largest.get(c.id) || 0, Math.min(c.w, c.h)));
      const sides = [...largest.values()].filter((v) => v > 0);
      return sides.length ? Math.min(...sides) : 0;
    }
    function safeBox(el) { try { return el.getBBox(); } catch (e) { return null; } }

    // the part of the board the decision is about: the box around every legal choice on it
    function focusBox() {
      if (!choices.length) return null;
      const x0 = Math.min(...choices.map((c) => c.x)), y0 = Math.min(...choices.map((c) => c.y));
      const x1 = Math.max(...choices.map((c) => c.x + c.w)), y1 = Math.max(...choices.map((c) => c.y + c.h));
      return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
    }

    function apply(s) {
      scale = Math.max(Math.min(s, MAX_SCALE), 0.05);
      svg.style.width = `${natural.w * scale}px`;
      svg.style.height = `${natural.h * scale}px`;
      wrap.dataset.scale = scale.toFixed(3);
      wrap.classList.toggle("whole", mode === "whole");
      whole.textContent = mode === "whole" ? "Readable size" : "Whole table";
      whole.setAttribute("aria-pressed", String(mode === "whole"));
    }

    // Bring the choices into view: along an axis where their box fits the window, scroll as little as
    // needed (from the top left corner); where it does not, show the window's worth of board that holds
    // the most choices (centred on one of them), so that the first thing seen is a cluster of choices.
    function focus(vw, vh) {
      const f = focusBox();
      if (!f) return;
      const m = 8, W = vw / scale, H = vh / scale;
      const along = (lo, size, view) => Math.max(0, Math.min(lo * scale - m, (lo + size) * scale + m - view));
      let left = along(f.x, f.w, vw), top = along(f.y, f.h, vh);
      const fitsX = f.w * scale + 2 * m <= vw, fitsY = f.h * scale + 2 * m <= vh;
      if (!fitsX || !fitsY) {
        const centre = (c) => [c.x + c.w / 2, c.y + c.h / 2];
        let best = null;
        for (const c of choices) {
          const [cx, cy] = centre(c);
          const x0 = fitsX ? f.x : cx - W / 2, y0 = fitsY ? f.y : cy - H / 2;
          let n = 0;
          for (const d of choices) {
            const [dx, dy] = centre(d);
            if (dx >= x0 && dx <= x0 + W && dy >= y0 && dy <= y0 + H) n += 1;
          }
          if (!best || n > best.n) best = { n, x0, y0 };
        }
        if (!fitsX) left = Math.max(0, best.x0 * scale);
        if (!fitsY) top = Math.max(0, best.y0 * scale);
      }
      box.scrollLeft = left;
      box.scrollTop = top;
    }

    // zoom by `factor` around the middle of the box, keeping what is there in the middle
    function zoomBy(factor) {
      if (!svg) return;
      const mx = (box.scrollLeft + box.clientWidth / 2) / scale, my = (box.scrollTop + box.clientHeight / 2) / scale;
      mode = "manual";
      apply(scale * factor);
      box.scrollLeft = mx * scale - box.clientWidth / 2;
      box.scrollTop = my * scale - box.clientHeight / 2;
    }

    // a ring around each choice, all added at once after measuring
    function rings() {
      const ns = "http://www.w3.org/2000/svg", pad = 3;
      for (const c of choices) {
        c.el.classList.add("choice");
        if (c.el.tagName.toLowerCase() !== "g") continue;
        const r = document.createElementNS(ns, "rect");
        r.setAttribute("class", "choice-ring");
        r.setAttribute("x", c.x - pad); r.setAttribute("y", c.y - pad);
        r.setAttribute("width", c.w + 2 * pad); r.setAttribute("height", c.h + 2 * pad);
        r.setAttribute("rx", 6);
        c.el.insertBefore(r, c.el.firstChild);
      }
    }

    // Show `markup`. A new decision (another set of choices on the board) opens at the table's scale,
    // zoomed onto it, unless the player chose the whole table; otherwise the zoom and place are kept.
    // The board gets its size at once (the window's size is read before the new board is in, so
    // nothing is laid out twice); it is measured, ringed and scrolled to its choices just before it is
    // painted (`settle`), and `data-ready` says when that is done.
    let pending = 0;
    function show(markup) {
      const left = box.scrollLeft, top = box.scrollTop, first = svg === null;
      const vw = box.clientWidth, vh = box.clientHeight;
      wrap.dataset.ready = "";
      box.innerHTML = markup;
      svg = box.querySelector("svg");
      if (!svg) return;
      const vb = svg.viewBox && svg.viewBox.baseVal;
      natural = vb && vb.width ? { w: vb.width, h: vb.height }
        : { w: parseFloat(svg.getAttribute("width")) || 800, h: parseFloat(svg.getAttribute("height")) || 600 };
      svg.removeAttribute("width");
      svg.removeAttribute("height");
      if (mode === "whole") apply(fitScale(vw, vh));
      else if (mode === "focus") apply(tableScale(vw));
      else apply(scale);
      const drawn = svg;
      cancelAnimationFrame(pending);
      pending = requestAnimationFrame(() => { if (svg === drawn) settle(vw, vh, first, left, top); });
    }

    function settle(vw, vh, first, left, top) {
      measure();
      const ids = choices.map((c) => c.id).join(",");
      const fresh = ids !== decision;
      decision = ids;
      if (mode === "manual" && fresh && ids) { mode = "focus"; apply(tableScale(vw)); }
      if (mode === "focus" && coarse()) {
        const least = smallestTarget();
        if (least > 0) apply(Math.max(scale, Math.min(TAP / least, TAP_SCALE)));
      }
      rings();
      if (mode !== "whole" && fresh && ids) focus(vw, vh);
      else if (!first) { box.scrollLeft = left; box.scrollTop = top; }
      wrap.dataset.ready = "1";
    }

    whole.addEventListener("click", () => {
      if (!svg) return;
      mode = mode === "whole" ? "focus" : "whole";
      const vw = box.clientWidth, vh = box.clientHeight;
      if (mode === "whole") apply(fitScale(vw, vh));
      else {
        apply(tableScale(vw));
        if (coarse() && smallestTarget() > 0) apply(Math.max(scale, Math.min(TAP / smallestTarget(), TAP_SCALE)));
        focus(vw, vh);
      }
    });
    zoomIn.addEventListener("click", () => zoomBy(STEP));
    zoomOut.addEventListener("click", () => zoomBy(1 / STEP));
    box.addEventListener("wheel", (ev) => {
      if (!ev.ctrlKey) return;
      ev.preventDefault();
      zoomBy(ev.deltaY < 0 ? STEP : 1 / STEP);
    }, { passive: false });
    // a mouse drags the table; a click that did not move still plays
    let drag = null;
    box.addEventListener("pointerdown", (ev) => {
      if (ev.pointerType !== "mouse" || ev.button !== 0) return;
      drag = { x: ev.clientX, y: ev.clientY, left: box.scrollLeft, top: box.scrollTop, moved: false };
    });
    window.addEventListener("pointermove", (ev) => {
      if (!drag) return;
      const dx = ev.clientX - drag.x, dy = ev.clientY - drag.y;
      if (!drag.moved && Math.hypot(dx, dy) < 6) return;
      drag.moved = true;
      box.classList.add("dragging");
      box.scrollLeft = drag.left - dx;
      box.scrollTop = drag.top - dy;
    });
    window.addEventListener("pointerup", () => {
      if (drag && drag.moved) {
        // the click that ends a drag plays nothing
        const stop = (e) => { e.stopPropagation(); e.preventDefault(); };
        box.addEventListener("click", stop, { capture: true, once: true });
        setTimeout(() => box.removeEventListener("click", stop, { capture: true }), 0);
      }
      box.classList.remove("dragging");
      drag = null;
    });
    // Mark one choice as suggested (a hint, the guide): its ring stands out and the board scrolls to it. The
    // board may still be settling: the mark waits until it is ringed.
    let marked = null;
    function mark(id) {
      marked = String(id);
      const drawn = svg;
      const apply = () => {
        if (svg !== drawn || marked !== String(id)) return;
        if (wrap.dataset.ready !== "1") { requestAnimationFrame(apply); return; }
        for (const r of svg.querySelectorAll(".choice-ring.hinted")) r.classList.remove("hinted");
        const here = choices.filter((c) => c.id === marked);
        for (const c of here) {
          const ring = c.el.querySelector(":scope > .choice-ring");
          if (ring) ring.classList.add("hinted");
        }
        if (!here.length || mode === "whole") return;
        const c = here.reduce((a, b) => (a.w * a.h >= b.w * b.h ? a : b));
        const vw = box.clientWidth, vh = box.clientHeight;
        const x = (c.x + c.w / 2) * scale, y = (c.y + c.h / 2) * scale;
        const inX = x >= box.scrollLeft + 20 && x <= box.scrollLeft + vw - 20;
        const inY = y >= box.scrollTop + 20 && y <= box.scrollTop + vh - 20;
        if (!inX) box.scrollLeft = Math.max(0, x - vw / 2);
        if (!inY) box.scrollTop = Math.max(0, y - vh / 2);
      };
      apply();
    }
    return { show, mark, get scale() { return scale; }, get mode() { return mode; } };
  }

  // a <span class=cls> holding `text`
  function span(cls, text) {
    const e = document.createElement("span");
    e.className = cls;
    e.textContent = text;
    return e;
  }

  // The end of a game: `sheet` is the server's score sheet ({verdict, reason, achieved, rows}).
  const KIND = { count: "count", tiebreak: "tie-breaker" };
  function drawScoreSheet(table, sheet, result, label) {
    table.replaceChildren();
    const cap = document.createElement("caption");
    cap.id = "verdict";
    const verdict = document.createElement("strong");
    verdict.textContent = sheet.verdict + (sheet.reason ? `: ${sheet.reason}` : "") + ".";
    cap.append(verdict);
    if (sheet.achieved) cap.append(span("achieved", sheet.achieved));
    table.append(cap);
    const head = document.createElement("tr");
    head.append(document.createElement("th"));
    result.scores.forEach((_, i) => {
      const th = document.createElement("th");
      const win = result.winners.includes(i);
      th.textContent = label(i) + (win ? " ★" : "");
      th.scope = "col";
      if (win) th.className = "win";
      th.dataset.seat = i;
      head.append(th);
    });
    table.append(head);
    let said = "";    // rows that share an explanation (a game's majorities) show it once, on the first
    for (const row of sheet.rows) {
      const tr = document.createElement("tr");
      tr.className = `row-${row.kind}`;
      const th = document.createElement("th");
      th.scope = "row";
      th.append(span("row-label", row.label));
      if (KIND[row.kind]) th.append(" ", span("row-kind", KIND[row.kind]));
      if (row.explain && row.explain !== said) th.append(span("row-explain", row.explain));
      said = row.explain || "";
      tr.append(th);
      row.cells.forEach((c, i) => {
        const td = document.createElement("td");
        td.textContent = c;
        if (result.winners.includes(i)) td.className = "win";
        tr.append(td);
      });
      table.append(tr);
    }
  }

  return { viewer, drawScoreSheet, span };
})();
