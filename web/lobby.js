// The name screen and the lobby: the open matches, and a new match's form.
import { $, saved, show, state } from './state.js';
import { MOST_NAME, fits, w } from './words.js';
import { codeInPath, send } from './connection.js';
import { enter, seatName } from './match.js';

export function start() {
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

export function offer(m) {
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

export function list(matches) {
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
