// What the browser client weighs and how soon it draws. Against the `doska serve`
// whose page is the first argument, it makes a chess match in one browser, then opens
// the match's link in fresh headless Chromium contexts, with the player's name
// already kept, and reports the bytes transferred until the
// board with its pieces is drawn and the time from the start of the navigation to
// then, as the median of `runs` (second argument, default 9) fresh visits.
import { launch } from './page.mjs';

const base = process.argv[2];
const runs = Number(process.argv[3] || 9);
const browser = await launch();
const host = await (await browser.newContext()).newPage();
await host.goto(base);
await host.fill('#name', 'Host');
await host.click('#name-form button');
await host.waitForSelector('#game option[value="chess"]', { state: 'attached' });
await host.click('#create-form button');
await host.waitForURL(/\/[A-Z0-9]{6}$/);
const link = host.url();
const times = [];
const weights = [];
for (let i = 0; i < runs; i++) {
  const context = await browser.newContext();
  await context.addInitScript(() => localStorage.setItem('doska-name', 'Visitor'));
  const page = await context.newPage();
  await page.goto(link);
  await page.waitForSelector('#board image.piece', { state: 'attached' });
  const [ms, bytes] = await page.evaluate(async () => {
    const drawn = performance.now();
    // Every drawing shown has been fetched once the images say so.
    await Promise.all([...document.images].map((im) => im.decode?.().catch(() => {})));
    const entries = [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')];
    return [drawn, entries.reduce((sum, e) => sum + (e.transferSize || e.encodedBodySize || 0), 0)];
  });
  times.push(ms);
  weights.push(bytes);
  await context.close();
}
await browser.close();
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`board drawn after ${median(times).toFixed(0)} ms (median of ${runs}); ${(median(weights) / 1024).toFixed(1)} KiB transferred`);
