// The runs page: the queue and the finished runs, or one run (its permalink /runs/<id>), polled while live.
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  const POLL_MS = 2000;
  let timer = null;

  function cell(row, text, cls) {
    const td = document.createElement("td");
    td.textContent = text;
    if (cls) td.className = cls;
    row.appendChild(td);
    return td;
  }

  function llr(v) { return v === null || v === undefined ? "-" : (v >= 0 ? "+" : "") + v.toFixed(3); }
  function signed(v) { return (v >= 0 ? "+" : "") + v.toFixed(1); }

  async function get(url) {
    const answer = await fetch(url, { headers: { "Accept": "application/json" } });
    const body = await answer.json();
    if (!answer.ok) throw new Error(body.message || answer.statusText);
    return body;
  }

  function fill(tbody, runs, last) {
    tbody.textContent = "";
    for (const r of runs) {
      const row = document.createElement("tr");
      row.dataset.run = String(r.id);
      const link = document.createElement("a");
      link.href = "/runs/" + r.id;
      link.textContent = "#" + r.id;
      cell(row, "").appendChild(link);
      cell(row, r.game + " " + r.kind);
      cell(row, r.a);
      cell(row, r.b);
      cell(row, last(r), r.result || r.state);
      cell(row, r.deals.toLocaleString("en"), "num");
      cell(row, llr(r.llr), "num");
      tbody.appendChild(row);
    }
  }

  async function showList() {
    const live = await get("/api/runs?state=live");
    fill($("queue").tBodies[0], live.runs, (r) => r.state);
    const q = new URLSearchParams({ state: "finished", bot: $("search-bot").value, result: $("search-result").value });
    const done = await get("/api/runs?" + q.toString());
    fill($("finished").tBodies[0], done.runs, (r) => r.result || r.state);
    document.body.dataset.live = String(live.runs.length);
    return live.runs.length > 0;
  }

  function row(tbody, name, value) {
    const tr = document.createElement("tr");
    cell(tr, name);
    cell(tr, value);
    tbody.appendChild(tr);
  }

  async function showRun(id) {
    const r = await get("/api/runs/" + id);
    $("list").hidden = true;
    $("run").hidden = false;
    document.title = "kozyr run " + r.id;
    $("run-title").textContent = "Run " + r.id + ": " + r.game + " " + r.kind + ", " + r.a + " vs " + r.b;
    $("run-state").textContent = r.state + (r.result ? ": " + r.result : "") + (r.error ? " (" + r.error + ")" : "");
    $("run-state").className = r.result || r.state;
    $("chart").src = "/api/runs/" + r.id + "/chart.svg?b=" + r.batches;
    const t = $("figures").tBodies[0];
    t.textContent = "";
    row(t, "deals", r.deals.toLocaleString("en") + " in " + r.batches + " batches");
    if (r.llr !== null && r.llr !== undefined) {
      row(t, "LLR", llr(r.llr) + (r.bounds ? " in [" + llr(r.bounds[0]) + ", " + llr(r.bounds[1]) + "]" : ""));
    }
    if (r.counts) row(t, r.kind === "sprt" || r.kind === "ladder" ? "counts (pentanomial P0..P4)" : "counts", r.counts.join(" "));
    if (r.normalized && r.normalized.elo !== null) {
      row(t, "normalized Elo [95%]", signed(r.normalized.elo) + " [" + signed(r.normalized.low) + ", " + signed(r.normalized.high) + "]");
    }
    if (r.estimate && r.estimate.elo !== null) {
      row(t, "logistic Elo [95%]", signed(r.estimate.elo) + " [" + signed(r.estimate.elo_low) + ", " + signed(r.estimate.elo_high) + "]");
    }
    if (r.mean !== undefined) row(t, "mean gain (whists a deal)", r.mean.toFixed(2));
    if (r.final) row(t, "final", Object.entries(r.final).map(([k, v]) => k + "=" + v).join(", "));
    if (r.table) for (const line of r.table) row(t, line[0], line.slice(1).join(" | "));
    $("share").textContent = r.share || "(no text block: " + (r.kind === "sprt" ? "no batch yet" : "not a sequential test") + ")";
    $("settings").textContent = JSON.stringify(r.spec, null, 2);
    const s = $("sources").tBodies[0];
    s.textContent = "";
    for (const [key, side] of Object.entries(r.sources)) {
      const tr = document.createElement("tr");
      cell(tr, key);
      cell(tr, side.bot || (side.rung !== undefined ? "rung " + side.rung : side.pref));
      cell(tr, side.sha256 ? "sha256 " + side.sha256 : "kozyr " + side.kozyr + (side.commit ? " " + side.commit : ""));
      s.appendChild(tr);
    }
    document.body.dataset.batches = String(r.batches);
    return r.state === "queued" || r.state === "running";
  }

  async function refresh() {
    clearTimeout(timer);
    const m = location.pathname.match(/^\/runs\/([0-9]+)$/);
    try {
      const live = m ? await showRun(m[1]) : await showList();
      $("message").textContent = "";
      if (live) timer = setTimeout(refresh, POLL_MS);
    } catch (e) {
      $("message").textContent = e.message;
    }
    document.body.dataset.ready = "1";
  }

  $("search").addEventListener("submit", (e) => { e.preventDefault(); refresh(); });
  refresh();
})();
