// Doska's browser client in a real headless Chromium, against a real `doska serve`
// whose address is the first argument. Each check waits for what the page shows
// (a move counted on the board, a result, a line of text), never for a fixed time.
// Screenshots go to the folder named by the second argument.
import assert from 'node:assert/strict';
import { cellPoint, launch, piecePoint } from './page.mjs';

const base = process.argv[2];
const shots = process.argv[3];
const browser = await launch();
const XSS = '<img src=x onerror=alert(1)>';
let alerted = false;

async function player(name, options = {}) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  page.on('dialog', async (d) => { alerted = true; await d.dismiss(); });
  page.on('pageerror', (e) => { throw e; });
  page.name = name;
  return page;
}

async function named(page, url) {
  await page.goto(url);
  await page.fill('#name', page.name);
  await page.click('#name-form button');
}

// Makes a match of `game` from the lobby; its code.
async function create(page, game) {
  await named(page, base);
  await page.waitForSelector(`#game option[value="${game}"]`, { state: 'attached' });
  await page.selectOption('#game', game);
  await page.click('#create-form button');
  await page.waitForURL(/\/[A-Z0-9]{6}$/);
  await board(page);
  return new URL(page.url()).pathname.slice(1);
}

// A screenshot once every piece drawing asked for has come.
async function picture(page, name) {
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `${shots}/${name}.png` });
}

async function board(page) {
  await page.waitForSelector('#board image.piece, #board polygon', { state: 'attached' });
}

async function moves(page) {
  return Number(await page.getAttribute('#board', 'data-moves'));
}

async function untilMoves(page, n) {
  await page.waitForFunction((n) => Number(document.querySelector('#board').dataset.moves) >= n, n);
}

async function untilLegal(page) {
  await page.waitForFunction(() => Number(document.querySelector('#board').dataset.legal) > 0);
}

// Plays `from`-`to` by clicks (or taps), once the page may move.
async function move(page, from, to, tap = false) {
  await untilLegal(page);
  const n = await moves(page);
  for (const cell of [from, to]) {
    const { x, y } = await cellPoint(page, cell);
    if (tap) await page.touchscreen.tap(x, y);
    else await page.mouse.click(x, y);
  }
  await untilMoves(page, n + 1);
}

// Chess to mate between two browsers, with a spectator, a reload and XSS attempts.
const ann = await player(XSS);
const code = await create(ann, 'chess');
const link = `${base}${code}`;
assert.equal(await ann.inputValue('#link'), link);
const bob = await player('Bob', { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
await named(bob, link);
await board(bob);
await move(ann, 'f2', 'f3');
// While Black thinks, White premoves g2-g4: played the moment Black has moved.
for (const cell of ['g2', 'g4']) {
  const { x, y } = await cellPoint(ann, cell);
  await ann.mouse.click(x, y);
}
assert.equal(await ann.locator('#board polygon[data-mark="premove"]').count(), 2);
// Why not: the king on e8 has nowhere to go, and a pawn does not go three squares;
// the rules say so, as in the app.
const refused = async (page, cells) => {
  await page.evaluate(() => { document.querySelector('#refusal').textContent = ''; });
  for (const cell of cells) {
    const { x, y } = await cellPoint(page, cell);
    await page.touchscreen.tap(x, y);
  }
  await page.waitForFunction(() => document.querySelector('#refusal').textContent.length > 0);
  return page.textContent('#refusal');
};
await untilLegal(bob);
assert.match(await refused(bob, ['e8']), /king/i);
assert.match(await refused(bob, ['e7', 'e4']), /pawn/i);
await move(bob, 'e7', 'e5', true);
await untilMoves(ann, 3);
// A reload comes back to the seat: the secret is in the browser's storage, not the link.
await ann.reload();
await board(ann);
assert.ok(!ann.url().includes('secret'));
await untilMoves(ann, 3);
// A spectator sees the match and may not move.
const eve = await player('Eve');
await named(eve, link);
await board(eve);
await untilMoves(eve, 3);
assert.equal(await eve.getAttribute('#board', 'data-legal'), '0');
// Names and chat are text.
await ann.fill('#say', XSS);
await ann.click('#chat-form button');
await bob.waitForFunction((x) => document.querySelector('#chat').textContent.includes(x), XSS);
await bob.waitForFunction((x) => document.querySelector('#seats').textContent.includes(x), XSS);
assert.equal(await bob.locator('#chat img, #seats img').count(), 0);
await move(bob, 'd8', 'h4', true);
for (const page of [ann, bob, eve]) {
  await page.waitForFunction(() => document.querySelector('#result').dataset.result?.startsWith('0-1'));
}
// The mate is heard, as the app's end-of-game chime.
await ann.waitForFunction(() => document.body.dataset.heard === 'end');
// The move list looks back: after 1. f3 the pawn stands on f3 and g4 is empty.
await ann.click('#moves li[data-at="1"]');
await ann.waitForFunction(() => document.querySelector('#board').dataset.browsing === '1');
const pieceOn = async (page, name) => page.evaluate((name) => {
  const cell = document.querySelector(`#board polygon[data-name="${name}"]`).dataset.cell;
  return document.querySelector(`#board image.piece[data-cell="${cell}"]`) !== null;
}, name);
assert.ok(await pieceOn(ann, 'f3'));
assert.ok(!(await pieceOn(ann, 'g4')));
await ann.click('#live');
await ann.waitForFunction(() => document.querySelector('#board').dataset.browsing === '');
assert.ok(await pieceOn(ann, 'h4'));
await picture(bob, 'chess-mate-on-a-phone');
await picture(ann, 'chess-mate');
assert.equal(alerted, false, 'a name or a chat line ran as a script');

// A Russian browser reads the page in Russian, from the app's own translations, and
// the game's rules page with it.
const yulia = await player('Юля', { locale: 'ru-RU' });
await named(yulia, link);
await board(yulia);
await yulia.waitForFunction(() => document.querySelector('#resign').textContent === 'Сдаться');
await yulia.click('#rules-page summary');
await yulia.waitForFunction(() => document.querySelector('#rules-text').textContent.includes('Мат'));

// A rematch, asked by both players, takes both pages to the new match, colours swapped.
await ann.click('#rematch');
await bob.click('#rematch');
for (const page of [ann, bob]) {
  await page.waitForURL((url) => !url.pathname.endsWith(code));
  await page.waitForFunction(() => document.querySelector('#board')?.dataset.moves === '0');
}
await move(bob, 'e2', 'e4', true);

// Plays any legal move of the page's own: a piece it may move, then a lit target.
async function anyMove(page) {
  await untilLegal(page);
  const n = await moves(page);
  const from = Number((await page.getAttribute('#board', 'data-from')).split(' ')[0]);
  let p = await cellPoint(page, from);
  await page.mouse.click(p.x, p.y);
  // A piece put down (a drop, a disc) is played by its one click.
  await page.waitForFunction((n) => Number(document.querySelector('#board').dataset.moves) > n
    || document.querySelector('#board polygon[data-mark="target"]'), n);
  if (await moves(page) > n) return;
  const target = await page.$('#board polygon[data-mark="target"]');
  p = await cellPoint(page, Number(await target.getAttribute('data-cell')));
  await page.mouse.click(p.x, p.y);
  await untilMoves(page, n + 1);
}

// Chess for three, a move from each army's own browser, in turn.
const armies = [await player('Aya'), await player('Bogdan'), await player('Vera')];
const tri = await create(armies[0], 'tri-chess');
for (const page of armies.slice(1)) {
  await named(page, `${base}${tri}`);
  await board(page);
}
for (const page of armies) await anyMove(page);
await picture(armies[1], 'tri-chess-seen-by-black');
// The game to its end: White resigns and leaves, then Black; Red has won, and all three
// read it.
for (const page of armies.slice(0, 2)) {
  await untilLegal(page);
  await page.click('#resign');
}
for (const page of armies) await page.waitForFunction(() => document.querySelector('#result').textContent.length > 0);

// Bughouse for four: each seat moves on its own board.
const four = [await player('W1'), await player('B1'), await player('W2'), await player('B2')];
const bug = await create(four[0], 'bughouse');
for (const page of four.slice(1)) {
  await named(page, `${base}${bug}`);
  await board(page);
}
// Each sees board A with its own army at the bottom: partners sit at the same edge.
const below = async (page, a, b) => (await cellPoint(page, a)).y > (await cellPoint(page, b)).y;
assert.ok(await below(four[0], 'e1', 'e8'));
assert.ok(await below(four[1], 'e8', 'e1'));
assert.ok(await below(four[2], 'e8', 'e1'));
assert.ok(await below(four[3], 'e1', 'e8'));
await four[0].waitForFunction(() => document.querySelector('#seats').textContent.includes('B:'));
await anyMove(four[2]);
await anyMove(four[3]);
// The fool's mate on board A, with no piece in White's hand to block it: the match is
// over on both boards, for all four.
await move(four[0], 'f2', 'f3');
await move(four[1], 'e7', 'e5');
await move(four[0], 'g2', 'g4');
await picture(four[0], 'bughouse-before-the-mate');
await move(four[1], 'd8', 'h4');
for (const page of four) await page.waitForFunction(() => document.querySelector('#result').textContent.length > 0);

// Appearing chess: every piece starts in hand and comes on by a drop: the hand's
// piece, then a lit square.
const dropper = await player('Dana');
const drops = await create(dropper, 'appearing');
const second = await player('Egor');
await named(second, `${base}${drops}`);
await board(second);
await untilLegal(dropper);
await dropper.click('#hands button:not([disabled])');
const lit = await dropper.waitForSelector('#board polygon[data-mark="target"]', { state: 'attached' });
const spot = await cellPoint(dropper, Number(await lit.getAttribute('data-cell')));
await dropper.mouse.click(spot.x, spot.y);
await untilMoves(dropper, 1);
await picture(dropper, 'appearing-after-a-drop');

// Z-shashmaty's pie rule: after White's first move, Black's swap is a button by name;
// dice chess shows the server's roll.
const [zw, zb] = [await player('Zoya'), await player('Zakhar')];
const z = await create(zw, 'z-shashmaty');
await named(zb, `${base}${z}`);
await board(zb);
await anyMove(zw);
const swap = await zb.waitForSelector('#others button');
await zb.waitForFunction(() => document.querySelector('#asked-first').textContent.length > 0);
assert.notEqual(await swap.textContent(), await swap.getAttribute('data-action'));
await swap.click();
await untilMoves(zb, 2);
const [dw, db] = [await player('Dmitro'), await player('Daria')];
const d = await create(dw, 'dice-chess');
await named(db, `${base}${d}`);
await board(db);
await dw.waitForFunction(() => document.querySelector('#dice').textContent.length > 0);

// Chapayev from above: the player the lot made White drags a checker of theirs
// straight ahead; the server simulates the flick, and both pages play it back.
const [cw, cb] = [await player('Chapai'), await player('Petka')];
const chap = await create(cw, 'chapayev');
await named(cb, `${base}${chap}`);
await board(cb);
const shooting = async () => {
  for (;;) {
    for (const page of [cw, cb]) {
      if (await page.getAttribute('#board', 'data-shooters')) return page;
    }
    await Promise.race([cw, cb].map((page) => page.waitForFunction(() => document.querySelector('#board').dataset.shooters)));
  }
};
const shooter = await shooting();
const watcher = shooter === cw ? cb : cw;
// White shoots first, and the page names the shooter's seat by the army the lot gave it.
await shooter.waitForFunction(() => [...document.querySelectorAll('#seats li')]
  .some((li) => li.textContent.includes('(you)') && li.textContent.includes('White')));
const before = await moves(watcher);
const id = (await shooter.getAttribute('#board', 'data-shooters')).split(' ')[0];
const at = await piecePoint(shooter, id);
await shooter.mouse.move(at.x, at.y);
await shooter.mouse.down();
await shooter.mouse.move(at.x, at.y - 120, { steps: 5 });
await shooter.mouse.up();
await untilMoves(watcher, before + 1);
// The shot reads as the app words it, never as its notation.
await watcher.waitForFunction(() => /W\d/.test(document.querySelector('#moves').textContent));
assert.ok(!(await watcher.textContent('#moves')).includes('th='));
await watcher.waitForFunction(() => document.querySelector('#board').dataset.playing === 'yes'
  || document.querySelector('#board').dataset.playing === '');
await picture(watcher, 'chapayev-after-a-flick');

// Non-disappearing chess: a capture lights the squares the taken piece may be put
// back on, and the second click puts it there.
const [sw, sb] = [await player('Sven'), await player('Saga')];
const sw_code = await create(sw, 'swedish');
await named(sb, `${base}${sw_code}`);
await board(sb);
await move(sw, 'e2', 'e4');
await move(sb, 'd7', 'd5');
await untilLegal(sw);
for (const cell of ['e4', 'd5']) {
  const { x, y } = await cellPoint(sw, cell);
  await sw.mouse.click(x, y);
}
const back = await sw.waitForSelector('#board polygon[data-mark="target"]', { state: 'attached' });
const backTo = await back.getAttribute('data-name');
const spotBack = await cellPoint(sw, backTo);
await sw.mouse.click(spotBack.x, spotBack.y);
await untilMoves(sb, 3);
await sb.waitForFunction((name) => document.querySelector('#board').dataset.last.includes(`>${name}`), backTo);

// Maharajah: Black first puts the Maharajah down on a lit square.
const [mw, mb] = [await player('Mira'), await player('Mahesh')];
const maha = await create(mw, 'maharajah');
await named(mb, `${base}${maha}`);
await board(mb);
await untilLegal(mb);
const place = await mb.waitForSelector('#board polygon[data-mark="target"]', { state: 'attached' });
const spotM = await cellPoint(mb, Number(await place.getAttribute('data-cell')));
await mb.mouse.click(spotM.x, spotM.y);
await untilMoves(mw, 1);
await picture(mb, 'maharajah-placed');

// The lobby's form: the second seat to the server's computer, easy, and a house rule
// away from its default; the computer answers a move.
const solo = await player('Solo');
await named(solo, base);
await solo.waitForSelector('#game option[value="chess"]', { state: 'attached' });
await solo.selectOption('#plan-1', 'computer');
await solo.selectOption('#level', 'easy');
await solo.selectOption('#rule-draw_claim', 'claim');
// A clock of the player's own: 3 minutes each and 2 seconds a move.
await solo.selectOption('#clock', 'own');
await solo.fill('#minutes', '3');
await solo.fill('#increment', '2');
await solo.click('#create-form button');
await solo.waitForURL(/\/[A-Z0-9]{6}$/);
await board(solo);
await move(solo, 'e2', 'e4');
await untilMoves(solo, 2);
await solo.waitForFunction(() => /\b[23]:\d\d\b/.test(document.querySelector('#seats').textContent));

// Every game opens with its board drawn, every cell of it, from the link alone.
const looker = await player('Lia');
await named(looker, base);
await looker.waitForSelector('#game option', { state: 'attached' });
const games = await looker.$$eval('#game option', (os) => os.map((o) => o.value));
assert.equal(games.length, 19);
for (const game of games) {
  const page = await player(`Lia-${game}`);
  await create(page, game);
  await page.waitForFunction(() => document.querySelectorAll('#board polygon[data-name]').length > 0);
  await picture(page, game);
  await page.context().close();
}
console.log(`browser checks passed: ${games.length} games opened`);
await browser.close();
