// Browser tests of `ponyccg serve` in Debian's Chromium, driven by playwright-core.
// Run from this folder: `npm ci && node browser.test.mjs` (the release binary must be built).
// Screenshots go to ./screenshots/.

import { chromium } from "playwright-core";
import { spawn } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import assert from "node:assert/strict";

const BIN = process.env.PONYCCG_BIN || resolve("../../target/release/ponyccg");
const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";
const SHOTS = resolve("screenshots");
mkdirSync(SHOTS, { recursive: true });

/** Starts a server on a free port with the given store; resolves to {proc, url}. */
function startServer(store) {
  return new Promise((ok, fail) => {
    const proc = spawn(BIN, ["serve", "--addr", "127.0.0.1:0", "--store", store], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    proc.stdout.on("data", (d) => {
      out += d;
      const m = out.match(/serving on (http:\/\/[0-9.:]+)\//);
      if (m) ok({ proc, url: m[1] });
    });
    proc.stderr.on("data", (d) => (out += d));
    proc.on("exit", (c, sig) => {
      if (c !== 0 && sig !== "SIGTERM") console.error(`server exited (${c ?? sig}):\n${out}`);
      fail(new Error(`server exited ${c ?? sig}: ${out}`));
    });
  });
}

async function api(url, path, body) {
  const r = await fetch(url + path, {
    method: body ? "POST" : "GET",
    headers: { "content-type": "application/json" },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: r.status, body: await r.json().catch(() => null) };
}

/** Opens a socket in the page and collects what arrives. */
async function pageSocket(page, url) {
  return page.evaluate(
    (u) =>
      new Promise((ok) => {
        const ws = new WebSocket(u);
        const got = [];
        ws.onmessage = (e) => got.push(JSON.parse(e.data));
        ws.onopen = () => {
          window.__ws = ws;
          window.__got = got;
          ok(true);
        };
        ws.onerror = () => ok(false);
      }),
    url,
  );
}

/**
 * A player who wants the game over soon: confronts and challenges, plays characters to
 * Problems, keeps the first hand; otherwise takes the last choice (usually to pass on).
 * @param {string[]} labels
 */
function eagerPick(labels, asking) {
  if (/mulligan/i.test(asking || "")) {
    const keep = labels.findIndex((l) => /^keep/i.test(l));
    if (keep >= 0) return keep;
  }
  for (const want of [/^confront/i, /^challenge/i, /^uncover/i, /^play .* to (?!.*home)/i, /^play/i, /^yes/i]) {
    const i = labels.findIndex((l) => want.test(l));
    if (i >= 0) return i;
  }
  return labels.length - 1;
}

/** Clicks one choice on this page if it has one; false if it has none to make. */
async function decideOnce(page) {
  const buttons = await page.$$("#choices li button");
  if (buttons.length === 0) return false;
  const asking = await page.textContent("#asking");
  const labels = await Promise.all(buttons.map((b) => b.textContent()));
  const before = await page.getAttribute("#choices", "data-decision");
  await buttons[eagerPick(labels.map((l) => l || ""), asking)].click().catch(() => {});
  // The page redraws once the server has the answer: another decision, or none for this seat.
  await page
    .waitForFunction((d) => document.getElementById("choices")?.dataset.decision !== d || !document.querySelector("#choices li"), before, { timeout: 10000 })
    .catch(() => {});
  return true;
}

const over = async (page) => /Game over/.test((await page.textContent("#status")) || "");

const tests = [];
const test = (name, f) => tests.push({ name, f });

test("a person plays the heuristic AI in the browser to the game's end: board, choices on cards, log, card text", async ({ browser, url }) => {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  page.on("pageerror", (e) => console.log("page error:", e.message));
  page.on("crash", () => console.log("page crashed"));
  await page.goto(url);
  await page.fill("#name", "Ann");
  await page.selectOption("#deck", "theme:rarity");
  await page.selectOption("#opponent", "heuristic");
  await page.selectOption("#aideck", "theme:applejack");
  await page.screenshot({ path: join(SHOTS, "lobby.png") });
  await page.click("#create");
  await page.waitForSelector("#choices li");
  let clicks = 0;
  let looked = false;
  const deadline = Date.now() + 6 * 60 * 1000;
  while (!(await over(page))) {
    assert.ok(Date.now() < deadline, `the game ended within 6 minutes (${clicks} choices made)`);
    assert.ok(clicks < 2000, "the game ended within 2000 choices");
    if (!(await decideOnce(page))) {
      await page.waitForTimeout(100);
      continue;
    }
    clicks++;
    if (clicks === 12) await page.screenshot({ path: join(SHOTS, "board-early.png") });
    if (clicks < 10 || looked || (await over(page))) continue;
    // Midway, with a Main Phase choice pending (one that names cards): look at the board
    // as a player would. A yes/no or a colour names no card, so it can't be on the board.
    const pending = await page.$$eval("#choices button", (bs) => bs.map((b) => b.textContent || ""));
    if (!pending.some((l) => /^(play|confront) /i.test(l))) continue;
    looked = true;
    await page.waitForSelector(".area .card");
    const problems = await page.$$(".row.problems .area");
    assert.ok(problems.length >= 2, "both Problems are on the board");
    const sides = await page.$$eval(".side", (s) => s.map((x) => x.textContent));
    assert.ok(sides.some((s) => /needs/.test(s || "")), `each Problem shows requirements: ${sides}`);
    const log = await page.$$eval("#log li", (l) => l.map((x) => x.textContent));
    assert.ok(log.some((l) => /Turn \d/.test(l || "")), "the log names the turns");
    // Hover a card in hand: its rules text appears.
    const handCard = await page.$("#hand .card");
    if (handCard) {
      await handCard.hover();
      await page.waitForSelector("#tip:not([hidden])", { timeout: 5000 });
    }
    await page.screenshot({ path: join(SHOTS, "board.png") });
    // Choices that name a card are offered on the card itself.
    const onCards = await page.$$(".card.choosable, .choosable-area");
    const listed = await page.$$("#choices li");
    assert.ok(listed.length > 0);
    assert.ok(onCards.length > 0 || listed.length === 1, "choices are shown on the board too");
    await page.mouse.move(0, 0);
  }
  assert.ok(looked, "the board was looked at midway");
  assert.match((await page.textContent("#status")) || "", /Game over: (Ann|.*) won|Game over: a draw/);
  await page.screenshot({ path: join(SHOTS, "game-over-vs-ai.png") });
  console.log(`       (${clicks} choices made through the UI; ${await page.textContent("#status")})`);
  await page.close();
});

test("a spectator never sees a hand or an opponent's deck, and can't decide", async ({ browser, url }) => {
  const a = await api(url, "/api/tables", { name: "Ann", deck: "theme:rarity", opponent: "person", seat: "first", seed: 11 });
  assert.equal(a.status, 200);
  const b = await api(url, `/api/tables/${a.body.code}/join`, { name: "Bea", deck: "theme:applejack" });
  assert.equal(b.status, 200);
  const page = await browser.newPage();
  await page.goto(url);
  const base = url.replace("http", "ws") + `/ws/${a.body.code}`;
  assert.ok(await pageSocket(page, base));
  await page.waitForFunction(() => window.__got.length > 0);
  const u = await page.evaluate(() => window.__got[0]);
  assert.equal(u.viewer, "Spectator");
  assert.ok(u.view.players.every((p) => p.hand === null), "no hand is sent to a spectator");
  assert.equal(u.choices.length, 0);
  await page.evaluate(() => window.__ws.send(JSON.stringify({ type: "decide", decision: 0, choice: 0 })));
  await page.waitForFunction(() => window.__got.some((m) => m.type === "refused"));
  const refused = await page.evaluate(() => window.__got.find((m) => m.type === "refused").message);
  assert.match(refused, /spectator/);
  await page.close();
});

test("a hostile seat can't act for the other seat, answer a stale decision, pick out of range, or crash the server", async ({ browser, url }) => {
  const a = await api(url, "/api/tables", { name: "Ann", deck: "theme:rarity", opponent: "person", seat: "first", seed: 12 });
  const b = await api(url, `/api/tables/${a.body.code}/join`, { name: "Bea", deck: "theme:applejack" });
  const page = await browser.newPage();
  await page.goto(url);
  const base = url.replace("http", "ws") + `/ws/${a.body.code}`;
  // Whoever is not deciding tries to decide.
  assert.ok(await pageSocket(page, `${base}?token=${a.body.token}`));
  await page.waitForFunction(() => window.__got.length > 0);
  const first = await page.evaluate(() => window.__got[0]);
  assert.deepEqual(first.viewer, { Seat: 0 });
  assert.ok(first.view.players[0].hand !== null && first.view.players[1].hand === null, "only the seat's own hand");
  const send = (m) => page.evaluate((m) => window.__ws.send(typeof m === "string" ? m : JSON.stringify(m)), m);
  const refusals = () => page.evaluate(() => window.__got.filter((m) => m.type === "refused").map((m) => m.message));
  if (first.decision === null) {
    await send({ type: "decide", decision: 0, choice: 0 });
    await page.waitForFunction(() => window.__got.some((m) => m.type === "refused"));
    assert.match((await refusals())[0], /not your decision/);
  } else {
    await send({ type: "decide", decision: first.decision + 5, choice: 0 });
    await send({ type: "decide", decision: first.decision, choice: 999 });
    await page.waitForFunction(() => window.__got.filter((m) => m.type === "refused").length >= 2);
    const r = await refusals();
    assert.match(r[0], /not the current decision/);
    assert.match(r[1], /out of range/);
  }
  await send("{not json");
  await send(JSON.stringify({ type: "decide", decision: -1, choice: "x" }));
  await send(JSON.stringify({ type: "launch_missiles" }));
  await page.waitForFunction(() => window.__got.filter((m) => m.type === "refused").length >= 4);
  // A message far over the limit closes that socket only; the server keeps serving.
  await send("x".repeat(100000));
  await page.waitForFunction(() => window.__ws.readyState === 3, null, { timeout: 5000 });
  const lobby = await api(url, "/api/lobby");
  assert.equal(lobby.status, 200);
  // A token for no seat is refused at the door.
  const bad = await fetch(`${url}/ws/${a.body.code}?token=nope`);
  assert.equal(bad.status, 403);
  assert.ok(b.body.token !== a.body.token);
  await page.close();
});

test("a clock, undo against the AI, and a replay stepped from either side then continued from a point", async ({ browser, url }) => {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  page.on("pageerror", (e) => console.log("page error:", e.message));
  await page.goto(url);
  await page.fill("#name", "Ann");
  await page.selectOption("#deck", "theme:rarity");
  await page.selectOption("#opponent", "heuristic");
  await page.selectOption("#aideck", "theme:applejack");
  await page.fill("#clock", "25");
  await page.click("#create");
  const clicks = async (n) => {
    for (let i = 0; i < n; i++) {
      await page.waitForSelector("#choices li", { timeout: 15000 });
      const before = await page.evaluate(() => document.getElementById("log")?.childElementCount || 0);
      await page.click("#choices li:first-child button");
      await page.waitForFunction((n) => (document.getElementById("log")?.childElementCount || 0) !== n, before, { timeout: 15000 }).catch(() => {});
    }
  };
  await clicks(4);
  const clocks = await page.$$eval("[data-clock]", (c) => c.map((x) => x.textContent));
  assert.equal(clocks.length, 2, "both seats' clocks are shown");
  assert.ok(clocks.every((t) => /clock \d+:\d\d/.test(t || "")), `${clocks}`);
  // Undo: against the AI it is done at once.
  const asking = await page.textContent("#asking");
  await page.click("#undo");
  await page.waitForFunction(() => [...document.querySelectorAll("#log li")].some((l) => /took back/.test(l.textContent || "")));
  assert.ok(await page.isVisible("#choices li"), `a decision is offered again (was: ${asking})`);
  await page.screenshot({ path: join(SHOTS, "clock-undo.png") });
  // The replay, from the start, stepped on.
  await page.click("#replay");
  await page.waitForSelector("#replay-bar:not([hidden])");
  await page.waitForFunction(() => /choice 0 of/.test(document.getElementById("replay-at")?.textContent || ""));
  for (let i = 0; i < 3; i++) {
    const at = await page.textContent("#replay-at");
    await page.click("#replay-next");
    await page.waitForFunction((a) => document.getElementById("replay-at")?.textContent !== a, at);
  }
  assert.match(await page.textContent("#replay-at") || "", /choice 3 of/);
  // While the game is on, only my own side (or a spectator's) may be watched.
  const seat = await page.evaluate(() => /** @type {HTMLSelectElement} */ (document.getElementById("replay-side")).value);
  await page.selectOption("#replay-side", "spectator");
  await page.waitForFunction(() => document.querySelectorAll("#hand .card").length === 0);
  await page.selectOption("#replay-side", seat);
  await page.waitForSelector("#hand .card");
  await page.screenshot({ path: join(SHOTS, "replay.png") });
  // Continue from here: a new table, at that point.
  await page.click("#replay-continue");
  await page.waitForFunction(() => /^#t=/.test(location.hash));
  await page.waitForSelector("#choices li, #status");
  await page.waitForSelector("#board .area .card");
  assert.ok(await page.isHidden("#replay-bar"));
  await page.close();
});

test("two people: an undo asked by one is allowed by the other", async ({ browser, url }) => {
  const a = await api(url, "/api/tables", { name: "Ann", deck: "theme:rarity", opponent: "person", seat: "first", seed: 31 });
  const b = await api(url, `/api/tables/${a.body.code}/join`, { name: "Bea", deck: "theme:applejack" });
  const ctx = [await browser.newContext(), await browser.newContext()];
  const pages = [await ctx[0].newPage(), await ctx[1].newPage()];
  for (const [i, s] of [a.body, b.body].entries()) {
    await pages[i].goto(url);
    await pages[i].evaluate((s) => localStorage.setItem("ponyccg.seats", JSON.stringify({ [s.code]: s })), s);
    await pages[i].goto(`${url}/#t=${s.code}`);
    // Only the hash changed: load the page again so it opens the saved seat.
    await pages[i].reload();
  }
  // Ann chooses her Starting Problem, then asks to take it back; Bea allows it.
  await pages[0].waitForSelector("#choices li");
  await pages[0].click("#choices li:first-child button");
  await pages[0].waitForFunction(() => document.querySelectorAll("#choices li").length === 0 || /waiting/.test(document.getElementById("status")?.textContent || ""));
  await pages[0].click("#undo");
  await pages[1].waitForSelector("#undo-ask:not([hidden]) button.primary");
  await pages[1].screenshot({ path: join(SHOTS, "undo-asked.png") });
  await pages[1].click("#undo-ask button.primary");
  await pages[0].waitForFunction(() => [...document.querySelectorAll("#log li")].some((l) => /took back/.test(l.textContent || "")));
  await pages[0].waitForSelector("#choices li");
  for (const c of ctx) await c.close();
});

test("kill -9 mid-game: a restarted server brings the game back at the same decision", async ({ browser, url, dir }) => {
  // A server of its own, on its own store, so killing it leaves the others alone.
  const store = join(dir, "killed.sqlite");
  let { proc, url: u1 } = await startServer(store);
  const a = await api(u1, "/api/tables", { name: "Ann", deck: "theme:rarity", opponent: "heuristic", ai_deck: "theme:applejack", seat: "first", seed: 21 });
  assert.equal(a.status, 200);
  const page = await browser.newPage();
  await page.goto(u1);
  assert.ok(await pageSocket(page, `${u1.replace("http", "ws")}/ws/${a.body.code}?token=${a.body.token}`));
  // Answer a few decisions, then kill the server without warning.
  for (let i = 0; i < 6; i++) {
    await page.waitForFunction((n) => window.__got.filter((m) => m.type === "update" && m.decision !== null).length > n, i);
    const u = await page.evaluate(() => window.__got.filter((m) => m.type === "update" && m.decision !== null).at(-1));
    await page.evaluate((d) => window.__ws.send(JSON.stringify({ type: "decide", decision: d, choice: 0 })), u.decision);
  }
  await page.waitForFunction(() => window.__got.filter((m) => m.type === "update" && m.decision !== null).length > 6);
  const before = await page.evaluate(() => window.__got.filter((m) => m.type === "update").at(-1));
  proc.kill("SIGKILL");
  await new Promise((r) => proc.on("exit", r));
  ({ proc, url: url } = await startServer(store));
  const p2 = await browser.newPage();
  await p2.goto(url);
  assert.ok(await pageSocket(p2, `${url.replace("http", "ws")}/ws/${a.body.code}?token=${a.body.token}`));
  await p2.waitForFunction(() => window.__got.length > 0);
  const after = await p2.evaluate(() => window.__got[0]);
  assert.equal(after.decision, before.decision, `the same decision is pending (before ${before.decision} ${before.asking} ${JSON.stringify(before.choices.slice(0,3))}; after ${after.decision} ${after.asking} ${JSON.stringify(after.choices.slice(0,3))})`);
  assert.deepEqual(after.choices, before.choices);
  assert.deepEqual(after.view.players.map((p) => p.score), before.view.players.map((p) => p.score));
  assert.equal(after.log_from + after.log.length, before.log_from + before.log.length, "the log is whole");
  proc.kill();
  await page.close();
  await p2.close();
});

test("two people find each other in the lobby, play a whole game with built-in decks, a spectator watches, one reconnects, both watch the replay", async ({ browser, url }) => {
  const ctx = [await browser.newContext(), await browser.newContext(), await browser.newContext()];
  const [ann, bea, sam] = [await ctx[0].newPage(), await ctx[1].newPage(), await ctx[2].newPage()];
  for (const p of [ann, bea, sam]) p.on("pageerror", (e) => console.log("page error:", e.message));
  // Bea waits in the lobby first; Ann opens a public table for a person.
  await bea.goto(url);
  await bea.fill("#name", "Bea");
  await bea.selectOption("#deck", "deck:yellow-blue");
  await ann.goto(url);
  await ann.fill("#name", "Ann");
  await ann.selectOption("#deck", "deck:blue-purple");
  await ann.selectOption("#opponent", "person");
  await ann.click("#create");
  await ann.waitForFunction(() => /^#t=/.test(location.hash), null, { timeout: 5000 }).catch(async (e) => { console.log("status:", await ann.textContent("#status"), await ann.textContent("#lobby-error")); throw e; });
  const code = (await ann.evaluate(() => location.hash)).slice(3);
  await ann.waitForFunction(() => /waiting for an opponent/.test(document.getElementById("status")?.textContent || ""), null, { timeout: 5000 }).catch(async (e) => { console.log("status:", await ann.textContent("#status"), await ann.textContent("#lobby-error")); throw e; });
  // Bea's lobby shows Ann's table without a reload; she joins it there.
  const joinButton = bea.locator("#open-tables li", { hasText: code }).locator("button");
  await joinButton.waitFor({ timeout: 10000 });
  await bea.screenshot({ path: join(SHOTS, "lobby-open-table.png") });
  await joinButton.click();
  await bea.waitForFunction(() => /^#t=/.test(location.hash));
  // Sam watches by the code.
  await sam.goto(url);
  await sam.fill("#code", code);
  await sam.click("#watch");
  await sam.waitForSelector("#board .area");
  let pages = [ann, bea];
  let clicks = 0;
  let reconnected = false;
  const deadline = Date.now() + 8 * 60 * 1000;
  while (!(await over(pages[0])) || !(await over(pages[1]))) {
    assert.ok(Date.now() < deadline, `the game ended within 8 minutes (${clicks} choices made)`);
    assert.ok(clicks < 3000, "the game ended within 3000 choices");
    let moved = false;
    for (const p of pages) if (await decideOnce(p)) (moved = true), clicks++;
    if (!moved) await pages[0].waitForTimeout(100);
    if (clicks === 40) await sam.screenshot({ path: join(SHOTS, "spectator.png") });
    if (clicks >= 60 && !reconnected) {
      // Bea's window closes; a new one finds her seat again from what the browser kept.
      reconnected = true;
      await bea.close();
      const again = await ctx[1].newPage();
      await again.goto(`${url}/#t=${code}`);
      // Her hand may be empty just now; her own bar and a board say she is back in her seat.
      await again.waitForFunction(() => /Bea/.test(document.getElementById("me-bar")?.textContent || ""));
      await again.waitForSelector("#board .area");
      assert.ok(!(await again.isHidden("#undo")) || (await over(again)), "the reopened window is a seat, not a spectator");
      pages = [ann, again];
    }
    if (clicks % 50 === 0) {
      // The spectator's board never holds a card from a hand.
      assert.equal(await sam.locator("#hand .card").count(), 0, "the spectator sees no hand");
      assert.equal(await sam.locator("#choices li").count(), 0, "the spectator has nothing to decide");
    }
  }
  assert.ok(reconnected, "Bea reconnected mid-game");
  const result = (await pages[0].textContent("#status")) || "";
  assert.match(result, /Game over: (Ann|Bea)( \(you\))? won|Game over: a draw/);
  await sam.waitForFunction(() => /Game over/.test(document.getElementById("status")?.textContent || ""));
  await pages[0].screenshot({ path: join(SHOTS, "game-over.png") });
  // Both watch the replay to its end.
  for (const p of pages) {
    await p.click("#replay");
    await p.waitForSelector("#replay-bar:not([hidden])");
    await p.click("#replay-last");
    await p.waitForFunction(() => {
      const m = (document.getElementById("replay-at")?.textContent || "").match(/choice (\d+) of (\d+)/);
      return m !== null && m[1] === m[2] && Number(m[2]) > 0;
    });
    assert.match((await p.textContent("#status")) || "", /Game over/);
  }
  await pages[1].screenshot({ path: join(SHOTS, "replay-end.png") });
  console.log(`       (${clicks} choices made through the UI; ${result})`);
  for (const c of ctx) await c.close();
});

async function main() {
  const dir = join(tmpdir(), `ponyccg-web-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const { proc, url } = await startServer(join(dir, "games.sqlite"));
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"] });
  let failed = 0;
  // `ONLY=words node browser.test.mjs` runs the tests whose names hold those words.
  const chosen = tests.filter((t) => !process.env.ONLY || t.name.includes(process.env.ONLY));
  for (const t of chosen) {
    try {
      const t0 = Date.now();
      await t.f({ browser, url, dir });
      console.log(`ok     ${t.name} (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
    } catch (e) {
      failed++;
      console.log(`FAILED ${t.name}\n${e.stack || e}`);
    }
  }
  await browser.close();
  proc.kill();
  console.log(`${chosen.length} browser tests: ${chosen.length - failed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
