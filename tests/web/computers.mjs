// A person against the server's computers, in a real headless Chromium against the
// `doska serve` whose address is the first argument: bughouse against three
// computers, played by the person to its end, and chess for three, resigned by the
// person, which then counts as finished for them (the computers play it out, or it
// ends), so that the next match against the computer is made. Screenshots go to the
// folder named by the second argument. Each check waits for what the page shows,
// never for a fixed time.
import assert from 'node:assert/strict';
import { anyMove, create, launch, player as open } from './page.mjs';

const base = process.argv[2];
const shots = process.argv[3];
const browser = await launch();
const player = (name, options) => open(browser, name, options);
// The same random moves on every run.
let seed = 76;
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed / 2 ** 31;
};

// Bughouse: the person holds A's White, the computer the three other seats. The
// person moves whenever the page lights a move, until the match ends.
const solo = await player('Solo');
solo.setDefaultTimeout(120_000);
await create(solo, base, 'bughouse', { 'plan-1': 'computer', 'plan-2': 'computer', 'plan-3': 'computer', level: 'easy' });
const over = () => solo.evaluate(() => document.querySelector('#result').dataset.result || '');
let mine = 0;
while (!(await over())) {
  await solo.waitForFunction(() => document.querySelector('#result').dataset.result
    || Number(document.querySelector('#board').dataset.legal) > 0);
  if (await over()) break;
  try {
    await anyMove(solo, random);
    mine += 1;
  } catch (e) {
    // The match may end while the person moves.
    if (!(await over())) throw e;
  }
}
assert.ok(mine > 0, 'the person played');
assert.ok((await solo.textContent('#result')).length > 0);
for (const id of ['#resign', '#draw', '#takeback']) assert.equal(await solo.locator(id).isVisible(), false, id);
await solo.screenshot({ path: `${shots}/bughouse-against-three-computers.png` });
console.log(`bughouse against three computers: ${await solo.textContent('#result')} after ${mine} moves of the person's`);

// Chess for three against two computers, resigned after a move: the match ends for the
// person (its result shown), so five in a row are made though one address may have
// four with a computer seat going on at once.
const tri = await player('Tri');
tri.setDefaultTimeout(60_000);
for (let i = 0; i < 5; i++) {
  await create(tri, base, 'tri-chess', { 'plan-1': 'computer', 'plan-2': 'computer', level: 'easy' });
  await anyMove(tri, random);
  // The button waits for the person's turn.
  await tri.click('#resign');
  await tri.waitForFunction(() => document.querySelector('#resign').hidden);
  for (const id of ['#draw', '#takeback']) assert.equal(await tri.locator(id).isVisible(), false, id);
  // The match ends for the person: the computers finish it, and the page says how.
  await tri.waitForFunction(() => document.querySelector('#result').dataset.result);
  if (i === 0) await tri.screenshot({ path: `${shots}/tri-chess-resigned.png` });
}
await tri.goto(base);
await tri.waitForSelector('#game option[value="tri-chess"]', { state: 'attached' });
await tri.selectOption('#game', 'tri-chess');
await tri.selectOption('#plan-1', 'computer');
await tri.click('#create-form button');
await tri.waitForURL(/\/[A-Z0-9]{6}$/);
console.log('chess for three resigned against computers: finished for the person');
await browser.close();
