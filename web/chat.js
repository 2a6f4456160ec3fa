// Table chat (issue 25): the messages said at the table shown, always as
// text (never HTML: they come from other people), a box to write in with
// quick phrases in both languages, and muting a person for oneself. The
// panel sits beside the log and folds away with a count of what is unread;
// on a phone the log and the chat are two tabs.
import { el } from './dom.js';
import { S, render } from './state.js';
import { T, getLang, seatWord } from './i18n.js';
import { send, on } from './net.js';

const KEEP = 100;      // the server keeps and sends as many
const MAX_BYTES = 500; // a message's bound, as the server counts it

export const C = {
  table: null,   // the table the messages are of
  msgs: [],      // {id, seat, spectator, name, text}, oldest first
  unread: 0,
  open: localStorage.getItem('cardhall.chat.open') !== '0',
  tab: 'log',    // on a phone: 'log' or 'chat'
  draft: '',
  note: '',      // why the last message was not sent
};

// Muting is one's own: kept in this browser only, per table and sender.
const muted = new Set(JSON.parse(localStorage.getItem('cardhall.muted') || '[]'));
const senderKey = (m) => C.table + ':' + (m.spectator ? 'spectator:' + m.name : 'seat:' + m.seat);
function setMuted(key, on) {
  if (on) muted.add(key); else muted.delete(key);
  localStorage.setItem('cardhall.muted', JSON.stringify([...muted].slice(-200)));
  render();
}

const PHRASES = {
  en: ['Hello!', 'Good game!', 'Your turn', 'Well played!', 'Thanks!', 'One moment, please'],
  ja: ['よろしくお願いします', 'ありがとうございました', 'あなたの番です', 'ナイス!', 'お疲れさまでした', '少々お待ちください'],
};

const phone = () => window.matchMedia('(max-width: 760px)').matches;
// Whether a new message would be seen now: the panel is open (on a phone,
// its tab is the one shown) and the page is in front.
const seen = () => C.open && (!phone() || C.tab === 'chat') && !document.hidden;

on('chat_history', (m) => {
  C.table = S.last ? S.last.table.id : C.table;
  C.msgs = m.messages.slice(-KEEP);
  C.unread = 0;
  render();
});

on('chat', (m) => {
  C.msgs.push(m);
  if (C.msgs.length > KEEP) C.msgs.splice(0, C.msgs.length - KEEP);
  const mine = S.last && !m.spectator && m.seat === S.last.seat;
  if (!mine && !muted.has(senderKey(m)) && !seen()) C.unread++;
  render();
});

// A table shown anew (another table, or none) starts with no messages
// until its history comes.
export function chatTable(id) {
  if (C.table !== id) { C.table = id; C.msgs = []; C.unread = 0; C.draft = ''; C.note = ''; }
}

function sendText(text) {
  text = text.trim();
  if (!text) return;
  if (new TextEncoder().encode(text).length > MAX_BYTES) { C.note = T('chatTooLong'); render(); return; }
  C.note = '';
  C.draft = '';
  send({ type: 'chat', text });
  render();
}

function senderName(m, t) {
  if (m.spectator) return (m.name || T('aSpectator')) + ' (' + T('spectatorShort') + ')';
  return (m.name || '?') + ' (' + seatWord(m.seat) + ')';
}

export function renderChat(m) {
  const t = m.table;
  const canWrite = m.seat !== null || t.spectator_chat;
  const box = el('section', { class: 'panel chat-box' + (C.open ? '' : ' closed'), id: 'chat-box', 'aria-labelledby': 'chat-h' });
  const toggle = el('button', { type: 'button', id: 'chat-toggle', class: 'chat-toggle', 'aria-expanded': C.open ? 'true' : 'false',
    'aria-controls': 'chat-body', onclick: () => {
      C.open = !C.open;
      localStorage.setItem('cardhall.chat.open', C.open ? '1' : '0');
      if (C.open) C.unread = 0;
      render();
    } }, el('span', { text: C.open ? T('chatHide') : T('chatShow') }));
  if (!C.open && C.unread) toggle.append(el('span', { class: 'badge', id: 'chat-unread', text: String(C.unread), 'aria-label': C.unread + ' ' + T('unread') }));
  box.append(el('div', { class: 'chat-head' }, el('h2', { id: 'chat-h', text: T('chat') }), toggle));
  if (!C.open) return box;
  if (seen()) C.unread = 0;

  const body = el('div', { id: 'chat-body' });
  const list = el('ol', { class: 'chat-list', id: 'chat-list', role: 'log', 'aria-live': 'polite', tabindex: '0', 'aria-label': T('chat') });
  let hidden = 0;
  const mutedHere = new Map();
  for (const msg of C.msgs) {
    const key = senderKey(msg);
    if (muted.has(key)) { hidden++; mutedHere.set(key, senderName(msg, t)); continue; }
    const me = !msg.spectator && msg.seat === m.seat;
    const who = me ? el('span', { class: 'chat-name me', text: senderName(msg, t) })
      : el('button', { type: 'button', class: 'chat-name', title: T('mute') + ': ' + senderName(msg, t),
        'aria-label': T('mute') + ': ' + senderName(msg, t), onclick: () => setMuted(key, true) }, senderName(msg, t));
    list.append(el('li', { class: msg.spectator ? 'spec' : '' }, who, el('span', { class: 'chat-text', text: msg.text })));
  }
  if (!C.msgs.length) list.append(el('li', { class: 'muted', text: T('chatEmpty') }));
  body.append(list);
  if (hidden) {
    const row = el('div', { class: 'chat-muted muted', id: 'chat-muted' }, el('span', { text: T('mutedHidden') + ' ' + hidden }));
    for (const [key, name] of mutedHere)
      row.append(el('button', { type: 'button', class: 'unmute', text: T('unmute') + ': ' + name, onclick: () => setMuted(key, false) }));
    body.append(row);
  }
  if (canWrite) {
    const input = el('input', { id: 'chat-input', type: 'text', value: C.draft, autocomplete: 'off', 'aria-label': T('chatSay'),
      placeholder: T('chatSay'), oninput: (e) => { C.draft = e.target.value; } });
    const form = el('form', { class: 'chat-form', id: 'chat-form', onsubmit: (e) => { e.preventDefault(); sendText(input.value); } },
      input, el('button', { type: 'submit', id: 'chat-send', class: 'primary', text: T('send') }));
    const phrases = el('div', { class: 'phrases', role: 'group', 'aria-label': T('phrases') });
    for (const p of PHRASES[getLang()] || PHRASES.en)
      phrases.append(el('button', { type: 'button', class: 'phrase', text: p, onclick: () => sendText(p) }));
    body.append(form, phrases);
    if (C.note) body.append(el('p', { class: 'error', role: 'alert', text: C.note }));
  } else {
    body.append(el('p', { class: 'muted', id: 'chat-readonly', text: T('chatReadOnly') }));
  }
  box.append(body);
  requestAnimationFrame(() => { list.scrollTop = list.scrollHeight; });
  return box;
}

// The side of the table: the log and the chat; on a phone, as two tabs.
export function renderSide(logBox, m) {
  const side = el('div', { class: 'side tab-' + C.tab });
  const tab = (name, label) => el('button', { type: 'button', role: 'tab', id: 'tab-' + name, class: 'tab', 'aria-selected': C.tab === name ? 'true' : 'false',
    onclick: () => { C.tab = name; if (name === 'chat') { C.unread = 0; C.open = true; } render(); } }, label);
  const chatLabel = el('span', { text: T('chat') });
  const chatTab = tab('chat', chatLabel);
  if (C.unread) chatTab.append(el('span', { class: 'badge', id: 'tab-unread', text: String(C.unread) }));
  side.append(el('div', { class: 'tabs', role: 'tablist' }, tab('log', T('log')), chatTab), logBox, renderChat(m));
  return side;
}

// A spectator chats under the name the page knows, when the server would
// take it as a name (1-31 bytes, no control character).
export function watchMsg(table, lang) {
  const msg = { type: 'watch', table, lang };
  const n = (S.name || '').trim();
  // eslint-disable-next-line no-control-regex
  if (n && new TextEncoder().encode(n).length <= 31 && !/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/.test(n)) msg.name = n;
  return msg;
}
