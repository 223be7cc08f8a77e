// The coach's page: plain JavaScript over the JSON API (no build step). The words and numbers
// are coach_words.js's, the betting, bidding and review panels coach_answers.js's.
"use strict";

const state = {
  games: null, rules: null, rulesRefused: [], dice: [], answer: null, epoch: 0, note: "",
};

// ---- talking to the API -------------------------------------------------------------

let tickets = 0; // each question on a status line holds the line's newest ticket

async function call(url, body, statusLine) {
  const init = body === undefined ? {} : {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  };
  // A question (it has a status line) is about the position of its epoch: once that
  // changes, its polling stops and the line is left to the newer question.  A newer
  // question on the same line, or its Cancel, drops it too (the line's ticket changes);
  // a question on another line goes on.  The rules and the games (no status line) are
  // fetched whatever the position.
  const epoch = state.epoch;
  const ticket = String(++tickets);
  if (statusLine) statusLine.dataset.ticket = ticket;
  const dropped = () => statusLine &&
    (epoch !== state.epoch || statusLine.dataset.ticket !== ticket);
  const gone = () => {
    const err = new Error("an answer no longer waited for");
    err.dropped = true;
    return err;
  };
  let response = await fetch(url, init);
  let data = await response.json();
  while (response.status === 202) {  // a long solve: show how far it is, then ask again
    if (dropped()) throw gone();
    if (statusLine) showPending(statusLine, data);
    await new Promise((done) => setTimeout(done, 400));
    response = await fetch(data.poll);
    data = await response.json();
  }
  if (dropped()) throw gone();
  if (statusLine) {
    statusLine.textContent = "";
    statusLine.classList.remove("pending");
  }
  if (!response.ok) {
    throw fieldError(refusal(data, response.status), ...refusedControls(data),
      ...quotedControls(data.error, body));
  }
  return data;
}

function quotedControls(message, body) {
  // the fields of the request whose whole value the message quotes ("unknown face 'X' in
  // 'K K J 10 X'"): what it refuses, named or not; only among the fields sent
  const text = String(message || "");
  const sent = Object.keys(body || {}).flatMap((field) => FIELD_CONTROLS[field] || []);
  return [...new Set(sent)].filter((id) => {
    const el = $(id);
    const value = el && typeof el.value === "string" ? el.value.trim() : "";
    return value && (text.includes(`'${value}'`) || text.includes(`"${value}"`));
  });
}

function showPending(line, data) {
  // progress: the share of the solve done, 0 to 1 (null: the solve reports no stages)
  const share = data.progress;
  const figure = share === null || share === undefined ? "" :
    `<progress max="1" value="${share}"></progress> ` +
    `<span class="progress" data-progress="${share}">${(100 * share).toFixed(0)} %</span> `;
  line.title = `job ${data.job}`;
  const stage = data.stage && data.stage !== "solving" ? `${escapeHtml(data.stage)} · ` : "";
  if (!line.classList.contains("pending")) {
    // made once, beside the figures each poll rewrites, so that a click is never lost
    line.classList.add("pending");
    line.innerHTML = '<span class="pending-figures"></span> ' +
      '<button type="button" class="cancel" title="stop waiting for this answer">Cancel</button>';
    line.querySelector(".cancel").addEventListener("click", () => cancelWait(line));
  }
  line.querySelector(".pending-figures").innerHTML =
    `solving… ${figure}${stage}${data.seconds} s`;
}

function cancelWait(line) {
  // this line's question is dropped (its polling stops; questions on other lines go on);
  // the server's solve cannot be stopped mid-way, so it runs on, and asking again reads it
  line.dataset.ticket = "";
  line.classList.remove("pending");
  line.className = "note";
  line.textContent = "cancelled: the solve goes on at the server, and asking again " +
    "once it is done answers at once";
}

function table() {
  // "throws = 2" as a rule file writes it: the blanks around "=" are the page's, not a value's
  const set = $("settings").value.split(",").map((s) => s.trim().replace(/\s*=\s*/, "="))
    .filter((s) => s);
  const text = $("rules-text").value;
  return { rules: $("preset").value, set, rules_text: text.trim() ? text : null };
}

function preset() {
  // a pasted rule file may name another preset: the rules in force decide the panels
  const name = state.rules ? state.rules.settings.preset : $("preset").value;
  return state.games.presets.find((p) => p.name === name);
}

function has(panel) {
  // the rules in force decide the panels (knowledge=blind turns a round into banking's)
  return (state.rules ? state.rules.panels : preset().panels).includes(panel);
}

// ---- answers on screen: none is left standing for another position ------------------------

function clearAnswers() {
  // every panel's answer, and any answer still on its way (it was for the old position)
  state.epoch += 1;
  state.answer = null;
  for (const id of ["status", "review-status"]) {
    $(id).textContent = "";
    $(id).className = "note";
  }
  $("holds").hidden = true;
  drawDice([]);
  $("headline").textContent = "";
  $("next-throw").disabled = true;
  for (const id of ["betting-rows", "bidding-rows", "review-rows"]) $(id).hidden = true;
  for (const id of ["betting-answer", "bidding-answer", "review-summary"]) $(id).textContent = "";
  markRefused([]);
}

function markRefused(controls, line = null) {
  // outline the fields a refusal is about (those shown), pointing to the line that says why;
  // the marks of that line's earlier refusal go (every mark, without a line)
  for (const el of document.querySelectorAll("[aria-invalid=true]")) {
    if (line && el.getAttribute("aria-describedby") !== line.id) continue;
    el.removeAttribute("aria-invalid");
    el.removeAttribute("aria-describedby");
  }
  for (const id of controls) {
    const el = $(id);
    if (!el || el.closest("[hidden]")) continue;
    el.setAttribute("aria-invalid", "true");
    if (line && line.id) el.setAttribute("aria-describedby", line.id);
  }
}

// The panels that advise; any other name (blind-unsupported, betting-unsupported, ...) is a
// game the rules leave uncoached, and not_coached says which and why.
const COACHED = ["hold", "banking", "progressive", "betting", "bidding"];

function needRules() {
  if (!state.rules) {
    throw fieldError("fix the rules first: see the message under the options",
      ...(state.rulesRefused || []));
  }
  // a panel the rules refuse is not shown; the others still answer
  const coached = state.rules.panels.some((p) => COACHED.includes(p));
  if (state.rules.not_coached && !coached) throw new Error(state.rules.not_coached);
}

async function ask(line, work) {
  // One question: the options typed are applied first (the rules reloaded), then ``work()``
  // asks and gives the function that shows the answer, shown only if the position is still
  // the one asked about; a refusal goes on ``line``.
  let epoch = null;
  try {
    await loadRules();
    epoch = state.epoch;
    needRules();
    markRefused([], line);
    line.className = "note";
    const show = await work();
    if (epoch === state.epoch) show();
  } catch (err) {
    if (err.dropped) return;  // cancelled, or asked again: the line is the newer question's
    if (epoch !== null && epoch !== state.epoch) return;  // about a position no longer shown
    line.className = "error";
    line.textContent = err.message;
    markRefused(err.controls || [], line);
  }
}

// ---- dice entry -----------------------------------------------------------------------

function setDice(list) {
  state.dice = list.slice(0, 5);
  $("dice-text").value = state.dice.join(" ");
  stale();
}

function stale() {
  // new dice: every answer shown was for other dice
  clearAnswers();
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
    if (at >= 0) {  // marked by a word too, not by colour alone
      die.classList.add("keep");
      die.setAttribute("aria-label", `${face}: keep`);
      die.title = "keep this die";
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
let rulesLoad = Promise.resolve(); // its answer, awaited by every question

function loadRules() {
  // The rules of the table as typed (game, options, rule file); a question awaits them, so
  // options typed and not yet applied (no change event) apply before it is sent.
  const asked = JSON.stringify(table());
  if (asked === rulesAsked) return rulesLoad; // e.g. the settings' change event on leaving
  rulesAsked = asked;
  rulesLoad = fetchRules(asked);
  return rulesLoad;
}

function chooseGame() {
  // an explicit game choice replaces a pasted rule file (which names a game of its own)
  if ($("rules-text").value.trim()) {
    $("rules-text").value = "";
    state.note = `The pasted rule file is no longer used: you chose the game ${$("preset").value} ` +
      "in the Game menu.";
  }
  return loadRules();
}

function tableFieldRefused(message) {
  // The table is the preset, the options and a pasted rule file: the refused one is the
  // options when the message names a key typed there, else the rule file when one is
  // pasted, else the options when typed, else the preset.
  const keys = $("settings").value.split(",").map((s) => s.split("=")[0].trim().toLowerCase())
    .filter((k) => /^[a-z_]+$/.test(k));
  const text = String(message).toLowerCase();
  if (keys.some((k) => new RegExp(`\\b${k}\\b`).test(text))) return "settings";
  if ($("rules-text").value.trim()) return "rules-text";
  return $("settings").value.trim() ? "settings" : "preset";
}

function gameNote() {
  const note = $("game-note");
  note.textContent = state.note || ($("rules-text").value.trim()
    ? "The pasted rule file sets the game; choosing a game in the Game menu clears it." : "");
  note.hidden = !note.textContent;
  state.note = "";
}

async function fetchRules(asked) {
  let answer;
  try {
    answer = await call("/api/rules", table());
  } catch (err) {
    if (asked !== rulesAsked) return;
    state.rules = null;
    rulesAsked = null;
    clearAnswers();
    $("source").innerHTML = `<span class="error">${escapeHtml(err.message)}</span>`;
    state.rulesRefused = err.controls && err.controls.length ? err.controls :
      [tableFieldRefused(err.message)];
    markRefused(state.rulesRefused, $("source"));
    gameNote();
    return;
  }
  if (asked !== rulesAsked) return; // a later table was asked for meanwhile
  state.rules = answer;
  state.rulesRefused = [];
  clearAnswers();
  if ($("preset").value !== answer.settings.preset) {  // a pasted rule file names its preset
    $("preset").value = answer.settings.preset;
    rulesAsked = JSON.stringify(table());
  }
  $("source").textContent = `${preset().source} — rules: ${state.rules.rules}`;
  gameNote();
  $("not-coached").textContent = state.rules.not_coached || "";
  $("not-coached").hidden = !state.rules.not_coached;
  drawPalette();
  throwsLeftMenu();
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
  seatFields();
}

function drawSeats() {
  const seat = $("seat");
  const keep = seat.value || "1";
  seat.innerHTML = "";
  for (let s = 1; s <= Number($("players").value); s++) seat.add(new Option(String(s), String(s)));
  seat.value = Number(keep) <= Number($("players").value) ? keep : "1";
}

function throwsLeftMenu() {
  // 0 .. the throws a seat may still take: the rules' throws, or under throw_limit=
  // first-player a later seat's limit (the first player's throws); a choice is kept where
  // it still applies, but the first decision of a turn (the most throws left) stays the
  // first decision when the rules or the limit change
  const left = $("throws-left");
  const limitText = $("limit-field").hidden ? "" : $("limit").value.trim();
  const limit = Number(limitText);
  const most = (limitText && Number.isInteger(limit) && limit >= 1 && limit <= state.rules.throws
    ? limit : state.rules.throws) - 1;
  const chosen = left.value;
  const wasFirst = left.options.length > 0 && chosen === left.options[0].value;
  left.innerHTML = "";
  for (let t = most; t >= 0; t--) left.add(new Option(String(t), String(t)));
  if (chosen !== "" && !wasFirst && Number(chosen) <= most) left.value = chosen;
}

function seatFields() {
  // show only the fields that apply: seat 1 faces no best hand; the first player's throws
  // matter only under throw_limit=first-player; the progressive game has no seats
  const first = seat() === 1;
  $("first-seat").hidden = !first;
  $("against-field").hidden = first;
  $("tied-field").hidden = first;
  const limited = Boolean(state.rules) && state.rules.settings.throw_limit === "first-player";
  $("limit-field").hidden = first || !limited;
  if (state.rules) throwsLeftMenu();
  const seats = !has("progressive") && !has("progressive-blind");
  $("players-field").hidden = !seats;
  $("seat-field").hidden = !seats;
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
    const against = seat() > 1 ? $("against").value.trim() : "";  // seat 1 throws first
    if (needAgainst && seat() > 1 && !against) {
      throw fieldError(`enter the best hand so far${where} (you are seat ${seat()}, not seat 1)`, "against");
    }
    if (against) {
      out.against = against;
      const tied = $("tied").value.trim();
      out.tied = tied ? Number(tied) : 1;
      if (seat() > 1 && !(Number.isInteger(out.tied) && out.tied >= 1 && out.tied <= seat() - 1)) {
        throw fieldError(`earlier seats holding the best hand${where}: a whole number from 1 ` +
          `to ${seat() - 1} (you are seat ${seat()})`, "tied");
      }
    }
    out.players_left = players() - seat();
    const limit = $("limit-field").hidden ? "" : $("limit").value.trim();
    if (limit) out.limit = Number(limit);
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

// ---- advice after a throw ---------------------------------------------------------------

async function askHolds(value) {
  // Every hold of the throw entered, valued by ``value(dice, status)`` (an answer with holds).
  const status = $("status");
  $("holds").hidden = true;
  $("headline").textContent = "";
  await ask(status, async () => {
    const dice = $("dice-text").value.trim();
    if (!dice) throw fieldError("enter your five dice", "dice-text");
    const answer = await value(dice, status);
    return () => {
      state.answer = answer;
      showHolds(answer);
    };
  });
}

function seatWords(where) {
  // the position in the player's terms: your seat of how many, what you must beat
  const after = plural(players() - seat(), "player");
  if (!where.against) return `seat 1 of ${players()}: you throw first, ${after} after you`;
  const out = seat() - 1 - where.tied;
  return `seat ${seat()} of ${players()}: to beat ${where.against}, held by ` +
    `${plural(where.tied, "earlier seat")}` +
    (out > 0 ? ` (the ${plural(out, "other earlier seat")} cannot win: out)` : "") +
    `; ${after} after you`;
}

async function advise() {
  await askHolds(async (dice, status) => {
    const body = { ...table(), dice, throws_left: Number($("throws-left").value) };
    const where = position();
    if (has("banking")) {
      const answer = await call("/api/banking", { ...body, players: where.players }, status);
      answer.unit = answer.units.value;
      answer.facing = `${players()} players; blind: nobody sees another's hand, so every seat ` +
        "is alike and your seat does not change the advice";
      return answer;
    }
    if (has("progressive")) {
      if (!where.computer_hand) throw fieldError("enter the computer's final hand", "computer-hand");
      const answer = await call("/api/hold", { ...body, computer_hand: where.computer_hand }, status);
      answer.facing = `against the computer's final hand ${where.computer_hand}`;
      return answer;
    }
    delete where.players;
    const answer = await call("/api/hold", { ...body, to_win: true, ...where, ...turnState() }, status);
    answer.facing = seatWords(where);
    return answer;
  });
}

function showHolds(answer) {
  const best = answer.holds[0];
  const kept = best.keep ? best.keep.split(" ").map(norm) : [];
  drawDice(kept);
  const again = best.rethrow;
  const what = best.rethrow === 0 ? "stand" : `keep ${best.keep || "(none)"}, throw ${again} again`;
  const facing = answer.facing ? ` (${answer.facing})` : "";
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
      `<td class="hand">${escapeHtml(h.keep || "(none)")}</td>` +
      `<td class="num">${h.rethrow === 0 ? "stand" : h.rethrow}</td>` +
      `<td class="num">${shown(h.value, answer.unit)}</td>` +
      (mix ? `<td class="num">${(100 * h.chance).toFixed(1)} %</td>` : "") +
      `<td class="hand">${h.optimal ? "★ best" : ""}</td>`;
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

// ---- wiring ----------------------------------------------------------------------------

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
  $("preset").addEventListener("change", chooseGame);
  $("settings").addEventListener("change", loadRules);
  $("rules-apply").addEventListener("click", loadRules);
  $("players").addEventListener("change", drawSeats);
  $("players").addEventListener("change", seatFields);
  $("seat").addEventListener("change", seatFields);
  $("limit").addEventListener("input", throwsLeftMenu);
  $("dice-text").addEventListener("input", () => {
    state.dice = parseDice($("dice-text").value).slice(0, 5);
  });
  // any change to the position (dice, dice set aside, the table, hands, bids, stakes, a
  // reviewed turn) clears every answer on the page: none stands for another position
  for (const id of ["table", "coach", "review"]) {
    for (const kind of ["input", "change"]) {
      $(id).addEventListener(kind, (e) => {
        // a text field's edits clear on "input"; its "change" (on Enter or on leaving it)
        // comes after, and would drop the answer that Enter just asked for
        const typed = e.target.tagName === "TEXTAREA" ||
          (e.target.tagName === "INPUT" && !["checkbox", "radio"].includes(e.target.type));
        if (e.target.id !== "bid-add" && !(kind === "change" && typed)) clearAnswers();
      });
    }
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
