// The app's sounds of play, fetched the first time each is heard; switched off and on
// by the header's Sound box, remembered in this browser.
import { $ } from './state.js';

const sounds = {};
export function hearSound(name) {
  if (localStorage.getItem('doska-muted') === 'yes') return;
  sounds[name] = sounds[name] || new Audio(`/sounds/${name}.wav`);
  sounds[name].currentTime = 0;
  sounds[name].play().then(() => { document.body.dataset.heard = name; }, () => {});
}
$('sound').checked = localStorage.getItem('doska-muted') !== 'yes';
$('sound').onchange = () => localStorage.setItem('doska-muted', $('sound').checked ? 'no' : 'yes');
