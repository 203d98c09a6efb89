// The board under the pointer: a click, a tap or a drag picks a piece and plays its
// move (a premove while another player is to move), and Chapayev's checkers are
// aimed; `play` sends any action of the page's.
import { $, state } from './state.js';
import { send } from './connection.js';
import { waiting } from './match.js';
import { draw } from './board.js';
import { aimFrom, aimed, boardPoint } from './chapayev.js';
import { pieceName } from './keyboard.js';

function cellAt(x, y) {
  const el = document.elementFromPoint(x, y);
  return el && el.dataset.cell !== undefined && el.tagName === 'polygon' ? Number(el.dataset.cell) : null;
}

export function play(action) {
  state.picked = null;
  state.landed = null;
  state.dropping = null;
  state.culprit = null;
  $('choice').replaceChildren();
  $('refusal').textContent = '';
  send('act', { code: state.code, action });
  // A choice made by keys (a promotion's piece) gives the focus back to the board.
  if ($('choice').contains(document.activeElement)) $('board').focus();
}

// Esc: the picked piece, the piece from the hand, the second cell and the premove are
// let go.
export function cancel() {
  state.picked = null;
  state.landed = null;
  state.dropping = null;
  state.culprit = null;
  state.premove = null;
  state.aim = null;
  state.keyAim = null;
  $('choice').replaceChildren();
  $('refusal').textContent = '';
}

// A click or tap on `cell`: picks a piece, or plays the move to it.
// While another player is to move, a piece of one's own and then a cell make a
// premove, played as soon as the turn comes if it is legal then; the piece's cell
// again lets it go.
function choosePremove(cell) {
  const b = state.board;
  const side = b.sides[state.mine[0]];
  const own = b.pieces.some((p) => p.cell === cell && p.side === side);
  const from = state.premove && state.premove.to === undefined ? state.premove.from : null;
  if (from === cell) state.premove = null;
  else if (from !== null) state.premove = { from, to: cell };
  else state.premove = own ? { from: cell } : null;
  draw();
}

// Plays the premove once the board says it may; drops it where it makes no move.
export function playPremove() {
  const b = state.board;
  const p = state.premove;
  if (!p || p.to === undefined || b.legal.length === 0) return false;
  state.premove = null;
  const moves = b.legal.filter((l) => l.from === p.from && l.to === p.to);
  const move = moves.find((l) => l.promotion === 'queen') || moves[0];
  if (!move) return false;
  play(move.action);
  return true;
}

export function touch(cell) {
  const b = state.board;
  if (!b || cell === null || state.browsing !== null) return;
  // Nothing is played before every seat is taken: nothing to light.
  if (waiting()) return;
  if (b.legal.length === 0 && state.mine.length > 0 && !b.result && b.to_move.length > 0) return choosePremove(cell);
  if (state.dropping) {
    const drop = b.legal.find((l) => l.drop === state.dropping && l.from === cell && l.to === cell);
    if (drop) return play(drop.action);
    state.dropping = null;
  }
  if (state.landed) {
    const { from, to } = state.landed;
    state.landed = null;
    const second = b.legal.find((l) => l.from === from && l.to === to && l.then === cell);
    if (second) return play(second.action);
  }
  const to = b.legal.filter((l) => l.from === state.picked && l.to === cell && state.picked !== null);
  if (to.length === 1) return play(to[0].action);
  // Moves that land here and differ by a second cell: it is picked next, lit.
  if (to.length > 1 && to.every((l) => l.then !== undefined)) {
    state.landed = { from: state.picked, to: cell };
    state.picked = null;
    return draw();
  }
  if (to.length > 1) {
    $('choice').replaceChildren(...to.map((l) => {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = l.promotion ? pieceName(l.promotion) : l.action;
      button.onclick = () => play(l.action);
      return button;
    }));
    // Asked by keys or by a click, the first piece offered has the focus.
    $('choice').firstChild.focus();
    return;
  }
  // Where every action puts a piece down and only one fits the cell (Reversi's discs),
  // one click puts it there.
  const placed = b.legal.filter((l) => l.from === cell && l.to === cell);
  const onlyPlacing = b.legal.every((l) => l.from === l.to);
  if (placed.length === 1 && onlyPlacing) return play(placed[0].action);
  const before = state.picked;
  state.picked = b.legal.some((l) => l.from === cell && l.to !== cell) ? cell : null;
  state.culprit = null;
  $('refusal').textContent = '';
  // Nothing to pick or reach here: the rules say why, as in the app.
  if (state.picked === null && b.to_move.some((s) => state.mine.includes(s))) {
    const sides = state.mine.map((i) => b.sides[i]);
    const own = b.pieces.some((p) => p.cell === cell && sides.includes(p.side));
    send('why', before === null || own ? { code: state.code, from: cell } : { code: state.code, from: before, to: cell });
  }
  draw();
}

let pressed = null;
$('board').addEventListener('pointerdown', (e) => {
  state.aim = aimFrom(e);
  if (state.aim) {
    $('board').setPointerCapture(e.pointerId);
    return;
  }
  // Chapayev's checkers are aimed, never picked.
  if (state.board && state.board.pieces.some((p) => p.at)) return;
  pressed = cellAt(e.clientX, e.clientY);
  if (pressed !== state.picked) touch(pressed);
  else pressed = null;
});
$('board').addEventListener('pointermove', (e) => {
  if (!state.aim) return;
  state.aim.to = boardPoint(e);
  draw();
});
$('board').addEventListener('pointerup', (e) => {
  if (state.aim) {
    const { angle, strength } = aimed(state.aim);
    const id = state.aim.id;
    state.aim = null;
    draw();
    if (strength > 0.02) play(`flick ${id} th=${angle.toFixed(4)} s=${strength.toFixed(4)} e=0.0000`);
    return;
  }
  const cell = cellAt(e.clientX, e.clientY);
  if (pressed === null && cell === state.picked) state.picked = null, draw();
  else if (cell !== null && cell !== pressed && state.picked !== null) touch(cell);
  pressed = null;
});
