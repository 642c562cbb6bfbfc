"use strict";
// The seat links this device received (and the creator's), kept in this browser's local storage only: they are
// sent to nobody but this server's own API ("Your games" asks it what each leads to). Forgetting one
// removes it from this browser; the link itself keeps working.
window.talewoodLinks = (() => {
  const KEY = "talewood.links";
  const MAX = 50;                       // what one "Your games" request may ask about
  function all() {
    try {
      const saved = JSON.parse(localStorage.getItem(KEY) || "[]");
      return Array.isArray(saved) ? saved.filter((l) => l && typeof l.game === "string" && typeof l.token === "string") : [];
    } catch (e) { return []; }
  }
  function store(links) {
    try { localStorage.setItem(KEY, JSON.stringify(links.slice(-MAX))); } catch (e) { /* storage full or off */ }
  }
  function remember(game, token, role = "seat") {
    if (!game || !token) return;
    const links = all().filter((l) => !(l.game === game && l.token === token));
    links.push({ game, token, role, saved: new Date().toISOString() });
    store(links);
  }
  function forget(game, token) { store(all().filter((l) => !(l.game === game && l.token === token))); }
  return { all, remember, forget };
})();
