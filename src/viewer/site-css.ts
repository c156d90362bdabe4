/**
 * The one stylesheet of the web pages and the replay viewers: light and dark
 * (the reader's system setting), readable from 360 px wide, visible focus.
 * Served as /assets/site.css to the pages and inlined in each viewer page.
 */
export const SITE_CSS = `
:root { color-scheme: light dark; --bg: #eef2f6; --card: #ffffff; --fg: #1d2330; --muted: #4f5866; --border: #b9c2cf;
  --accent: #1f5fbf; --accent-fg: #ffffff; --danger: #b3261e; --ok: #1e7a3a; --focus: #f0a500;
  font: 15px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--fg); background: var(--bg); }
@media (prefers-color-scheme: dark) {
  :root { --bg: #14181f; --card: #1d232d; --fg: #e6e9ef; --muted: #a9b1bd; --border: #3c4654;
    --accent: #7aa7ff; --accent-fg: #0d1117; --danger: #ff8a80; --ok: #7bd88f; }
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
.card { background: var(--card); border: 1px solid var(--border); border-radius: 6px; padding: 12px 16px; margin: 12px 0; }
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
form.stack { display: grid; gap: 10px; max-width: 520px; }
form.stack label { display: grid; gap: 3px; font-weight: 600; }
form.inline { display: inline-flex; gap: 6px; align-items: center; flex-wrap: wrap; margin: 0; }
.secret { word-break: break-all; font-size: 1.05em; }
form.stack label.check { display: flex; gap: 8px; align-items: center; font-weight: 400; }
[role="alert"]:not(:empty) { color: var(--danger); font-weight: 600; }
.ok { color: var(--ok); }
.key-box { margin-left: auto; }
.key-box summary { cursor: pointer; }
.key-box form { display: flex; gap: 6px; margin-top: 6px; flex-wrap: wrap; }
iframe.viewer { width: 100%; height: 720px; border: 1px solid var(--border); border-radius: 6px; background: var(--card); }
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
@media (max-width: 480px) { .site-main { padding: 8px 10px 30px; } iframe.viewer { height: 520px; } th, td { padding: 4px 5px; } }
`;
