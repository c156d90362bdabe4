/** What every viewer page shares: escaping, the page head, the control bar, the config and script at the end. */

import type { ViewerPageOptions } from '../core/game-module.js';
import { SITE_CSS } from './site-css.js';

export type { ViewerPageOptions };

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The JSON the viewer script reads from `#config`, safe inside a script element. */
export function viewerConfig(options: ViewerPageOptions): string {
  return JSON.stringify({
    replayUrl: options.replayUrl,
    embed: options.embed,
    ...(options.logs ? { logs: options.logs } : {}),
  }).replace(/</g, '\\u003c');
}

/** The document head up to the page's own styles, which follow. */
export function pageHead(title: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)} · umpire</title>
<style>${SITE_CSS}
  #app { max-width: 1100px; margin: 0 auto; padding: 12px; }
  body.embed #app { max-width: none; padding: 4px; }
  body.embed .chrome { display: none; }`;
}

/** The styles of the control bar every viewer page shares (see controlBar), and of resultSlot. */
export const CONTROLS_CSS = `
  .controls { display: flex; align-items: center; gap: 6px; margin-top: 8px; flex-wrap: wrap; }
  .controls button { min-width: 36px; }
  #play { min-width: 44px; }
  .scrub-box { flex: 1 1 160px; min-width: 120px; position: relative; display: flex; }
  #scrub { flex: 1; min-width: 0; padding: 4px 0; }
  #marks { position: absolute; left: 8px; right: 8px; bottom: -5px; height: 5px; pointer-events: none; }
  #marks .mark { position: absolute; width: 3px; height: 5px; margin-left: -1px; background: var(--danger); border-radius: 1px; }
  #turn { min-width: 110px; font-variant-numeric: tabular-nums; }
  #speed { max-width: 100%; }
  #error { color: var(--danger); font-weight: 600; }
  .result-box { margin-left: auto; display: flex; align-items: center; gap: 8px; flex-wrap: wrap; }
  #result { font-weight: 600; }
  #result:empty { display: none; }
  #reveal { font-size: 12px; padding: 2px 8px; }
  .sr-only { position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
  .keys { font-size: 12px; color: var(--muted); }
  canvas { max-width: 100%; }`;

/**
 * Where the match's result shows (#result) and the #reveal button that shows
 * it before the last turn (src/viewer/reveal.ts): in the page's header.
 */
export const resultSlot = () =>
  `<span class="result-box"><span id="result"></span><button id="reveal" type="button" aria-pressed="false" title="show the result before the last turn">show result</button></span>`;

export interface ControlBarOptions {
  /** The #speed choices: value (steps a second, or a multiplier) and label; `selected` marks the default. */
  readonly speeds: readonly { readonly value: string; readonly label: string; readonly selected?: boolean }[];
  /** What one step is called in titles ('turn', 'round'). */
  readonly step: string;
  /** Extra controls after the speed (e.g. a view switch), as HTML. */
  readonly extra?: string;
}

/**
 * The control bar src/viewer/controls.ts binds: #first #prev #play #next #last,
 * the #scrub range (with #marks, where seats failed), the #turn label, #speed,
 * the replay download link, and the #status the position is announced in.
 */
export function controlBar(page: ViewerPageOptions, o: ControlBarOptions): string {
  const speeds = o.speeds
    .map(
      (s) => `<option value="${escapeHtml(s.value)}"${s.selected ? ' selected' : ''}>${escapeHtml(s.label)}</option>`,
    )
    .join('');
  const step = escapeHtml(o.step);
  return `<div class="controls">
    <button id="first" type="button" aria-label="first ${step}" title="first ${step} (Home)">«</button>
    <button id="prev" type="button" aria-label="one ${step} back" title="one ${step} back (←)">‹</button>
    <button id="play" type="button" aria-label="play" title="play / pause (space)">▶</button>
    <button id="next" type="button" aria-label="one ${step} forward" title="one ${step} forward (→)">›</button>
    <button id="last" type="button" aria-label="last ${step}" title="last ${step} (End)">»</button>
    <span class="scrub-box"><input id="scrub" type="range" min="0" max="0" value="0" aria-label="${step}"><span id="marks" aria-hidden="true" hidden></span></span>
    <span id="turn">${step} 0</span>
    <select id="speed" aria-label="speed" title="speed (+ / -)">${speeds}</select>${o.extra ?? ''}
    <a class="chrome" id="download" href="${escapeHtml(page.replayUrl)}" download="${escapeHtml(page.id)}.json">download replay</a>
  </div>
  <p id="status" class="sr-only" role="status" aria-live="polite"></p>`;
}

/** The styles of the logs panel (see logPanel). */
export const LOG_PANEL_CSS = `
  .logs { margin-top: 10px; background: var(--card); border-radius: 6px; padding: 8px; box-shadow: 0 1px 3px rgba(0,0,0,.12); }
  .logs h2 { font-size: 14px; margin: 0 0 4px; }
  #logs-note { font-size: 12px; color: var(--muted); margin: 0 0 4px; }
  #logs-seats { display: flex; gap: 8px; flex-wrap: wrap; }
  .log-seat { flex: 1 1 240px; min-width: 0; }
  .log-head { font-size: 12px; font-weight: 600; }
  .log-failure { font-size: 12px; color: var(--danger); white-space: pre-wrap; overflow-wrap: anywhere; max-height: 120px; overflow: auto; }
  .log-error-now { font-weight: 600; }
  .log-text { white-space: pre-wrap; overflow-wrap: anywhere; font-size: 11px; max-height: 160px; overflow: auto; margin: 2px 0 0; padding: 4px; border: 1px solid var(--border); border-radius: 4px; }
  .log-text.empty { color: var(--muted); }`;

/** The logs panel src/viewer/log-panel.ts fills: each readable seat's log at the viewer's turn (none without `logs`). */
export function logPanel(page: ViewerPageOptions): string {
  if (!page.logs) return '';
  return `<section class="logs" aria-labelledby="logs-title">
    <h2 id="logs-title">Bots' logs</h2>
    <p id="logs-note">Loading the logs…</p>
    <div id="logs-seats"></div>
  </section>`;
}

/** The end of every viewer page: its config and its script. */
export function pageScript(page: ViewerPageOptions, source: string): string {
  return `<script type="application/json" id="config">${viewerConfig(page)}</script>
<script>${source}</script>
</body>
</html>`;
}
