// The connection to the server: one WebSocket, the requests sent on it, and what the
// page does with each message heard. A lost connection comes back by itself, as
// does one sent to the match's server or told to wait for the store.
import { $, saved, show, state } from './state.js';
import { lang, w } from './words.js';
import { list, offer, start } from './lobby.js';
import { changed, enter, rulesPage, seats, view } from './match.js';
import { actionEvents, moves } from './moves.js';
import { draw } from './board.js';
import { animate } from './chapayev.js';
import { playPremove } from './input.js';
import { hearSound } from './sound.js';
import { announce } from './speech.js';

const CODE = /^[A-Za-z0-9]{6}$/;

let ws;
// Request ids: the server answers an action sent again under an id the seat has used
// (a resend after a lost connection) with the first one's acknowledgement, so ids
// must never repeat for a seat, across reloads and tabs. Each page load counts from
// its own random start, a multiple of 2^20 below 2^52: JSON keeps such numbers exact,
// and two loads share a range once in four billion.
let nextId = crypto.getRandomValues(new Uint32Array(1))[0] * 2 ** 20 + 1;

export function send(type, fields = {}) {
  const id = nextId++;
  if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type, id, ...fields }));
  return id;
}

export function codeInPath() {
  const c = location.pathname.slice(1);
  return CODE.test(c) ? c.toUpperCase() : null;
}

// The server another one said plays the match (its error `elsewhere`): the next
// connection asks the proxy for it by name.
let sentTo = null;

// A match's socket is at its own address, `/CODE`, so that a proxy in front of several
// servers sends it to the match's server.
export function connect(delay = 1000) {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  const code = state.code || codeInPath();
  const path = code ? `/${code}${sentTo ? `?server=${encodeURIComponent(sentTo)}` : ''}` : '/';
  ws = new WebSocket(`${scheme}://${location.host}${path}`);
  $('status').textContent = w('web-connecting', 'connecting…');
  ws.onmessage = (e) => hear(JSON.parse(e.data));
  ws.onclose = () => {
    $('status').textContent = w('web-lost', 'connection lost, coming back…');
    setTimeout(connect, delay);
  };
}

function hear(m) {
  switch (m.type) {
    case 'welcome':
      $('status').textContent = '';
      send('hello', { version: 1, lang: lang() });
      start();
      break;
    case 'games':
      offer(m);
      return seats();
    case 'lobby': return list(m.matches);
    case 'created':
    case 'seated':
      saved.keep(m.code, m.seats);
      state.mine = [...new Set(state.mine.concat(m.seats.map((k) => k.seat)))];
      if (location.pathname !== '/' + m.code) history.pushState(null, '', '/' + m.code);
      if (m.type === 'created') {
        Object.assign(state, { code: m.code, events: [], geometry: null, turn: undefined, half: undefined });
        show('match');
        $('link').value = `${location.origin}/${m.code}`;
      }
      return view();
    case 'snapshot':
      if (m.code !== state.code) return;
      if (!state.listing || state.listing.game !== m.game) rulesPage(m.game);
      state.listing = m;
      state.events = m.events;
      return changed();
    case 'missed':
      if (m.code !== state.code) return;
      state.events = state.events.concat(m.events);
      return changed();
    case 'event':
      if (m.code !== state.code) return;
      state.events.push(m.event);
      announce(m.event);
      // A rematch: the same secrets open the new match's seats.
      if (m.event.kind === 'rematch' && state.mine.length > 0) {
        saved.keep(m.event.code, saved.seats(state.code));
        history.pushState(null, '', '/' + m.event.code);
        return enter(m.event.code);
      }
      if (m.event.kind === 'seated' && state.listing) {
        const seat = state.listing.seats[m.event.seat];
        if (seat) { seat.taken = true; seat.name = m.event.name; seat.connected = true; }
      }
      return changed();
    case 'presence':
      if (state.listing && state.listing.seats[m.seat]) state.listing.seats[m.seat].connected = m.connected;
      return seats();
    case 'view':
      if (m.code !== state.code) return;
      if (m.geometry) state.geometry = m.geometry;
      if (m.id === state.browseId) {
        state.shown = { hands: [], ...m.board };
        return draw();
      }
      if (state.board && actionEvents().length !== state.filmed) {
        if (m.board.film) animate(m.board.film);
        if (m.board.sound) hearSound(m.board.sound);
      }
      state.filmed = actionEvents().length;
      state.board = { hands: [], shooters: [], ...m.board };
      if (playPremove()) return;
      moves();
      return draw();
    case 'why':
      if (m.code !== state.code) return;
      $('refusal').textContent = m.text;
      state.culprit = m.culprit;
      return draw();
    case 'error':
      if (m.error === 'elsewhere') {
        // Another server plays the match: go there at once.
        sentTo = m.server;
        ws.onclose = () => connect();
        ws.close();
        return;
      }
      if (m.error === 'unavailable' && state.code) {
        // The server cannot reach its store and did nothing: come back in a moment,
        // sit again and hear the match as it is stored.
        $('refusal').textContent = m.message;
        ws.onclose = () => connect(2000);
        ws.close();
        return;
      }
      if (m.id === state.joining) {
        state.joining = null;
        send('watch', { code: state.code });
        return;
      }
      $('refusal').textContent = m.message;
      $('lobby-refusal').textContent = m.message;
      break;
  }
}
