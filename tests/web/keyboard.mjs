// The page without a mouse and for screen readers (issue 79), in a real headless
// Chromium against a real `doska serve` (first argument): chess to mate and chess for
// three played with keys alone, a Chapayev flick aimed by keys, a chess game played
// by typed moves, what the live region says, the board's cells as a screen reader
// reads them, and axe-core on the lobby and a match of each family with no serious
// or critical violation. No page here is sent a mouse event: each counts the pointer
// presses it hears, and must hear none. Every wait is for what the page shows.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { board, cellPoint, launch, player, untilLegal, untilMoves } from './page.mjs';

const base = process.argv[2];
const shots = process.argv[3];
const browser = await launch();
const axe = await readFile(new URL('./node_modules/axe-core/axe.min.js', import.meta.url), 'utf8');

// A player's page that counts the pointer presses it hears (there must be none),
// and lets axe-core's script be put in it past the page's Content-Security-Policy.
async function keyPlayer(name, options = {}) {
  const page = await player(browser, name, { bypassCSP: true, ...options });
  await page.addInitScript(() => {
    window.pressed = 0;
    for (const kind of ['mousedown', 'pointerdown', 'touchstart']) {
      window.addEventListener(kind, () => { window.pressed += 1; }, true);
    }
  });
  return page;
}

// The name screen by keys: the name typed, Enter.
async function named(page, url) {
  await page.goto(url);
  await page.waitForSelector('#name-screen:not([hidden]), #lobby:not([hidden]), #match:not([hidden])');
  if (!(await page.locator('#name-screen').isVisible())) return;
  await page.fill('#name', page.name);
  await page.press('#name', 'Enter');
}

// A match of `game` from the lobby by keys: the game chosen, the form sent by Enter.
async function create(page, game) {
  await named(page, base);
  await page.waitForSelector(`#game option[value="${game}"]`, { state: 'attached' });
  await page.selectOption('#game', game);
  await page.focus('#create-form button[type=submit]');
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/[A-Z0-9]{6}$/);
  await board(page);
  return new URL(page.url()).pathname.slice(1);
}

// Tab until the board has the focus.
async function focusBoard(page) {
  for (let i = 0; i < 40; i++) {
    if (await page.evaluate(() => document.activeElement && document.activeElement.id === 'board')) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('Tab never reaches the board');
}

const cursor = (page) => page.evaluate(() => Number(document.querySelector('#board').dataset.cursor));

// The arrows that bring the cursor to `cell` (a number), each pressed by its
// direction on the screen; a direction that leads nowhere new gives way to the other.
async function cursorTo(page, cell) {
  await focusBoard(page);
  await page.waitForFunction(() => document.querySelector('#board').dataset.cursor !== undefined);
  const seen = new Set();
  for (let i = 0; i < 80; i++) {
    const at = await cursor(page);
    if (at === cell) return;
    seen.add(at);
    const [a, b] = [await cellPoint(page, at), await cellPoint(page, cell)];
    const [dx, dy] = [b.x - a.x, b.y - a.y];
    const across = Math.abs(dx) > Math.abs(dy);
    const keys = [across ? (dx > 0 ? 'ArrowRight' : 'ArrowLeft') : (dy > 0 ? 'ArrowDown' : 'ArrowUp'),
      across ? (dy > 0 ? 'ArrowDown' : 'ArrowUp') : (dx > 0 ? 'ArrowRight' : 'ArrowLeft')];
    let moved = false;
    for (const key of keys) {
      await page.keyboard.press(key);
      const now = await cursor(page);
      if (now !== at && !seen.has(now)) { moved = true; break; }
      if (now !== at) { moved = true; break; }
    }
    if (!moved) throw new Error(`the cursor is stuck on ${at} on its way to ${cell}`);
  }
  throw new Error(`the cursor never reaches ${cell}`);
}

const cellOf = (page, name) => page.evaluate((n) => Number(document.querySelector(`#board polygon[data-name="${n}"]`).dataset.cell), name);
const ours = (page) => page.evaluate(() => Number(document.querySelector('#board').dataset.ours));

// A move by keys: the cursor to the piece, Enter, the cursor to the lit cell, Space; a
// promotion's piece, asked by buttons, by Enter on the one with the focus.
async function keyMove(page, from, to) {
  await untilLegal(page);
  const n = await ours(page);
  await cursorTo(page, from);
  await page.keyboard.press('Enter');
  await page.waitForSelector(`#board polygon[data-mark="picked"][data-cell="${from}"]`, { state: 'attached' });
  await cursorTo(page, to);
  await page.keyboard.press(' ');
  await page.waitForFunction((n) => Number(document.querySelector('#board').dataset.ours) > n
    || document.querySelector('#choice button'), n);
  if (await page.$('#choice button')) await page.keyboard.press('Enter');
  await page.waitForFunction((n) => Number(document.querySelector('#board').dataset.ours) > n, n);
}

// Any legal move by keys: a piece that moves, then one of its lit cells.
async function keyAnyMove(page) {
  await untilLegal(page);
  const movers = (await page.getAttribute('#board', 'data-movers')).split(' ').filter(Boolean).map(Number);
  const from = movers[Math.floor(Math.random() * movers.length)];
  await cursorTo(page, from);
  await page.keyboard.press('Enter');
  const targets = await page.$$eval('#board polygon[data-mark="target"]', (ts) => ts.map((t) => Number(t.dataset.cell)));
  assert.ok(targets.length > 0);
  // Esc lets the piece go, Enter picks it again.
  await page.keyboard.press('Escape');
  await page.waitForSelector('#board polygon[data-mark="picked"]', { state: 'detached' });
  await page.keyboard.press('Enter');
  await page.waitForSelector('#board polygon[data-mark="picked"]', { state: 'attached' });
  const n = await ours(page);
  await cursorTo(page, targets[Math.floor(Math.random() * targets.length)]);
  await page.keyboard.press('Enter');
  await page.waitForFunction((n) => Number(document.querySelector('#board').dataset.ours) > n
    || document.querySelector('#choice button'), n);
  if (await page.$('#choice button')) await page.keyboard.press('Enter');
  await page.waitForFunction((n) => Number(document.querySelector('#board').dataset.ours) > n, n);
}

const spoken = (page) => page.textContent('#spoken');
const untilSpoken = (page, text) => page.waitForFunction((t) => document.querySelector('#spoken').textContent.includes(t), text)
  .catch(async (e) => { throw new Error(`${page.name} never says "${text}"; says "${await spoken(page)}"\n${e}`); });

// Chess to mate by keys alone: the fool's mate, Black's board turned round.
const ann = await keyPlayer('Ann');
const code = await create(ann, 'chess');
const bob = await keyPlayer('Bob');
await named(bob, `${base}${code}`);
await board(bob);
await untilLegal(ann);
// The board is a grid of eight rows of eight cells, each named with what stands on it.
assert.equal(await ann.getAttribute('#board', 'role'), 'grid');
assert.equal(await ann.locator('#board [role=row]').count(), 8);
assert.equal(await ann.locator('#board [role=gridcell]').count(), 64);
assert.equal(await ann.getAttribute('#board polygon[data-name="e1"][role=gridcell]', 'aria-label'), 'e1, white king');
assert.equal(await ann.getAttribute('#board polygon[data-name="e4"][role=gridcell]', 'aria-label'), 'e4');
// The first row a screen reader reads is the one at the top of each player's screen.
assert.match(await ann.getAttribute('#board [role=row] polygon', 'aria-label'), /^a8/);
assert.match(await bob.getAttribute('#board [role=row] polygon', 'aria-label'), /^h1/);
for (const [page, from, to] of [[ann, 'f2', 'f3'], [bob, 'e7', 'e5'], [ann, 'g2', 'g4'], [bob, 'd8', 'h4']]) {
  await keyMove(page, await cellOf(page, from), await cellOf(page, to));
}
for (const page of [ann, bob]) {
  await page.waitForFunction(() => document.querySelector('#result').dataset.result.startsWith('0-1'));
  await untilSpoken(page, '(Black) wins: checkmate');
}
assert.equal(await spoken(ann), 'Black: Queen h4, checkmate Bob (Black) wins: checkmate');
// The cursor is drawn while the board has the focus.
assert.ok(await bob.$('#board polygon.cursor'));
await bob.screenshot({ path: `${shots}/keyboard-mate.png` });

// Chess for three: a move by keys from each army's browser, on the hexagon's cells,
// a list box of 150 named cells.
const armies = [await keyPlayer('Aya'), await keyPlayer('Bogdan'), await keyPlayer('Vera')];
const tri = await create(armies[0], 'tri-chess');
for (const page of armies.slice(1)) {
  await named(page, `${base}${tri}`);
  await board(page);
}
assert.equal(await armies[0].getAttribute('#board', 'role'), 'listbox');
assert.equal(await armies[0].locator('#board [role=option]').count(), 150);
for (let round = 0; round < 2; round++) for (const page of armies) await keyAnyMove(page);
await armies[2].screenshot({ path: `${shots}/keyboard-tri-chess.png` });

// A chess game by typed moves: case and check marks as one likes, two cells, the
// rules' reason for an illegal one, the page's words for text that is no move, the
// commands, and the live region after a capture with check.
const cleo = await keyPlayer('Cleo');
const typed = await create(cleo, 'chess');
const dan = await keyPlayer('Dan');
await named(dan, `${base}${typed}`);
await board(dan);
await untilLegal(cleo);
// The legal moves are offered as one types.
assert.equal(await cleo.locator('#legal-moves option').count(), 20);
async function type(page, text) {
  await page.fill('#move-box', text);
  await page.press('#move-box', 'Enter');
}
async function typeMove(page, text) {
  await untilLegal(page);
  const n = await ours(page);
  await type(page, text);
  await page.waitForFunction((n) => Number(document.querySelector('#board').dataset.ours) > n, n);
  assert.equal(await page.inputValue('#move-box'), '');
}
await type(cleo, 'e2e5');
await cleo.waitForFunction(() => document.querySelector('#refusal').textContent.length > 0);
const why = await cleo.textContent('#refusal');
assert.ok(!why.includes('not a legal move'), why);
await type(cleo, 'Zz9');
await cleo.waitForFunction(() => document.querySelector('#refusal').textContent === 'Zz9 is not a legal move here.');
assert.equal(await cleo.inputValue('#move-box'), 'Zz9');
assert.equal(await cleo.textContent('#refusal bdi'), 'Zz9');
await type(cleo, 'l');
await untilSpoken(cleo, 'No move has been played yet.');
await typeMove(cleo, 'e2-e4');
await typeMove(dan, 'E5');
await typeMove(cleo, 'bc4');
await typeMove(dan, 'nc6');
await typeMove(cleo, 'Qh5');
await typeMove(dan, 'Nf6');
await typeMove(cleo, 'qxf7');
for (const page of [cleo, dan]) {
  await page.waitForFunction(() => document.querySelector('#result').dataset.result.startsWith('1-0'));
  await untilSpoken(page, 'Cleo (White) wins: checkmate');
}
assert.equal(await spoken(dan), 'White: Queen takes f7, checkmate Cleo (White) wins: checkmate');
await type(dan, 'l');
await untilSpoken(dan, 'White: Queen takes f7, checkmate');
assert.equal(await spoken(dan), 'White: Queen takes f7, checkmate');
await type(dan, 'c');
await dan.waitForFunction(() => /Cleo.*Dan/.test(document.querySelector('#spoken').textContent));
await type(dan, 'p n');
await untilSpoken(dan, 'white knight: b1');
await type(dan, 's e');
await untilSpoken(dan, 'e1 white king');

// A capture with check, said as it happens.
const [eve, fay] = [await keyPlayer('Eve'), await keyPlayer('Fay')];
const checks = await create(eve, 'chess');
await named(fay, `${base}${checks}`);
await board(fay);
// Every mark has a shape besides its colour: the king in check a dashed ring, the
// last move's cells a mark in each corner, the picked piece a thick outline, a lit
// empty cell a dot, a lit piece a ring.
const shapeOn = (page, kind, name) => page.evaluate(([kind, name]) => {
  const cell = document.querySelector(`#board polygon[data-name="${name}"][role]`).dataset.cell;
  return document.querySelectorAll(`#board [data-shape="${kind}"][data-on="${cell}"]`).length;
}, [kind, name]);
for (const [page, text] of [[eve, 'e4'], [fay, 'd5'], [eve, 'Bb5+']]) await typeMove(page, text);
await untilLegal(fay);
assert.equal(await shapeOn(fay, 'check-dash', 'e8'), 1);
assert.match(await fay.getAttribute('#board polygon[data-name="e8"][role]', 'aria-label'), /^e8, black king, check$/);
assert.equal(await shapeOn(fay, 'corner', 'b5'), 4);
assert.equal(await shapeOn(fay, 'corner', 'f1'), 4);
await cursorTo(fay, await cellOf(fay, 'c7'));
await fay.keyboard.press('Enter');
await fay.waitForSelector('#board [data-shape="outline"]', { state: 'attached' });
assert.equal(await shapeOn(fay, 'outline', 'c7'), 1);
assert.equal(await shapeOn(fay, 'dot', 'c6'), 1);
await fay.keyboard.press('Escape');
await fay.waitForSelector('#board [data-shape="outline"]', { state: 'detached' });
await typeMove(fay, 'c6');
await untilLegal(eve);
await cursorTo(eve, await cellOf(eve, 'b5'));
await eve.keyboard.press('Enter');
await eve.waitForSelector('#board [data-shape="ring"]', { state: 'attached' });
assert.equal(await shapeOn(eve, 'ring', 'c6'), 1);
await eve.keyboard.press('Escape');
await typeMove(eve, 'Bxc6+');
await untilMoves(fay, 5);
await untilSpoken(fay, 'White: Bishop takes c6, check');
assert.equal(await spoken(fay), 'White: Bishop takes c6, check');

// Chapayev by keys: Enter on a checker that may shoot aims it, Up and Left make the
// flick harder and turn it, the live region says the aim, Enter shoots.
const [cha, pet] = [await keyPlayer('Chapai'), await keyPlayer('Petka')];
const shots_ = await create(cha, 'chapayev');
await named(pet, `${base}${shots_}`);
await board(pet);
await Promise.race([cha, pet].map((page) => page.waitForFunction(() => document.querySelector('#board').dataset.shooters)));
const shooter = (await cha.getAttribute('#board', 'data-shooters')) ? cha : pet;
const id = (await shooter.getAttribute('#board', 'data-shooters')).split(' ')[0];
const under = await shooter.evaluate((id) => {
  const r = document.querySelector(`#board image[data-id="${id}"]`).getBoundingClientRect();
  const cell = document.elementsFromPoint(r.x + r.width / 2, r.y + r.height / 2).find((e) => e.getAttribute('role') === 'gridcell');
  return Number(cell.dataset.cell);
}, id);
assert.match(await shooter.getAttribute(`#board polygon[data-cell="${under}"][role]`, 'aria-label'), new RegExp(`${id}, white checker`));
// Where the system asks for less motion, the shot's film jumps to its end.
for (const page of [cha, pet]) await page.emulateMedia({ reducedMotion: 'reduce' });
const flicks = await shooter.evaluate(() => Number(document.querySelector('#board').dataset.moves));
await cursorTo(shooter, under);
for (const key of ['Enter', 'ArrowUp', 'ArrowLeft']) await shooter.keyboard.press(key);
await untilSpoken(shooter, `${id}: 95 degrees, strength 55`);
await shooter.keyboard.press('Enter');
await untilMoves(shooter, flicks + 1);
await shooter.waitForFunction((id) => document.querySelector('#moves').textContent.includes(`${id} flicks`), id);
for (const page of [cha, pet]) {
  await page.waitForFunction(() => document.querySelector('#board').dataset.film === 'jumped');
  assert.notEqual(await page.getAttribute('#board', 'data-playing'), 'yes');
  assert.equal(await page.evaluate(() => document.getAnimations().length), 0);
}

// Typed moves in more games, each said in words. Turkish draughts by cell pairs: a
// step, then captures, as the notation writes them and as two cells.
async function typed2(game, names, options = [{}, {}]) {
  const pages = [await keyPlayer(names[0], options[0]), await keyPlayer(names[1], options[1])];
  const code = await create(pages[0], game);
  await named(pages[1], `${base}${code}`);
  await board(pages[1]);
  return pages;
}
const label = (page, name) => page.getAttribute(`#board polygon[data-name="${name}"][role]`, 'aria-label');
const [tuna, toma] = await typed2('turkish-draughts', ['Tuna', 'Toma']);
await untilLegal(tuna);
assert.ok((await tuna.getAttribute('#legal-moves', 'data-actions')).split('\n').includes('c3-c4'));
await typeMove(tuna, 'c3 c4');
await untilSpoken(toma, 'White: c3 to c4');
assert.equal(await label(toma, 'c3'), 'c3');
assert.match(await label(toma, 'c4'), /^c4, white /);
await typeMove(toma, 'C6-C5');
await untilSpoken(tuna, 'Black: c6 to c5');
// White's man on c4 must take the one on c5 (and on, where it can): the captures as
// the notation writes them.
const actions = async (page) => (await page.getAttribute('#legal-moves', 'data-actions')).split('\n');
await untilLegal(tuna);
const capture = (await actions(tuna)).find((a) => a.startsWith('c4:'));
await typeMove(tuna, capture);
const [, ...path] = capture.replace(/K$/, '').split(':');
await untilSpoken(toma, `White: c4 takes: ${path.join(', ')}${capture.endsWith('K') ? ', crowned' : ''}`);
assert.equal(await label(toma, 'c5'), 'c5');
assert.match(await label(toma, path.at(-1)), new RegExp(`^${path.at(-1)}, white `));
// Black's answer by its two cells.
await untilLegal(toma);
const answer = (await actions(toma))[0];
const [from, to] = [answer.split(/[-:]/)[0], answer.split(/[-:]/).at(-1)];
await typeMove(toma, `${from} ${to}`);
await untilSpoken(tuna, `Black: ${from} ${answer.includes(':') ? 'takes:' : 'to'} `);
assert.equal(await label(tuna, from), from);
assert.match(await label(tuna, to), new RegExp(`^${to}, black `));

// Chess for three by the hexagon's cell names: a move of each army, typed as its
// notation in small letters or as two cells, said with its piece.
const TRI = /^([KQRBN]?)([WBR][A-Z]\d+)[-:]([WBR][A-Z]\d+)$/;
for (const [i, page] of armies.entries()) {
  await untilLegal(page);
  const legal = (await page.getAttribute('#legal-moves', 'data-actions')).split('\n').filter((a) => TRI.test(a));
  const move = legal.find((a) => /^N/.test(a)) || legal[0];
  const [, letter, from, to] = TRI.exec(move);
  await typeMove(page, i === 1 ? `${from} ${to}` : move.toLowerCase());
  await page.waitForFunction(([f, t]) => document.querySelector('#spoken').textContent.includes(`${f} `)
    && document.querySelector('#spoken').textContent.includes(t), [from, to]);
  const said = await spoken(page);
  const piece = { '': 'Pawn', N: 'Knight', K: 'King', Q: 'Queen', R: 'Rook', B: 'Bishop' }[letter];
  assert.match(said, new RegExp(`^\\w+: ${piece} ${from} (to|takes) ${to}$`), said);
  assert.equal(await label(page, from), from);
  assert.ok((await label(page, to)).startsWith(`${to}, `));
}

// Bughouse: a drop typed as `P@e6`, without its board's label. Hana holds A's White,
// A's Black and B's Black; Ivo B's White.
const hana = await keyPlayer('Hana');
await named(hana, base);
await hana.waitForSelector('#game option[value="bughouse"]', { state: 'attached' });
await hana.selectOption('#game', 'bughouse');
for (const [id, plan] of [['plan-1', 'me'], ['plan-2', 'open'], ['plan-3', 'me']]) await hana.selectOption(`#${id}`, plan);
await hana.focus('#create-form button[type=submit]');
await hana.keyboard.press('Enter');
await hana.waitForURL(/\/[A-Z0-9]{6}$/);
const ivo = await keyPlayer('Ivo');
await named(ivo, hana.url());
await board(ivo);
for (const [page, text] of [[hana, 'e4'], [hana, 'd5'], [hana, 'exd5'], [ivo, 'e4'], [hana, 'P@e6']]) await typeMove(page, text);
await untilMoves(ivo, 5);
const e6 = await ivo.$$eval('#board polygon[data-name="e6"][role]', (ps) => ps.map((p) => [Number(p.dataset.cell), p.getAttribute('aria-label')]));
assert.deepEqual(e6.filter(([, l]) => l.endsWith('black pawn')).map(([c]) => c >= 64), [true]);

// Reversi's disc and Corners' step in words, in Russian where the reader reads it.
const [rita, roma] = await typed2('reversi', ['Rita', 'Roma'], [{}, { locale: 'ru-RU' }]);
// The page that is to move: the first whose board offers moves.
const onMove = async (pages) => {
  await Promise.race(pages.map((page) => untilLegal(page)));
  for (const page of pages) if ((await page.getAttribute('#board', 'data-legal')) !== '0') return page;
  throw new Error('nobody is to move');
};
const mover = await onMove([rita, roma]);
const disc = (await mover.getAttribute('#legal-moves', 'data-actions')).split('\n')[0];
await typeMove(mover, disc);
await untilSpoken(rita, `: a disc on ${disc}`);
await untilSpoken(roma, `: фишка на ${disc}`);
const [cora, kolya] = await typed2('corners', ['Cora', 'Kolya']);
const cornerPage = await onMove([cora, kolya]);
const step = (await cornerPage.getAttribute('#legal-moves', 'data-actions')).split('\n').find((a) => /^[a-z]\d+-[a-z]\d+$/.test(a));
await typeMove(cornerPage, step);
await untilSpoken(kolya, `: ${step.replace('-', ' to ')}`);
assert.match(await spoken(kolya), /^\w+: [a-z]\d+ to [a-z]\d+$/);

for (const page of [ann, bob, ...armies, cleo, dan, eve, fay, cha, pet, tuna, toma, hana, ivo, rita, roma, cora, kolya]) {
  assert.equal(await page.evaluate(() => window.pressed), 0, `${page.name} heard a pointer`);
}

// axe-core on the lobby and a match of each family: no serious or critical violation.
async function audit(page, what) {
  await page.evaluate(axe);
  const found = await page.evaluate(async () => (await window.axe.run(document, { resultTypes: ['violations'] })).violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`));
  assert.deepEqual(found, [], `${what}: ${found.join('\n')}`);
}
const looker = await keyPlayer('Axel');
await named(looker, base);
await looker.waitForSelector('#game option[value="chess"]', { state: 'attached' });
await audit(looker, 'the lobby');
// The high-contrast theme: on by itself where the system asks for more contrast, off
// and on again by its labelled box in the header, remembered over a reload.
const bright = await keyPlayer('Bright');
await bright.emulateMedia({ contrast: 'more', reducedMotion: 'reduce' });
await named(bright, base);
await bright.waitForSelector('#game option[value="chess"]', { state: 'attached' });
await bright.waitForFunction(() => document.body.classList.contains('contrast'));
assert.equal(await bright.isChecked('#contrast'), true);
assert.equal(await bright.evaluate(() => getComputedStyle(document.body).backgroundColor), 'rgb(0, 0, 0)');
assert.equal(await bright.textContent('#contrast-box'), ' High contrast');
await audit(bright, 'the lobby in high contrast');
await bright.focus('#contrast');
await bright.keyboard.press(' ');
await bright.waitForFunction(() => !document.body.classList.contains('contrast'));
await bright.reload();
await bright.waitForSelector('#lobby:not([hidden])');
assert.equal(await bright.isChecked('#contrast'), false);
assert.equal(await bright.evaluate(() => document.body.classList.contains('contrast')), false);
await bright.focus('#contrast');
await bright.keyboard.press(' ');
await bright.waitForFunction(() => document.body.classList.contains('contrast'));
await create(bright, 'chess');
assert.equal(await bright.evaluate(() => getComputedStyle(document.querySelector('#board polygon.dark')).fill), 'rgb(107, 107, 107)');
assert.equal(await bright.evaluate(() => getComputedStyle(document.querySelector('#board polygon.light')).fill), 'rgb(255, 255, 255)');
// Less motion: no transition or animation anywhere.
assert.equal(await bright.evaluate(() => getComputedStyle(document.querySelector('#move-box')).transitionDuration), '0s');
assert.equal(await bright.evaluate(() => document.getAnimations().length), 0);
await audit(bright, 'chess in high contrast');
// The game's rules page, opened by keys.
await bright.focus('#rules-page summary');
await bright.keyboard.press('Enter');
await bright.waitForSelector('#rules-text h3');
await audit(bright, 'the rules page in high contrast');
await dan.focus('#rules-page summary');
await dan.keyboard.press('Enter');
await dan.waitForSelector('#rules-text h3');
await audit(dan, 'the rules page');
await audit(dan, 'chess, over');
await audit(armies[0], 'chess for three');
await audit(shooter, 'chapayev');
for (const game of ['chess100', 'bughouse', 'turkish-draughts']) {
  const page = await keyPlayer(`A ${game}`);
  await create(page, game);
  await audit(page, game);
}
await browser.close();
console.log('keyboard, typed moves, live region and axe: all passed');
