// The kozyr table's page: draws what the server sends and sends what you click. No framework, no
// other script. The server holds every game; this page only shows its state, so a reload resumes it.
// Pictures are the server's SVG (kozyr.svg); every other text goes in with textContent.
"use strict";

const $ = (id) => document.getElementById(id);
const page = { game: null, kind: null, replay: null, summary: null, step: 0, seat: 0, typed: new Map() };

// the seed of a deal still being played is not sent (it deals every hidden card): the page shows the seed
// the player typed, or the first digits of its SHA-256 commitment, until the deal is over
function seedText(id, state) {
  if (state.seed !== null && state.seed !== undefined) return `seed ${state.seed}`;
  if (page.typed.has(id)) return `seed ${page.typed.get(id)}`;
  return `seed sealed until the end (SHA-256 ${state.commitment.slice(0, 12)}…)`;
}

// data-busy is 1 while a request is out; data-done counts the answers drawn (a test waits on both)
let inflight = 0, answered = 0;
function busy(delta) { inflight += delta; document.body.dataset.busy = inflight ? "1" : "0"; }
function drawn() {
  // after the caller has drawn the answer: its code runs in the promise's continuation, before this timer
  setTimeout(() => { busy(-1); answered += 1; document.body.dataset.done = String(answered); }, 0);
}

function say(text, ok) {
  const m = $("message");
  m.textContent = text || "";
  m.className = ok ? "ok" : (text ? "refused" : "");
}

async function api(method, path, body, raw) {
  const options = { method, credentials: "same-origin", headers: {} };
  if (method === "POST") {
    options.headers["Content-Type"] = "application/json";
    options.body = raw !== undefined ? raw : JSON.stringify(body || {});
  }
  busy(1);
  try {
    const response = await fetch(path, options);
    let data = null;
    try { data = await response.json(); } catch (e) { data = { error: "bad_answer", message: "the server's answer is not JSON" }; }
    return { ok: response.ok, status: response.status, data };
  } catch (e) {
    return { ok: false, status: 0, data: { error: "offline", message: "the server cannot be reached: is kozyr serve running?" } };
  } finally {
    drawn();
  }
}

function fill(select, values, labels, chosen) {
  select.replaceChildren();
  values.forEach((v, i) => {
    const o = document.createElement("option");
    o.value = String(v);
    o.textContent = labels ? labels[i] : String(v);
    if (String(v) === String(chosen)) o.selected = true;
    select.append(o);
  });
}

function show(which) {
  for (const tab of document.querySelectorAll(".tab")) tab.hidden = tab.id !== "tab-" + which;
  for (const b of document.querySelectorAll("nav button")) b.classList.toggle("on", b.dataset.tab === which);
  if (which === "records") loadRecords();
}

function button(label, onClick, enabled, id) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = label;
  b.disabled = !enabled;
  if (id) b.id = id;
  b.addEventListener("click", onClick);
  return b;
}

function svgInto(box, svg) {
  box.innerHTML = svg || "";   // the server's SVG (ElementTree-made, no script); the CSP runs no inline script
}

// -- a game ---------------------------------------------------------------------------------------
function showGame(id, state) {
  page.game = id; page.kind = state.kind; page.replay = null;
  $("replay").hidden = true;
  $("game").hidden = false;
  const g = $("game");
  g.dataset.kind = state.kind;
  g.dataset.over = state.over ? "1" : "0";
  g.dataset.phase = state.phase;
  $("game-title").textContent = state.kind === "durak"
    ? `Durak: you in seat ${state.you} against ${typeof state.rung === "number" ? "the rung " + state.rung + " bot" : state.rung}, ${seedText(id, state)}`
    : state.kind === "preferans"
    ? `Preferans (${state.convention}, pulya to ${state.target}): you in seat ${state.you} of ${state.players}` +
      ` against the ${state.bots} bots, deal ${state.deal}, ${seedText(id, state)}`
    : `Hokm to ${state.target}: you in seat ${state.you}, hand ${state.hand_number}, ${seedText(id, state)}` +
      ` (us ${state.scores.us}, them ${state.scores.them}; tricks us ${state.tricks.us}, them ${state.tricks.them})`;
  $("status").textContent = state.status;
  svgInto($("picture"), state.picture);
  $("last-trick-box").hidden = !state.last_trick;
  svgInto($("last-trick"), state.last_trick);
  $("choices").replaceChildren();
  $("hint-text").textContent = "";
  $("verdict").textContent = state.verdict || "";
  $("replay-line").textContent = state.replay ? `The same deal in a terminal: ${state.replay}` : "";
  $("download").href = `/api/games/${id}/record`;
  $("download").hidden = !state.over;     // the record comes when the deal is over
  $("save").disabled = !state.over;
  const log = $("log");
  log.replaceChildren(...state.log.map((line) => { const li = document.createElement("li"); li.textContent = line; return li; }));
  log.scrollTop = log.scrollHeight;
  const playable = new Map();
  if (state.kind === "durak") {
    for (const c of state.hand) playable.set(c.card, c.moves.length ? () => chooseMove(c) : null);
    $("actions").replaceChildren(...state.actions.map((a) => button(a.label, () => {
      if (a.move === "resign" && !window.confirm("Resign and be the fool?")) return;
      sendMove({ move: a.move });
    }, a.legal, "act-" + a.move)));
  } else if (state.kind === "preferans") {
    preferansControls(state, playable);
  } else {
    for (const c of state.hand) playable.set(c.card, c.legal ? () => sendMove({ card: c.card }) : null);
    const choosing = state.trumps.some((t) => t.legal);
    $("actions").replaceChildren(...(choosing ? state.trumps.map((t) =>
      button(`Trump: ${t.text}`, () => sendMove({ trump: t.suit }), t.legal, "trump-" + t.suit)) : []));
  }
  markHand($("picture"), playable);
  showSheet(state);
  g.dataset.ply = String(state.kind === "hokm" ? state.log.length + ":" + state.hand_number : state.ply);
}

// preferans: a card plays (or, with the talon in your hand, is chosen for the discard: two, then the
// button); every other legal move is a button; between deals, the next deal or the end
function preferansControls(state, playable) {
  page.chosen = new Set();
  const discard = button("Discard the two chosen", () => sendMove({ move: `discard ${[...page.chosen].join(" ")}` }),
                         false, "pref-discard");
  for (const c of state.hand) {
    if (!c.legal) { playable.set(c.card, null); continue; }
    playable.set(c.card, state.discard ? () => {
      if (page.chosen.has(c.card)) page.chosen.delete(c.card);
      else if (page.chosen.size < 2) page.chosen.add(c.card);
      for (const el of $("picture").querySelectorAll("g.card[data-card]")) {
        el.classList.toggle("chosen", page.chosen.has(el.dataset.card));
      }
      discard.disabled = page.chosen.size !== 2;
    } : () => sendMove({ move: `play ${c.card}` }));
  }
  const buttons = state.actions.map((a) => a.action
    ? button(a.label, () => sendMove({ action: a.action }), true, "pref-" + a.action)
    : button(a.label, () => sendMove({ move: a.move }), true, "pref-" + a.move.replace(/[^A-Za-z0-9]+/g, "-")));
  $("actions").replaceChildren(...(state.discard ? [discard] : []), ...buttons);
}

function showSheet(state) {
  const table = $("sheet");
  table.hidden = state.kind !== "preferans";
  if (table.hidden) return;
  const s = state.sheet;
  $("sheet-caption").textContent = `The sheet after ${s.deals} deal${s.deals === 1 ? "" : "s"} (pulya to ${s.target})`;
  table.querySelector("tbody").replaceChildren(...s.rows.map((row) => {
    const tr = document.createElement("tr");
    const whists = Object.entries(row.whists).map(([on, n]) => `on ${on}: ${n}`).join(", ");
    for (const text of [row.name, row.pulya, row.gora, whists, row.saldo]) {
      const td = document.createElement("td"); td.textContent = text; tr.append(td);
    }
    tr.dataset.seat = String(row.seat);
    return tr;
  }));
}

function markHand(box, playable) {
  // the cards of your hand in the picture: the legal ones clickable, the others greyed
  for (const card of box.querySelectorAll("g.card[data-card]")) {
    const name = card.dataset.card;
    if (!playable.has(name)) continue;
    const go = playable.get(name);
    card.classList.add("hand-card", go ? "legal" : "greyed");
    card.setAttribute("role", "button");
    card.setAttribute("aria-disabled", go ? "false" : "true");
    if (!go) continue;
    card.setAttribute("tabindex", "0");
    card.addEventListener("click", go);
    card.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); go(); } });
  }
}

function chooseMove(card) {
  if (card.moves.length === 1) { sendMove({ move: card.moves[0] }); return; }
  $("choices").replaceChildren(...card.moves.map((m) => button(m, () => sendMove({ move: m }), true)));
}

async function sendMove(body) {
  if (!page.game) return;
  const r = await api("POST", `/api/games/${page.game}/move`, body);
  if (r.ok) { say(""); showGame(r.data.id, r.data.state); return; }
  say(`Refused (${r.data.error}): ${r.data.message}. Nothing changed.`);
  if (r.data.state) showGame(page.game, r.data.state);
}

function typedMove(text) {
  text = text.trim();
  if (page.kind === "durak" || page.kind === "preferans") return { move: text };
  const trump = text.match(/^(?:trump\s+)?([shdc])$/i);
  if (trump) return { trump: trump[1].toUpperCase() };
  return { card: text };
}

async function newGame(body) {
  const r = await api("POST", "/api/games", body);
  if (!r.ok) { say(`Not dealt (${r.data.error}): ${r.data.message}`); return; }
  if (body.seed !== undefined) page.typed.set(r.data.id, String(body.seed));
  say("");
  showGame(r.data.id, r.data.state);
}

// -- records and replays ----------------------------------------------------------------------------
async function loadRecords() {
  const r = await api("GET", "/api/records");
  const body = document.querySelector("#records tbody");
  if (!r.ok) { say(r.data.message); return; }
  body.replaceChildren(...r.data.records.map((rec) => {
    const tr = document.createElement("tr");
    for (const text of [rec.name, `${rec.size.toLocaleString()} B`, new Date(rec.time * 1000).toLocaleString()]) {
      const td = document.createElement("td"); td.textContent = text; tr.append(td);
    }
    const td = document.createElement("td");
    td.append(button("Replay", () => openReplay(api("POST", `/api/records/${encodeURIComponent(rec.name)}/replay`, {})), true));
    tr.append(td);
    tr.dataset.name = rec.name;
    return tr;
  }));
}

async function openReplay(request) {
  const r = await request;
  if (!r.ok) { say(`Not replayed (${r.data.error}): ${r.data.message}`); return; }
  say("");
  showReplay(r.data.replay, r.data.summary, r.data.frame);
}

function showReplay(id, summary, frame) {
  page.replay = id; page.summary = summary; page.game = null;
  $("game").hidden = true;
  $("replay").hidden = false;
  $("replay-title").textContent = `Replay: ${summary.title} (${summary.end})`;
  const step = $("step");
  step.max = String(summary.steps);
  fill($("replay-seat"), [...Array(summary.seats).keys()], null, frame.seat);
  $("marks").replaceChildren(...summary.marks.map((m) => button(m.label, () => goTo(m.step), true)));
  $("replay-deal-box").hidden = !summary.deal;
  svgInto($("replay-deal"), summary.deal);
  drawFrame(frame);
}

function drawFrame(frame) {
  page.step = frame.step; page.seat = frame.seat;
  const box = $("replay");
  box.dataset.step = String(frame.step);
  box.dataset.steps = String(frame.steps);
  $("step").value = String(frame.step);
  $("step-label").textContent = `step ${frame.step} of ${frame.steps} (${frame.mark})`;
  $("replay-text").textContent = frame.text;
  svgInto($("replay-picture"), frame.picture);
  $("replay-trick-box").hidden = !frame.last_trick;
  svgInto($("replay-trick"), frame.last_trick);
  $("replay-hands").replaceChildren(...frame.hands.map((h) => {
    const fig = document.createElement("figure");
    const cap = document.createElement("figcaption");
    cap.textContent = `Seat ${h.seat} holds ${h.count}`;
    const pic = document.createElement("div");
    pic.className = "picture";
    svgInto(pic, h.picture);
    fig.append(cap, pic);
    return fig;
  }));
  $("replay-verdict").textContent = frame.verdict || "";
  $("first").disabled = $("back").disabled = frame.step === 0;
  $("last").disabled = $("forward").disabled = frame.step === frame.steps;
}

async function goTo(step, seat) {
  if (!page.replay) return;
  step = Math.max(0, Math.min(step, page.summary.steps));
  seat = seat === undefined ? page.seat : seat;
  const r = await api("GET", `/api/replays/${page.replay}?step=${step}&seat=${seat}`);
  if (!r.ok) { say(r.data.message); return; }
  drawFrame(r.data.frame);
}

// -- wiring ---------------------------------------------------------------------------------------------
function wire(choices) {
  const d = choices.durak;
  const rungNames = { 1: "rung 1 (random)", 2: "rung 2 (cheap)", 3: "rung 3 (careful)", 4: "rung 4 (search)" };
  const bots = [...d.rungs, ...(d.names || [])];   // the rungs, then the bots the shell takes by name
  fill($("durak-rung"), bots, bots.map((r) => rungNames[r] || r), 2);
  fill($("durak-seats"), d.seats, null, 2);
  const seats = () => fill($("durak-seat"), [...Array(Number($("durak-seats").value)).keys()], null, 0);
  seats();
  $("durak-seats").addEventListener("change", seats);
  fill($("durak-variant"), d.variants, null, "podkidnoy");
  fill($("durak-deck"), d.decks, null, 36);
  fill($("durak-throw-in"), d.throw_ins, null, "all");
  const h = choices.hokm;
  [1, 2, 3].forEach((i) => fill($(`hokm-bot-${i}`), h.bots, null, h.default_bots[i - 1]));
  $("hokm-target").max = String(h.max_target);
  const p = choices.preferans;
  fill($("pref-bots"), p.bots, null, p.bots[0]);
  fill($("pref-players"), p.players, null, 3);
  const prefSeats = () => fill($("pref-seat"), [...Array(Number($("pref-players").value)).keys()], null, 0);
  prefSeats();
  $("pref-players").addEventListener("change", prefSeats);
  fill($("pref-convention"), p.conventions, null, "sochi");
  $("pref-target").max = String(p.max_target);
  $("pref-target").value = String(p.target);
  const w = choices.watch;
  fill($("watch-a"), w.rungs, w.rungs.map((r) => rungNames[r]), 3);
  fill($("watch-b"), w.rungs, w.rungs.map((r) => rungNames[r]), 2);
  fill($("watch-deal"), w.deals, null, "fast");
}

function number(text) { return /^\s*-?\d+\s*$/.test(text) ? Number(text) : text; }

document.addEventListener("DOMContentLoaded", async () => {
  for (const b of document.querySelectorAll("nav button")) b.addEventListener("click", () => show(b.dataset.tab));
  $("new-durak").addEventListener("submit", (e) => {
    e.preventDefault();
    const body = { game: "durak", rung: number($("durak-rung").value), seat: Number($("durak-seat").value) };
    if ($("durak-seed").value) body.seed = $("durak-seed").value;
    const rules = {};
    if (Number($("durak-seats").value) !== 2) rules.seats = Number($("durak-seats").value);
    if ($("durak-variant").value !== "podkidnoy") rules.variant = $("durak-variant").value;
    if (Number($("durak-deck").value) !== 36) rules.deck = Number($("durak-deck").value);
    if ($("durak-throw-in").value !== "all") rules.throw_in = $("durak-throw-in").value;
    if ($("durak-show-trump").checked) rules.show_trump = true;
    if ($("durak-teams").checked) rules.teams = true;
    if (Object.keys(rules).length) body.rules = rules;
    newGame(body);
  });
  $("new-hokm").addEventListener("submit", (e) => {
    e.preventDefault();
    const body = { game: "hokm", seat: Number($("hokm-seat").value), target: number($("hokm-target").value),
                   bots: [1, 2, 3].map((i) => $(`hokm-bot-${i}`).value) };
    if ($("hokm-seed").value) body.seed = number($("hokm-seed").value);
    newGame(body);
  });
  $("new-preferans").addEventListener("submit", (e) => {
    e.preventDefault();
    const body = { game: "preferans", bots: $("pref-bots").value, players: Number($("pref-players").value),
                   seat: Number($("pref-seat").value), convention: $("pref-convention").value,
                   target: number($("pref-target").value) };
    if ($("pref-seed").value) body.seed = $("pref-seed").value;
    newGame(body);
  });
  $("type-move").addEventListener("submit", (e) => {
    e.preventDefault();
    if ($("move-text").value.trim()) sendMove(typedMove($("move-text").value));
    $("move-text").value = "";
  });
  $("hint").addEventListener("click", async () => {
    const r = await api("GET", `/api/games/${page.game}/hint`);
    $("hint-text").style.whiteSpace = "pre-line";   // a preferans hint is a few lines: the analysis, best first
    $("hint-text").textContent = r.ok ? r.data.hint.text : r.data.message;
  });
  $("save").addEventListener("click", async () => {
    const r = await api("POST", `/api/games/${page.game}/save`, {});
    if (r.ok) say(`Saved as ${r.data.name} in the records folder.`, true); else say(r.data.message);
  });
  $("replay-save").addEventListener("click", async () => {
    const r = await api("POST", `/api/replays/${page.replay}/save`, {});
    if (r.ok) say(`Saved as ${r.data.name} in the records folder.`, true); else say(r.data.message);
  });
  $("upload").addEventListener("change", async () => {
    const file = $("upload").files[0];
    if (!file) return;
    if (file.size > 512 * 1024) { say(`${file.name} is ${file.size.toLocaleString()} bytes: a record is at most 512 KiB`); return; }
    openReplay(api("POST", "/api/replays", null, await file.text()));
    $("upload").value = "";
  });
  $("watch-form").addEventListener("submit", (e) => {
    e.preventDefault();
    openReplay(api("POST", "/api/watch", { seed: $("watch-seed").value, index: number($("watch-index").value),
      a: Number($("watch-a").value), b: Number($("watch-b").value), deal: $("watch-deal").value }));
  });
  $("first").addEventListener("click", () => goTo(0));
  $("back").addEventListener("click", () => goTo(page.step - 1));
  $("forward").addEventListener("click", () => goTo(page.step + 1));
  $("last").addEventListener("click", () => goTo(page.summary.steps));
  $("step").addEventListener("change", () => goTo(Number($("step").value)));
  $("replay-seat").addEventListener("change", () => goTo(page.step, Number($("replay-seat").value)));
  document.addEventListener("keydown", (e) => {
    if ($("replay").hidden || e.target.tagName === "INPUT") return;
    if (e.key === "ArrowLeft") goTo(page.step - 1);
    if (e.key === "ArrowRight") goTo(page.step + 1);
  });

  const r = await api("GET", "/api/session");
  if (!r.ok) { say(r.data.message); return; }
  wire(r.data.choices);
  show("durak");
  const now = r.data.current;
  if (now && now.game) showGame(now.game, now.state);
  else if (now && now.replay) showReplay(now.replay, now.summary, now.frame);
  document.body.dataset.ready = "1";
});
