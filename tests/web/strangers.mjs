// What people who had never seen Doska found in its page (issue 76), each checked in
// a real headless Chromium against the `doska serve` whose address is the first
// argument: no move vanishes across reloads and tabs, long text is refused in words,
// names are isolated, results and moves are said in the reader's language and
// numbered as the game's notation numbers them, a spectator watches, the server's
// paths answer as they should, the last-move mark, and the sizes on a phone.
// Screenshots go to the folder named by the second argument. Each check waits for
// what the page shows, never for a fixed time.
import assert from 'node:assert/strict';
import {
  anyMove, board, cellPoint, create, launch, moves, named, player as open, untilLegal, untilMoves,
} from './page.mjs';

const base = process.argv[2];
const shots = process.argv[3];
const browser = await launch();
const player = (name, options) => open(browser, name, options);
const phone = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

async function picture(page, name) {
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `${shots}/${name}.png` });
}

// Plays `from`-`to` by clicks, once the page may move.
async function move(page, from, to) {
  await untilLegal(page);
  const n = await moves(page);
  for (const cell of [from, to]) {
    const { x, y } = await cellPoint(page, cell);
    await page.mouse.click(x, y);
  }
  await untilMoves(page, n + 1);
}

const shown = (page, selector) => page.locator(selector).isVisible();

// The server's paths: the icon and robots.txt are theirs, an unknown path is not
// found, a code is the page, and the page is told "not modified" by its tag.
{
  const icon = await fetch(`${base}favicon.ico`);
  assert.equal(icon.status, 200);
  assert.equal(icon.headers.get('content-type'), 'image/x-icon');
  assert.deepEqual([...new Uint8Array(await icon.arrayBuffer()).slice(0, 4)], [0, 0, 1, 0]);
  const robots = await fetch(`${base}robots.txt`);
  assert.equal(robots.status, 200);
  assert.match(robots.headers.get('content-type'), /^text\/plain/);
  assert.match(await robots.text(), /^User-agent: \*/);
  for (const path of ['no-such-page', 'wp-login.php', 'K3QF9', 'K3QF9AB']) {
    assert.equal((await fetch(`${base}${path}`)).status, 404, path);
  }
  const code = await fetch(`${base}K3QF9A`);
  assert.equal(code.status, 200);
  assert.match(code.headers.get('content-type'), /^text\/html/);
  const page = await fetch(base);
  const tag = page.headers.get('etag');
  assert.ok(tag, 'the page has a tag');
  assert.equal((await fetch(base, { headers: { 'if-none-match': tag } })).status, 304);
  assert.equal((await fetch(`${base}K3QF9A`, { headers: { 'if-none-match': tag } })).status, 304);
}

// No move vanishes: against the computer, a move, a reload, a move, a reload, a move;
// then a second tab of the same seat moves, then the first again. Every move is played.
const ann = await player('Ann\u202E');
const code = await create(ann, base, 'chess', { 'plan-1': 'computer', level: 'easy' });
const played = async (page) => Number(await page.getAttribute('#board', 'data-ours'));
for (let i = 0; i < 3; i++) {
  if (i > 0) {
    await ann.reload();
    await board(ann);
  }
  await untilLegal(ann);
  assert.equal(await played(ann), i);
  await anyMove(ann);
}
const tab = await ann.context().newPage();
await tab.goto(`${base}${code}`);
await board(tab);
for (const [page, n] of [[tab, 3], [ann, 4], [tab, 5]]) {
  await untilMoves(page, 2 * n);
  assert.equal(await played(page), n);
  await anyMove(page);
}
await untilMoves(ann, 11);
assert.equal(await played(ann), 6);
await tab.close();

// The computer's seat is named by what it is and its level, never '?'.
await ann.waitForFunction(() => document.querySelector('#seats li:nth-child(2)').textContent.startsWith('Computer, easy'));

// Too long a line of chat is refused before it is sent, saying the limit; the line
// stays in its box and the connection stays open. So is too long a name.
for (const line of ['🙂'.repeat(150), 'x'.repeat(70 * 1024)]) {
  await ann.fill('#say', line);
  await ann.click('#chat-form button');
  await ann.waitForFunction(() => document.querySelector('#chat-refusal').textContent.includes('500'));
  assert.equal(await ann.inputValue('#say'), line);
}
await ann.fill('#say', 'Удачи! \u202Egood luck');
await ann.click('#chat-form button');
await ann.waitForFunction(() => document.querySelectorAll('#chat li').length === 1);
assert.equal(await ann.textContent('#status'), '');

// Every name and line of chat is isolated: an unclosed right-to-left override in
// Ann's name or her line turns nothing after it.
const isolated = (page) => page.evaluate(() => {
  const texts = [];
  for (const root of document.querySelectorAll('#seats, #chat, #matches, #result')) {
    const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    while (walk.nextNode()) {
      if (walk.currentNode.data.includes('\u202E')) texts.push(walk.currentNode.parentElement.closest('bdi') !== null);
    }
  }
  return texts;
});
let marks = await isolated(ann);
assert.ok(marks.length >= 2 && marks.every(Boolean), `isolated: ${marks}`);

// The move list numbers moves as chess does: 1. e4 e5 2. …
const numbers = await ann.$$eval('#moves li', (lis) => lis.map((li) => li.querySelector('.number')?.textContent ?? ''));
assert.deepEqual(numbers.slice(0, 6), ['1.', '', '2.', '', '3.', '']);

// Reversi numbers Black's turns, Black moving first: 1. d3 c5 2. …
{
  const page = await player('Disc');
  await create(page, base, 'reversi', { 'plan-1': 'computer' });
  for (;;) {
    await page.waitForFunction(() => Number(document.querySelector('#board').dataset.moves) >= 2
      || Number(document.querySelector('#board').dataset.legal) > 0);
    if (await moves(page) >= 2) break;
    await anyMove(page);
  }
  const discs = await page.$$eval('#moves li', (lis) => lis.map((li) => li.querySelector('.number')?.textContent ?? ''));
  assert.deepEqual(discs.slice(0, 2), ['1.', '']);
  await page.click('#resign');
  await page.waitForFunction(() => document.querySelector('#result').dataset.result);
  await page.context().close();
}

// A spectator watches: told so, with no player's buttons and no chat.
const eve = await player('Eve');
await named(eve, `${base}${code}`);
await board(eve);
await eve.waitForFunction(() => !document.querySelector('#watching').hidden);
for (const id of ['#resign', '#draw', '#takeback', '#chat-form']) assert.equal(await shown(eve, id), false, id);
marks = await isolated(eve);
assert.ok(marks.length >= 2 && marks.every(Boolean), `isolated for a spectator: ${marks}`);

// A long name is refused in words, where "Create a match" did nothing.
const long = await player('Long');
await long.goto(base);
await long.evaluate(() => localStorage.setItem('doska-name', 'N'.repeat(300)));
await long.reload();
await long.waitForFunction(() => document.querySelector('#name-refusal').textContent.includes('256'));
assert.equal(await shown(long, '#name-screen'), true);

// In Russian the result and the move list are in Russian: Yulia resigns against the
// computer; after the end no player's button but the rematch is left.
const yulia = await player('Юля', { locale: 'ru-RU' });
await create(yulia, base, 'chess', { 'plan-1': 'computer' });
await yulia.waitForFunction(() => document.querySelector('#resign').textContent === 'Сдаться');
// Her knight's move reads with the Russian letter, as the app writes it.
await move(yulia, 'g1', 'f3');
await untilMoves(yulia, 2);
assert.equal(await yulia.textContent('#moves li[data-at="1"]'), '1. Кf3');
await yulia.click('#resign');
await yulia.waitForFunction(() => document.querySelector('#result').dataset.result === '0-1 (resignation)');
const result = await yulia.textContent('#result');
assert.ok(!/resign|0-1/.test(result), result);
assert.equal(result, 'Компьютер, средне (Чёрные) выигрывают: сдача');
assert.ok(!(await yulia.textContent('#moves')).includes('resign'));
for (const id of ['#resign', '#draw', '#takeback']) assert.equal(await shown(yulia, id), false, id);
assert.equal(await shown(yulia, '#rematch'), true);
await picture(yulia, 'resigned-in-russian');

// Before the second player comes, nothing is lit and the page says it waits.
const first = await player('First');
const waiting = await create(first, base, 'chess');
await first.waitForFunction(() => !document.querySelector('#waiting').hidden);
for (const id of ['#resign', '#draw', '#takeback']) assert.equal(await shown(first, id), false, id);
const e2 = await cellPoint(first, 'e2');
await first.mouse.click(e2.x, e2.y);
assert.equal(await first.locator('#board polygon[data-mark="target"]').count(), 0);
const second = await player('Second');
await named(second, `${base}${waiting}`);
await board(second);
await first.waitForFunction(() => document.querySelector('#waiting').hidden);
await move(first, 'e2', 'e4');

// A roll of the dice and Chapayev's lot mark no cell (the mark was left on a1).
for (const game of ['dice-chess', 'chapayev']) {
  const page = await player(`Lot-${game}`);
  await create(page, base, game, { 'plan-1': 'computer' });
  await page.waitForFunction(() => document.querySelector('#dice').textContent.length > 0);
  await board(page);
  // (Where the roll moved nothing, the forced pass and the computer's move may have
  // come already: the mark is then on that move's two cells.)
  const marked = await page.$$eval('#board polygon[data-mark="last"]', (ps) => ps.map((p) => p.dataset.name));
  assert.ok(game === 'chapayev' ? marked.length === 0 : [0, 2].includes(marked.length), `${game}: ${marked}`);
  if (game === 'chapayev') assert.ok(!(await page.textContent('#dice')).includes('white='));
  // Resigned, so that the address's matches against the computer are finished.
  await page.click('#resign');
  await page.waitForFunction(() => document.querySelector('#result').dataset.result);
  await page.context().close();
}

// On a phone the board takes the width, and everything to press, in the lobby and in
// a match, is 44 px each way.
const small = (page) => page.evaluate(() => [...document.querySelectorAll('button, select, input:not([type=checkbox]), #sound-box, #moves li, a, summary')]
  .filter((el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden')
  .map((el) => [el.id || el.textContent.slice(0, 20), el.getBoundingClientRect()])
  .filter(([, r]) => r.width < 44 || r.height < 44)
  .map(([name, r]) => `${name} ${Math.round(r.width)}x${Math.round(r.height)}`));
const sizes = {};
for (const game of ['tri-chess', 'bughouse', 'chess100', 'chess']) {
  const page = await player(`Phone-${game}`, phone);
  await named(page, base);
  await page.waitForSelector(`#game option[value="${game}"]`, { state: 'attached' });
  assert.deepEqual(await small(page), [], 'the lobby: controls under 44 px');
  await create(page, base, game);
  // A cell's shortest side on the screen, in CSS pixels.
  sizes[game] = Math.round(await page.evaluate(() => {
    const p = document.querySelector('#board polygon[data-name]');
    const m = p.getScreenCTM();
    const at = [...p.points].map((q) => [m.a * q.x + m.c * q.y + m.e, m.b * q.x + m.d * q.y + m.f]);
    return Math.min(...at.map((q, i) => Math.hypot(q[0] - at[(i + 1) % at.length][0], q[1] - at[(i + 1) % at.length][1])));
  }));
  const wide = await page.locator('#board').boundingBox();
  assert.ok(wide.width >= 380, `${game}'s board is ${wide.width} px wide`);
  assert.deepEqual(await small(page), [], `${game}: controls under 44 px`);
  if (game === 'bughouse') {
    // One board at a time, the seat's own first, and a button for the other.
    assert.equal(await page.locator('#board polygon[data-name]').count(), 64);
    await picture(page, 'phone-bughouse-board-a');
    await page.click('#board-switch');
    await page.waitForFunction(() => document.querySelector('#board polygon[data-cell="64"]'));
    await picture(page, 'phone-bughouse-board-b');
  } else {
    await picture(page, `phone-${game}`);
  }
  await page.context().close();
}
// Chess for three's triangles, bughouse's cells and 100-cell chess's fill the phone's
// width (their shortest side; before, 25, 22 and 38 px).
assert.ok(sizes['tri-chess'] >= 40, `triangles of ${sizes['tri-chess']} px`);
assert.ok(sizes.bughouse >= 44, `bughouse's cells of ${sizes.bughouse} px`);
assert.ok(sizes.chess100 >= 39, `100-cell chess's cells of ${sizes.chess100} px`);
console.log(`strangers' checks passed; on a 390 px phone, cells of ${JSON.stringify(sizes)} px`);
await browser.close();
