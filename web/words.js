// The page's words in the browser's language, from the server (the app's own
// translations); English, as the page is written, until they come.
let words = {};
export const w = (key, english) => words[key] || english;
// A sentence with its arguments (`{side}` in the text) put in.
export const say = (key, english, args) => Object.entries(args)
  .reduce((text, [k, v]) => text.replaceAll(`{${k}}`, v), w(key, english));
// The same as nodes, where an argument may be nodes: a player's name, isolated.
export function sayNodes(key, english, args) {
  return w(key, english).split(/(\{[a-z]+\})/).flatMap((part) => {
    const arg = /^\{([a-z]+)\}$/.exec(part);
    return arg && arg[1] in args ? [args[arg[1]]].flat() : part ? [part] : [];
  });
}
// Text a person typed (a name, a line of chat), isolated from the text round it, so
// that a right-to-left mark in it turns nothing else.
export function bdi(text) {
  const b = document.createElement('bdi');
  b.textContent = text;
  return b;
}
// Refuses `text` longer than `most` bytes, saying so in `where`; whether it fits.
export function fits(text, most, key, english, where) {
  const has = bytes(text);
  if (has <= most) return true;
  where.textContent = say(key, english, { most, has });
  return false;
}
export async function loadWords() {
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

export function lang() {
  const l = (navigator.language || 'en').slice(0, 2);
  return ['ru', 'uk'].includes(l) ? l : 'en';
}

// The protocol's limits on what a player types, in bytes of UTF-8: a name (a text
// field) and a line of chat. Longer text is refused here, saying so, never sent.
export const MOST_NAME = 256;
export const MOST_CHAT = 500;
const bytes = (text) => new TextEncoder().encode(text).length;
