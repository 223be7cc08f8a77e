// The coach's words: numbers as players read them, the API's field names as the page's
// labels, dice as typed. Loaded first (coach_answers.js, then coach.js, use these).
"use strict";

const $ = (id) => document.getElementById(id);

// ---- numbers as players read them ---------------------------------------------------

function fixed(value, digits) {
  // a value too small for the digits shown keeps three significant ones (never "0.000")
  return value !== 0 && Math.abs(value) < 10 ** -digits ? value.toPrecision(3) : value.toFixed(digits);
}

function signed(value, digits) {
  // a game's expected result: +0.471, −1.000 (a true minus sign), 0 for none
  if (value === 0) return "0";
  const text = fixed(Math.abs(value), digits);
  return value > 0 ? `+${text}` : `\u2212${text}`;
}

function isGameUnit(unit) {
  return Boolean(unit) && (unit.startsWith("units won per game") || unit === "units a game");
}

function shown(value, unit) {
  if (value === null || value === undefined) return "";
  if (unit === "chance") return `${(100 * value).toFixed(2)} %`;
  if (unit && unit.startsWith("share of the pot")) return `${(100 * value).toFixed(2)} % of the pot`;
  if (unit === "points per round") return `${fixed(value, 3)} points`;
  if (unit === "chips") return `${fixed(value, 3)} chips`;
  if (isGameUnit(unit)) return `${signed(value, 3)} a game`;
  return fixed(value, 3);
}

function chips(value) {
  // chips as a player counts them: 1 chip, 2.5 chips, 0
  if (value === 0) return "0";
  const text = Number.isInteger(value) ? String(value) : fixed(value, 3);
  return `${text} chip${value === 1 ? "" : "s"}`;
}

function valueWords(unit) {
  if (unit === "chance") return "chance to win the round";
  if (unit === "points per round") return "points per round (expected payout)";
  if (unit && unit.startsWith("share of the pot")) return unit;
  if (unit === "chips") return "chips from here on";
  if (isGameUnit(unit)) return "expected result of the game (+1 win / −1 loss)";
  return unit;
}

function afterValue(unit) {
  // what follows a value shown with its unit (shown): the words, without the unit again
  if (unit === "points per round") return "a round (expected payout)";
  if (unit && unit.startsWith("share of the pot")) return unit.replace("share of the pot", "").trim();
  if (unit === "chips") return "";
  if (isGameUnit(unit)) return "(expected result: +1 a game won, −1 a game lost)";
  return valueWords(unit);
}

function plural(n, word) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

// ---- the API's fields as the page's labels --------------------------------------------

// A refusal names a request's field in backticks (`throws_left`): the page names its label.
const FIELD_LABELS = {
  dice: "your dice", hand: "your dice", throws_left: "Throws left", against: "Best hand so far",
  tied: "Earlier seats holding it", players_left: "Players and Your seat (the players after you)",
  limit: "Throws the first player took", computer_hand: "The computer's final hand",
  aside: "Dice set aside", untouched: "Dice of the first throw never thrown again",
  set: "Options", rules: "Game", rules_text: "the pasted rule file", players: "Players",
  seat: "Your seat", ante: "Ante", raise_size: "Raise", raises: "Raises a turn", pot: "Pot",
  raised: "the raise you face (Meet or fold)", still_in: "the seats still in", bids: "Bids so far",
  to_win: "win the round", goal: "the goal", exact: "exact figures", side: "the side you play",
  steps: "the throws of the turn", met: "Before your throw, a raise from the best hand",
  raises_made: "After your final hand", ante_max: "Ante max", raise_max: "Raise max",
  sit_out: "Sit out allowed", ante_named: "Seat 1: the ante you named",
  seats_in: "Later seat: seats in before you", entered: "Later seat: the ante",
  moves: "Moves", ladder: "Ladder", knowledge: "knowledge",
};

function label(field) {
  const name = String(field).replace(/^betting\./, "").replace(/^steps\.\d+\./, "");
  return FIELD_LABELS[name] ? `“${FIELD_LABELS[name]}”` : name;
}

function pageWords(message) {
  return String(message).replace(/`([a-z_][a-z0-9_.]*)`/g, (_, field) => label(field));
}

// The page's controls where a refused field is typed; a field of two tabs names both (only
// the one shown is marked).
const FIELD_CONTROLS = {
  dice: ["dice-text"], hand: ["dice-text", "review-bid-hand"], throws_left: ["throws-left"],
  against: ["against"], tied: ["tied"], limit: ["limit"], computer_hand: ["computer-hand"],
  aside: ["aside"], untouched: ["untouched"], set: ["settings"], rules_text: ["rules-text"],
  rules: ["preset"], players: ["players"], seat: ["seat"], players_left: ["players", "seat"],
  ante: ["ante"], raise_size: ["raise"], raises: ["raises"], pot: ["pot"],
  moves: ["review-bid-moves"], ladder: ["review-bid-ladder"],
};

function refusedControls(data) {
  // the controls of the fields a refusal names: a 422's field, a 400's backticked fields
  const first = data.problems && data.problems[0];
  const fields = first && first.field ? [first.field] :
    [...String(data.error || "").matchAll(/`([a-z_][a-z0-9_.]*)`/g)].map((m) => m[1]);
  return fields.flatMap((f) => FIELD_CONTROLS[String(f).replace(/^betting\./, "")] || []);
}

function fieldError(message, ...controls) {
  // a refusal of what is typed in ``controls`` (their ids): the page marks them
  const err = new Error(message);
  err.controls = controls;
  return err;
}

function refusal(data, status) {
  // one message in the page's words: a 422 names the field, a 400 its backticked fields
  const first = data.problems && data.problems[0];
  if (first && first.field) return `${label(first.field)}: ${first.message}`;
  return pageWords(data.error || `HTTP ${status}`);
}

// ---- dice as typed ----------------------------------------------------------------------

function norm(text) {
  const up = String(text).trim().toUpperCase();
  return up === "T" ? "10" : up;
}

function parseDice(text) {
  const parts = text.trim().split(/[\s,]+/).filter((s) => s);
  if (parts.length === 1 && parts[0].length > 1 && !/^10$/.test(parts[0])) {
    return parts[0].replace(/10/g, "T").split("").map(norm);
  }
  return parts.map(norm);
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

function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}
