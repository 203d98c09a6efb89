// The board by keys and for screen readers. The board takes the focus; the arrows move
// a cursor (an outline) to the nearest cell in their direction on the screen, which
// works alike for squares, bughouse's two boards and the hexagon's triangles; Enter
// or Space does what a click on the cell does; Esc lets the picked piece go. Each cell
// is named with what stands on it, in the page's language: a square board is an ARIA
// grid of rows, the hexagon a list of its cells.
import { $, state } from './state.js';
import { say, w } from './words.js';
import { draw } from './board.js';
import { cancel, play, touch } from './input.js';
import { FULL_DRAG } from './chapayev.js';
import { speak } from './speech.js';

// Each shown cell's centre on the screen (the board's units, y down), as drawn.
let centres = new Map();

// The shown cells in reading order, as rows, and the board's role: a grid where every
// cell is a square, else a list box of cells.
export function arrange(g, shown, degrees) {
  const [w0, h] = g.extent;
  const t = degrees * Math.PI / 180;
  centres = new Map();
  for (const i of shown) {
    const poly = g.cells[i].polygon;
    const [x, y] = poly.reduce((a, p) => [a[0] + p[0] / poly.length, a[1] + p[1] / poly.length], [0, 0]);
    const [dx, dy] = [x - w0 / 2, h - y - h / 2];
    centres.set(i, [w0 / 2 + dx * Math.cos(t) - dy * Math.sin(t), h / 2 + dx * Math.sin(t) + dy * Math.cos(t)]);
  }
  const square = g.cells.length !== 150 && shown.every((i) => g.cells[i].polygon.length === 4);
  // Bughouse's boards one after the other, A's rows first.
  const board = (i) => (g.cells.length === 128 ? Math.floor(i / 64) : 0);
  const order = [...shown].sort((a, b) => board(a) - board(b)
    || centres.get(a)[1] - centres.get(b)[1] || centres.get(a)[0] - centres.get(b)[0]);
  const rows = [];
  for (const i of order) {
    const row = rows.at(-1);
    if (row && board(row[0]) === board(i) && Math.abs(centres.get(row[0])[1] - centres.get(i)[1]) < 0.25) row.push(i);
    else rows.push([i]);
  }
  for (const row of rows) row.sort((a, b) => centres.get(a)[0] - centres.get(b)[0]);
  return { role: square ? 'grid' : 'listbox', rows };
}

// The drawings' names as the app's words name the pieces.
const KEYS = { man: 'checker', 'draughts-king': 'draughtsking', 'vice-king': 'viceking', 'z-checker': 'zchecker' };
export const pieceName = (kind) => w(`piece-${KEYS[kind] || kind}`, kind);
export const pieceWords = (p) => say('web-piece', '{side} {piece}', {
  side: w(`side-${p.side}`, p.side).toLocaleLowerCase(),
  piece: pieceName(p.kind).toLocaleLowerCase(),
});

// A cell's name, bughouse's board before it, where cell names repeat.
export function cellName(i) {
  const g = state.geometry;
  return (g.cells.length === 128 ? `${i < 64 ? 'A' : 'B'} ` : '') + g.cells[i].name;
}

// What a screen reader says of a cell: "e4, white knight", and whether the picked
// piece is on it or may go there.
export function cellLabel(i, b, mark, check = false) {
  const parts = [cellName(i)];
  const piece = b.pieces.find((p) => p.cell === i && !p.at);
  if (piece) parts.push(pieceWords(piece));
  for (const p of b.pieces.filter((q) => q.at && nearest(q.at) === i)) parts.push(`${p.id}, ${pieceWords(p)}`);
  if (mark === 'picked') parts.push(w('web-cell-picked', 'picked'));
  if (mark === 'target') parts.push(w('web-cell-lit', 'a move here'));
  if (check) parts.push(w('web-check', 'check'));
  return parts.join(', ');
}

// The cell whose centre is nearest a point of the board (Chapayev's checkers rest
// between cells).
function nearest([x, y]) {
  let best = null;
  let d = Infinity;
  state.geometry.cells.forEach((c, i) => {
    const n = c.polygon.length;
    const [cx, cy] = c.polygon.reduce((a, p) => [a[0] + p[0] / n, a[1] + p[1] / n], [0, 0]);
    const e = Math.hypot(cx - x, cy - y);
    if (e < d) { d = e; best = i; }
  });
  return best;
}

// The cell next to `from` in a direction on the screen: the nearest one within 60
// degrees of it, straighter ones first.
function step(from, [dx, dy]) {
  const [x, y] = centres.get(from);
  let best = null;
  let score = Infinity;
  for (const [i, [cx, cy]] of centres) {
    const [vx, vy] = [cx - x, cy - y];
    const far = Math.hypot(vx, vy);
    if (i === from || far < 1e-6) continue;
    const angle = Math.acos(Math.max(-1, Math.min(1, (vx * dx + vy * dy) / far)));
    if (angle > 59.5 * Math.PI / 180) continue;
    const s = far * (1 + angle);
    if (s < score) { score = s; best = i; }
  }
  return best;
}

// The cursor starts on a piece that may move, else on the first cell shown.
function cursor() {
  const b = state.board;
  if (state.cursor !== undefined && state.cursor !== null && centres.has(state.cursor)) return state.cursor;
  const mover = b && b.legal.map((l) => l.from).find((c) => centres.has(c));
  state.cursor = mover !== undefined ? mover : centres.keys().next().value;
  return state.cursor;
}

const ARROWS = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };

// Chapayev by keys: Enter on a checker that may shoot aims it straight ahead; Left
// and Right turn the aim, Up and Down make the flick harder or softer, Enter shoots.
function aimKeys(e) {
  const aim = state.keyAim;
  if (e.key === 'ArrowLeft') aim.angle += 5;
  else if (e.key === 'ArrowRight') aim.angle -= 5;
  else if (e.key === 'ArrowUp') aim.strength = Math.min(1, aim.strength + 0.05);
  else if (e.key === 'ArrowDown') aim.strength = Math.max(0.05, aim.strength - 0.05);
  else if (e.key === 'Escape') { state.keyAim = null; state.aim = null; return draw(); }
  else if (e.key === 'Enter' || e.key === ' ') {
    state.keyAim = null;
    state.aim = null;
    const angle = ((aim.angle % 360) + 360) % 360;
    return play(`flick ${aim.id} th=${angle.toFixed(4)} s=${aim.strength.toFixed(4)} e=0.0000`);
  } else return;
  e.preventDefault();
  aiming();
}

function aiming() {
  const aim = state.keyAim;
  const r = aim.strength * FULL_DRAG;
  const t = aim.angle * Math.PI / 180;
  state.aim = { id: aim.id, from: aim.from, to: [aim.from[0] + r * Math.cos(t), aim.from[1] + r * Math.sin(t)] };
  speak(say('web-aim', '{id}: {angle} degrees, strength {strength}',
    { id: aim.id, angle: Math.round(((aim.angle % 360) + 360) % 360), strength: Math.round(aim.strength * 100) }));
  draw();
}

// Enter or Space on a cell: what a click on it does; on the picked piece, lets it go.
function choose(cell) {
  const b = state.board;
  const shooter = (b.shooters || []).length && b.pieces.find((p) => p.at && b.shooters.includes(p.id) && nearest(p.at) === cell);
  if (shooter && state.browsing === null) {
    const ahead = b.sides[state.mine[0]] === 'black' ? 270 : 90;
    state.keyAim = { id: shooter.id, from: shooter.at, angle: ahead, strength: 0.5 };
    return aiming();
  }
  if (cell === state.picked) {
    state.picked = null;
    return draw();
  }
  touch(cell);
}

$('board').addEventListener('keydown', (e) => {
  if (!state.geometry || !state.board) return;
  if (state.keyAim) return aimKeys(e);
  const arrow = ARROWS[e.key];
  if (arrow) {
    e.preventDefault();
    const next = step(cursor(), arrow);
    if (next !== null) state.cursor = next;
    return draw();
  }
  if (e.key === 'Enter' || e.key === ' ') {
    e.preventDefault();
    return choose(cursor());
  }
  if (e.key === 'Escape') {
    cancel();
    draw();
  }
});
$('board').addEventListener('focus', () => {
  if (state.geometry && state.board) {
    cursor();
    draw();
  }
});
