// Tables for several people: the page that creates a table, and a person's seat, drawn from the JSON
// API and the seat's event stream. Uses el, drawTable, drawMoves and drawLog of play.js (loaded first).
// The seat's token is the link's fragment (never sent in a request line); it goes in X-Seat-Token.
"use strict";

async function tableApi(path, token, body) {
  const init = { headers: { "X-Seat-Token": token } };
  if (body !== undefined) {
    init.method = "POST";
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const response = await fetch(path, init);
  const data = await response.json();
  if (!response.ok) {
    const detail = Array.isArray(data.detail)
      ? data.detail.map((d) => `${d.loc.slice(1).join(".")}: ${d.msg}`).join("; ")
      : data.detail;
    throw new Error(detail || response.statusText);
  }
  return data;
}

function tableForm(form) {
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const data = new FormData(form);
    const seats = [...form.querySelectorAll("select[data-seat]")].map((select) => ({
      kind: select.value, iterations: Number(data.get(`iterations-${select.dataset.seat}`)),
    }));
    const standIn = data.get("stand_in");
    try {
      const table = await tableApi("/api/tables", "", {
        game: form.dataset.game, seats, stand_in: standIn ? { kind: standIn, iterations: 100 } : null,
      });
      const list = document.getElementById("link-list");
      list.replaceChildren(...table.links.map((link) => {
        const url = window.location.origin + link.url;
        return el("li", { "data-seat": String(link.seat) }, `${link.name}: `, el("a", { href: url }, url));
      }));
      document.getElementById("links").hidden = false;
      form.hidden = true;
    } catch (error) {
      document.getElementById("table-error").textContent = error.message;
    }
  });
}

// Server-sent events read with fetch (an EventSource cannot send the token header): calls onEvent(name,
// data) for each event; resolves with the last event's name when the stream ends.
async function readStream(url, token, onEvent) {
  const response = await fetch(url, { headers: { "X-Seat-Token": token } });
  if (!response.ok) throw new Error((await response.json()).detail || response.statusText);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  let last = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return last;
    buffer += value;
    let cut;
    while ((cut = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      let name = "message";
      let data = "";
      for (const line of block.split("\n")) {
        if (line.startsWith("event: ")) name = line.slice(7);
        else if (line.startsWith("data: ")) data += line.slice(6);
      }
      if (data) {
        last = name;
        onEvent(name, data);
      }
    }
  }
}

function seatPage(root) {
  const id = root.dataset.table;
  const seat = Number(root.dataset.seat);
  const token = window.location.hash.slice(1);
  const base = `/api/tables/${id}/seats/${seat}`;
  const connection = document.getElementById("connection");
  let version = -1;
  let inFlight = false;
  const showError = (message) => { document.getElementById("move-error").textContent = message; };
  const showRating = (view) => {
    document.getElementById("rate").hidden = false;
    if (view.rated) {
      document.getElementById("rate-button").disabled = true;
      document.getElementById("rated").textContent = "Thank you: your rating is saved.";
    }
    const result = view.result;
    document.getElementById("result").textContent = result
      ? resultWords(result)
      : "You left the table: rate this game";
  };
  const draw = (view) => {
    if (view.version < version) return; // an older view than the one shown
    version = view.version;
    root.dataset.version = String(view.version);
    drawTable(view);
    drawMoves(view, move);
    drawLog(view);
    document.getElementById("players").textContent = "Seats: " + view.names.map((name, s) =>
      `${name}: ${s === seat ? "you" : view.players[s]}`).join(" · ");
    document.getElementById("leave").hidden = !view.can_leave || view.left;
    if (view.result || view.left) showRating(view);
    for (const button of document.querySelectorAll("#moves button")) button.disabled = inFlight;
  };
  async function move(action) {
    if (inFlight) return;
    inFlight = true;
    document.getElementById("thinking").hidden = false;
    for (const button of document.querySelectorAll("#moves button")) button.disabled = true;
    try {
      showError("");
      const view = await tableApi(`${base}/moves`, token, { action, version });
      inFlight = false;
      draw(view);
    } catch (error) {
      inFlight = false;
      showError(error.message);
      tableApi(base, token).then(draw).catch(() => {});
    } finally {
      document.getElementById("thinking").hidden = true;
    }
  }
  document.getElementById("leave").addEventListener("click", async () => {
    try { draw(await tableApi(`${base}/leave`, token, {})); } catch (error) { showError(error.message); }
  });
  document.getElementById("rating").addEventListener("submit", async (event) => {
    event.preventDefault();
    const data = new FormData(event.target);
    try {
      await tableApi(`${base}/rating`, token, {
        stars: Number(data.get("stars")), comment: data.get("comment") || "",
        broken: data.get("broken") === "on", again: data.get("again") === "on",
      });
      document.getElementById("rated").textContent = "Thank you: your rating is saved.";
    } catch (error) {
      document.getElementById("rated").textContent = error.message;
    }
  });
  // The stream: reconnect after a dropped connection (2 s, then up to 30 s apart); stop at the end.
  (async () => {
    let wait = 2000;
    for (;;) {
      let last = "";
      try {
        last = await readStream(`${base}/events`, token, (name, data) => {
          if (name === "view") {
            connection.textContent = "live";
            wait = 2000;
            draw(JSON.parse(data));
          }
        });
      } catch (error) {
        showError(error.message);
        if (/token/.test(error.message)) return;
      }
      if (last === "end") { connection.textContent = "the game is over"; return; }
      if (last === "replaced") { connection.textContent = "this seat is open in another tab"; return; }
      connection.textContent = "reconnecting…";
      await new Promise((resolve) => setTimeout(resolve, wait));
      wait = Math.min(wait * 2, 30000);
    }
  })();
}

const tableFormNode = document.getElementById("table-form");
if (tableFormNode) tableForm(tableFormNode);
const seatRoot = document.getElementById("seat-page");
if (seatRoot) seatPage(seatRoot);
