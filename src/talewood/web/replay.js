"use strict";
// Step through a finished game, move by move, rebuilt by the server from its record.
const $ = (sel) => document.querySelector(sel);
const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
let step = 0, steps = 0, seat = "";
const board = window.talewoodTable.viewer(document.querySelector(".board-wrap"));
async function show(n) {
  const q = new URLSearchParams({ step: Math.max(0, n) });
  if (seat !== "") q.set("seat", seat);
  const r = await fetch(`/api/games/${encodeURIComponent(gameId)}/replay?${q}`);
  const p = await r.json();
  if (!r.ok) { $("#status").textContent = p.detail; return; }
  step = p.step; steps = p.steps;
  const noun = p.seat_noun || "Player";
  $("#title").textContent = `Replay — ${p.name}`;
  $("#slider").max = steps; $("#slider").value = step;
  $("#step").textContent = `move ${step} of ${steps}`;
  $("#last-move").textContent = p.last ? `Last move: ${noun} ${p.last.seat + 1} — ${p.last.label}` : "The start of the game.";
  $("#review-note").textContent = window.talewoodLearn.decisionNote(review, step) || "";
  if (location.hash !== `#step=${step}`) history.replaceState(null, "", `#step=${step}`);
  window.talewoodInfo.hide();
  board.show(p.svg);
  const sel = $("#seat");
  if (sel.options.length === 1) p.seats.forEach((k, i) => sel.append(new Option(`${noun} ${i + 1} (${k})`, i)));
  const log = $("#log"); log.replaceChildren();
  for (const e of p.log) { const li = document.createElement("li"); li.textContent = e.text; log.append(li); }
  log.scrollTop = log.scrollHeight;
  window.talewoodChat.replay(p.id, step, noun);      // what the table said up to this move
  $("#status").textContent = p.over ? `Final position: ${p.verdict}.` : `${noun} ${p.current_player + 1} to play`;
  $("#scores-card").hidden = !p.over;
  if (p.over && p.score_sheet) {
    window.talewoodTable.drawScoreSheet($("#scores"), p.score_sheet, p.result, (i) => `${noun} ${i + 1}`);
  }
}
$("#first").onclick = () => show(0);
$("#prev").onclick = () => show(step - 1);
$("#next").onclick = () => show(step + 1);
$("#last").onclick = () => show(steps);
$("#slider").oninput = (e) => show(+e.target.value);
$("#seat").onchange = (e) => { seat = e.target.value; show(step); };
document.addEventListener("keydown", (e) => { if (e.key === "ArrowRight") show(step + 1); if (e.key === "ArrowLeft") show(step - 1); });
window.talewoodInfo.attach($("#board"), {});
// the bots' review of the game: its chart and turning points beside the board, its word on each decision
let review = null;
window.talewoodLearn.review($("#review-card"), gameId, { onStep: (k) => show(k) }).then((rv) => {
  review = rv;
  $("#review-note").textContent = window.talewoodLearn.decisionNote(review, step) || "";
});
// a link to a step of the replay (a review's turning point): #step=K
function fromHash() {
  const m = /step=(\d+)/.exec(location.hash);
  return m ? +m[1] : 0;
}
window.addEventListener("hashchange", () => { if (fromHash() !== step) show(fromHash()); });
show(fromHash());
