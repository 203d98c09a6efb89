// The match's moves: the list, each move as the page's language reads it, and the
// board as it stood after one.
import { $, state } from './state.js';
import { lang, say, w } from './words.js';
import { send } from './connection.js';
import { draw } from './board.js';

export function actionEvents() {
  return state.events.filter((e) => e.kind === 'action');
}

// The words every game shares, as the app's move list says them.
const DECISIONS = {
  resign: ['action-resign', '(resigns)'],
  'draw-offer': ['action-offer-draw', '(draw offered)'],
  'draw-accept': ['action-accept-draw', '(draw agreed)'],
  'draw-claim': ['action-claim-draw', '(draw claimed)'],
};

// The games written in SAN, whose piece letters a Russian or Ukrainian reader reads in
// their own alphabet, as the app's move list writes them: Кр, Ф, Л (Ukrainian Т), С,
// К, and 100-cell chess's jester Ш and general Г. Bughouse's label (`1B. `) names a
// board, not a bishop.
export const SAN = ['chess', 'chess100', 'transforming', 'maharajah', 'double-move', 'dice-chess',
  'everyone-moves', 'appearing', 'swedish', 'shashmaty', 'bughouse'];
export function pieceLetters(san) {
  const l = lang();
  if (l === 'en') return san;
  const letters = { K: 'Кр', Q: 'Ф', R: l === 'uk' ? 'Т' : 'Л', B: 'С', N: 'К', J: 'Ш', G: 'Г' };
  const label = /^\d+[A-Za-z]\. /.exec(san);
  const head = label ? label[0] : '';
  return head + san.slice(head.length).replace(/[KQRBNJG]/g, (c) => letters[c]);
}

// How an action reads in the move list, in the page's language: the shared words,
// the pie rule's swap, Chapayev's shots and lot as the app words them, else the
// game's notation.
export function actionWords(action) {
  if (DECISIONS[action]) return w(...DECISIONS[action]);
  if (action === 'swap') return w('action-swap', 'swap');
  const claim = / draw-claim$/.exec(action);
  if (claim) return `${actionWords(action.slice(0, claim.index))} ${w(...DECISIONS['draw-claim'])}`;
  if (SAN.includes(state.listing && state.listing.game)) return pieceLetters(action);
  if (state.listing && state.listing.game === 'chapayev') {
    let m = /^(flick|poke) (\S+)/.exec(action);
    if (m) return say(`moved-${m[1]}`, `{id} ${m[1]}s.`, { id: m[2] });
    m = /^scissors (\S+),(\S+) E=(\S+)/.exec(action);
    if (m) return say('moved-scissors', '{a} and {b} squeeze {target}.', { a: m[1], b: m[2], target: m[3] });
    m = /^lot white=(\d+)/.exec(action);
    if (m) return say('table-lot', 'By lot, seat {seat} plays White.', { seat: m[1] });
  }
  return action;
}

// The move list, numbered as the game's notation numbers it: a number for each turn of
// the first army (White; Black in Reversi, as its rules say), `1...` where another
// moves first; a turn of several moves
// joined by commas (double-move and everyone-moves chess), a roll beside its move.
// Bughouse's notation carries its own numbers and Chapayev's shots are not counted. A
// click on a move shows the board as it stood after it, until the player goes back
// to the game.
export function moves() {
  const all = actionEvents();
  const game = state.listing && state.listing.game;
  const sides = state.board ? state.board.sides : [];
  const numbered = game !== 'bughouse' && game !== 'chapayev';
  const first = game === 'reversi' ? 'black' : 'white';
  let number = 0;
  let turnOf = null;
  let previous = null;
  const items = [];
  all.forEach((e, i) => {
    // The end of a turn of several moves is where its moves end.
    if (game === 'everyone-moves' && e.action === 'end') return;
    const li = document.createElement('li');
    const decision = DECISIONS[e.action] !== undefined;
    li.classList.toggle('decision', decision);
    if (!decision) {
      if (e.seat !== turnOf) {
        if (numbered && sides[e.seat] === first) li.dataset.number = `${++number}.`;
        else if (numbered && number === 0) li.dataset.number = `${++number}...`;
      } else if (previous && !previous.chance && !e.chance) {
        items.at(-1).append(',');
      }
      turnOf = e.seat;
      previous = e;
    }
    if (li.dataset.number) {
      const n = document.createElement('span');
      n.className = 'number';
      n.textContent = li.dataset.number;
      li.append(n, ' ');
    }
    li.append(actionWords(e.action));
    li.dataset.at = i + 1;
    li.classList.toggle('browsed', state.browsing === i + 1);
    li.onclick = () => browse(i + 1 === all.length ? null : i + 1);
    items.push(li);
  });
  $('moves').replaceChildren(...items);
  if (state.browsing === null) $('moves').scrollTop = 1e9;
}

export function browse(at) {
  state.browsing = at;
  state.shown = null;
  state.picked = null;
  $('live').hidden = at === null;
  if (at === null) draw();
  else state.browseId = send('view', { code: state.code, at });
  moves();
}
