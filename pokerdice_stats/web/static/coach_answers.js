// The coach's decision panels and reviews: 001 betting, 003 bidding, a reviewed turn or game.
// Uses coach_words.js and coach.js (call, table, ask, answered, ...), loaded around it.
"use strict";

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

function bestHandSoFar() {
  // the best hand so far, for a later seat only (seat 1 throws first: it faces none)
  return seat() > 1 ? $("against").value.trim() : "";
}

async function checkOrRaise() {
  await betting((body) => {
    body.hand = $("dice-text").value.trim();
    if (!body.hand) throw fieldError("enter your five dice", "dice-text");
    const against = bestHandSoFar();
    if (against) body.against = against;
    return body;
  });
}

async function meetOrFold() {
  await betting((body) => {
    if (seat() === 1) throw new Error("seat 1 throws first: nobody has a hand to raise with before your throw");
    body.against = bestHandSoFar();
    if (!body.against) throw fieldError("enter the raiser's hand as the best hand so far", "against");
    body.raised = 1;
    return body;
  });
}

async function holdInChips() {
  // 001: every hold valued in chips still to come (betting --seat K --dice D --throws-left T)
  await askHolds(async (dice, status) => {
    const body = { ...bettingBody(), dice, throws_left: Number($("throws-left").value) };
    const against = bestHandSoFar();
    if (seat() > 1 && !against) throw fieldError(`enter the best hand so far (you are seat ${seat()}, not seat 1)`, "against");
    if (against) body.against = against;
    const answer = await call("/api/betting", body, status);
    answer.unit = "chips";
    answer.facing = `seat ${seat()} of ${players()}` + (against ? `: to beat ${against}` : ": you throw first");
    return answer;
  });
}

function decisionWord(word) {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function choiceWords(raises, raiseSize) {
  // a check-or-raise choice in chips: check, raise 1 chip, raise 2 chips
  return raises === 0 ? "check" : `raise ${chips(raises * raiseSize)}`;
}

function potWords(answer) {
  return answer.pot === undefined || answer.pot === null ? ""
    : ` <span class="note" id="betting-pot">(the pot the coach assumed: ${chips(answer.pot)})</span>`;
}

async function betting(fill) {
  const line = $("betting-answer");
  const rows = $("betting-rows");
  rows.hidden = true;
  line.textContent = "";
  await ask(line, async () => {
    const answer = await call("/api/betting", fill(bettingBody()), line);
    return () => showBetting(answer);
  });
}

function showBetting(answer) {
  const line = $("betting-answer");
  const rows = $("betting-rows");
  line.className = "answer";
  if (answer.meet_value !== undefined) {
    const other = answer.decision === "meet" ? "fold" : "meet";
    const value = (d) => chips(d === "meet" ? answer.meet_value : answer.fold_value);
    line.innerHTML = `<span id="betting-decision" data-decision="${escapeHtml(answer.decision)}">${escapeHtml(decisionWord(answer.decision))}</span>: ` +
      `worth ${value(answer.decision)} from here on (${other}: ${value(other)})${potWords(answer)}`;
    return;
  }
  if (!answer.options.length) {
    line.innerHTML = `<span id="betting-decision" data-decision="${escapeHtml(answer.decision)}">${escapeHtml(answer.decision)}</span>: ` +
      escapeHtml(answer.reason || "this seat has no choice to make here");
    return;
  }
  const chosen = answer.chosen_raises ? choiceWords(answer.chosen_raises, answer.raise) : answer.decision;
  line.innerHTML = `<span id="betting-decision" data-decision="${escapeHtml(answer.decision)}">` +
    `${escapeHtml(decisionWord(chosen))}</span>; each choice's worth from here on:${potWords(answer)}`;
  rows.querySelector("thead").innerHTML = "<tr><th>your choice</th><th>worth from here on</th></tr>";
  const body = rows.querySelector("tbody");
  body.innerHTML = "";
  for (const o of answer.options) {
    const tr = document.createElement("tr");
    tr.dataset.value = o.value;
    if (o.raises === answer.chosen_raises) tr.className = "best";
    tr.innerHTML = `<td>${escapeHtml(choiceWords(o.raises, answer.raise))}</td>` +
      `<td class="num">${shown(o.value, "chips")}</td>`;
    body.appendChild(tr);
  }
  rows.hidden = false;
}

// ---- 003 bidding -----------------------------------------------------------------------

const bids = [];

function addBid() {
  const line = $("bidding-answer");
  const ladder = state.rules ? state.rules.categories.slice().reverse() : [];  // lowest first
  const next = $("bid-add").value;
  const last = bids.length ? bids[bids.length - 1] : null;
  if (last !== null && ladder.indexOf(next) <= ladder.indexOf(last)) {
    clearAnswers();
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
  // only a higher bid can follow: the rungs at or below the last are not offered
  const menu = $("bid-add");
  const ladder = Array.from(menu.options, (o) => o.value);  // lowest first
  const last = bids.length ? ladder.indexOf(bids[bids.length - 1]) : -1;
  for (const option of menu.options) option.disabled = ladder.indexOf(option.value) <= last;
  if (menu.selectedOptions.length && menu.selectedOptions[0].disabled) {
    const open = Array.from(menu.options).find((o) => !o.disabled);  // the next rung up
    if (open) menu.value = open.value;
  }
}

async function callOrBid() {
  const line = $("bidding-answer");
  $("bidding-rows").hidden = true;
  line.textContent = "";
  await ask(line, async () => {
    const hand = $("dice-text").value.trim();
    if (!hand) throw fieldError("enter your five dice", "dice-text");
    if (players() !== 2) throw fieldError(`bidding is a game for two: set Players to 2 (not ${players()})`, "players");
    const answer = await call("/api/bidding", { ...table(), hand, bids, seat: seat() }, line);
    return () => showBidding(answer);
  });
}

function showBidding(answer) {
  const line = $("bidding-answer");
  const rows = $("bidding-rows");
  const best = answer.moves.reduce((a, b) => (b.chance > a.chance ? b : a));
  const last = answer.bids.length ? answer.bids[answer.bids.length - 1] : null;
  line.className = "answer";
  line.innerHTML = `You (seat ${answer.seat}) to move with ${escapeHtml(answer.hand)} (${escapeHtml(answer.own_rung)}): ` +
    `<span id="bidding-best">${escapeHtml(best.move)}</span>` +
    (answer.mix === "re-solved" ?
      " (the equilibrium does not settle the play here: the game from here re-solved)" :
      answer.reached ? "" : " (the equilibrium never reaches these bids)");
  $("bidding-chance-head").textContent =
    answer.mix === "re-solved" ? "chance (the game from here, re-solved)" : "chance (equilibrium)";
  const body = rows.querySelector("tbody");
  body.innerHTML = "";
  for (const m of answer.moves) {
    const odds = answer.bid_odds.find((o) => o.ladder_hand === m.move);
    let note = odds ? `the ten dice make it: ${(100 * odds.chance).toFixed(1)} %` : "";
    if (m.move === "call" && last !== null && answer.chance_last_bid != null) {
      note = `the last bid, ${escapeHtml(last)}, holds: ${(100 * answer.chance_last_bid).toFixed(1)} %` +
        (answer.chance_last_bid_beliefs == null ? "" :
          `; ${(100 * answer.chance_last_bid_beliefs).toFixed(1)} % given the other's bids`);
    }
    const tr = document.createElement("tr");
    tr.dataset.move = m.move;
    tr.dataset.chance = m.chance;
    if (m.move === best.move) tr.className = "best";
    tr.innerHTML = `<td>${escapeHtml(m.move)}${note ? ` <small class="odds">(${note})</small>` : ""}</td>` +
      `<td class="num">${(100 * m.chance).toFixed(1)} %</td>` +
      `<td class="num">${m.value === null || m.value === undefined ? "" : shown(m.value, answer.units.move_value)}</td>`;
    body.appendChild(tr);
  }
  rows.hidden = false;
}

// ---- review ----------------------------------------------------------------------------

function drawSteps() {
  // one row a throw of the rules in force; the throws typed so far stay (new rules are
  // read when Review is pressed: it must not wipe the turn the player has just entered)
  const body = $("review-steps").querySelector("tbody");
  const typed = [...body.querySelectorAll("tr")].map((tr) => ({
    dice: tr.querySelector(".step-dice").value,
    keep: tr.querySelector(".step-keep").value,
  }));
  body.innerHTML = "";
  for (let i = 1; i <= state.rules.throws; i++) {
    const tr = document.createElement("tr");
    tr.innerHTML = `<td>${i}</td><td><input class="step-dice" type="text" autocomplete="off" aria-label="throw ${i}: the dice showing"></td>` +
      `<td><input class="step-keep" type="text" autocomplete="off" aria-label="throw ${i}: the dice kept"${i === state.rules.throws ? " disabled placeholder=\"(turn over)\"" : ""}></td>`;
    const before = typed[i - 1];
    if (before) {
      tr.querySelector(".step-dice").value = before.dice;
      if (i < state.rules.throws) tr.querySelector(".step-keep").value = before.keep;
    }
    body.appendChild(tr);
  }
}

async function review() {
  const status = $("review-status");
  $("review-rows").hidden = true;
  $("review-summary").textContent = "";
  await ask(status, async () => {
    const steps = [];
    let gap = 0; // the first throw left without its dice (0: none yet)
    const rows = $("review-steps").querySelectorAll("tbody tr");
    rows.forEach((tr, i) => {
      const dice = tr.querySelector(".step-dice").value.trim();
      const keep = tr.querySelector(".step-keep").value.trim();
      if (!dice) {
        if (keep && !gap) gap = i + 1; // a keep with no dice showing: that throw's gap
        else if (!gap) gap = -(i + 1); // a blank row: the turn ends here, unless more follow
        return;
      }
      // a later throw after a blank one: the blank one is a gap, never skipped silently
      if (gap) throw new Error(`throw ${Math.abs(gap)}: enter the dice showing (or clear the throws after it)`);
      steps.push({ dice, keep: keep || null });
    });
    if (gap > 0) throw new Error(`throw ${gap}: enter the dice showing (or clear its keep)`);
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
      // as written, a raise is 1 to raise_max chips and seat 1 names the ante: the fixed
      // stakes' fields are not sent (the server refuses a field it would not read)
      if (asWritten.raise_max) {
        delete request.betting.raise_size;
        delete request.betting.raises;
      }
      if (asWritten.ante_max && seat() === 1) delete request.betting.ante;
    }
    if (!steps.length && !stakesOnly) throw new Error("enter the dice of the first throw");
    const answer = await call("/api/review", request, status);
    return () => showReview(answer);
  });
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
  $("review-rows").hidden = true;
  $("review-summary").textContent = "";
  await ask(status, async () => {
    const moves = $("review-bid-moves").value.split(",").map((m) => m.trim()).filter((m) => m);
    const hand = $("review-bid-hand").value.trim() || $("dice-text").value.trim();
    if (!hand) throw fieldError("enter your five dice", "review-bid-hand");
    if (!moves.length) throw fieldError("enter the moves of the game (each bid, then call)", "review-bid-moves");
    const request = { ...table(), hand, seat: Number($("review-bid-seat").value),
      ladder: $("review-bid-ladder").value, moves };
    const answer = await call("/api/review/bidding", request, status);
    return () => showReview(answer);
  });
}

function showReview(answer) {
  const unit = answer.unit || (answer.units && answer.units.value);
  const lost = answer.lost_decisions;
  // each cost is measured at its own moment, given the dice (or bids) then: the costs of a
  // turn are not added up, a later one being conditional on the luck after an earlier one
  $("review-summary").innerHTML = lost === 0
    ? "Every decision was the best (or as good)."
    : `<span id="review-lost">${lost}</span> ${lost === 1 ? "decision" : "decisions"} lost value. ` +
      "Each cost below is what that decision gave up at its moment, given the dice (or bids) " +
      "then" + (lost > 1 ? "; they are not added up, each later one depending on the luck after the earlier." : ".");
  $("review-value-head").textContent = `value (${valueWords(unit)})`;
  const body = $("review-rows").querySelector("tbody");
  body.innerHTML = "";
  for (const d of answer.decisions) {
    const tr = document.createElement("tr");
    if (d.lost) tr.className = "lost";
    tr.dataset.cost = d.cost;
    tr.dataset.value = d.value;
    tr.innerHTML = `<td>${d.throw || d.move || ""}</td><td>${escapeHtml(d.decision)}</td><td class="hand">${escapeHtml(d.dice || "")}${carried(d)}</td>` +
      `<td class="hand">${escapeHtml(d.choice)}</td>` +
      `<td class="num">${shown(d.value, unit)}</td><td class="hand">${escapeHtml(d.best_choice)}</td>` +
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
