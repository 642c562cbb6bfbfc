"use strict";
// A game's rules on one page (the lobby links here): the sections listed, then each in full; #id opens one.
(async () => {
  const game = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
  const book = await window.talewoodLearn.rulesOf(game);
  const text = document.getElementById("rules-text");
  if (!book) { text.textContent = "There are no rules for this game here: check the address."; return; }
  document.title = `${book.title} — rules — Talewood`;
  document.getElementById("title").textContent = book.title;
  document.getElementById("rules-title").textContent = `How to play ${book.title}`;
  const toc = document.getElementById("rules-toc");
  for (const s of book.sections) {
    const a = document.createElement("a");
    a.href = `#rules-${s.id}`;
    a.textContent = s.title;
    const li = document.createElement("li");
    li.append(a);
    toc.append(li);
    text.append(window.talewoodLearn.section(s));
  }
  const wanted = location.hash.replace(/^#(rules-)?/, "");
  const at = wanted && document.getElementById(`rules-${wanted}`);
  if (at) at.scrollIntoView();
})();
