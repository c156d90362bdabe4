/**
 * The one stylesheet of the web pages and the replay viewers: light and dark
 * (the reader's system setting), readable from 360 px wide, visible focus.
 * Served as /assets/site.css to the pages and inlined in each viewer page.
 */
export const SITE_CSS = `
:root { color-scheme: light dark; --bg: #eef2f6; --card: #ffffff; --fg: #1d2330; --muted: #4f5866; --border: #b9c2cf;
  --accent: #1f5fbf; --accent-fg: #ffffff; --danger: #b3261e; --ok: #1e7a3a; --warn: #8a5a00; --focus: #f0a500;
  --danger-bg: #fbeaea; --warn-bg: #fdf3dc; --info-bg: #e8f0fc; --ok-bg: #e6f4ea;
  --space-1: 4px; --space-2: 8px; --space-3: 12px; --space-4: 16px; --space-5: 24px; --space-6: 36px;
  --text-sm: 13px; --text-md: 15px; --text-lg: 18px; --text-xl: 22px; --text-2xl: 28px; --radius: 6px;
  font: var(--text-md)/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--fg); background: var(--bg); }
@media (prefers-color-scheme: dark) {
  :root { --bg: #14181f; --card: #1d232d; --fg: #e6e9ef; --muted: #a9b1bd; --border: #3c4654;
    --accent: #7aa7ff; --accent-fg: #0d1117; --danger: #ff8a80; --ok: #7bd88f; --warn: #f2c46d;
    --danger-bg: #3a1f22; --warn-bg: #352b16; --info-bg: #1b2a40; --ok-bg: #183020; }
}
* { box-sizing: border-box; }
body { margin: 0; }
a { color: var(--accent); }
:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
button, select, input, textarea { font: inherit; color: var(--fg); background: var(--card); border: 1px solid var(--border); border-radius: 4px; padding: 4px 9px; }
button { cursor: pointer; }
button.primary, .button.primary { background: var(--accent); color: var(--accent-fg); border-color: var(--accent); }
.button { display: inline-block; padding: 4px 12px; border: 1px solid var(--border); border-radius: 4px; text-decoration: none; background: var(--card); }
.site-header { display: flex; flex-wrap: wrap; gap: 8px 16px; align-items: center; padding: 10px 16px; background: var(--card); border-bottom: 1px solid var(--border); }
.site-header .brand { font-weight: 700; font-size: 18px; text-decoration: none; color: var(--fg); }
.site-header nav { display: flex; flex-wrap: wrap; gap: 4px 14px; }
.site-main { max-width: 1100px; margin: 0 auto; padding: 12px 16px 40px; }
.card { background: var(--card); border: 1px solid var(--border); border-radius: var(--radius); padding: var(--space-3) var(--space-4); margin: var(--space-3) 0; }
.site-main h1 { font-size: var(--text-2xl); line-height: 1.2; margin: var(--space-4) 0 var(--space-2); overflow-wrap: anywhere; }
.site-main h2 { font-size: var(--text-xl); line-height: 1.25; margin: var(--space-5) 0 var(--space-2); }
.site-main .card > h2:first-child, .site-main .card > h3:first-child { margin-top: 0; }
.site-main h3 { font-size: var(--text-lg); margin: var(--space-3) 0 var(--space-1); }
.lead { font-size: var(--text-lg); max-width: 65ch; }
.callout { border: 1px solid var(--border); border-left: 5px solid var(--accent); background: var(--info-bg); border-radius: var(--radius); padding: var(--space-2) var(--space-4); margin: var(--space-3) 0; overflow-wrap: anywhere; }
.callout.warn { border-left-color: var(--warn); background: var(--warn-bg); }
.callout.error { border-left-color: var(--danger); background: var(--danger-bg); }
.callout h2, .callout h3 { font-size: var(--text-lg); margin: var(--space-1) 0; }
.callout pre { background: var(--card); white-space: pre-wrap; overflow-wrap: anywhere; }
.badge { display: inline-block; padding: 0 var(--space-2); border: 1px solid var(--border); border-radius: 999px; font-size: var(--text-sm); background: var(--bg); }
.badge.win { border-color: var(--ok); color: var(--ok); background: var(--ok-bg); font-weight: 600; }
.badge.lost { border-color: var(--danger); color: var(--danger); background: var(--danger-bg); }
.button { font-weight: 600; }
.button.big { padding: var(--space-2) var(--space-4); font-size: var(--text-md); }
.paths { display: grid; gap: var(--space-3); grid-template-columns: repeat(auto-fit, minmax(220px, 1fr)); margin: var(--space-4) 0; }
.paths .card { margin: 0; display: flex; flex-direction: column; gap: var(--space-2); }
.paths .card p { margin: 0; flex: 1; }
.game-card { display: flex; flex-direction: column; gap: var(--space-2); margin: 0; }
.game-card h3, .game-card p { margin: 0; }
.game-card .card-links { margin-top: auto; }
.card-links a { white-space: nowrap; }
.game-card img { width: 100%; height: auto; aspect-ratio: 4 / 3; object-fit: cover; border-radius: 4px; border: 1px solid var(--border); background: var(--bg); }
.item-list { list-style: none; padding: 0; margin: 0; display: grid; gap: var(--space-2); }
.item-list li { background: var(--card); border: 1px solid var(--border); border-radius: var(--radius); padding: var(--space-2) var(--space-3); overflow-wrap: anywhere; }
.item-list .meta { color: var(--muted); font-size: var(--text-sm); }
dl.facts { display: grid; align-items: baseline; grid-template-columns: max-content 1fr; gap: var(--space-1) var(--space-3); margin: var(--space-2) 0; }
dl.facts dt { color: var(--muted); }
dl.facts dd { margin: 0; overflow-wrap: anywhere; }
.grid { display: grid; gap: 12px; grid-template-columns: repeat(auto-fit, minmax(240px, 1fr)); }
.muted { color: var(--muted); }
.table-wrap { overflow-x: auto; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: 5px 8px; border-bottom: 1px solid var(--border); white-space: nowrap; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
td.wrap { white-space: normal; overflow-wrap: anywhere; min-width: 16ch; }
pre { background: var(--bg); border: 1px solid var(--border); border-radius: 4px; padding: 8px; overflow-x: auto; font-size: 13px; }
.error-text { white-space: pre-wrap; overflow-wrap: anywhere; max-height: 240px; overflow: auto; font-size: 12px; margin: 4px 0; }
.seat-errors h3 { margin: 8px 0 2px; font-size: 15px; }
.seat-errors ul { padding-left: 18px; margin: 4px 0; }
.seat-errors li { margin: 6px 0; }
code { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 0.92em; }
:not(pre) > code { overflow-wrap: anywhere; }
form.stack { display: grid; gap: 10px; max-width: 520px; }
form.stack label { display: grid; gap: 3px; font-weight: 600; }
form.stack > *, form.stack label > * { min-width: 0; max-width: 100%; }
form.inline { display: inline-flex; gap: 6px; align-items: center; flex-wrap: wrap; margin: 0; }
.secret { word-break: break-all; font-size: 1.05em; }
form.stack label.check { display: flex; gap: 8px; align-items: center; font-weight: 400; }
form.stack label.check input, label.check input { flex: none; }
[role="alert"]:not(:empty) { color: var(--danger); font-weight: 600; }
[role="alert"]:empty { margin: 0; }
.ok { color: var(--ok); }
.key-box { margin-left: auto; }
.key-box summary { cursor: pointer; }
.key-box form { display: flex; gap: 6px; margin-top: 6px; flex-wrap: wrap; }
iframe.viewer { display: block; width: 100%; height: auto; aspect-ratio: 4 / 5; min-height: 480px; max-height: 1000px; border: 1px solid var(--border); border-radius: var(--radius); background: var(--card); }
iframe.viewer[data-game="capture"] { aspect-ratio: 6 / 5; }
iframe.viewer[data-game="blockdrop"] { aspect-ratio: 4 / 3; }
iframe.viewer[data-game="ants"] { aspect-ratio: 3 / 2; }
.replay-frame { margin: var(--space-3) 0; }
.replay-frame h2 { margin-top: 0; }
svg.chart { width: 100%; height: auto; max-height: 320px; }
svg.chart text { fill: var(--muted); font-size: 11px; }
svg.chart .axis { stroke: var(--border); }
.legend { display: flex; flex-wrap: wrap; gap: 4px 14px; list-style: none; padding: 0; }
.legend .swatch { display: inline-block; width: 12px; height: 12px; margin-right: 5px; vertical-align: -1px; }
progress { width: 100%; max-width: 420px; }
.card.game-start { display: grid; gap: 12px 20px; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); align-items: start; }
.game-start figure { margin: 0; }
.card.game-start > :only-child { grid-column: 1 / -1; }
.game-start img { display: block; width: 100%; max-width: 640px; height: auto; border: 1px solid var(--border); border-radius: 4px; }
.game-start figcaption { font-size: 13px; margin-top: 4px; }
pre.input-box, .first-input pre { max-height: 26em; overflow: auto; margin: 4px 0 8px; }
.first-input h2 { margin-top: 0; }
.first-bot summary { cursor: pointer; font-weight: 600; padding: 4px 0; }
ol.steps { padding-left: 24px; }
ol.steps li { margin: 4px 0; overflow-wrap: anywhere; }
@media (max-width: 820px) { .card.game-start { grid-template-columns: minmax(0, 1fr); } }
@media (max-width: 560px) {
  .table-wrap.stack thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); }
  .table-wrap.stack table, .table-wrap.stack tbody, .table-wrap.stack tr, .table-wrap.stack td, .table-wrap.stack tbody th { display: block; }
  .table-wrap.stack tbody th { border: 0; padding: 0 0 2px; }
  .table-wrap.stack tr { background: var(--card); border: 1px solid var(--border); border-radius: var(--radius); padding: var(--space-2) var(--space-3); margin-bottom: var(--space-2); }
  .table-wrap.stack td { border: 0; padding: 1px 0; white-space: normal; overflow-wrap: anywhere; text-align: left; min-width: 0; }
  .table-wrap.stack td[data-label]::before { content: attr(data-label) ": "; color: var(--muted); font-size: var(--text-sm); }
}
@media (max-width: 480px) {
  .site-main { padding: var(--space-2) 10px 30px; } th, td { padding: 4px 5px; }
  .site-main h1 { font-size: var(--text-xl); } .site-main h2 { font-size: var(--text-lg); } .lead { font-size: var(--text-md); }
  iframe.viewer, iframe.viewer[data-game] { aspect-ratio: 9 / 16; min-height: 660px; }
  svg.chart { overflow: visible; } svg.chart text { font-size: 26px; }
}
`;
