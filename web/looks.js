// How the board and the page look beyond colour: each mark of a cell also has a
// shape of its own (WCAG 1.4.1), the page's high-contrast theme (a box in the header,
// remembered in this browser, on by itself where the system asks for more contrast),
// and less motion where the system asks for it.
import { $, state } from './state.js';
import { SAN, actionEvents } from './moves.js';

const SVG = 'http://www.w3.org/2000/svg';

// Whether the system asks for less motion: Chapayev's film jumps to its end.
const still = matchMedia('(prefers-reduced-motion: reduce)');
export const lessMotion = () => still.matches;

// The high-contrast theme: the box's choice once made, else the system's wish.
const more = matchMedia('(prefers-contrast: more)');
function contrast() {
  const chosen = localStorage.getItem('doska-contrast');
  const on = chosen ? chosen === 'on' : more.matches;
  $('contrast').checked = on;
  document.body.classList.toggle('contrast', on);
}
$('contrast').onchange = () => {
  localStorage.setItem('doska-contrast', $('contrast').checked ? 'on' : 'off');
  contrast();
};
more.addEventListener('change', contrast);
contrast();

function centre(polygon) {
  const n = polygon.length;
  return polygon.reduce((a, p) => [a[0] + p[0] / n, a[1] + p[1] / n], [0, 0]);
}

// The cell's polygon drawn `k` of its size round its centre.
function shrunk(polygon, k) {
  const [cx, cy] = centre(polygon);
  return polygon.map(([x, y]) => [cx + (x - cx) * k, cy + (y - cy) * k]);
}

// The inner radius of a cell: the distance from its centre to its nearest side's middle.
function inner(polygon) {
  const [cx, cy] = centre(polygon);
  return Math.min(...polygon.map((p, i) => {
    const q = polygon[(i + 1) % polygon.length];
    return Math.hypot((p[0] + q[0]) / 2 - cx, (p[1] + q[1]) / 2 - cy);
  }));
}

function shape(tag, attributes, kind) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attributes)) el.setAttribute(k, v);
  el.setAttribute('class', `shape ${kind}`);
  el.setAttribute('aria-hidden', 'true');
  el.dataset.shape = kind;
  return el;
}

const points = (polygon) => polygon.map((q) => q.join(',')).join(' ');

// The shapes of a mark on a cell, drawn over the cell and under the pieces: a lit
// empty cell a dot, a lit cell with a piece on it a ring; the last move's cells a
// mark in each corner; the picked piece's cell a thick outline; a king in check a
// dashed double ring; a premove a dashed outline; the culprit a cross.
export function markShapes(mark, polygon, occupied) {
  const [cx, cy] = centre(polygon);
  const r = inner(polygon);
  if (mark === 'target') {
    return [occupied ? shape('circle', { cx, cy, r: r * 0.86, 'stroke-width': r * 0.16 }, 'ring')
      : shape('circle', { cx, cy, r: r * 0.3 }, 'dot')];
  }
  if (mark === 'last') {
    // A small triangle in each corner, a quarter of the way along its two sides.
    return polygon.map((p, i) => {
      const a = polygon[(i + polygon.length - 1) % polygon.length];
      const b = polygon[(i + 1) % polygon.length];
      const along = (q) => [p[0] + (q[0] - p[0]) * 0.28, p[1] + (q[1] - p[1]) * 0.28];
      return shape('polygon', { points: points([p, along(a), along(b)]) }, 'corner');
    });
  }
  if (mark === 'picked') return [shape('polygon', { points: points(shrunk(polygon, 0.86)), 'stroke-width': r * 0.18 }, 'outline')];
  if (mark === 'premove') return [shape('polygon', { points: points(shrunk(polygon, 0.86)), 'stroke-width': r * 0.1 }, 'dashed')];
  if (mark === 'check') {
    return [shape('circle', { cx, cy, r: r * 0.9, 'stroke-width': r * 0.2 }, 'check-ring'),
      shape('circle', { cx, cy, r: r * 0.9, 'stroke-width': r * 0.2, 'stroke-dasharray': `${r * 0.25} ${r * 0.2}` }, 'check-dash')];
  }
  if (mark === 'culprit') {
    const d = r * 0.6;
    return [shape('path', { d: `M${cx - d},${cy - d}L${cx + d},${cy + d}M${cx - d},${cy + d}L${cx + d},${cy - d}`, 'stroke-width': r * 0.14 }, 'cross')];
  }
  return [];
}

// The cells of the kings in check, as the notation of the games written in SAN says
// it: the last move of each board that ends in `+` or `#` checks the kings of the
// other armies on that board (bughouse's label names the board).
export function checkedKings(b) {
  const game = state.listing && state.listing.game;
  if (!SAN.includes(game) || b.result && !/checkmate/.test(b.result)) return new Set();
  const lastOf = new Map();
  for (const e of actionEvents()) {
    if (e.chance || !/[a-z0-9A-Z]/.test(e.action) || /^(resign|draw-|swap)/.test(e.action)) continue;
    const label = /^\d*([A-Za-z])\. /.exec(e.action);
    lastOf.set(label ? label[1].toUpperCase() : '', e);
  }
  const cells = new Set();
  for (const [board, e] of lastOf) {
    if (!/(\+|#)$/.test(e.action.replace(/ draw-claim$/, ''))) continue;
    const mover = b.sides[e.seat];
    for (const p of b.pieces) {
      const on = board === '' || (board === 'A') === (p.cell < 64);
      if (p.kind === 'king' && p.side !== mover && on && !p.at) cells.add(p.cell);
    }
  }
  return cells;
}
