// One board module per game: the game's table drawn from the view the server
// sends this viewer (the game's view_json: exactly what the seat may know).
//
// A board module exports:
//   render(ctx) -> Element   the whole table as this viewer sees it
//   texts = {en: {...}, ja: {...}}   the game's own words (the rule book's terms)
//   lobby = {ja: {summary, options: {key: help}, choices: {value: label}}}
//                            Japanese for the lobby (English comes from the server)
//   actionCards(action, view) -> [card codes] | null   (optional) the cards of
//                            the viewer's hand a move plays; moves sharing
//                            picked cards are offered, and a multi-card move
//                            is picked card by card and then confirmed
//
// ctx (built by table.js and replay.js):
//   view      the view JSON; seat: the viewer's seat, or null (spectator,
//             or every card open in a replay: then view holds every hand)
//   open      true in a replay with every card open
//   players   number of seats; names[i]: a seat's display name; toMove: seat or null
//   seatLabel(p)  "P1 name (you)": how a board names a seat
//   me        the viewer's seat, or null (spectator, all open); others: the
//             other seats in order from the viewer's left
//   options   the table's options as {key: text} (what the view does not carry)
//   legal     [{action, name, warning?}] when this viewer is to move, else []
//   lang, t   the page language; t(key) looks up the board's texts
//   T         the page's own words (i18n.js)
//   act(action)          plays a legal move (the table asks twice for a
//                        move with a warning)
//   pickable(cardEl, code)  makes a hand card pickable (click, Enter/Space)
//                        and marks it picked; returns cardEl
//   picked    the codes picked so far (array, in pick order)
//   actButton(action, label, child?)  a button for a legal move, or null
//                        when the move is not legal now
import * as racko from './racko.js';
import * as ragamaru from './ragamaru.js';
import * as rumino from './rumino.js';
import * as babasuki from './babasuki.js';
import * as comrade from './comrade.js';

const BOARDS = { racko, ragamaru, rumino, babasuki, comrade };

export function boardFor(game) { return BOARDS[game] || null; }
