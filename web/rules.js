// The rules of a game, short, one click away: the game's own summary with
// the options in force, from the server (`rules`), in a modal dialog.
import { el } from './dom.js';
import { S, render } from './state.js';
import { T } from './i18n.js';

export function renderRules() {
  if (!S.rules) return null;
  const close = () => { S.rules = null; render(); };
  const d = el('dialog', { id: 'rules', 'aria-labelledby': 'rules-h', onclose: () => { if (S.rules) close(); } },
    el('h2', { id: 'rules-h', text: T('rules') + ' — ' + S.rules.title }),
    el('pre', { class: 'rules-text', text: S.rules.text }),
    el('button', { type: 'button', id: 'rules-close', class: 'primary', text: T('close'), onclick: close }));
  requestAnimationFrame(() => { if (d.isConnected && !d.open) d.showModal(); });
  return d;
}
