// Moves in words and moves by typing: a polite live region that says each move as it
// is played and the result, in the page's language; the move box, which takes a move
// as the game's notation writes it (lenient on case and on check marks), offers the
// legal ones as one types, says why one is not legal, and answers commands as
// lichess's blind mode does: `c` the clocks, `l` the last move, `p N` where a kind of
// piece stands, `s e` what stands on a file.
import { $, state } from './state.js';
import { bdi, say, sayNodes, w } from './words.js';
import { send } from './connection.js';
import { SAN, actionEvents, actionWords, pieceLetters as pieceLettersOf } from './moves.js';
import { play, touch } from './input.js';
import { cellName, pieceName, pieceWords } from './keyboard.js';

// Says `text` in the live region (after what it says already, with `add`).
export function speak(text, add = false) {
  const region = $('spoken');
  region.textContent = add && region.textContent ? `${region.textContent} ${text}` : text;
}

const LETTERS = { K: 'king', Q: 'queen', R: 'rook', B: 'bishop', N: 'knight', P: 'pawn', J: 'jester', G: 'general', M: 'maharajah' };

// A move of the games written in SAN in words: `Bxf7+` is "Bishop takes f7, check".
function sanWords(san) {
  const tokens = san.match(/^\d+[A-Za-z]\. |O-O-O|O-O|[A-Z](?=[a-z@x]|\d)|=[A-Z]|[a-z]\d+|\+\+|[-x@=+#]|[^-x@=+#]+?(?=[-x@=+#]|$)/g) || [san];
  const out = [];
  for (const t of tokens) {
    const board = /^\d+([A-Za-z])\. $/.exec(t);
    if (board) out.push(`${say('web-board', 'Board {board}', { board: board[1] })}:`);
    else if (t === 'O-O-O') out.push(w('web-castles-long', 'castles long'));
    else if (t === 'O-O') out.push(w('web-castles-short', 'castles short'));
    else if (LETTERS[t]) out.push(pieceName(LETTERS[t]));
    else if (/^=[A-Z]$/.test(t)) out.push(w('web-becomes', 'becomes'), pieceName(LETTERS[t[1]] || t[1]));
    else if (t === 'x') out.push(w('web-takes', 'takes'));
    else if (t === '@') out.push(w('web-put-on', 'put on'));
    else if (t === '+' || t === '++') out.push(`, ${w('web-check', 'check')}`);
    else if (t === '#') out.push(`, ${w('web-checkmate', 'checkmate')}`);
    else if (t !== '-') out.push(t.trim());
  }
  return out.filter(Boolean).join(' ').replaceAll(' ,', ',');
}

// A move of the games not written in SAN in words, from the notation the server
// wrote it in: a draughts' step `c3-c4` "c3 to c4", its captures `c3:c5:e5` "c3 takes:
// c5, e5", Corners' jumps, Reversi's disc `d3` "a disc on d3", a pass, and chess for
// three's `NWP2-WS3` "Knight WP2 to WS3" and `QWT1:BV7` "Queen WT1 takes BV7". Else
// nothing (the notation as it is).
const TRI = /^([KQRBN]?)([WBR][A-Z]\d+)([-:])([WBR][A-Z]\d+)$/;
function notationWords(game, move) {
  if (move === '--') return w('web-said-pass', 'passes');
  if (game === 'reversi' && /^[a-h]\d$/.test(move)) return say('web-said-disc', 'a disc on {cell}', { cell: move });
  if (game === 'tri-chess') {
    if (move === '0-0') return w('web-castles-short', 'castles short');
    if (move === '0-0-0') return w('web-castles-long', 'castles long');
    const m = TRI.exec(move);
    if (!m) return null;
    const [, letter, from, how, to] = m;
    const piece = pieceName(LETTERS[letter || 'P']);
    return how === ':' ? say('web-said-piece-takes', '{piece} {from} takes {to}', { piece, from, to })
      : say('web-said-piece-step', '{piece} {from} to {to}', { piece, from, to });
  }
  // A man crowned on the last row: `c7-c8K`.
  const crowned = /^[a-z]\d+[-:][a-z0-9:]+K$/.test(move);
  const bare = crowned ? move.slice(0, -1) : move;
  const then = crowned ? `, ${w('web-said-crowned', 'crowned')}` : '';
  const step = /^([a-z]\d+)-([a-z]\d+)$/.exec(bare);
  if (step) return say('web-said-step', '{from} to {to}', { from: step[1], to: step[2] }) + then;
  if (/^[a-z]\d+(:[a-z]\d+)+$/.test(bare)) {
    const [from, ...path] = bare.split(':');
    // Corners' and epsilon's chains jump over pieces and take none.
    const takes = !['corners', 'epsilon64'].includes(game);
    return (takes ? say('web-said-captures', '{from} takes: {path}', { from, path: path.join(', ') })
      : say('web-said-jumps', '{from} jumps: {path}', { from, path: path.join(', ') })) + then;
  }
  return null;
}

// A move as the live region says it: who played it, then the move in words.
export function moveSpoken(e) {
  const game = state.listing && state.listing.game;
  const side = state.board && state.board.sides[e.seat];
  const who = game === 'bughouse' ? w(`seat-bughouse-${e.seat}`, `${e.seat + 1}`)
    : side ? w(`side-${side}`, side) : `${e.seat + 1}`;
  const claim = / draw-claim$/.exec(e.action);
  const move = claim ? e.action.slice(0, claim.index) : e.action;
  const said = !SAN.includes(game) && notationWords(game, move);
  const words = said ? `${said}${claim ? ` ${w('action-claim-draw', '(draw claimed)')}` : ''}`
    : !SAN.includes(game) || actionWords(move) !== pieceLettersOf(move) ? actionWords(e.action)
      : `${sanWords(move)}${claim ? ` ${w('action-claim-draw', '(draw claimed)')}` : ''}`;
  return `${who}: ${words}`;
}

// Each move as it is heard (not the ones already played when the page opened).
export function announce(e) {
  if (e.kind === 'action' && !e.chance) speak(moveSpoken(e));
}

// The result, once, after the move that ended the match.
export function sayResult(text) {
  if (!text || state.saidResult === `${state.code} ${text}`) return;
  state.saidResult = `${state.code} ${text}`;
  speak(text, true);
}

// The legal moves offered as one types: every action that moves a piece, and the
// others (a swap, the end of a turn).
export function offer(b) {
  const actions = [...new Set(b.legal.map((l) => l.action).concat((b.others || []).map((o) => o.action)))];
  const list = $('legal-moves');
  if (list.dataset.actions === actions.join('\n')) return;
  list.dataset.actions = actions.join('\n');
  list.replaceChildren(...actions.map((a) => {
    const o = document.createElement('option');
    o.value = a;
    return o;
  }));
}

// The text as compared: no check marks or annotation, no spaces at the ends.
const bare = (s) => s.trim().replace(/[+#!?]+$/, '').replace(/\s+/g, ' ');
// The reader's piece letters (Кf3) read as the notation's (Nf3).
const LATIN = { Кр: 'K', Ф: 'Q', Л: 'R', Т: 'R', С: 'B', К: 'N', Ш: 'J', Г: 'G' };
const latin = (s) => s.replace(/Кр|[ФЛТСКШГ]/g, (c) => LATIN[c]);

function cellsNamed(name) {
  const g = state.geometry;
  const n = name.toLowerCase();
  return g ? g.cells.flatMap((c, i) => (c.name.toLowerCase() === n || cellName(i).toLowerCase() === n ? [i] : [])) : [];
}

// The move the text names among the legal ones: the same text, else the same but for
// case; each also without bughouse's board label (`P@e6` for `1b. P@e6`), as the
// server takes a bare move from a seat.
const unlabelled = (s) => s.replace(/^\d*[A-Za-z]\.\s*/, '');
function typedMove(text, b) {
  const actions = [...new Set(b.legal.map((l) => l.action).concat((b.others || []).map((o) => o.action)))];
  const typed = bare(latin(text));
  for (const same of [(a) => a === typed, (a) => a.toLowerCase() === typed.toLowerCase()]) {
    for (const read of [bare, (a) => unlabelled(bare(a))]) {
      const found = actions.filter((a) => same(read(a)));
      if (found.length) return found;
    }
  }
  return [];
}

function refuse(nodes) {
  $('refusal').replaceChildren(...nodes);
}

// Plays or answers the typed text; whether it is done with (else it stays in the box,
// the reason said).
function typed(text) {
  const b = state.board;
  if (!b || !state.geometry) return false;
  if (command(text)) return true;
  const found = typedMove(text, b);
  if (found.length === 1) return play(found[0]) || true;
  if (found.length > 1) return refuse(sayNodes('web-move-which', 'Which one: {moves}?', { moves: found.join(', ') }));
  // Two cells, `e2e4` or `e2-e4`: the same as a click on each, so a promotion asks for
  // its piece and an illegal pair is told why by the rules.
  const pair = /^([a-z]*\s?[a-z]+\d+)\s*[-x:\s]?\s*([a-z]+\d+)$/i.exec(text.trim());
  const mine = b.to_move.some((s) => state.mine.includes(s));
  if (pair && mine) {
    const from = cellsNamed(pair[1]);
    const to = cellsNamed(pair[2]);
    if (from.length === 1 && to.length === 1) {
      if (b.legal.some((l) => l.from === from[0] && l.to === to[0])) {
        state.picked = null;
        touch(from[0]);
        if (state.picked === from[0]) touch(to[0]);
        return true;
      }
      return send('why', { code: state.code, from: from[0], to: to[0] });
    }
  }
  // A move in the notation that is not legal: where one piece of that kind could be
  // the one meant, the rules say why it may not go there.
  const san = /^([A-Z]?)([a-z]?)x?([a-z]+\d+)/.exec(latin(bare(text)));
  if (san && mine) {
    const to = cellsNamed(san[3]);
    const sides = state.mine.map((i) => b.sides[i]);
    const kind = san[1] ? LETTERS[san[1]] : 'pawn';
    const ours = b.pieces.filter((p) => sides.includes(p.side) && p.kind === kind
      && (san[1] || !san[2] || state.geometry.cells[p.cell].name.startsWith(san[2])));
    if (to.length === 1 && ours.length === 1) return send('why', { code: state.code, from: ours[0].cell, to: to[0] });
  }
  refuse(mine ? sayNodes('web-move-unknown', '{move} is not a legal move here.', { move: bdi(text) })
    : [w('web-move-not-now', 'It is not your move.')]);
}

// lichess's blind mode's commands: the clocks, the last move, where a kind of piece
// stands, what stands on a file.
function command(text) {
  const b = state.board;
  const t = text.trim();
  if (/^c$/i.test(t)) {
    speak([...$('seats').children].map((li) => li.textContent).join('; '));
    return true;
  }
  if (/^l$/i.test(t)) {
    const last = actionEvents().filter((e) => !e.chance).at(-1);
    speak(last ? moveSpoken(last) : w('web-no-moves', 'No move has been played yet.'));
    return true;
  }
  const p = /^p\s+(\S+)$/i.exec(t);
  if (p) {
    const asked = latin(p[1]);
    const kind = LETTERS[asked.toUpperCase()] || Object.values(LETTERS).find((k) => pieceName(k).toLowerCase().startsWith(p[1].toLowerCase()));
    const where = b.pieces.filter((q) => q.kind === kind && q.cell !== undefined);
    speak(where.length ? where.map((q) => `${pieceWords(q)}: ${cellName(q.cell)}`).join('; ')
      : say('web-none-of', 'None: {piece}', { piece: kind ? pieceName(kind) : p[1] }));
    return true;
  }
  const s = /^s\s+([a-z])$/i.exec(t);
  if (s) {
    const file = s[1].toLowerCase();
    const cells = state.geometry.cells.flatMap((c, i) => (new RegExp(`^${file}\\d+$`).test(c.name) ? [i] : []));
    const on = cells.flatMap((i) => b.pieces.filter((q) => q.cell === i && !q.at).map((q) => `${cellName(i)} ${pieceWords(q)}`));
    speak(on.length ? on.join('; ') : w('web-file-empty', 'Nothing stands there.'));
    return true;
  }
  return false;
}

$('move-form').onsubmit = (e) => {
  e.preventDefault();
  const text = $('move-box').value;
  $('refusal').textContent = '';
  if (!text.trim()) return;
  if (typed(text)) $('move-box').value = '';
};
