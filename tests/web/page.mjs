// What the browser tests share: Debian's Chromium, started as this machine allows
// (as root, with no network beyond the page's own server), and where a board cell
// is on the screen.
import { chromium } from 'playwright-core';

export function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--no-first-run',
      // Sounds play without waiting for a click of the page's own, so a test hears them.
      '--autoplay-policy=no-user-gesture-required',
      // A page served from a folder (DOSKA_PAGE_FROM, below) is not the server's own
      // to Chromium, which would keep it from the server's socket on loopback.
      ...(process.env.DOSKA_PAGE_FROM ? ['--disable-features=LocalNetworkAccessChecks'] : [])],
  });
}

// The screen point of a cell's centre, however the board is turned: the cell by its
// name (unique on one board), or by its number (bughouse's two boards repeat names).
export async function cellPoint(page, cell) {
  const selector = typeof cell === 'number'
    ? `#board polygon[data-cell="${cell}"]`
    : `#board polygon[data-name="${cell}"]`;
  return page.evaluate((selector) => {
    const p = document.querySelector(selector);
    const m = p.getScreenCTM();
    const pts = [...p.points];
    const c = pts.reduce((a, q) => ({ x: a.x + q.x / pts.length, y: a.y + q.y / pts.length }), { x: 0, y: 0 });
    return { x: m.a * c.x + m.c * c.y + m.e, y: m.b * c.x + m.d * c.y + m.f };
  }, selector);
}

// The screen point of a piece's centre by its own name (Chapayev's `W3`).
export async function piecePoint(page, id) {
  const box = await page.locator(`#board image[data-id="${id}"]`).boundingBox();
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

// A player's own browser (a context of its own: its storage, its seats), named
// `name` for the name screen. With DOSKA_PAGE_FROM set to a folder holding an
// index.html, its scripts (app.js and the modules it imports) and style.css, the page
// comes from there instead of the server: how a test is shown to fail with an older
// page against the same server.
export async function player(browser, name, options = {}) {
  const context = await browser.newContext(options);
  const from = process.env.DOSKA_PAGE_FROM;
  if (from) {
    const { readFile } = await import('node:fs/promises');
    await context.route((url) => /^\/([A-Za-z0-9]{6})?$|^\/([a-z]+\.js|style\.css)$/.test(url.pathname), async (route) => {
      const path = new URL(route.request().url()).pathname;
      const [file, type] = path.endsWith('.js') ? [path.slice(1), 'text/javascript']
        : path === '/style.css' ? ['style.css', 'text/css'] : ['index.html', 'text/html'];
      await route.fulfill({ body: await readFile(`${from}/${file}`), contentType: type });
    });
  }
  const page = await context.newPage();
  page.on('dialog', (d) => d.dismiss());
  page.on('pageerror', (e) => { throw e; });
  page.name = name;
  return page;
}

// Opens `url` and gives the page its player's name.
// (A name given before is kept: the page goes on without asking.)
export async function named(page, url) {
  await page.goto(url);
  await page.waitForSelector('#name-screen:not([hidden]), #lobby:not([hidden]), #match:not([hidden])');
  if (!(await page.locator('#name-screen').isVisible())) return;
  await page.fill('#name', page.name);
  await page.click('#name-form button');
}

// Waits for the board to be drawn.
export async function board(page) {
  await page.waitForSelector('#board image.piece, #board polygon', { state: 'attached' });
}

// Makes a match of `game` from the lobby at `base`, each of `plans` (`plan-1`,
// `level`, …) chosen in the form first; its code.
export async function create(page, base, game, plans = {}) {
  await named(page, base);
  await page.waitForSelector(`#game option[value="${game}"]`, { state: 'attached' });
  await page.selectOption('#game', game);
  for (const [id, value] of Object.entries(plans)) await page.selectOption(`#${id}`, value);
  await page.click('#create-form button');
  await page.waitForURL(/\/[A-Z0-9]{6}$/);
  await board(page);
  return new URL(page.url()).pathname.slice(1);
}

export async function moves(page) {
  return Number(await page.getAttribute('#board', 'data-moves'));
}

export async function untilMoves(page, n) {
  await page.waitForFunction((n) => Number(document.querySelector('#board').dataset.moves) >= n, n);
}

export async function untilLegal(page) {
  await page.waitForFunction(() => Number(document.querySelector('#board').dataset.legal) > 0);
}

// Plays a legal move of the page's own seats, by clicks: a piece that moves, picked at
// random, then one of its lit targets; where nothing moves but a piece in hand may
// be put down (bughouse's reserves), that; where every move puts a piece down
// (Reversi), a cell. Resolves once the server has played it.
export async function anyMove(page, random = Math.random) {
  await untilLegal(page);
  const ours = Number(await page.getAttribute('#board', 'data-ours'));
  const movers = (await page.getAttribute('#board', 'data-movers')).split(' ').filter(Boolean).map(Number);
  const pick = (xs) => xs[Math.floor(random() * xs.length)];
  const placed = (await page.getAttribute('#board', 'data-from')).split(' ').filter(Boolean).map(Number);
  if (movers.length > 0) {
    const p = await cellPoint(page, pick(movers));
    await page.mouse.click(p.x, p.y);
  } else if (await page.$('#hands button:not([disabled])')) {
    await page.click('#hands button:not([disabled])');
  } else {
    // Where every move puts a piece down (Reversi's discs), one click on its cell.
    const p = await cellPoint(page, pick(placed));
    await page.mouse.click(p.x, p.y);
  }
  const targets = await page.$$eval('#board polygon[data-mark="target"]', (ts) => ts.map((t) => Number(t.dataset.cell)));
  if (targets.length === 0) {
    // A piece put down by its one click (a disc) has been played already.
    await page.waitForFunction((n) => Number(document.querySelector('#board').dataset.ours) > n, ours);
    return;
  }
  const q = await cellPoint(page, pick(targets));
  await page.mouse.click(q.x, q.y);
  // A promotion asks for the piece: the first offered.
  await page.waitForFunction((n) => Number(document.querySelector('#board').dataset.ours) > n
    || document.querySelector('#choice button'), ours);
  if (await page.$('#choice button')) await page.click('#choice button');
  await page.waitForFunction((n) => Number(document.querySelector('#board').dataset.ours) > n, ours);
}
