// Doska in a browser: a thin client of `doska serve`. The server is the referee: it
// sends the board's cells once, then the pieces and the legal actions of the seats
// held here, so lighting a piece's moves needs no round trip. Names and chat are put
// on the page as text, never as markup. A seat's secret is kept in this browser's
// storage, never in the address, so a reload comes back to the seat.

const $ = (id) => document.getElementById(id);
const SVG = 'http://www.w3.org/2000/svg';
const CODE = /^[A-Za-z0-9]{6}$/;

const saved = {
  name: () => localStorage.getItem('doska-name') || '',
  setName: (n) => localStorage.setItem('doska-name', n),
  seats: (code) => JSON.parse(localStorage.getItem('doska-seats-' + code) || '[]'),
  keep(code, keys) {
    const all = saved.seats(code).filter((k) => !keys.some((n) => n.seat === k.seat || n.secret === k.secret));
    localStorage.setItem('doska-seats-' + code, JSON.stringify(all.concat(keys)));
  },
};

const state = {
  code: null, listing: null, events: [], geometry: null, board: null,
  picked: null, mine: [], joining: null, heard: 0, clocksAt: 0, browsing: null, shown: null,
};
let ws;
// Request ids: the server answers an action sent again under an id the seat has used
// (a resend after a lost connection) with the first one's acknowledgement, so ids
// must never repeat for a seat, across reloads and tabs. Each page load counts from
// its own random start, a multiple of 2^20 below 2^52: JSON keeps such numbers exact,
// and two loads share a range once in four billion.
let nextId = crypto.getRandomValues(new Uint32Array(1))[0] * 2 ** 20 + 1;

// The protocol's limits on what a player types, in bytes of UTF-8: a name (a text
// field) and a line of chat. Longer text is refused here, saying so, never sent.
const MOST_NAME = 256;
const MOST_CHAT = 500;
const bytes = (text) => new TextEncoder().encode(text).length;

// The page's words in the browser's language, from the server (the app's own
// translations); English, as the page is written, until they come.
let words = {};
const w = (key, english) => words[key] || english;
// A sentence with its arguments (`{side}` in the text) put in.
const say = (key, english, args) => Object.entries(args)
  .reduce((text, [k, v]) => text.replaceAll(`{${k}}`, v), w(key, english));
// The same as nodes, where an argument may be nodes: a player's name, isolated.
function sayNodes(key, english, args) {
  return w(key, english).split(/(\{[a-z]+\})/).flatMap((part) => {
    const arg = /^\{([a-z]+)\}$/.exec(part);
    return arg && arg[1] in args ? [args[arg[1]]].flat() : part ? [part] : [];
  });
}
// Text a person typed (a name, a line of chat), isolated from the text round it, so
// that a right-to-left mark in it turns nothing else.
function bdi(text) {
  const b = document.createElement('bdi');
  b.textContent = text;
  return b;
}
// Refuses `text` longer than `most` bytes, saying so in `where`; whether it fits.
function fits(text, most, key, english, where) {
  const has = bytes(text);
  if (has <= most) return true;
  where.textContent = say(key, english, { most, has });
  return false;
}
async function loadWords() {
  try {
    words = await (await fetch(`/words/${lang()}`)).json();
  } catch {
    return;
  }
  document.documentElement.lang = lang();
  for (const el of document.querySelectorAll('[data-word]')) el.textContent = w(el.dataset.word, el.textContent);
  // Controls with no text of their own are named for screen readers.
  for (const el of document.querySelectorAll('[data-label]')) el.setAttribute('aria-label', w(el.dataset.label, el.getAttribute('aria-label')));
}

function send(type, fields = {}) {
  const id = nextId++;
  if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type, id, ...fields }));
  return id;
}

function show(screen) {
  for (const s of ['name-screen', 'lobby', 'match']) $(s).hidden = s !== screen;
}

function codeInPath() {
  const c = location.pathname.slice(1);
  return CODE.test(c) ? c.toUpperCase() : null;
}

// The server another one said plays the match (its error `elsewhere`): the next
// connection asks the proxy for it by name.
let sentTo = null;

// A match's socket is at its own address, `/CODE`, so that a proxy in front of several
// servers sends it to the match's server.
function connect(delay = 1000) {
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

function lang() {
  const l = (navigator.language || 'en').slice(0, 2);
  return ['ru', 'uk'].includes(l) ? l : 'en';
}

function start() {
  state.code = codeInPath();
  if (!saved.name() || !nameFits(saved.name())) {
    $('name').value = saved.name();
    show('name-screen');
    return;
  }
  if (state.code) enter(state.code);
  else {
    show('lobby');
    send('games');
    send('list');
  }
}

// Takes the seats kept here for `code`, else an open seat, else watches.
function enter(code) {
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

// The app's sounds of play, fetched the first time each is heard; switched off and on
// by the header's Sound box, remembered in this browser.
const sounds = {};
function hearSound(name) {
  if (localStorage.getItem('doska-muted') === 'yes') return;
  sounds[name] = sounds[name] || new Audio(`/sounds/${name}.wav`);
  sounds[name].currentTime = 0;
  sounds[name].play().then(() => { document.body.dataset.heard = name; }, () => {});
}
$('sound').checked = localStorage.getItem('doska-muted') !== 'yes';
$('sound').onchange = () => localStorage.setItem('doska-muted', $('sound').checked ? 'no' : 'yes');

function changed() {
  state.clocksAt = performance.now();
  moves();
  chat();
  seats();
  view();
}

// The game's rules page, as the app words it, in the page's language: headings and
// paragraphs put on the page as text.
async function rulesPage(game) {
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

function view() {
  send('view', { code: state.code, geometry: !state.geometry });
}

// The lobby.
function offer(m) {
  state.games = m.games;
  const game = $('game');
  game.replaceChildren(...m.games.map((g) => new Option(w(`game-${g.id}`, g.id), g.id)));
  const chosen = () => {
    const g = m.games.find((x) => x.id === game.value);
    const own = new Option(w('web-clock-own', 'My own time'), 'own');
    const timed = g.clocks.some((c) => c !== 'none');
    $('clock').replaceChildren(...g.clocks.map((c) => new Option(w(`clock-${c}`, c), c)), ...(timed ? [own] : []));
    $('own-clock').hidden = true;
    setUp(g);
  };
  game.onchange = chosen;
  $('clock').onchange = () => { $('own-clock').hidden = $('clock').value !== 'own'; };
  chosen();
}

// A labelled list in the create form.
function choice(parent, label, id, values, chosen) {
  const l = document.createElement('label');
  l.textContent = label;
  l.htmlFor = id;
  const select = document.createElement('select');
  select.id = id;
  select.replaceChildren(...values.map(([value, text]) => new Option(text, value, false, value === chosen)));
  parent.append(l, select);
  return select;
}

// Who takes each seat (this player the first, friends by the link, or the server's
// computer) and the game's house rules, each with its values as the app names them.
function setUp(g) {
  const plans = $('plans');
  plans.replaceChildren(plans.querySelector('legend'));
  const who = [['me', w('setup-plan-me', 'me')], ['open', w('setup-plan-open', 'a friend')], ['computer', w('setup-plan-computer', "the server's computer")]];
  g.seats.forEach((name, i) => choice(plans, name, `plan-${i}`, who, i === 0 ? 'me' : 'open'));
  choice(plans, w('web-level', "The computer's level"), 'level', ['easy', 'normal', 'hard'].map((l) => [l, w(`level-${l}`, l)]), 'normal');
  const rules = $('rules');
  rules.replaceChildren(rules.querySelector('legend'));
  rules.hidden = g.options.length === 0;
  for (const o of g.options) {
    const switched = o.values.length === 2 && o.values.includes('on') && o.values.includes('off');
    const values = o.values.map((v) => [v, switched ? w(`web-${v}`, v) : w(`opt-${o.id}-${v}`, v)]);
    choice(rules, w(`opt-${o.id}`, o.id), `rule-${o.id}`, values, o.default);
  }
}

function list(matches) {
  $('matches').replaceChildren(...matches.map((l) => {
    const li = document.createElement('li');
    const a = document.createElement('a');
    a.href = '/' + l.code;
    const names = l.seats.flatMap((s, i) => [...(i ? [' · '] : []), seatName(s, l)]);
    const open = l.seats.some((s) => !s.taken);
    a.append(`${w(`game-${l.game}`, l.game)}: `, ...names, ` (${open ? w('online-join', 'join') : w('online-watch', 'watch')})`);
    li.append(a);
    return li;
  }));
}

$('create-form').onsubmit = (e) => {
  e.preventDefault();
  if (!nameFits(saved.name())) {
    $('name').value = saved.name();
    return show('name-screen');
  }
  const g = state.games.find((x) => x.id === $('game').value);
  const seats = g.seats.map((_, i) => $(`plan-${i}`).value);
  const options = Object.fromEntries(g.options
    .map((o) => [o.id, $(`rule-${o.id}`).value])
    .filter(([id, v]) => v !== g.options.find((o) => o.id === id).default));
  // A time of one's own, spelt out: seconds each, plus seconds a move.
  const [base, plus] = [Math.round(Number($('minutes').value) * 60), Math.round(Number($('increment').value))];
  const clock = $('clock').value !== 'own' ? $('clock').value
    : plus > 0 ? `fischer:${base}+${plus}` : `sudden-death:${base}`;
  const level = seats.includes('computer') ? { level: $('level').value } : {};
  send('create', { game: g.id, seats, options, name: saved.name(), ...level, ...(clock === 'none' ? {} : { clock }) });
};

const nameFits = (name) => fits(name, MOST_NAME, 'web-name-too-long',
  'A name holds at most {most} bytes (a Latin letter takes one, a Cyrillic letter two, an emoji four); this one takes {has}.',
  $('name-refusal'));

$('name-form').onsubmit = (e) => {
  e.preventDefault();
  const name = $('name').value.trim();
  $('name-refusal').textContent = '';
  if (!nameFits(name)) return;
  saved.setName(name);
  start();
};

// The match.
function actionEvents() {
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
const SAN = ['chess', 'chess100', 'transforming', 'maharajah', 'double-move', 'dice-chess',
  'everyone-moves', 'appearing', 'swedish', 'shashmaty', 'bughouse'];
function pieceLetters(san) {
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
function actionWords(action) {
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
function moves() {
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

function browse(at) {
  state.browsing = at;
  state.shown = null;
  state.picked = null;
  $('live').hidden = at === null;
  if (at === null) draw();
  else state.browseId = send('view', { code: state.code, at });
  moves();
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
function seatName(s, listing = state.listing) {
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
function waiting() {
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

function seats() {
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

function draw() {
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
  g.cells.forEach((c, i) => {
    if (!shown(i)) return;
    const p = document.createElementNS(SVG, 'polygon');
    p.setAttribute('points', c.polygon.map((q) => q.join(',')).join(' '));
    p.setAttribute('class', `cell ${c.dark ? 'dark' : 'light'}`);
    p.dataset.cell = i;
    p.dataset.name = c.name;
    root.append(p);
    const pre = state.premove && (state.premove.from === i || state.premove.to === i);
    const lastMove = state.browsing === null && (b.last || []).includes(i);
    const mark = i === state.picked ? 'picked' : targets.has(i) ? 'target' : pre ? 'premove'
      : i === state.culprit ? 'culprit' : lastMove ? 'last' : null;
    if (mark) {
      const o = p.cloneNode();
      o.setAttribute('class', `cell ${mark}`);
      o.dataset.mark = mark;
      root.append(o);
    }
  });
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
    root.append(img);
  }
  if (state.aim) root.append(arrow(state.aim));
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
    img.alt = h.kind;
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

function cellAt(x, y) {
  const el = document.elementFromPoint(x, y);
  return el && el.dataset.cell !== undefined && el.tagName === 'polygon' ? Number(el.dataset.cell) : null;
}

function play(action) {
  state.picked = null;
  state.landed = null;
  state.dropping = null;
  state.culprit = null;
  $('choice').replaceChildren();
  $('refusal').textContent = '';
  send('act', { code: state.code, action });
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
function playPremove() {
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

function touch(cell) {
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
      button.textContent = l.promotion || l.action;
      button.onclick = () => play(l.action);
      return button;
    }));
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

// Chapayev: press on a checker of one's own and drag the way it should go, further
// for a harder flick; release to shoot. The server simulates the shot and sends it
// back frame by frame, played here at its real speed.
const DISC = 0.725; // a checker's diameter: 29 mm on a 40 mm square
const FULL_DRAG = 3.75; // a drag this long (150 mm) is a flick at full strength

function boardPoint(e) {
  const root = $('board').firstChild;
  const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(root.getScreenCTM().inverse());
  return [p.x, p.y];
}

function aimFrom(e) {
  const b = state.board;
  if (!b || !b.shooters.length || state.browsing !== null) return null;
  const [x, y] = boardPoint(e);
  const hit = b.pieces.find((p) => p.at && b.shooters.includes(p.id)
    && Math.hypot(p.at[0] - x, p.at[1] - y) <= DISC / 2);
  return hit ? { id: hit.id, from: hit.at, to: hit.at } : null;
}

function aimed(aim) {
  const [dx, dy] = [aim.to[0] - aim.from[0], aim.to[1] - aim.from[1]];
  const angle = ((Math.atan2(dy, dx) * 180 / Math.PI) % 360 + 360) % 360;
  return { angle, strength: Math.min(1, Math.hypot(dx, dy) / FULL_DRAG) };
}

function arrow(aim) {
  const line = document.createElementNS(SVG, 'line');
  const { strength } = aimed(aim);
  line.setAttribute('x1', aim.from[0]); line.setAttribute('y1', aim.from[1]);
  line.setAttribute('x2', aim.to[0]); line.setAttribute('y2', aim.to[1]);
  line.setAttribute('class', 'aim');
  line.style.strokeWidth = 0.08 + 0.12 * strength;
  return line;
}

// The checkers of one frame of the film, coloured as they were made.
function filmed(b) {
  const kind = (b.pieces[0] || { kind: 'checker' }).kind;
  return state.frame.flatMap((at, i) => (at ? [{ at, side: i < 8 ? 'white' : 'black', kind, id: `${i < 8 ? 'W' : 'B'}${i % 8 + 1}` }] : []));
}

function animate(film) {
  const start = performance.now();
  $('board').dataset.playing = 'yes';
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
window.addEventListener('popstate', () => location.reload());

loadWords().finally(connect);
