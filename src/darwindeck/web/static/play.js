// DarwinDeck's only script: the start form of a game page and the play page, drawn from the JSON API.
"use strict";

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (key === "class") node.className = value;
    else node.setAttribute(key, value);
  }
  for (const child of children) node.append(child);
  return node;
}

function cardNode(text, tag) {
  const node = el(tag || "span", { class: "card" + (/[♥♦]/.test(text) ? " red" : "") }, text);
  return node;
}

async function api(path, body) {
  const response = await fetch(path, body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  });
  const data = await response.json();
  if (!response.ok) {
    const detail = Array.isArray(data.detail)
      ? data.detail.map((d) => `${d.loc.slice(1).join(".")}: ${d.msg}`).join("; ")
      : data.detail;
    throw new Error(detail || response.statusText);
  }
  return data;
}

function startForm(form) {
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const data = new FormData(form);
    const choice = {
      seat: Number(data.get("seat")),
      opponents: data.get("opponents"),
      iterations: Number(data.get("iterations")),
    };
    try {
      if (form.dataset.start) {  // a blind panel's game: its own route, which answers with the page to go to
        window.location.href = (await api(form.dataset.start, choice)).url;
        return;
      }
      const game = await api("/api/games", {
        game: form.dataset.game,
        ...choice,
        // The seed field is on the form only when the server lets a client choose the deal.
        ...(data.has("seed") ? { seed: Number(data.get("seed")) } : {}),
      });
      window.location.href = `/play/${game.id}`;
    } catch (error) {
      document.getElementById("start-error").textContent = error.message;
    }
  });
}

function seatsTable(view) {
  const head = el("tr", {}, el("th", {}, "seat"), el("th", {}, "cards"));
  const withCaptured = view.captured.length > 0;  // only where captured cards count
  if (withCaptured) head.append(el("th", {}, "captured"));
  const withBids = view.bids.some((b) => b >= 0);
  if (withBids) head.append(el("th", {}, "bid"), el("th", {}, "tricks"));
  const withScores = view.scores.length > 0;  // only where the game scores points, seat by seat
  if (withScores) head.append(el("th", {}, "score"));
  const table = el("table", { class: "seats" }, head);
  view.names.forEach((name, seat) => {
    const label = seat === view.seat ? `${name} (you)` : name;
    const row = el("tr", { class: seat === view.current ? "current" : "" },
      el("td", {}, (seat === view.current ? "▶ " : "") + label), el("td", {}, String(view.hand_sizes[seat])));
    if (withCaptured) row.append(el("td", {}, String(view.captured[seat])));
    if (withBids) {
      row.append(el("td", {}, view.bids[seat] >= 0 ? String(view.bids[seat]) : "–"),
        el("td", {}, String(view.tricks_won[seat])));
    }
    if (withScores) row.append(el("td", {}, String(view.scores[seat])));
    table.append(row);
  });
  return table;
}

function drawTable(view) {
  const table = document.getElementById("table");
  const trumps = view.trumps ? ` · ${view.trumps}` : "";
  table.replaceChildren(el("h2", {}, `Hand ${view.hand_number}${trumps}`), seatsTable(view));
  if (view.table) table.append(el("p", { id: "table-line" }, "Table: " + view.table));
  if (view.auction) table.append(el("p", { id: "auction" }, view.auction));
  if (view.count != null) table.append(el("p", { id: "count" }, `Count: ${view.count}`));
  if (view.contract) table.append(el("p", { id: "contract" }, view.contract[0].toUpperCase() + view.contract.slice(1)));
  if (view.trick.length) {
    const trick = el("p", { id: "trick" }, "Trick: ");
    for (const [name, card] of view.trick) trick.append(`${name} `, cardNode(card), " ");
    trick.append(`(${view.winning} winning)`);
    table.append(trick);
  }
  if (view.last_trick) {
    const last = el("p", { id: "last-trick" }, "Last trick: ");
    for (const [name, card] of view.last_trick.cards) last.append(`${name} `, cardNode(card), " ");
    last.append(`(won by ${view.last_trick.winner})`);
    table.append(last);
  }
  if (view.sides.length) {
    table.append(el("p", { id: "teams" }, "Teams: " + view.sides.map((side) =>
      `${side.names}${side.you ? " (you)" : ""}${side.score != null ? ` ${side.score}` : ""}` +
      (side.tricks != null ? `, ${side.tricks} tricks` : "") +
      (side.bags != null ? `, ${side.bags} bags` : "") +
      (side.vulnerable ? ", vulnerable" : "")).join(" · ")));
  }
  view.tableau.forEach((pile, index) => {
    if (pile.length) table.append(el("p", {}, `Pile ${index + 1}: `, ...pile.map((c) => cardNode(c))));
  });
  if (view.to_pass.length) {
    table.append(el("p", { id: "to-pass" }, "To pass: ", ...view.to_pass.map((c) => cardNode(c))));
  }
  if (view.dummy) {
    const dummy = el("p", { id: "dummy" }, `Dummy (${view.dummy.name}): `);
    for (const card of view.dummy.cards) dummy.append(cardNode(card));
    table.append(dummy);
  }
  const hand = el("p", { id: "hand" }, "Your hand: ");
  for (const card of view.hand || []) hand.append(cardNode(card));
  table.append(hand);
  if (view.outcome) table.append(el("p", { id: "outcome" }, view.outcome));
}

function drawMoves(view, onMove) {
  const moves = document.getElementById("moves");
  moves.replaceChildren();
  if (!view.moves.length) return;
  moves.append(el("h2", {}, view.from_dummy ? "Your move: play from the dummy" : "Your move"));
  for (const move of view.moves) {
    const isCard = move.text.startsWith("card ");
    const button = isCard ? cardNode(move.text.slice(5), "button") : el("button", { class: "move" }, move.text);
    button.dataset.action = move.action;
    button.addEventListener("click", () => onMove(move.action));
    moves.append(button);
  }
}

function drawLog(view) {
  const log = document.getElementById("log");
  log.replaceChildren(...view.log.map((line) => el("li", {}, line)));
  log.scrollTop = log.scrollHeight;
}

// The heading over the rating form: "Result: you win", "Result: you lose", "Result: a draw" (never "you
// draw", which reads as drawing a card), "Result: abandoned" for a game left before its end.
function resultWords(result) {
  const words = { win: "you win", loss: "you lose", draw: "a draw", abandoned: "abandoned" };
  return `Result: ${words[result] || result}`;
}

function playPage(root) {
  const id = root.dataset.id;
  let version = 0;
  const showRating = (result) => {
    document.getElementById("rate").hidden = false;
    document.getElementById("quit").hidden = true;
    document.getElementById("result").textContent = result ? resultWords(result) : "Rate this game";
  };
  const draw = (view) => {
    version = view.version;
    root.dataset.version = String(view.version);
    drawTable(view);
    drawMoves(view, move);
    drawLog(view);
    if (view.result) showRating(view.result);
  };
  // One move in flight at a time: its buttons are disabled and "thinking…" shows until the answer (which
  // includes the computer's replies) is drawn, so a second click cannot send a stale move.
  let moving = false;
  const busy = (on) => {
    moving = on;
    document.getElementById("thinking").hidden = !on;
    for (const button of document.querySelectorAll("#moves button")) button.disabled = on;
  };
  const move = async (action) => {
    if (moving) return;
    busy(true);
    try {
      document.getElementById("move-error").textContent = "";
      draw(await api(`/api/games/${id}/moves`, { action, version }));
    } catch (error) {
      document.getElementById("move-error").textContent = error.message;
    } finally {
      busy(false);
    }
  };
  document.getElementById("quit").addEventListener("click", () => showRating(null));
  document.getElementById("rating").addEventListener("submit", async (event) => {
    event.preventDefault();
    const data = new FormData(event.target);
    try {
      if (root.dataset.verdict) {  // a blind panel's four scales
        await api(root.dataset.verdict, {
          clarity: Number(data.get("clarity")), decisions: Number(data.get("decisions")),
          elegance: Number(data.get("elegance")), fun: Number(data.get("fun")),
          comment: data.get("comment") || "", game: id,
        });
      } else {
        await api(`/api/games/${id}/rating`, {
          stars: Number(data.get("stars")), comment: data.get("comment") || "",
          broken: data.get("broken") === "on", again: data.get("again") === "on",
        });
      }
      document.getElementById("rated").textContent = "Thank you: your rating is saved.";
    } catch (error) {
      document.getElementById("rated").textContent = error.message;
    }
  });
  api(`/api/games/${id}`).then(draw).catch((error) => {
    document.getElementById("move-error").textContent = error.message;
  });
}

const form = document.getElementById("start");
if (form) startForm(form);
const root = document.getElementById("play");
if (root) playPage(root);

function battlePage(form) {
  let step = 0;
  let query = "";
  const board = document.getElementById("board");
  const draw = (snap) => {
    step = snap.step;
    board.replaceChildren(el("h2", {}, snap.over
      ? `Over after ${snap.step} actions: ${snap.winner ? `player ${snap.winner} wins` : "a draw"}`
      : `Turn ${snap.turn}, action ${snap.step}`));
    snap.players.forEach((player, index) => {
      const section = el("div", { class: "side" }, el("h3", {},
        `Player ${index + 1} (${player.deck}): ${player.points} points · hand ${player.hand} · deck ${player.deck_size}` +
        ` · energy ${player.energy_now || "–"} (next ${player.energy_next || "–"})`));
      const list = el("ul", {});
      for (const p of player.in_play) {
        list.append(el("li", {}, `${p.place}: ${p.name} HP ${p.hp}/${p.max_hp}` +
          ` · energy ${p.energy.join(", ") || "–"} · status ${p.status.join(", ") || "–"}`));
      }
      section.append(list);
      board.append(section);
    });
    if (snap.effects.length) board.append(el("p", { id: "effects" }, "Active effects: " + snap.effects.join("; ")));
    document.getElementById("battle-log").replaceChildren(...snap.log.map((line) => el("li", {}, line)));
    document.getElementById("battle-next").disabled = snap.over;
    document.getElementById("battle-end").disabled = snap.over;
  };
  const go = async (target) => {
    try {
      document.getElementById("battle-error").textContent = "";
      draw(await api(`/api/battle?${query}&step=${target}`));
    } catch (error) {
      document.getElementById("battle-error").textContent = error.message;
    }
  };
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    query = new URLSearchParams(new FormData(form)).toString();
    go(0);
  });
  document.getElementById("battle-next").addEventListener("click", () => go(step + 1));
  document.getElementById("battle-end").addEventListener("click", () => go(5000));
}

const battleForm = document.getElementById("battle-form");
if (battleForm) battlePage(battleForm);
