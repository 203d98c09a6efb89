// Plays Black in a match made elsewhere (the desktop app, in the app's tests): opens
// the link (first argument), takes the open seat as "Browser", and answers 1. f3 and
// 2. g4 with e5 and Qh4#, each once the page shows White's move; ends when the page
// shows the result.
import { cellPoint, launch } from './page.mjs';

const link = process.argv[2];
const browser = await launch();
const page = await (await browser.newContext()).newPage();
page.on('pageerror', (e) => { throw e; });
await page.goto(link);
await page.fill('#name', 'Browser');
await page.click('#name-form button');

async function click(name) {
  const p = await cellPoint(page, name);
  await page.mouse.click(p.x, p.y);
}

for (const [n, from, to] of [[1, 'e7', 'e5'], [3, 'd8', 'h4']]) {
  await page.waitForFunction((n) => Number(document.querySelector('#board')?.dataset.moves) === n
    && Number(document.querySelector('#board').dataset.legal) > 0, n);
  await click(from);
  await click(to);
}
await page.waitForFunction(() => document.querySelector('#result').dataset.result?.startsWith('0-1'));
console.log('the browser mated the app');
await browser.close();
