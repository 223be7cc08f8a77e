// The coach's page: plain JavaScript over the JSON API (no build step).
"use strict";

const $ = (id) => document.getElementById(id);
const state = { games: null, rules: null, dice: [], answer: null };

// ---- talking to the API -------------------------------------------------------------

async function call(url, body, statusLine) {
  const init = body === undefined ? {} : {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  };
  let response = await fetch(url, init);
  let data = await response.json();
  while (response.status === 202) {  // a long solve: show how far it is, then ask again
    if (statusLine) showPending(statusLine, data);
    await new Promise((done) => setTimeout(done, 400));
    response = await fetch(data.poll);
    data = await response.json();
  }
  if (statusLine) {
    statusLine.textContent = "";
    statusLine.classList.remove("pending");
  }
  if (!response.ok) throw new Error(data.error || `HTTP ${response.status}`);
  return data;
}

function showPending(line, data) {
  // progress: the share of the solve done, 0 to 1 (null: the solve reports no stages)
  const share = data.progress;
  const figure = share === null || share === undefined ? "" :
    `<progress max="1" value="${share}"></progress> ` +
    `<span class="progress" data-progress="${share}">${(100 * share).toFixed(0)} %</span> `;
  line.classList.add("pending");
  line.title = `job ${data.job}`;
  const stage = data.stage && data.stage !== "solving" ? `${escapeHtml(data.stage)} · ` : "";
  line.innerHTML = `solving… ${figure}${stage}${data.seconds} s`;
}

function table() {
  const set = $("settings").value.split(",").map((s) => s.trim()).filter((s) => s);
  const text = $("rules-text").value;
  return { rules: $("preset").value, set, rules_text: text.trim() ? text : null };
}

function preset() {
  // a pasted rule file may name another preset: the rules in force decide the panels
  const name = state.rules ? state.rules.settings.preset : $("preset").value;
  return state.games.presets.find((p) => p.name === name);
}

function has(panel) {
  return preset().panels.includes(panel);
}

// ---- numbers as players read them ---------------------------------------------------

function fixed(value, digits) {
  // a value too small for the digits shown keeps three significant ones (never "0.000")
  return value !== 0 && Math.abs(value) < 10 ** -digits ? value.toPrecision(3) : value.toFixed(digits);
}

function shown(value, unit) {
  if (value === null || value === undefined) return "";
  if (unit === "chance") return `${(100 * value).toFixed(2)} %`;
  if (unit && unit.startsWith("share of the pot")) return `${(100 * value).toFixed(2)} % of the pot`;
  if (unit === "points per round") return `${fixed(value, 3)} points`;
  if (unit === "chips") return `${fixed(value, 3)} chips`;
  return value.toFixed(4);
}

function valueWords(unit) {
  if (unit === "chance") return "chance to win the round";
  if (unit === "points per round") return "points per round (expected payout)";
  if (unit && unit.startsWith("share of the pot")) return unit;
  return unit;
}

function afterValue(unit) {
  // what follows a value shown with its unit (shown): the words, without the unit again
  if (unit === "points per round") return "a round (expected payout)";
  if (unit && unit.startsWith("share of the pot")) return unit.replace("share of the pot", "").trim();
  if (unit === "chips") return "";
  return valueWords(unit);
}

// ---- answers on screen: none is left standing for another position ------------------------

function clearAnswers() {
  $("holds").hidden = true;
  $("headline").textContent = "";
  $("next-throw").disabled = true;
  for (const id of ["betting-rows", "bidding-rows", "review-rows"]) $(id).hidden = true;
  for (const id of ["betting-answer", "bidding-answer", "review-summary"]) $(id).textContent = "";
}

function needRules() {
  if (!state.rules) throw new Error("fix the rules first: see the message under the options");
}

// ---- dice entry -----------------------------------------------------------------------

function norm(label) {
  const up = String(label).trim().toUpperCase();
  return up === "T" ? "10" : up;
}

function parseDice(text) {
  const parts = text.trim().split(/[\s,]+/).filter((s) => s);
  if (parts.length === 1 && parts[0].length > 1 && !/^10$/.test(parts[0])) {
    return parts[0].replace(/10/g, "T").split("").map(norm);
  }
  return parts.map(norm);
}

function setDice(list) {
  state.dice = list.slice(0, 5);
  $("dice-text").value = state.dice.join(" ");
  stale();
}

function stale() {
  // new dice: the advice shown was for other dice
  drawDice([]);
  $("holds").hidden = true;
  $("headline").textContent = "";
  $("next-throw").disabled = true;
}

function drawDice(kept) {
  const box = $("dice");
  box.innerHTML = "";
  const marks = kept.slice();
  for (let i = 0; i < 5; i++) {
    const face = state.dice[i];
    const die = document.createElement("button");
    die.type = "button";
    die.className = "die" + (face === undefined ? " empty" : "");
    die.textContent = face === undefined ? "?" : face;
    die.dataset.face = face || "";
    const at = face === undefined ? -1 : marks.indexOf(face);
    if (at >= 0) {
      die.classList.add("keep");
      marks.splice(at, 1);
    }
    die.addEventListener("click", () => {
      if (face === undefined) return;
      const next = state.dice.slice();
      next.splice(i, 1);
      setDice(next);
    });
    box.appendChild(die);
  }
}

function drawPalette() {
  const box = $("palette");
  box.innerHTML = "";
  for (const face of state.rules.faces.slice().reverse()) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "face";
    b.textContent = face;
    b.title = `add a die showing ${face}`;
    b.addEventListener("click", () => {
      if (state.dice.length < 5) setDice([...state.dice, norm(face)]);
    });
    box.appendChild(b);
  }
}

// ---- the table: game, options, players, seat ---------------------------------------------

let rulesAsked = null; // the last table asked for: the same again redraws nothing

async function loadRules() {
  const asked = JSON.stringify(table());
  if (asked === rulesAsked) return; // e.g. the settings' change event on leaving the field
  rulesAsked = asked;
  let answer;
  try {
    answer = await call("/api/rules", table());
  } catch (err) {
    if (asked !== rulesAsked) return;
    state.rules = null;
    rulesAsked = null;
    clearAnswers();
    $("source").innerHTML = `<span class="error">${escapeHtml(err.message)}</span>`;
    return;
  }
  if (asked !== rulesAsked) return; // a later table was asked for meanwhile
  state.rules = answer;
  clearAnswers();
  if ($("preset").value !== answer.settings.preset) {  // a pasted rule file names its preset
    $("preset").value = answer.settings.preset;
    rulesAsked = JSON.stringify(table());
  }
  $("source").textContent = `${preset().source} — rules: ${state.rules.rules}`;
  drawPalette();
  const left = $("throws-left");
  left.innerHTML = "";
  for (let t = state.rules.throws - 1; t >= 0; t--) left.add(new Option(String(t), String(t)));
  for (const el of document.querySelectorAll("[data-panels]")) {
    el.hidden = !el.dataset.panels.split(" ").some(has);
  }
  for (const el of document.querySelectorAll("[data-state]")) {
    el.hidden = el.dataset.state !== state.rules.state;
  }
  $("aside").value = "";
  $("untouched").value = "";
  const bids = $("bid-add");
  bids.innerHTML = "";
  for (const c of state.rules.categories.slice().reverse()) bids.add(new Option(c, c));
  drawSteps();
}

function drawSeats() {
  const seat = $("seat");
  const keep = seat.value || "1";
  seat.innerHTML = "";
  for (let s = 1; s <= Number($("players").value); s++) seat.add(new Option(String(s), String(s)));
  seat.value = Number(keep) <= Number($("players").value) ? keep : "1";
}

function players() {
  return Number($("players").value);
}

function seat() {
  return Number($("seat").value);
}

function position(needAgainst = true, where = "") {
  // The context every hold answer needs, by the game the preset plays; ``where``: the tab
  // holding the fields, for a message given on another one.
  const out = {};
  if (has("banking")) out.players = players();
  if (has("progressive")) out.computer_hand = $("computer-hand").value.trim() || null;
  if (has("hold")) {
    const against = $("against").value.trim();
    if (needAgainst && seat() > 1 && !against) {
      throw new Error(`enter the best hand so far${where} (you are seat ${seat()}, not seat 1)`);
    }
    if (against) {
      out.against = against;
      const tied = $("tied").value.trim();
      out.tied = tied ? Number(tied) : 1;
      if (seat() > 1 && !(Number.isInteger(out.tied) && out.tied >= 1 && out.tied <= seat() - 1)) {
        throw new Error(`earlier seats holding the best hand${where}: a whole number from 1 to ` +
          `${seat() - 1} (you are seat ${seat()})`);
      }
    }
    out.players_left = players() - seat();
    const limit = $("limit").value.trim();
    if (limit && seat() > 1) out.limit = Number(limit);
  }
  return out;
}

// ---- the turn's state: dice set aside (sticky holds), dice never thrown again ---------------

function turnState() {
  // what the state of the turn carries besides the hand, after a re-throw
  const out = {};
  const afterFirst = Number($("throws-left").value) >= state.rules.throws - 1;
  if (afterFirst) return out;
  if (state.rules.state === "aside" && $("aside").value.trim()) out.aside = $("aside").value.trim();
  if (state.rules.state === "original") out.untouched = $("untouched").value.trim() || null;
  return out;
}

function common(a, b) {
  // the dice two lists share (as multisets)
  const rest = b.slice();
  const out = [];
  for (const face of a) {
    const at = rest.indexOf(face);
    if (at >= 0) {
      out.push(face);
      rest.splice(at, 1);
    }
  }
  return out;
}

// ---- advice after a throw ---------------------------------------------------------------

async function askHolds(ask) {
  // Every hold of the throw entered, valued by ``ask(dice, status)`` (an answer with holds).
  const status = $("status");
  status.className = "note";
  $("holds").hidden = true;
  $("headline").textContent = "";
  try {
    needRules();
    const dice = $("dice-text").value.trim();
    if (!dice) throw new Error("enter your five dice");
    const answer = await ask(dice, status);
    state.answer = answer;
    showHolds(answer);
  } catch (err) {
    status.className = "error";
    status.textContent = err.message;
  }
}

async function advise() {
  await askHolds(async (dice, status) => {
    const body = { ...table(), dice, throws_left: Number($("throws-left").value) };
    const where = position();
    if (has("banking")) {
      const answer = await call("/api/banking", { ...body, players: where.players }, status);
      answer.unit = answer.units.value;
      return answer;
    }
    if (has("progressive")) {
      if (!where.computer_hand) throw new Error("enter the computer's final hand");
      return call("/api/hold", { ...body, computer_hand: where.computer_hand }, status);
    }
    delete where.players;
    return call("/api/hold", { ...body, to_win: true, ...where, ...turnState() }, status);
  });
}

function showHolds(answer) {
  const best = answer.holds[0];
  const kept = best.keep ? best.keep.split(" ").map(norm) : [];
  drawDice(kept);
  const again = best.rethrow;
  const what = best.rethrow === 0 ? "stand" : `keep ${best.keep || "(none)"}, throw ${again} again`;
  let facing = "";
  if (answer.players) facing = ` (${answer.players} players, you are seat ${answer.seat || 1})`;
  $("headline").innerHTML =
    `<strong id="best-keep" data-keep="${escapeHtml(best.keep)}">${escapeHtml(what)}</strong>: ` +
    `<span id="best-value" data-value="${best.value}">${shown(best.value, answer.unit)}</span> ` +
    `${escapeHtml(answer.unit === "chips" ? "still to come, this round" : afterValue(answer.unit))}` +
    `${escapeHtml(facing)}`;
  $("value-head").textContent = valueWords(answer.unit);
  const mix = answer.holds.some((h) => h.chance !== undefined);
  $("mix-head").hidden = !mix;
  const body = $("holds").querySelector("tbody");
  body.innerHTML = "";
  for (const h of answer.holds) {
    const tr = document.createElement("tr");
    if (h.optimal) tr.className = "best";
    tr.dataset.keep = h.keep;
    tr.dataset.value = h.value;
    tr.innerHTML =
      `<td>${escapeHtml(h.keep || "(none)")}</td>` +
      `<td class="num">${h.rethrow === 0 ? "stand" : h.rethrow}</td>` +
      `<td class="num">${shown(h.value, answer.unit)}</td>` +
      (mix ? `<td class="num">${(100 * h.chance).toFixed(1)} %</td>` : "") +
      `<td>${h.optimal ? "★" : ""}</td>`;
    body.appendChild(tr);
  }
  $("holds").hidden = false;
  $("next-throw").disabled = Number($("throws-left").value) === 0 || best.rethrow === 0;
}

function nextThrow() {
  const best = state.answer && state.answer.holds[0];
  if (!best) return;
  const kept = best.keep ? best.keep.split(" ").map(norm) : [];
  const first = Number($("throws-left").value) >= state.rules.throws - 1;
  if (state.rules.state === "aside") $("aside").value = kept.join(" ");  // they stay aside
  if (state.rules.state === "original") {  // first-throw dice still never thrown again
    const before = first ? kept : parseDice($("untouched").value);
    $("untouched").value = common(before, kept).join(" ");
  }
  setDice(kept);
  const left = $("throws-left");
  left.value = String(Math.max(0, Number(left.value) - 1));
  $("holds").hidden = true;
  $("headline").textContent = "Enter the dice thrown again, then Advise.";
  $("next-throw").disabled = true;
}

// ---- 001 betting -----------------------------------------------------------------------

function bettingBody() {
  const raiseSize = $("raise").value.trim();
  return {
    ...table(),
    players: players(),
    seat: seat(),
    ante: $("ante").value.trim() || "1",
    raise_size: raiseSize || null,
    raises: Number($("raises").value),
    pot: $("pot").value.trim() || null,
  };
}

async function checkOrRaise() {
  await betting((body) => {
    body.hand = $("dice-text").value.trim();
    if (!body.hand) throw new Error("enter your five dice");
    const against = $("against").value.trim();
    if (against) body.against = against;
    return body;
  });
}

async function meetOrFold() {
  await betting((body) => {
    body.against = $("against").value.trim();
    if (!body.against) throw new Error("enter the raiser's hand as the best hand so far");
    body.raised = 1;
    return body;
  });
}

async function holdInChips() {
  // 001: every hold valued in chips still to come (betting --seat K --dice D --throws-left T)
  await askHolds(async (dice, status) => {
    const body = { ...bettingBody(), dice, throws_left: Number($("throws-left").value) };
    const against = $("against").value.trim();
    if (seat() > 1 && !against) throw new Error(`enter the best hand so far (you are seat ${seat()}, not seat 1)`);
    if (against) body.against = against;
    const answer = await call("/api/betting", body, status);
    answer.unit = "chips";
    return answer;
  });
}

async function betting(fill) {
  const line = $("betting-answer");
  const rows = $("betting-rows");
  rows.hidden = true;
  line.textContent = "";
  try {
    needRules();
    const answer = await call("/api/betting", fill(bettingBody()), line);
    line.className = "answer";
    if (answer.meet_value !== undefined) {
      line.innerHTML = `<span id="betting-decision">${answer.decision}</span>: meet is worth ` +
        `${shown(answer.meet_value, "chips")} to come, fold ${shown(answer.fold_value, "chips")}`;
      return;
    }
    if (!answer.options.length) {
      line.innerHTML = `<span id="betting-decision">${escapeHtml(answer.decision)}</span>: ` +
        escapeHtml(answer.reason || "this seat has no choice to make here");
      return;
    }
    line.innerHTML = `<span id="betting-decision">${answer.decision}</span>` +
      (answer.chosen_raises ? ` (${answer.chosen_raises} raise(s))` : "") +
      "; each choice's chips to come:";
    rows.querySelector("thead").innerHTML = "<tr><th>raises</th><th>value</th></tr>";
    const body = rows.querySelector("tbody");
    body.innerHTML = "";
    for (const o of answer.options) {
      const tr = document.createElement("tr");
      tr.dataset.value = o.value;
      tr.innerHTML = `<td>${o.raises}</td><td class="num">${shown(o.value, "chips")}</td>`;
      body.appendChild(tr);
    }
    rows.hidden = answer.options.length === 0;
  } catch (err) {
    line.className = "error";
    line.textContent = err.message;
  }
}

// ---- 003 bidding -----------------------------------------------------------------------

const bids = [];

function addBid() {
  const line = $("bidding-answer");
  const ladder = state.rules ? state.rules.categories.slice().reverse() : [];  // lowest first
  const next = $("bid-add").value;
  const last = bids.length ? bids[bids.length - 1] : null;
  if (last !== null && ladder.indexOf(next) <= ladder.indexOf(last)) {
    line.className = "error";
    line.textContent = last === ladder[ladder.length - 1]
      ? `${last} is the top rung: it can only be called`
      : `each bid must be higher than the last (${last})`;
    return;
  }
  bids.push(next);
  drawBids();
  clearAnswers();
}

function drawBids() {
  $("bids").innerHTML = bids.map((b) => `<span>${escapeHtml(b)}</span>`).join("") || "<em>none yet: seat 1 opens</em>";
}

async function callOrBid() {
  const line = $("bidding-answer");
  const rows = $("bidding-rows");
  rows.hidden = true;
  line.textContent = "";
  try {
    needRules();
    const hand = $("dice-text").value.trim();
    if (!hand) throw new Error("enter your five dice");
    const answer = await call("/api/bidding", { ...table(), hand, bids }, line);
    const best = answer.moves.reduce((a, b) => (b.chance > a.chance ? b : a));
    line.className = "answer";
    line.innerHTML = `Seat ${answer.seat} to move with ${escapeHtml(answer.hand)} (${escapeHtml(answer.own_rung)}): ` +
      `<span id="bidding-best">${escapeHtml(best.move)}</span>` +
      (answer.mix === "best value" ? " (the equilibrium never makes your bids so far with this " +
        "hand: the move of the best value)" : answer.reached ? "" :
        " (the equilibrium never reaches these bids)");
    $("bidding-chance-head").textContent = answer.mix === "best value"
      ? "the move (best value; no equilibrium mix here)" : "chance (equilibrium)";
    const body = rows.querySelector("tbody");
    body.innerHTML = "";
    for (const m of answer.moves) {
      const odds = answer.bid_odds.find((o) => o.ladder_hand === m.move);
      const tr = document.createElement("tr");
      tr.dataset.move = m.move;
      tr.dataset.chance = m.chance;
      if (m.move === best.move) tr.className = "best";
      tr.innerHTML = `<td>${escapeHtml(m.move)}${odds ? ` <small>(the ten dice make it: ${(100 * odds.chance).toFixed(1)} %)</small>` : ""}</td>` +
        `<td class="num">${(100 * m.chance).toFixed(1)} %</td>` +
        `<td class="num">${m.value === null || m.value === undefined ? "" : m.value.toFixed(3)}</td>`;
      body.appendChild(tr);
    }
    rows.hidden = false;
  } catch (err) {
    line.className = "error";
    line.textContent = err.message;
  }
}

// ---- review ----------------------------------------------------------------------------

function drawSteps() {
  const body = $("review-steps").querySelector("tbody");
  body.innerHTML = "";
  for (let i = 1; i <= state.rules.throws; i++) {
    const tr = document.createElement("tr");
    tr.innerHTML = `<td>${i}</td><td><input class="step-dice" type="text" autocomplete="off" aria-label="throw ${i}: the dice showing"></td>` +
      `<td><input class="step-keep" type="text" autocomplete="off" aria-label="throw ${i}: the dice kept"${i === state.rules.throws ? " disabled placeholder=\"(turn over)\"" : ""}></td>`;
    body.appendChild(tr);
  }
}

async function review() {
  const status = $("review-status");
  status.className = "note";
  $("review-rows").hidden = true;
  $("review-summary").textContent = "";
  try {
    needRules();
    const steps = [];
    for (const tr of $("review-steps").querySelectorAll("tbody tr")) {
      const dice = tr.querySelector(".step-dice").value.trim();
      const keep = tr.querySelector(".step-keep").value.trim();
      if (!dice) break;
      steps.push({ dice, keep: keep || null });
    }
    const asWritten = has("betting") ? tableStakes() : {};
    const stakesOnly = !steps.length && (asWritten.ante_named !== undefined || asWritten.entered !== undefined);
    const where = position(!stakesOnly, " on the Coach tab");
    if (has("progressive") && !where.computer_hand) {
      throw new Error("enter the computer's final hand on the Coach tab");
    }
    const request = { ...table(), steps, ...where };
    if (has("betting")) {
      const { rules, set, rules_text, ...stakes } = bettingBody();
      const met = $("review-met").value;
      const raised = $("review-raises").value;
      delete request.players_left;
      delete request.tied;
      request.betting = {
        ...stakes,
        met: met === "" ? null : met === "met",
        raises_made: raised === "" ? null : Number(raised),
        ...asWritten,
      };
    }
    if (!steps.length && !stakesOnly) throw new Error("enter the dice of the first throw");
    showReview(await call("/api/review", request, status));
  } catch (err) {
    status.className = "error";
    status.textContent = err.message;
  }
}

function tableStakes() {
  // 001 as written: the ante named, meeting it or sitting out (betting --ante-max A --raise-max M)
  const anteMax = $("review-ante-max").value.trim();
  const raiseMax = $("review-raise-max").value.trim();
  if (!anteMax && !raiseMax) return {};
  const out = {
    ante_max: anteMax ? Number(anteMax) : null,
    raise_max: raiseMax ? Number(raiseMax) : null,
    sit_out: $("review-sit-out").value === "yes",
  };
  const named = $("review-ante-named").value.trim();
  if (seat() === 1 && named) out.ante_named = named;
  if (seat() > 1) {
    const before = $("review-seats-in").value.trim();
    if (before) out.seats_in = before;
    const entered = $("review-entered").value;
    if (entered) out.entered = entered === "met";
  }
  return out;
}

async function reviewBidding() {
  const status = $("review-status");
  status.className = "note";
  $("review-rows").hidden = true;
  $("review-summary").textContent = "";
  try {
    needRules();
    const moves = $("review-bid-moves").value.split(",").map((m) => m.trim()).filter((m) => m);
    const hand = $("review-bid-hand").value.trim() || $("dice-text").value.trim();
    if (!hand) throw new Error("enter your five dice");
    if (!moves.length) throw new Error("enter the moves of the game (each bid, then call)");
    const request = { ...table(), hand, seat: Number($("review-bid-seat").value),
      ladder: $("review-bid-ladder").value, moves };
    showReview(await call("/api/review/bidding", request, status));
  } catch (err) {
    status.className = "error";
    status.textContent = err.message;
  }
}

function showReview(answer) {
  const unit = answer.unit || (answer.units && answer.units.value);
  const lost = answer.lost_decisions;
  $("review-summary").innerHTML = lost === 0
    ? "Every decision was the best (or as good)."
    : `<span id="review-lost">${lost}</span> decision(s) lost value: ${shown(answer.total_cost, unit)} in all` +
      (afterValue(unit) ? ` (${escapeHtml(afterValue(unit))}).` : ".");
  const body = $("review-rows").querySelector("tbody");
  body.innerHTML = "";
  for (const d of answer.decisions) {
    const tr = document.createElement("tr");
    if (d.lost) tr.className = "lost";
    tr.dataset.cost = d.cost;
    tr.dataset.value = d.value;
    tr.innerHTML = `<td>${d.throw || d.move || ""}</td><td>${escapeHtml(d.decision)}</td><td>${escapeHtml(d.dice || "")}${carried(d)}</td>` +
      `<td>${escapeHtml(d.choice)}</td>` +
      `<td class="num">${shown(d.value, unit)}</td><td>${escapeHtml(d.best_choice)}</td>` +
      `<td class="num">${shown(d.best_value, unit)}</td><td class="num">${d.lost ? shown(d.cost, unit) : "—"}</td>`;
    body.appendChild(tr);
  }
  $("review-rows").hidden = false;
}

function carried(d) {
  // the dice the turn's state carried before the keep (sticky holds, a turn's rethrow limit)
  if (d.aside) return ` <small class="carried">set aside: ${escapeHtml(d.aside)}</small>`;
  if (d.untouched) return ` <small class="carried">never thrown again: ${escapeHtml(d.untouched)}</small>`;
  return "";
}

// ---- wiring ----------------------------------------------------------------------------

function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

function view(name) {
  $("coach").hidden = name !== "coach";
  $("review").hidden = name !== "review";
  $("tab-coach").classList.toggle("active", name === "coach");
  $("tab-review").classList.toggle("active", name === "review");
}

async function start() {
  state.games = await call("/api/games");
  for (const p of state.games.presets) $("preset").add(new Option(`${p.name}: ${p.source.split(":")[0]}`, p.name));
  $("settings").title = Object.entries(state.games.options).map(([k, v]) => `${k}: ${v}`).join("\n");
  drawSeats();
  drawBids();
  setDice([]);
  await loadRules();
  $("preset").addEventListener("change", loadRules);
  $("settings").addEventListener("change", loadRules);
  $("rules-apply").addEventListener("click", loadRules);
  $("players").addEventListener("change", drawSeats);
  $("dice-text").addEventListener("input", () => {
    state.dice = parseDice($("dice-text").value).slice(0, 5);
    stale();
  });
  for (const id of ["players", "seat", "against", "tied", "limit", "computer-hand", "throws-left",
    "ante", "raise", "raises", "pot"]) {
    const el = $(id);
    if (el) el.addEventListener("input", clearAnswers);
    if (el) el.addEventListener("change", clearAnswers);
  }
  $("dice-text").addEventListener("keydown", (e) => { if (e.key === "Enter") advise(); });
  $("advise").addEventListener("click", advise);
  $("next-throw").addEventListener("click", nextThrow);
  $("check-raise").addEventListener("click", checkOrRaise);
  $("meet-fold").addEventListener("click", meetOrFold);
  $("hold-chips").addEventListener("click", holdInChips);
  $("bid-push").addEventListener("click", addBid);
  $("bid-clear").addEventListener("click", () => { bids.length = 0; drawBids(); clearAnswers(); });
  $("call-or-bid").addEventListener("click", callOrBid);
  $("tab-coach").addEventListener("click", () => view("coach"));
  $("tab-review").addEventListener("click", () => view("review"));
  $("review-run").addEventListener("click", review);
  $("review-bid-run").addEventListener("click", reviewBidding);
  document.body.dataset.ready = "true";
}

start();
