// The board as the page draws it: its cells, pieces and marks, seen from the
// player's seat, and the pieces in hand under it.
import { $, state } from './state.js';
import { say, w as word } from './words.js';
import { seats, waiting } from './match.js';
import { actionEvents, actionWords } from './moves.js';
import { DISC, arrow, filmed } from './chapayev.js';
import { play } from './input.js';
import { arrange, cellLabel, pieceName } from './keyboard.js';
import { offer } from './speech.js';
import { checkedKings, markShapes } from './looks.js';

export const SVG = 'http://www.w3.org/2000/svg';

// The board: cells from the server's geometry, seen from the player's own seat. A
// square board is turned round where the server says the seat sees it so (Black;
// bughouse's seats facing their partners' opponents). The hexagon is turned in
// twelfths of a turn so that the player's own pieces, as they first stand, are at the
// bottom: one's corner points down.
function turn() {
  if (state.turn !== undefined) return state.turn;
  const g = state.geometry;
  const b = state.board;
  if (state.mine.length === 0) return 0;
  if (g.cells.length !== 150) {
    state.turn = g.seen_turned[state.mine[0]] ? 180 : 0;
    return state.turn;
  }
  const side = b.sides[state.mine[0]];
  const own = b.pieces.filter((p) => p.side === side);
  if (own.length === 0) return 0;
  const [w, h] = g.extent;
  const c = own.map((p) => centre(g.cells[p.cell].polygon))
    .reduce((a, q) => [a[0] + q[0] / own.length, a[1] + q[1] / own.length], [0, 0]);
  // On screen (y down) the pieces' direction from the middle, and the turn that
  // brings it straight down.
  const angle = Math.atan2(-(c[1] - h / 2), c[0] - w / 2) * 180 / Math.PI;
  state.turn = ((Math.round((90 - angle) / 30) * 30) % 360 + 360) % 360;
  return state.turn;
}

function centre(polygon) {
  const n = polygon.length;
  return polygon.reduce((a, p) => [a[0] + p[0] / n, a[1] + p[1] / n], [0, 0]);
}

// On a narrow screen bughouse shows one of its two boards at a time, the seat's own
// first, with a button for the other: side by side each would be a third the size.
const narrow = matchMedia('(max-width: 600px)');
narrow.addEventListener('change', () => draw());
function oneBoard() {
  return !!state.geometry && state.geometry.cells.length === 128 && narrow.matches;
}
function half() {
  if (state.half === undefined) state.half = state.mine.length > 0 && state.mine[0] >= 2 ? 1 : 0;
  return state.half;
}
const shown = (cell) => !oneBoard() || Math.floor(cell / 64) === half();
$('board-switch').onclick = () => {
  state.half = 1 - half();
  draw();
};

export function draw() {
  const g = state.geometry;
  // Looking back at an earlier move shows the board as it stood then.
  const b = state.browsing !== null && state.shown ? state.shown : state.board;
  if (!g || !b) return;
  const [w, h] = g.extent;
  const svg = $('board');
  // The box round the turned board's cells, as the transform below places them.
  const t = turn() * Math.PI / 180;
  const box = [Infinity, Infinity, -Infinity, -Infinity];
  for (const c of g.cells.filter((_, i) => shown(i))) {
    for (const [x, y] of c.polygon) {
      const [dx, dy] = [x - w / 2, h - y - h / 2];
      const px = w / 2 + dx * Math.cos(t) - dy * Math.sin(t);
      const py = h / 2 + dx * Math.sin(t) + dy * Math.cos(t);
      box[0] = Math.min(box[0], px); box[1] = Math.min(box[1], py);
      box[2] = Math.max(box[2], px); box[3] = Math.max(box[3], py);
    }
  }
  svg.setAttribute('viewBox', `${box[0] - 0.05} ${box[1] - 0.05} ${box[2] - box[0] + 0.1} ${box[3] - box[1] + 0.1}`);
  const root = document.createElementNS(SVG, 'g');
  root.setAttribute('transform', `rotate(${turn()} ${w / 2} ${h / 2}) translate(0 ${h}) scale(1 -1)`);
  const triangles = g.cells.length === 150;
  // Lit: where the picked piece goes; the second cells after its landing (a piece put
  // back, a gift pawn); where the picked piece from the hand goes; or, where every
  // move puts a piece down (Reversi's discs, the Maharajah's placement), each cell.
  const landed = state.landed;
  const placing = b.legal.length > 0 && !waiting() && b.legal.every((l) => l.from === l.to)
    && new Set(b.legal.map((l) => l.drop)).size === 1 && !state.dropping;
  const targets = new Set(landed
    ? b.legal.filter((l) => l.from === landed.from && l.to === landed.to).map((l) => l.then)
    : b.legal.filter(state.dropping
      ? (l) => l.drop === state.dropping && l.from === l.to
      : placing ? () => true
        : (l) => l.from === state.picked && l.to !== l.from).map((l) => l.to));
  const last = actionEvents().at(-1);
  const checked = state.browsing === null ? checkedKings(b) : new Set();
  const { role, rows } = arrange(g, g.cells.map((_, i) => i).filter(shown), turn());
  svg.setAttribute('role', role);
  svg.setAttribute('aria-label', word(`game-${state.listing && state.listing.game}`, 'board'));
  for (const row of rows) {
    // A grid's cells in rows; the hexagon's in one list box, in reading order.
    let into = root;
    if (role === 'grid') {
      into = document.createElementNS(SVG, 'g');
      into.setAttribute('role', 'row');
      root.append(into);
    }
    for (const i of row) {
      const c = g.cells[i];
      const p = document.createElementNS(SVG, 'polygon');
      p.setAttribute('points', c.polygon.map((q) => q.join(',')).join(' '));
      p.setAttribute('class', `cell ${c.dark ? 'dark' : 'light'}`);
      p.dataset.cell = i;
      p.dataset.name = c.name;
      p.id = `cell-${i}`;
      into.append(p);
      const pre = state.premove && (state.premove.from === i || state.premove.to === i);
      const lastMove = state.browsing === null && (b.last || []).includes(i);
      const mark = i === state.picked ? 'picked' : targets.has(i) ? 'target' : pre ? 'premove'
        : i === state.culprit ? 'culprit' : checked.has(i) ? 'check' : lastMove ? 'last' : null;
      p.setAttribute('role', role === 'grid' ? 'gridcell' : 'option');
      p.setAttribute('aria-label', cellLabel(i, b, mark, checked.has(i)));
      p.setAttribute('aria-selected', String(i === state.picked));
      if (mark) {
        const o = p.cloneNode();
        o.removeAttribute('id');
        for (const a of ['role', 'aria-label', 'aria-selected']) o.removeAttribute(a);
        o.setAttribute('aria-hidden', 'true');
        o.setAttribute('class', `cell ${mark}`);
        o.dataset.mark = mark;
        into.append(o);
        // Each mark has a shape of its own besides its colour; a king in check keeps
        // its ring under another mark.
        const occupied = b.pieces.some((q) => q.cell === i && !q.at);
        const shapes = [...markShapes(mark, c.polygon, occupied),
          ...(checked.has(i) && mark !== 'check' ? markShapes('check', c.polygon, occupied) : [])];
        for (const s of shapes) s.dataset.on = i;
        into.append(...shapes);
      }
    }
  }
  const above = document.createElementNS(SVG, 'g');
  above.setAttribute('aria-hidden', 'true');
  root.append(above);
  for (const piece of state.frame ? filmed(b) : b.pieces.filter((q) => q.at || shown(q.cell))) {
    const [x, y] = piece.at || centre(g.cells[piece.cell].polygon);
    // Chapayev's checkers, where they rest, at their real size.
    const size = piece.at ? DISC : triangles ? 0.55 : 0.9;
    const img = document.createElementNS(SVG, 'image');
    img.setAttribute('href', `/sprites/${piece.side}/${piece.kind}.svg`);
    img.setAttribute('width', size);
    img.setAttribute('height', size);
    img.setAttribute('class', 'piece');
    img.dataset.cell = piece.cell;
    if (piece.id) img.dataset.id = piece.id;
    // Upright whatever the board's turn and the flip of y.
    img.setAttribute('transform', `translate(${x} ${y}) scale(1 -1) rotate(${-turn()}) translate(${-size / 2} ${-size / 2})`);
    above.append(img);
  }
  if (state.aim) above.append(arrow(state.aim));
  // The keyboard's cursor, an outline over everything, seen while the board has the
  // focus; a screen reader reads its cell as the board's active one.
  if (state.cursor !== undefined && state.cursor !== null && shown(state.cursor)) {
    for (const kind of ['cursor under', 'cursor']) {
      const c = document.createElementNS(SVG, 'polygon');
      c.setAttribute('points', g.cells[state.cursor].polygon.map((q) => q.join(',')).join(' '));
      c.setAttribute('class', kind);
      above.append(c);
    }
    svg.setAttribute('aria-activedescendant', `cell-${state.cursor}`);
    svg.dataset.cursor = state.cursor;
  }
  $('board-switch').hidden = !oneBoard();
  $('board-switch').textContent = say('web-board', 'Board {board}', { board: half() ? 'A' : 'B' });
  svg.replaceChildren(root);
  svg.dataset.shooters = (b.shooters || []).join(' ');
  svg.dataset.browsing = state.browsing === null || !state.shown ? '' : state.browsing;
  hands(b);
  // The actions that move no piece, each a button as the app words it, under the
  // question they answer (the pie rule's, the vassal's) where there is one.
  $('asked-first').textContent = b.question || '';
  $('others').replaceChildren(...(b.others || []).map((o) => {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = o.label;
    button.dataset.action = o.action;
    button.onclick = () => play(o.action);
    return button;
  }));
  // What the server drew last (a die, the lot), as its action says it.
  const drawn = state.events.filter((e) => e.kind === 'action' && e.chance).at(-1);
  $('dice').textContent = drawn ? `🎲 ${actionWords(drawn.action)}` : '';
  svg.dataset.moves = actionEvents().length;
  svg.dataset.legal = waiting() ? 0 : b.legal.length;
  // Where the player's pieces may start from, by cell number: what a test clicks first
  // (names repeat on bughouse's two boards).
  svg.dataset.from = [...new Set(b.legal.map((l) => l.from))].join(' ');
  // The cells a piece moves from (not a piece put down), and how many actions this
  // page's seats have played.
  svg.dataset.movers = [...new Set(b.legal.filter((l) => l.from !== l.to).map((l) => l.from))].join(' ');
  svg.dataset.ours = actionEvents().filter((e) => state.mine.includes(e.seat)).length;
  seats();
  offer(b);
  if (last) svg.dataset.last = last.action;
}

// The pieces held off the board; one with somewhere to go is picked by a click, then
// put down by a click on a lit cell.
function hands(b) {
  $('hands').replaceChildren(...b.hands.map((h) => {
    const button = document.createElement('button');
    button.type = 'button';
    const img = document.createElement('img');
    img.src = `/sprites/${h.side}/${h.kind}.svg`;
    img.alt = pieceName(h.kind);
    button.append(img, `×${h.count}`);
    const droppable = b.legal.some((l) => l.drop === h.kind && l.from === l.to);
    const own = h.seat === undefined ? b.sides.some((s, i) => s === h.side && state.mine.includes(i)) : state.mine.includes(h.seat);
    button.disabled = !(droppable && own) || waiting();
    button.dataset.kind = h.kind;
    button.classList.toggle('picked', state.dropping === h.kind && own);
    button.onclick = () => {
      state.dropping = state.dropping === h.kind ? null : h.kind;
      state.picked = null;
      draw();
    };
    return button;
  }));
}
