// Doska in a browser: a thin client of `doska serve`. The server is the referee: it
// sends the board's cells once, then the pieces and the legal actions of the seats
// held here, so lighting a piece's moves needs no round trip. Names and chat are put
// on the page as text, never as markup. A seat's secret is kept in this browser's
// storage, never in the address, so a reload comes back to the seat.

import { connect } from './connection.js';
import { loadWords } from './words.js';
// The modules that answer the page's controls, each as it loads: the name and
// create forms, the match's buttons and chat, the board's pointer and its switch
// between bughouse's boards, the Sound box, the board's keys and the move box, the
// high-contrast box.
import './lobby.js';
import './match.js';
import './input.js';
import './board.js';
import './sound.js';
import './keyboard.js';
import './speech.js';
import './looks.js';

window.addEventListener('popstate', () => location.reload());

loadWords().finally(connect);
