// The page a friend opens from a shared link (#table=ID) before sitting
// down (issue 24): which game, who invited them, the options in words, who
// sits where and which seats are free, and one button to sit down (with
// the name to sit down as). Watching stays offered beside it.
import { el } from './dom.js';
import { S } from './state.js';
import { T, getLang, botName, gameTitle, seatWord } from './i18n.js';
import { send } from './net.js';
import { watchMsg } from './chat.js';
import { simOnly, optLabel, valueWords, isSeatOpt } from './options.js';
import { summaryOf } from './lobby.js';

const WORDS = {
  en: { invitedBy: '{who} invited you to a game of {game}.', invited: 'You are invited to a game of {game}.',
    whoSits: 'Who sits where', free: 'free', sitDown: 'Sit down', optsIn: 'The table’s options', sitAs: 'Sit down as' },
  ja: { invitedBy: '{who} さんから {game} に招待されました。', invited: '{game} に招待されました。',
    whoSits: '席', free: '空き', sitDown: '着席する', optsIn: 'このテーブルのオプション', sitAs: '着席する名前' },
};
const W = (k) => (WORDS[getLang()] || WORDS.en)[k];

export function renderInvite(main, id) {
  const t = S.tables.find((x) => x.id === id);
  const g = t && S.games.find((x) => x.name === t.game);
  const box = el('section', { class: 'panel invite', 'aria-labelledby': 'invite-h' });
  const title = g ? gameTitle(g) : t ? t.game : '';
  // The one who made the table sat down first: the first person seated.
  const host = t && t.seats.find((s) => s.kind === 'person');
  box.append(el('h2', { id: 'invite-h', text: T('joinAs') + ' #' + id }));
  if (t) {
    box.append(el('p', { class: 'invite-who', text: (host ? W('invitedBy') : W('invited')).replace('{who}', host ? host.name : '').replace('{game}', title) }));
    if (g) box.append(el('p', { class: 'muted', text: summaryOf(g) }));
    const ul = el('ul', { class: 'invite-seats', 'aria-label': W('whoSits') });
    t.seats.forEach((s, i) => {
      const who = s.kind === 'open' ? W('free') : s.kind === 'bot' ? botName(s.name) : s.name;
      ul.append(el('li', { class: 'seat' + (s.kind === 'open' ? ' free' : '') }, el('span', { class: 'seat-no', text: String(i + 1) }), ' ', who));
    });
    box.append(el('h3', { text: W('whoSits') }), ul);
    if (g) {
      const dl = el('dl', { class: 'rules-opts invite-opts' });
      for (const o of g.options) {
        if (o.key === 'players' || o.type === 'str' || o.type === 'string' || simOnly(g.name, o.key)) continue;
        const v = t.options[o.key] ?? o.default;
        dl.append(el('dt', { text: optLabel(g.name, o.key) }), el('dd', { text: isSeatOpt(o.key) && /^\d+$/.test(v) ? seatWord(v) : valueWords(g.name, o.key, v) }));
      }
      box.append(el('h3', { text: W('optsIn') }), dl);
    }
  }
  const open = !t || t.seats.some((s) => s.kind === 'open');
  if (open) {
    const nameIn = el('input', { id: 'name', value: S.name, maxlength: '31', autocomplete: 'nickname' });
    // What is typed survives the page being drawn again (a state arriving).
    nameIn.addEventListener('input', () => { S.name = nameIn.value; });
    box.append(el('div', { class: 'form-row' }, el('label', { for: 'name', text: W('sitAs') }), nameIn,
      el('button', { type: 'button', id: 'join', class: 'primary', text: W('sitDown'), onclick: () => {
        S.name = nameIn.value.trim() || (getLang() === 'ja' ? 'プレイヤー' : 'player');
        localStorage.setItem('cardhall.name', S.name);
        send({ type: 'join', table: id, name: S.name, lang: getLang() });
      } })));
  } else box.append(el('p', { text: T('noSeat') }));
  box.append(el('button', { type: 'button', id: 'watch', text: T('watch'), onclick: () => {
    S.watching = true;
    send(watchMsg(id, getLang()));
  } }));
  main.append(box);
}
