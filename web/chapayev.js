// Chapayev: press on a checker of one's own and drag the way it should go, further
// for a harder flick; release to shoot. The server simulates the shot and sends it
// back frame by frame, played here at its real speed (or shown at its end where the
// system asks for less motion).
import { $, state } from './state.js';
import { SVG, draw } from './board.js';
import { lessMotion } from './looks.js';

export const DISC = 0.725; // a checker's diameter: 29 mm on a 40 mm square
export const FULL_DRAG = 3.75; // a drag this long (150 mm) is a flick at full strength

export function boardPoint(e) {
  const root = $('board').firstChild;
  const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(root.getScreenCTM().inverse());
  return [p.x, p.y];
}

export function aimFrom(e) {
  const b = state.board;
  if (!b || !b.shooters.length || state.browsing !== null) return null;
  const [x, y] = boardPoint(e);
  const hit = b.pieces.find((p) => p.at && b.shooters.includes(p.id)
    && Math.hypot(p.at[0] - x, p.at[1] - y) <= DISC / 2);
  return hit ? { id: hit.id, from: hit.at, to: hit.at } : null;
}

export function aimed(aim) {
  const [dx, dy] = [aim.to[0] - aim.from[0], aim.to[1] - aim.from[1]];
  const angle = ((Math.atan2(dy, dx) * 180 / Math.PI) % 360 + 360) % 360;
  return { angle, strength: Math.min(1, Math.hypot(dx, dy) / FULL_DRAG) };
}

export function arrow(aim) {
  const line = document.createElementNS(SVG, 'line');
  const { strength } = aimed(aim);
  line.setAttribute('x1', aim.from[0]); line.setAttribute('y1', aim.from[1]);
  line.setAttribute('x2', aim.to[0]); line.setAttribute('y2', aim.to[1]);
  line.setAttribute('class', 'aim');
  line.style.strokeWidth = 0.08 + 0.12 * strength;
  return line;
}

// The checkers of one frame of the film, coloured as they were made.
export function filmed(b) {
  const kind = (b.pieces[0] || { kind: 'checker' }).kind;
  return state.frame.flatMap((at, i) => (at ? [{ at, side: i < 8 ? 'white' : 'black', kind, id: `${i < 8 ? 'W' : 'B'}${i % 8 + 1}` }] : []));
}

// Where the system asks for less motion, the shot shows at once as it ended.
export function animate(film) {
  if (lessMotion()) {
    state.frame = null;
    $('board').dataset.film = 'jumped';
    return;
  }
  const start = performance.now();
  $('board').dataset.playing = 'yes';
  $('board').dataset.film = 'played';
  const step = () => {
    const i = Math.floor((performance.now() - start) / (1000 / 30));
    state.frame = film[Math.min(i, film.length - 1)];
    draw();
    if (i < film.length) requestAnimationFrame(step);
    else {
      state.frame = null;
      $('board').dataset.playing = '';
      draw();
    }
  };
  requestAnimationFrame(step);
}
