// @ts-check
// The ponyccg web client. It draws what the server sends (the server has already removed
// everything this viewer may not know) and sends back one choice at a time. Plain
// JavaScript checked by tsc (`npx tsc -p crates/server/static`), so the server serves it
// as it is, with no build step.

/**
 * @typedef {{Home: number} | {Problem: number} | {Dilemma: number}} Area
 * @typedef {{Seat: number} | "Spectator" | "Omniscient"} Viewer
 * @typedef {{object: number, number: string|null, name: string|null, card_type: string|null,
 *   controller: number, face_down: boolean, frightened: boolean, exhausted: boolean,
 *   power: number|null, colors: string[], counters: number, named_counters?: [string, number][],
 *   host: number|null, cost: number|null}} ViewCard
 * @typedef {{player: number, score: number, tokens: number, hand: ViewCard[]|null, hand_size: number,
 *   deck_size: number, problem_deck_size: number, discard: ViewCard[], banished: ViewCard[],
 *   flipped: ViewCard[], removed: boolean}} PlayerView
 * @typedef {{player: number, requirement: [[any, number][], number]|null, power: number,
 *   by_color: [string, number][], meets: boolean}} SideView
 * @typedef {{area: Area, name: string, problem: ViewCard|null, cards: ViewCard[], sides?: SideView[]}} AreaView
 * @typedef {{viewer: Viewer, turn: number, turn_player: number, step: any, players: PlayerView[],
 *   areas: AreaView[], in_faceoff: boolean, deciding: number|null, outcome: any,
 *   looking: ViewCard[]}} View
 * @typedef {{label: string, cost?: number, card?: number, area?: Area}} ChoiceView
 * @typedef {{player: number, kind: string, name: string}} SeatInfo
 * @typedef {{type: "update", table: string, viewer: Viewer, seats: SeatInfo[], view: View|null,
 *   decision: number|null, asking: string|null, choices: ChoiceView[], log_from: number,
 *   log: string[], casual: boolean, undo_asked_by: number|null, clock_ms: number[]|null,
 *   choices_made: number}} Update
 * @typedef {{table: string, viewer: Viewer, step: number, steps: number, over: boolean,
 *   seats: SeatInfo[], view: View, log: string[], next: string|null}} ReplayStep
 * @typedef {{type: "refused", message: string}} Refused
 * @typedef {{decks: string[], ais: string[], open: {code: string, host: string}[]}} Lobby
 * @typedef {{code: string, seat: number, token: string}} Seated
 */

/** @param {string} id */
function el(id) {
  const e = document.getElementById(id);
  if (!e) throw new Error(`no element #${id}`);
  return e;
}

/** @param {string} id @returns {HTMLInputElement} */
function input(id) {
  return /** @type {HTMLInputElement} */ (el(id));
}

/** @param {string} id @returns {HTMLSelectElement} */
function select(id) {
  return /** @type {HTMLSelectElement} */ (el(id));
}

/**
 * @param {string} tag
 * @param {string} [cls]
 * @param {string} [text]
 */
function make(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

/** @type {WebSocket|null} */
let socket = null;
/** @type {Update|null} */
let last = null;
/** @type {string[]} */
let logLines = [];
/** When the last update arrived (the deciding seat's clock runs from then). */
let receivedAt = 0;
/**
 * The replay being watched, if any.
 * @type {{code: string, token: string|null, side: string, step: number, steps: number}|null}
 */
let replaying = null;

/** @param {Area} a */
function areaKey(a) {
  if ("Home" in a) return `h${a.Home}`;
  if ("Problem" in a) return `p${a.Problem}`;
  return `d${a.Dilemma}`;
}

/** @param {number} p */
function seatName(p) {
  const me = last && typeof last.viewer === "object" ? last.viewer.Seat : null;
  const s = last?.seats.find((x) => x.player === p);
  const name = s?.name || `P${p + 1}`;
  return p === me ? `${name} (you)` : name;
}

/** @param {number} p */
function homeName(p) {
  const me = last && typeof last.viewer === "object" ? last.viewer.Seat : null;
  return p === me ? "Your home" : `${seatName(p)}'s home`;
}

/** Saved seats, so a reload or a dropped connection returns to the same seat. */
function savedSeats() {
  try {
    return /** @type {Record<string, Seated>} */ (JSON.parse(localStorage.getItem("ponyccg.seats") || "{}"));
  } catch {
    return {};
  }
}

/** @param {Seated} s */
function saveSeat(s) {
  const all = savedSeats();
  all[s.code] = s;
  localStorage.setItem("ponyccg.seats", JSON.stringify(all));
}

/** @param {string} path @param {object} body */
async function post(path, body) {
  const r = await fetch(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const j = await r.json().catch(() => ({ error: `the server answered ${r.status}` }));
  if (!r.ok) throw new Error(j.error || `the server answered ${r.status}`);
  return j;
}

async function showLobby() {
  replaying = null;
  el("lobby").hidden = false;
  el("game").hidden = true;
  el("concede").hidden = true;
  el("undo").hidden = true;
  el("replay").hidden = true;
  el("leave").hidden = true;
  el("status").textContent = "";
  const r = await fetch("/api/lobby");
  /** @type {Lobby} */
  const lobby = await r.json();
  for (const id of ["deck", "aideck"]) {
    const s = select(id);
    s.replaceChildren(...lobby.decks.map((d) => {
      const o = /** @type {HTMLOptionElement} */ (make("option", "", d));
      o.value = d;
      return o;
    }));
  }
  select("aideck").selectedIndex = Math.min(1, lobby.decks.length - 1);
  const opp = select("opponent");
  opp.replaceChildren(
    ...lobby.ais.map((a) => {
      const o = /** @type {HTMLOptionElement} */ (make("option", "", `${a} AI`));
      o.value = a;
      return o;
    }),
  );
  const person = /** @type {HTMLOptionElement} */ (make("option", "", "a person (share the code)"));
  person.value = "person";
  opp.append(person);
  drawOpenTables(lobby.open);
}

/**
 * The tables waiting for a second player. The lobby asks again every few seconds, so two
 * people can find each other without reloading.
 * @param {Lobby["open"]} open
 */
function drawOpenTables(open) {
  const ul = el("open-tables");
  ul.replaceChildren();
  if (open.length === 0) ul.append(make("li", "muted", "No one is waiting right now."));
  for (const t of open) {
    const li = make("li");
    li.append(make("span", "", `${t.host || "Someone"} waits at ${t.code} `));
    const b = make("button", "", "Join");
    b.addEventListener("click", () => joinTable(t.code));
    li.append(b);
    ul.append(li);
  }
}

function myDeck() {
  const pasted = /** @type {HTMLTextAreaElement} */ (el("paste")).value.trim();
  return pasted || select("deck").value;
}

/** @param {unknown} e */
function lobbyError(e) {
  el("lobby-error").textContent = e instanceof Error ? e.message : String(e);
}

async function createTable() {
  lobbyError("");
  try {
    /** @type {Seated} */
    const s = await post("/api/tables", {
      name: input("name").value,
      deck: myDeck(),
      opponent: select("opponent").value,
      ai_deck: select("aideck").value,
      private: input("private").checked,
      casual: input("casual").checked,
      clock_minutes: input("clock").value ? Number(input("clock").value) : null,
    });
    saveSeat(s);
    openTable(s.code, s.token);
  } catch (e) {
    lobbyError(e);
  }
}

/** @param {string} code */
async function joinTable(code) {
  lobbyError("");
  try {
    /** @type {Seated} */
    const s = await post(`/api/tables/${encodeURIComponent(code)}/join`, {
      name: input("name").value,
      deck: myDeck(),
    });
    saveSeat(s);
    openTable(s.code, s.token);
  } catch (e) {
    lobbyError(e);
  }
}

/**
 * @param {string} code
 * @param {string|null} token  null to watch as a spectator
 */
function openTable(code, token) {
  replaying = null;
  el("replay-bar").hidden = true;
  location.hash = token ? `#t=${code}` : `#watch=${code}`;
  el("lobby").hidden = true;
  el("game").hidden = false;
  el("leave").hidden = false;
  logLines = [];
  last = null;
  connect(code, token, 0);
}

/**
 * @param {string} code
 * @param {string|null} token
 * @param {number} attempt
 */
function connect(code, token, attempt) {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const q = token ? `?token=${encodeURIComponent(token)}` : "";
  const ws = new WebSocket(`${proto}://${location.host}/ws/${encodeURIComponent(code)}${q}`);
  socket = ws;
  el("status").textContent = "connecting…";
  ws.addEventListener("message", (ev) => {
    /** @type {Update|Refused} */
    const m = JSON.parse(ev.data);
    if (m.type === "refused") {
      el("status").textContent = `refused: ${m.message}`;
      return;
    }
    attempt = 0;
    receivedAt = Date.now();
    if (m.log_from < logLines.length) logLines.length = m.log_from;
    logLines.push(...m.log);
    last = m;
    draw(m);
  });
  ws.addEventListener("close", () => {
    if (socket !== ws || replaying) return;
    el("status").textContent = "connection lost; reconnecting…";
    // Back off, then ask for everything again (the log is sent from the start).
    setTimeout(() => {
      if (socket === ws) {
        logLines = [];
        connect(code, token, attempt + 1);
      }
    }, Math.min(10000, 500 * 2 ** attempt));
  });
}

/** @param {object} m */
function sendMessage(m) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(m));
}

/** @param {number} i */
function choose(i) {
  if (!last || last.decision === null) return;
  hideMenu();
  sendMessage({ type: "decide", decision: last.decision, choice: i });
}

function hideMenu() {
  el("menu").hidden = true;
}

/**
 * Offers the choices that name one card or area, next to it.
 * @param {number[]} idx
 * @param {MouseEvent} ev
 */
function offer(idx, ev) {
  if (!last) return;
  if (idx.length === 1) {
    choose(idx[0]);
    return;
  }
  const m = el("menu");
  m.replaceChildren(
    ...idx.map((i) => {
      const c = /** @type {ChoiceView} */ (last?.choices[i]);
      const b = make("button", "", c.label + (c.cost !== undefined ? `  ·  ${c.cost} ⬢` : ""));
      b.addEventListener("click", () => choose(i));
      return b;
    }),
  );
  m.hidden = false;
  m.style.left = `${Math.min(ev.clientX, window.innerWidth - 320)}px`;
  m.style.top = `${Math.min(ev.clientY, window.innerHeight - 40 * idx.length - 20)}px`;
  ev.stopPropagation();
}

const COLOR_CLASS = /** @type {Record<string, string>} */ ({
  Blue: "c-blue", Orange: "c-orange", Pink: "c-pink", Purple: "c-purple", White: "c-white", Yellow: "c-yellow",
});

/**
 * A card as drawn on the table.
 * @param {ViewCard} c
 * @param {Map<number, number[]>} byCard choices naming each object
 */
function cardEl(c, byCard) {
  const d = make("div", "card");
  if (c.name === null) {
    d.classList.add("back");
    d.append(make("div", "name", c.face_down ? "face-down" : "?"));
  } else {
    d.classList.add(COLOR_CLASS[c.colors[0]] || "c-none");
    if (c.colors.length > 1) d.classList.add("multi");
    d.append(make("div", "type", (c.card_type || "").replace(/([a-z])([A-Z])/g, "$1 $2")));
    d.append(make("div", "name", c.name));
    const foot = make("div", "foot");
    if (c.power !== null) foot.append(make("span", "power", String(c.power)));
    if (c.cost !== null && c.card_type !== "Problem" && c.card_type !== "ManeCharacter") {
      foot.append(make("span", "cost", `${c.cost}`));
    }
    d.append(foot);
    if (c.face_down) d.classList.add("facedown");
  }
  if (c.exhausted) d.classList.add("exhausted");
  if (c.frightened) d.classList.add("frightened");
  if (c.counters) d.append(make("span", "counter", `${c.counters > 0 ? "+" : ""}${c.counters}`));
  for (const [n, k] of c.named_counters || []) d.append(make("span", "counter named", `${k} ${n}`));
  if (c.number) d.dataset.number = c.number;
  const mine = byCard.get(c.object);
  if (mine) {
    d.classList.add("choosable");
    d.addEventListener("click", (ev) => offer(mine, ev));
  }
  d.addEventListener("mouseenter", (ev) => showTip(c, ev));
  d.addEventListener("mouseleave", () => (el("tip").hidden = true));
  return d;
}

/** @type {Map<string, string>} */
const tipCache = new Map();

/**
 * The card's facts and rules text (rendered from its script by the server).
 * @param {ViewCard} c
 * @param {MouseEvent} ev
 */
async function showTip(c, ev) {
  const tip = el("tip");
  if (!c.number || !last) return;
  let text = tipCache.get(c.number);
  if (text === undefined) {
    const r = await fetch(`/api/card/${encodeURIComponent(c.number)}`);
    text = r.ok ? await r.text() : "";
    tipCache.set(c.number, text);
  }
  if (!text) return;
  tip.textContent = text;
  tip.hidden = false;
  tip.style.left = `${Math.min(ev.clientX + 16, window.innerWidth - 340)}px`;
  tip.style.top = `${Math.min(ev.clientY + 16, window.innerHeight - 220)}px`;
}

/** @param {SideView} s */
function sideText(s) {
  const req = s.requirement
    ? [...s.requirement[0].map(([col, n]) => `${n} ${typeof col === "object" ? Object.entries(col).map(([k, v]) => (k === "Not" ? `non-${v}` : v)).join("") : col}`),
       ...(s.requirement[1] ? [`${s.requirement[1]} any`] : [])].join(" + ")
    : "can't be met";
  const have = s.by_color.map(([c, n]) => `${n} ${c}`).join(", ") || "nothing";
  return `${seatName(s.player)}: needs ${req} · has ${s.power} (${have})${s.meets ? " ✓" : ""}`;
}

/**
 * @param {AreaView} a
 * @param {Map<number, number[]>} byCard
 * @param {Map<string, number[]>} byArea
 * @param {number} me
 */
function areaEl(a, byCard, byArea, me) {
  const box = make("div", "area");
  const key = areaKey(a.area);
  box.dataset.area = key;
  const here = byArea.get(key);
  if (here) {
    box.classList.add("choosable-area");
    box.addEventListener("click", (ev) => offer(here, ev));
  }
  const title = make("div", "area-title", "Home" in a.area ? homeName(a.area.Home) : a.name);
  box.append(title);
  if (a.problem) {
    const p = cardEl(a.problem, byCard);
    p.classList.add("problem");
    box.append(p);
  }
  for (const s of a.sides || []) box.append(make("div", `side${s.player === me ? " mine" : ""}`, sideText(s)));
  const mine = make("div", "cards mine");
  const theirs = make("div", "cards theirs");
  const hosted = new Map();
  for (const c of a.cards) {
    if (c.host !== null) {
      const list = hosted.get(c.host) || [];
      list.push(c);
      hosted.set(c.host, list);
    }
  }
  for (const c of a.cards) {
    if (c.host !== null) continue;
    const e = cardEl(c, byCard);
    for (const att of hosted.get(c.object) || []) {
      const ae = cardEl(att, byCard);
      ae.classList.add("attached");
      e.append(ae);
    }
    (c.controller === me ? mine : theirs).append(e);
  }
  box.append(theirs, mine);
  return box;
}

/** @param {PlayerView} p @param {boolean} turn */
function barEl(p, turn) {
  const b = make("div", `bar${turn ? " turn" : ""}`);
  b.append(make("span", "who", seatName(p.player)));
  b.append(make("span", "score", `${p.score} pts`));
  b.append(make("span", "tokens", `${p.tokens} ⬢`));
  if (last?.clock_ms) {
    const c = make("span", "clock");
    c.dataset.clock = String(p.player);
    b.append(c);
  }
  b.append(make("span", "muted", `hand ${p.hand_size} · deck ${p.deck_size} · problems ${p.problem_deck_size}`));
  for (const [zone, cards] of /** @type {[string, ViewCard[]][]} */ ([["discard", p.discard], ["banished", p.banished]])) {
    const z = make("button", "zone", `${zone} ${cards.length}`);
    z.addEventListener("click", () => showZone(`${seatName(p.player)}'s ${zone} pile`, cards));
    b.append(z);
  }
  return b;
}

/** Shows each seat's time left, the deciding seat's counting down since the last update. */
function tickClocks() {
  const u = last;
  if (!u || !u.clock_ms) return;
  const deciding = u.view && !u.view.outcome ? u.view.deciding : null;
  for (const e of document.querySelectorAll("[data-clock]")) {
    const h = /** @type {HTMLElement} */ (e);
    const p = Number(h.dataset.clock);
    const running = p === deciding;
    const ms = Math.max(0, (u.clock_ms[p] ?? 0) - (running ? Date.now() - receivedAt : 0));
    const s = Math.ceil(ms / 1000);
    h.textContent = `clock ${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
    h.classList.toggle("running", running);
    h.classList.toggle("low", s < 60);
  }
}
setInterval(tickClocks, 500);

/** @param {string} title @param {ViewCard[]} cards */
function showZone(title, cards) {
  const z = el("zones");
  z.replaceChildren(make("h3", "", title));
  const row = make("div", "row small");
  for (const c of cards) row.append(cardEl(c, new Map()));
  if (cards.length === 0) row.append(make("span", "muted", "empty"));
  const close = make("button", "", "close");
  close.addEventListener("click", () => z.replaceChildren());
  z.append(row, close);
}

/** @param {Update} u */
function draw(u) {
  const v = u.view;
  const me = typeof u.viewer === "object" ? u.viewer.Seat : null;
  el("concede").hidden = replaying !== null || me === null || !v || v.outcome !== null;
  el("undo").hidden = replaying !== null || me === null || !v || v.outcome !== null || !u.casual;
  el("replay").hidden = replaying !== null || !v;
  drawUndoAsk(u, me);
  if (!v) {
    el("status").textContent = `Table ${u.table}: waiting for an opponent. Share the code ${u.table}.`;
    el("asking").textContent = "";
    el("choices").replaceChildren();
    drawLog();
    return;
  }
  const step = typeof v.step === "string" ? v.step : Object.keys(v.step)[0];
  el("status").textContent =
    v.outcome ? outcomeText(v.outcome) :
    `Table ${u.table} · turn ${v.turn} · ${seatName(v.turn_player)}'s turn · ${step}${v.in_faceoff ? " · faceoff" : ""}` +
    (v.deciding !== null && v.deciding !== me ? ` · waiting for ${seatName(v.deciding)}` : "");
  /** @type {Map<number, number[]>} */
  const byCard = new Map();
  /** @type {Map<string, number[]>} */
  const byArea = new Map();
  u.choices.forEach((c, i) => {
    if (c.card !== undefined) byCard.set(c.card, [...(byCard.get(c.card) || []), i]);
    else if (c.area !== undefined) {
      const k = areaKey(c.area);
      byArea.set(k, [...(byArea.get(k) || []), i]);
    }
  });
  const self = me ?? 0;
  const them = v.players.find((p) => p.player !== self) || v.players[0];
  const mine = v.players.find((p) => p.player === self) || v.players[0];
  el("them-bar").replaceChildren(barEl(them, v.turn_player === them.player));
  el("me-bar").replaceChildren(barEl(mine, v.turn_player === mine.player));
  const homes = v.areas.filter((a) => "Home" in a.area);
  const problems = v.areas.filter((a) => !("Home" in a.area));
  el("them-home").replaceChildren(...homes.filter((a) => "Home" in a.area && a.area.Home !== self).map((a) => areaEl(a, byCard, byArea, self)));
  el("my-home").replaceChildren(...homes.filter((a) => "Home" in a.area && a.area.Home === self).map((a) => areaEl(a, byCard, byArea, self)));
  el("problems").replaceChildren(...problems.map((a) => areaEl(a, byCard, byArea, self)));
  const hand = el("hand");
  hand.replaceChildren();
  for (const c of mine.hand || []) hand.append(cardEl(c, byCard));
  if (v.looking.length) {
    const look = make("div", "looking");
    look.append(make("span", "muted", "Looking at:"));
    for (const c of v.looking) look.append(cardEl(c, byCard));
    hand.append(look);
  }
  el("asking").textContent = u.asking || (me === null ? "Watching" : "");
  const ol = el("choices");
  // Which decision these choices answer: a page (or a test) can tell a new one from the last.
  ol.dataset.decision = String(u.decision);
  ol.replaceChildren(
    ...u.choices.map((c, i) => {
      const li = make("li");
      const b = make("button", "choice", c.label);
      if (c.cost !== undefined) b.append(make("span", "cost-tag", `${c.cost} ⬢`));
      b.addEventListener("click", () => choose(i));
      li.append(b);
      return li;
    }),
  );
  drawLog();
  tickClocks();
}

/** @param {Update} u @param {number|null} me */
function drawUndoAsk(u, me) {
  const box = el("undo-ask");
  const by = replaying ? null : u.undo_asked_by;
  box.hidden = by === null || me === null;
  if (by === null || me === null) return;
  if (by === me) {
    box.replaceChildren(make("span", "", "You asked to take back your last decision; waiting for your opponent's answer."));
    return;
  }
  const yes = make("button", "primary", "Allow");
  yes.addEventListener("click", () => sendMessage({ type: "answer_undo", accept: true }));
  const no = make("button", "", "Refuse");
  no.addEventListener("click", () => sendMessage({ type: "answer_undo", accept: false }));
  box.replaceChildren(make("span", "label", `${seatName(by)} asks to take back their last decision.`), yes, no);
}

/**
 * Shows one point of a stored game as one side saw it.
 * @param {string} code @param {string|null} token @param {string} side @param {number|null} step
 */
async function openReplay(code, token, side, step) {
  socket?.close();
  socket = null;
  el("lobby").hidden = true;
  el("game").hidden = false;
  el("leave").hidden = false;
  el("replay-bar").hidden = false;
  const q = new URLSearchParams({ side });
  if (token) q.set("token", token);
  if (step !== null) q.set("step", String(step));
  const r = await fetch(`/api/tables/${encodeURIComponent(code)}/replay?${q}`);
  const j = await r.json().catch(() => ({ error: `the server answered ${r.status}` }));
  if (!r.ok) {
    el("status").textContent = `Replay of ${code}: ${j.error}`;
    return;
  }
  /** @type {ReplayStep} */
  const rs = j;
  replaying = { code, token, side, step: rs.step, steps: rs.steps };
  location.hash = `#replay=${code}`;
  select("replay-side").value = side;
  const range = input("replay-step");
  range.max = String(rs.steps);
  range.value = String(rs.step);
  el("replay-at").textContent = `choice ${rs.step} of ${rs.steps}`;
  logLines = rs.log;
  /** @type {Update} */
  const u = {
    type: "update", table: rs.table, viewer: rs.viewer, seats: rs.seats, view: rs.view,
    decision: null, asking: rs.next, choices: [], log_from: 0, log: rs.log, casual: false,
    undo_asked_by: null, clock_ms: null, choices_made: rs.step,
  };
  last = u;
  draw(u);
  if (!rs.view.outcome) {
    const v = rs.view;
    el("status").textContent = `Replay of table ${code} · turn ${v.turn} · ${seatName(v.turn_player)}'s turn`;
  }
}

/** @param {number} step */
function replayTo(step) {
  if (!replaying) return;
  const s = Math.max(0, Math.min(replaying.steps, step));
  openReplay(replaying.code, replaying.token, replaying.side, s);
}

async function continueFromHere() {
  if (!replaying) return;
  const side = replaying.side === "spectator" ? 0 : Number(replaying.side);
  try {
    /** @type {Seated} */
    const s = await post(`/api/tables/${encodeURIComponent(replaying.code)}/continue`, {
      token: replaying.token,
      side,
      step: replaying.step,
      opponent: "heuristic",
      name: input("name").value,
    });
    saveSeat(s);
    openTable(s.code, s.token);
  } catch (e) {
    el("status").textContent = e instanceof Error ? e.message : String(e);
  }
}

function drawLog() {
  const ol = el("log");
  ol.replaceChildren(...logLines.slice(-300).map((l) => make("li", l.startsWith("---") ? "turn" : "", l)));
  ol.scrollTop = ol.scrollHeight;
}

/** @param {any} o */
function outcomeText(o) {
  if (o === "Draw") return "Game over: a draw";
  if (o.Win) return `Game over: ${seatName(o.Win.winner)} won`;
  return "Game over";
}

function route() {
  const r = location.hash.match(/^#replay=([a-z0-9]+)$/);
  if (r) {
    const seat = savedSeats()[r[1]];
    openReplay(r[1], seat ? seat.token : null, seat ? String(seat.seat) : "spectator", 0);
    return;
  }
  const m = location.hash.match(/^#(t|watch)=([a-z0-9]+)$/);
  if (m) {
    const seat = m[1] === "t" ? savedSeats()[m[2]] : undefined;
    openTable(m[2], seat ? seat.token : null);
  } else {
    socket = null;
    showLobby();
  }
}

setInterval(async () => {
  if (el("lobby").hidden) return;
  try {
    const r = await fetch("/api/lobby");
    if (r.ok) drawOpenTables(/** @type {Lobby} */ (await r.json()).open);
  } catch {
    // The server is away for a moment (restarting); the next round asks again.
  }
}, 2000);

el("create").addEventListener("click", createTable);
el("join").addEventListener("click", () => joinTable(input("code").value.trim()));
el("watch").addEventListener("click", () => openTable(input("code").value.trim(), null));
el("leave").addEventListener("click", () => {
  socket?.close();
  socket = null;
  location.hash = "";
  showLobby();
});
el("undo").addEventListener("click", () => sendMessage({ type: "undo" }));
el("replay").addEventListener("click", () => {
  if (!last) return;
  const code = last.table;
  const seat = savedSeats()[code];
  const me = typeof last.viewer === "object" ? String(last.viewer.Seat) : "spectator";
  openReplay(code, seat ? seat.token : null, me, 0);
});
el("watch-replay").addEventListener("click", () => {
  const code = input("code").value.trim();
  const seat = savedSeats()[code];
  openReplay(code, seat ? seat.token : null, seat ? String(seat.seat) : "0", 0);
});
select("replay-side").addEventListener("change", () => {
  if (replaying) openReplay(replaying.code, replaying.token, select("replay-side").value, replaying.step);
});
el("replay-first").addEventListener("click", () => replayTo(0));
el("replay-prev").addEventListener("click", () => replaying && replayTo(replaying.step - 1));
el("replay-next").addEventListener("click", () => replaying && replayTo(replaying.step + 1));
el("replay-last").addEventListener("click", () => replaying && replayTo(replaying.steps));
input("replay-step").addEventListener("change", () => replayTo(Number(input("replay-step").value)));
el("replay-continue").addEventListener("click", continueFromHere);
el("concede").addEventListener("click", () => {
  if (confirm("Concede this game?")) sendMessage({ type: "concede" });
});
select("opponent").addEventListener("change", () => {
  el("aideck-row").hidden = select("opponent").value === "person";
});
document.addEventListener("click", hideMenu);
route();
