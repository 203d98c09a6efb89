// A match's page beside the board: its seats and clocks, the result, the questions
// asked of this player, the chat, the buttons and the rules.
import { $, saved, show, state } from './state.js';
import { MOST_CHAT, bdi, fits, lang, say, sayNodes, w } from './words.js';
import { send } from './connection.js';
import { actionEvents, browse, moves } from './moves.js';
import { play } from './input.js';
import { sayResult } from './speech.js';

// Takes the seats kept here for `code`, else an open seat, else watches.
export function enter(code) {
  state.code = code;
  state.events = [];
  state.geometry = null;
  state.turn = undefined;
  state.half = undefined;
  state.mine = [];
  show('match');
  $('link').value = `${location.origin}/${code}`;
  // The seats' names by place (White, Black; bughouse's board and colour).
  if (!state.games) send('games');
  const keys = saved.seats(code);
  if (keys.length) for (const k of keys) send('sit', { code, secret: k.secret });
  else state.joining = send('join', { code, name: saved.name() });
}

export function changed() {
  state.clocksAt = performance.now();
  moves();
  chat();
  seats();
  view();
}

// The game's rules page, as the app words it, in the page's language: headings and
// paragraphs put on the page as text.
export async function rulesPage(game) {
  let page;
  try {
    page = await (await fetch(`/rules/${game}/${lang()}`)).json();
  } catch {
    return;
  }
  $('rules-text').replaceChildren(...page.sections.flatMap((s) => {
    const h = document.createElement('h3');
    h.textContent = s.heading;
    const p = document.createElement('p');
    p.textContent = s.text;
    return [h, p];
  }));
}

export function view() {
  send('view', { code: state.code, geometry: !state.geometry });
}

function chat() {
  const names = state.listing ? state.listing.seats : [];
  $('chat').replaceChildren(...state.events.filter((e) => e.kind === 'said').map((e) => {
    const li = document.createElement('li');
    li.append(names[e.seat] ? seatName(names[e.seat]) : bdi(String(e.seat + 1)), ': ', bdi(e.text));
    return li;
  }));
}

function lastClocks() {
  for (let i = state.events.length - 1; i >= 0; i--) {
    const e = state.events[i];
    if (e.clocks) return e.clocks;
  }
  return null;
}

function clockText(ms) {
  const s = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

// A seat's player as the page names them: the name they gave, isolated; the server's
// computer by the level the listing gives (the match's); an open seat as open.
export function seatName(s, listing = state.listing) {
  if (s.plan === 'computer') {
    const level = s.level || (listing && listing.level);
    return level
      ? say('web-computer-level', 'Computer, {level}', { level: w(`level-${level}`, level) })
      : w('web-computer', 'Computer');
  }
  if (s.name) return bdi(s.name);
  return s.taken ? '?' : w('web-open-seat', 'open');
}

// Whether a seat of the match is still open: nothing is played until every one is
// taken, so nothing is lit.
export function waiting() {
  return !!state.listing && state.listing.seats.some((s) => !s.taken);
}

// The result in words, as the app says it: who won (by name where one seat holds the
// winning army; bughouse's team) and why, from the protocol's `1-0 (checkmate)`.
function resultWords(result) {
  const read = /^(\S+) \((.+)\)$/.exec(result);
  if (!read) return [result];
  const [, token, why] = read;
  const reason = w(`reason-${why}`, why);
  const parts = token.split('-');
  const winner = parts.indexOf('1');
  if (winner < 0) return [`${w('result-draw', 'Draw')}: ${reason}`];
  if (state.listing.game === 'bughouse') {
    const team = w(`team-bughouse-${winner + 1}`, `Team ${winner + 1}`);
    return [...sayNodes('result-team-wins', '{team} wins', { team }), `: ${reason}`];
  }
  const side = ['white', 'black', 'red'][winner];
  const colour = w(`side-${side}`, side);
  const held = (state.board ? state.board.sides : []).flatMap((s, i) => (s === side ? [i] : []));
  const seat = held.length === 1 && state.listing.seats[held[0]];
  const who = seat && (seat.name || seat.plan === 'computer') ? [seatName(seat), ` (${colour})`] : [colour];
  return [...sayNodes('result-wins', '{side} wins', { side: who }), `: ${reason}`];
}

export function seats() {
  if (!state.listing) return;
  const clocks = lastClocks();
  const onMove = state.board ? state.board.to_move : [];
  const running = actionEvents().length > 0;
  const game = state.games && state.games.find((g) => g.id === state.listing.game);
  $('seats').replaceChildren(...state.listing.seats.map((s, i) => {
    const li = document.createElement('li');
    const parts = [seatName(s)];
    // A seat's place: its army where seats are armies (after Chapayev's lot, the army
    // the lot gave it), else the game's name for it (bughouse's board and colour).
    const side = state.board && state.board.sides[i];
    const place = side && state.listing.seats.length <= 3 ? w(`side-${side}`, side)
      : game && w(`seat-${state.listing.game}-${i}`, game.seats[i]);
    if (place) parts.push(` · ${place}`);
    if (state.mine.includes(i)) parts.push(` (${w('web-you', 'you')})`);
    if (clocks && clocks[i] !== undefined) {
      const spent = running && onMove.includes(i) ? performance.now() - state.clocksAt : 0;
      parts.push(' ' + clockText(clocks[i] - spent));
    }
    li.replaceChildren(...parts);
    li.classList.toggle('on-move', onMove.includes(i));
    li.classList.toggle('away', !s.connected);
    return li;
  }));
  const result = (state.board && state.board.result) || '';
  $('result').replaceChildren(...(result ? resultWords(result) : []));
  $('result').dataset.result = result;
  sayResult($('result').textContent);
  // A player's buttons for a player in a match going on; a spectator is told they
  // watch, and has no buttons and no chat.
  const mine = state.mine.length > 0;
  const open = waiting();
  // A player of chess for three who resigned is out while the others play on.
  const out = state.events.some((e) => e.kind === 'action' && e.action === 'resign' && state.mine.includes(e.seat));
  for (const id of ['resign', 'draw', 'takeback']) $(id).hidden = !mine || !!result || open || out;
  // Resigning and offering a draw are the seat's on move (the server refuses them
  // otherwise): the buttons wait for the turn.
  const moving = onMove.some((s) => state.mine.includes(s));
  $('resign').disabled = !moving;
  $('draw').disabled = !moving;
  $('rematch').hidden = !result || !mine;
  $('chat-form').hidden = !mine;
  $('watching').hidden = mine || !state.board;
  $('waiting').hidden = !(mine && open && !result);
  question();
}

// What waits for this player's answer: a takeback another player asked for, or a
// draw offered by another; the last event says it.
function question() {
  const last = state.events.at(-1);
  const theirs = last && !state.mine.includes(last.seat) && state.mine.length > 0;
  const over = state.board && state.board.result;
  let asked = null;
  if (theirs && !over && last.kind === 'takeback-asked') asked = ['takeback', w('web-takeback-asked', 'A takeback is asked.')];
  if (theirs && !over && last.kind === 'action' && last.action.endsWith('draw-offer')) asked = ['draw', w('web-draw-offered', 'A draw is offered.')];
  $('question').hidden = !asked;
  if (!asked) return;
  $('asked').textContent = asked[1];
  $('yes').onclick = () => (asked[0] === 'takeback'
    ? send('takeback-answer', { code: state.code, accept: true })
    : play('draw-accept'));
  $('no').onclick = () => {
    if (asked[0] === 'takeback') send('takeback-answer', { code: state.code, accept: false });
    $('question').hidden = true;
  };
}
setInterval(() => { if (state.board && !state.board.result) seats(); }, 250);

$('resign').onclick = () => play('resign');
$('draw').onclick = () => play('draw-offer');
$('takeback').onclick = () => send('takeback', { code: state.code });
$('rematch').onclick = () => send('rematch', { code: state.code });
$('live').onclick = () => browse(null);
$('copy').onclick = () => navigator.clipboard && navigator.clipboard.writeText($('link').value);
$('chat-form').onsubmit = (e) => {
  e.preventDefault();
  const text = $('say').value.trim();
  $('chat-refusal').textContent = '';
  if (!text) return;
  // Too long a line stays in the box, with the limit said.
  if (!fits(text, MOST_CHAT, 'web-chat-too-long',
    'A line of chat holds at most {most} bytes (a Latin letter takes one, a Cyrillic letter two, an emoji four); this one takes {has}.',
    $('chat-refusal'))) return;
  send('say', { code: state.code, text });
  $('say').value = '';
};
