// The end of a hand and of the game, as a newcomer reads them (issue 24).
// Between hands the server pauses the table (`pause` in every state): the
// hand's summary stays on screen, with who has continued, until everyone
// has clicked Continue or the table's time for it is up. When the game is
// over, the result: who won by name, the scores, a few figures, and the
// ways on (play again, back to the lobby). A team game (Comrade: everyone
// wins or loses together) says whether the team won and why, instead of a
// ranking where everyone is first.
import { el } from './dom.js';
import { render } from './state.js';
import { fill, wordsOf, T, getLang } from './i18n.js';
import { send } from './net.js';
import { seatName } from './table.js';

const W = wordsOf({
  en: {
    handOver: 'Hand {n} is over', continue: 'Continue', waitingFor: 'Waiting for {names} to continue…',
    youContinued: 'You continued.', everyone: 'Everyone has continued.',
    autoIn: 'Play goes on by itself in {s} s.', noLimit: 'The table waits until everyone has continued.',
    readers: 'The players are reading the summary.', gameOver: 'Game over', youWin: 'You win!',
    wins: '{names} wins!', shareWin: '{names} share the win.', noWinner: 'Nobody wins.',
    teamWon: 'The team won together!', teamLost: 'The team lost.', why: 'Why',
    hands: 'Hands played', moves: 'Moves', lastHand: 'The last hand', name: 'Player',
    playAgain: 'Play again', backToLobby: 'Back to the lobby', seeTable: 'Look at the table',
    showResult: 'Show the result', continued: 'continued', reading: 'reading',
    readThen: 'Read how the hand went, then click Continue.', team: 'The team',
    best: 'Best hand', handN: 'hand {n}', perHand: 'Points in each hand', points: '{v} points',
    pauseLabel: 'After each hand', pauseEveryone: 'wait until everyone continues', pauseSec: 'go on after {s} s at most',
  },
  ja: {
    handOver: '第{n}ハンド終了', continue: '続ける', waitingFor: '{names} が「続ける」を押すのを待っています…',
    youContinued: '「続ける」を押しました。', everyone: '全員が「続ける」を押しました。',
    autoIn: 'あと{s}秒で自動的に次へ進みます。', noLimit: '全員が「続ける」を押すまで待ちます。',
    readers: 'プレイヤーがまとめを読んでいます。', gameOver: 'ゲーム終了', youWin: 'あなたの勝ち！',
    wins: '{names} の勝ち！', shareWin: '{names} が勝利を分け合いました。', noWinner: '勝者なし。',
    teamWon: 'チーム全員の勝利！', teamLost: 'チームの負け。', why: '理由',
    hands: 'ハンド数', moves: '手数', lastHand: '最後のハンド', name: 'プレイヤー',
    playAgain: 'もう一度遊ぶ', backToLobby: 'ロビーに戻る', seeTable: '卓を見る',
    showResult: '結果を見る', continued: '続行済み', reading: '読んでいます',
    readThen: 'ハンドの結果を読んだら「続ける」を押してください。', team: 'チーム',
    best: 'ベストハンド', handN: '第{n}ハンド', perHand: 'ハンドごとの得点', points: '{v}点',
    pauseLabel: '各ハンドの後', pauseEveryone: '全員が「続ける」を押すまで待つ', pauseSec: '最長{s}秒で次へ',
  },
});

// A list of seats by name ("Ann, Bob").
const namesOf = (m, seats) => seats.map((i) => seatName(m.table, i) + (i === m.seat ? ' (' + T('you') + ')' : '')).join(', ');

// The pause's own clock: left_ms counts from the state that brought it.
const P = { state: null, deadline: 0, shownFor: null };
setInterval(() => {
  const e = document.getElementById('hand-end-auto');
  if (e && P.state && P.state.pause) e.textContent = autoText(P.state.pause);
}, 1000);
function autoText(p) {
  if (p.left_ms === null || p.left_ms === undefined) return W('noLimit');
  return fill(W('autoIn'), { s: Math.max(0, Math.ceil((P.deadline - performance.now()) / 1000)) });
}

// What each game calls a hand, as its own texts do (Rumino's and Comrade's
// deals, Rack-O's and Babasuki's rounds).
const UNIT = {
  en: { racko: 'Round', babasuki: 'Round', comrade: 'Deal' },
  ja: { racko: 'ラウンド', babasuki: 'ラウンド', rumino: 'ディール', comrade: 'ディール' },
};
function handOver(game, n) {
  const unit = (UNIT[getLang()] || UNIT.en)[game];
  if (!unit) return fill(W('handOver'), { n });
  return getLang() === 'ja' ? `第${n}${unit}終了` : `${unit} ${n} is over`;
}

// Between hands: the summary and Continue. null when play is on.
export function handEndPanel(m) {
  const p = m.pause;
  if (!p) return null;
  if (P.state !== m) {
    P.state = m;
    if (p.left_ms !== null && p.left_ms !== undefined) P.deadline = performance.now() + p.left_ms;
  }
  const end = p.hand_end || {};
  const seated = m.seat !== null && m.seat !== undefined;
  const done = seated && p.continued.includes(m.seat);
  const others = p.waiting.filter((i) => i !== m.seat);
  const box = el('section', { class: 'hand-end overlay-card', id: 'hand-end', role: 'dialog', 'aria-labelledby': 'hand-end-h' },
    el('h2', { id: 'hand-end-h', text: handOver(m.table.game, end.hand || (m.status ? m.status.hands : '')) }),
    end.summary ? el('pre', { class: 'hand-summary', tabindex: '0', text: end.summary }) : null);
  // Who the table waits for, seat by seat.
  const who = el('ul', { class: 'continued', 'aria-label': W('continue') });
  for (const i of [...p.continued, ...p.waiting]) {
    const ok = p.continued.includes(i);
    who.append(el('li', { class: ok ? 'ok' : 'wait' }, el('span', { class: 'mark', 'aria-hidden': 'true', text: ok ? '✓' : '…' }),
      ' ' + seatName(m.table, i) + (i === m.seat ? ' (' + T('you') + ')' : ''), el('span', { class: 'muted', text: ' — ' + W(ok ? 'continued' : 'reading') })));
  }
  box.append(who);
  const status = !seated ? W('readers')
    : !done ? W('readThen')
      : others.length ? W('youContinued') + ' ' + fill(W('waitingFor'), { names: namesOf(m, others) }) : W('everyone');
  if (status) box.append(el('p', { class: 'hand-end-status', role: 'status', text: status }));
  box.append(el('p', { class: 'muted', id: 'hand-end-auto', text: autoText(p) }));
  if (seated && !done) {
    box.append(el('div', { class: 'form-row' }, el('button', { type: 'button', id: 'continue', class: 'primary big', text: W('continue'),
      onclick: (e) => { e.target.disabled = true; send({ type: 'continue' }); } })));
    // The keyboard lands on Continue when the summary appears, unless the
    // person is typing somewhere.
    const key = m.table.id + '/' + m.table.game_no + '/' + p.move;
    if (P.shownFor !== key) {
      P.shownFor = key;
      requestAnimationFrame(() => {
        const a = document.activeElement;
        const b = document.getElementById('continue');
        if (b && (!a || a === document.body || a.id === 'main')) b.focus();
      });
    }
  }
  return box;
}

// Everyone wins or loses together (Comrade): the ranks are all the same.
const teamGame = (r) => r.ranks.length > 1 && r.ranks.every((x) => x === r.ranks[0]);

function headline(m) {
  const r = m.status.result;
  if (teamGame(r)) return W(r.winners.length ? 'teamWon' : 'teamLost');
  if (!r.winners.length) return W('noWinner');
  if (r.winners.length === 1 && r.winners[0] === m.seat) return W('youWin');
  return fill(W(r.winners.length > 1 ? 'shareWin' : 'wins'), { names: namesOf(m, r.winners) });
}

function rankTable(m) {
  const r = m.status.result;
  const t = m.table;
  const order = t.seats.map((_, i) => i).sort((a, b) => r.ranks[a] - r.ranks[b] || r.scores[b] - r.scores[a]);
  const body = el('tbody');
  for (const i of order) {
    body.append(el('tr', { class: (r.winners.includes(i) ? 'winner' : '') + (i === m.seat ? ' me' : '') },
      el('td', { text: String(r.ranks[i]) }),
      el('td', { text: seatName(t, i) + (i === m.seat ? ' (' + T('you') + ')' : '') }),
      el('td', { class: 'num', text: String(r.scores[i]) })));
  }
  return el('table', { class: 'result' },
    el('thead', {}, el('tr', {}, el('th', { text: T('rank') }), el('th', { text: W('name') }), el('th', { class: 'num', text: T('score') }))), body);
}

// The best single hand of the game: the most points, or the fewest where
// the lowest total wins (Rumino). Only for games of more than one hand.
function bestHand(m) {
  const r = m.status.result, hs = m.hand_scores || [];
  const w = r.winners[0];
  if (hs.length < 2 || teamGame(r) || w === undefined) return null;
  const lower = r.scores.every((x) => r.scores[w] <= x) && r.scores.some((x) => x !== r.scores[w]);
  let best = null;
  hs.forEach((row, h) => row.forEach((v, p) => { if (!best || (lower ? v < best.v : v > best.v)) best = { v, p, h }; }));
  return best && seatName(m.table, best.p) + ' — ' + fill(W('points'), { v: best.v }) + ' (' + fill(W('handN'), { n: best.h + 1 }) + ')';
}

function perHandTable(m) {
  const hs = m.hand_scores || [];
  if (hs.length < 2) return null;
  const t = m.table;
  const head = el('tr', {}, el('th', { text: T('hand') }), ...t.seats.map((_, i) => el('th', { class: 'num', text: seatName(t, i) })));
  const body = el('tbody');
  hs.forEach((row, h) => body.append(el('tr', {}, el('td', { text: String(h + 1) }), ...row.map((v) => el('td', { class: 'num', text: String(v) })))));
  return el('details', { class: 'per-hand' }, el('summary', { text: W('perHand') }),
    el('div', { class: 'scroll-x' }, el('table', { class: 'result per-hand' }, el('thead', {}, head), body)));
}

// The result, once the game is over: a dialog over the table until the
// person chooses to look at the table (then the page's own result box).
const closed = new Set();
export const resultKey = (m) => m.table.id + '/' + m.table.game_no;
export function resultClosed(m) { return closed.has(resultKey(m)); }

export function resultDialog(m) {
  const r = m.status.result;
  const t = m.table;
  const end = m.hand_end || {};
  const team = teamGame(r);
  const won = r.winners.includes(m.seat);
  const box = el('section', { class: 'over result-dialog overlay-card' + (won ? ' won' : ''), id: 'result', role: 'dialog', 'aria-labelledby': 'over-h' },
    el('p', { class: 'over-kicker', text: W('gameOver') }),
    el('h2', { id: 'over-h', text: headline(m) }));
  if (team && end.summary) box.append(el('h3', { text: W('why') }), el('pre', { class: 'hand-summary', text: end.summary }));
  // Together: the team by name, no ranks and no scores of 0 (issue 24).
  box.append(team ? el('p', { class: 'team' }, el('b', { text: W('team') + ': ' }), namesOf(m, t.seats.map((_, i) => i))) : rankTable(m));
  box.append(el('dl', { class: 'figures' },
    el('dt', { text: W('hands') }), el('dd', { text: String(r.hands) }),
    el('dt', { text: W('moves') }), el('dd', { text: String(t.moves) })));
  const best = bestHand(m);
  if (best) box.lastChild.append(el('dt', { text: W('best') }), el('dd', { text: best }));
  const per = perHandTable(m);
  if (per) box.append(per);
  if (!team && end.summary)
    box.append(el('details', { class: 'last-hand' }, el('summary', { text: W('lastHand') }), el('pre', { class: 'hand-summary', text: end.summary })));
  const row = el('div', { class: 'form-row buttons' });
  if (m.seat !== null && m.seat !== undefined)
    row.append(el('button', { type: 'button', id: 'rematch', class: 'primary big', text: W('playAgain'), onclick: () => send({ type: 'rematch' }) }));
  row.append(el('a', { href: '#', id: 'to-lobby', class: 'button', text: W('backToLobby') }),
    el('button', { type: 'button', id: 'result-close', text: W('seeTable'), onclick: () => { closed.add(resultKey(m)); render(); } }));
  box.append(row);
  row.append(el('a', { href: '#replay=' + t.id + '/' + t.game_no, id: 'replay-link', text: T('replay') }));
  return box;
}

// After "Look at the table": the way back to the dialog.
export function reopenResult(m) {
  return el('button', { type: 'button', id: 'result-open', class: 'primary', text: W('showResult'),
    onclick: () => { closed.delete(resultKey(m)); render(); } });
}

// The lobby's choice of the table's pause between hands (hand_pause in
// `create`): a row for the table options and the value to send.
export function handPauseRow() {
  const sel = el('select', { id: 'hand-pause' });
  for (const v of ['15', '30', '60', '120', '0'])
    sel.append(el('option', { value: v, text: v === '0' ? W('pauseEveryone') : fill(W('pauseSec'), { s: v }) }));
  sel.value = localStorage.getItem('cardhall.handPause') || '30';
  return {
    row: el('div', { class: 'form-row' }, el('label', { for: 'hand-pause', text: W('pauseLabel') }), sel),
    value: () => { localStorage.setItem('cardhall.handPause', sel.value); return Number(sel.value); },
  };
}
