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
      '--autoplay-policy=no-user-gesture-required'],
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
