// What the page's modules share: its elements by id and the screen shown, what this
// browser keeps (the player's name, the seats' secrets), and the match as the page
// knows it.
export const $ = (id) => document.getElementById(id);

export const saved = {
  name: () => localStorage.getItem('doska-name') || '',
  setName: (n) => localStorage.setItem('doska-name', n),
  seats: (code) => JSON.parse(localStorage.getItem('doska-seats-' + code) || '[]'),
  keep(code, keys) {
    const all = saved.seats(code).filter((k) => !keys.some((n) => n.seat === k.seat || n.secret === k.secret));
    localStorage.setItem('doska-seats-' + code, JSON.stringify(all.concat(keys)));
  },
};

export const state = {
  code: null, listing: null, events: [], geometry: null, board: null,
  picked: null, mine: [], joining: null, heard: 0, clocksAt: 0, browsing: null, shown: null,
};

export function show(screen) {
  for (const s of ['name-screen', 'lobby', 'match']) $(s).hidden = s !== screen;
}
