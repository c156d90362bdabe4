import source from '../../../../build/viewers/capture.js';
import {
  CONTROLS_CSS,
  LOG_PANEL_CSS,
  controlBar,
  logPanel,
  pageHead,
  pageScript,
  type ViewerPageOptions,
} from '../../../viewer/page-parts.js';
import { COLORS } from './draw.js';

const SPEEDS = [
  { value: '5', label: '5/s' },
  { value: '15', label: '15/s', selected: true },
  { value: '30', label: '30/s' },
  { value: '60', label: '60/s' },
  { value: '150', label: '150/s' },
];

/** The viewer page of a Capture match: every turn rebuilt in the browser from the replay's moves. */
export function page(options: ViewerPageOptions): string {
  const [red, blue, grey] = COLORS;
  return `${pageHead(`Capture match ${options.id}`)}
  header { display: flex; align-items: center; gap: 20px; flex-wrap: wrap; margin-bottom: 8px; font-size: 16px; }
  .team { display: flex; align-items: center; gap: 6px; }
  .team i { display: inline-block; width: 12px; height: 12px; border-radius: 50%; }
  .team b { font-size: 20px; font-variant-numeric: tabular-nums; }
  .red i { background: ${red}; } .red b, tr.red td:first-child { color: ${red}; }
  .blue i { background: ${blue}; } .blue b, tr.blue td:first-child { color: ${blue}; }
  .note { font-size: 12px; color: var(--muted); }
  #result { margin-left: auto; font-weight: 600; }
  main { display: flex; gap: 12px; align-items: flex-start; }
  canvas { display: block; border-radius: 6px; box-shadow: 0 1px 4px rgba(0,0,0,.2); max-width: 100%; }
  aside { flex: 1 1 260px; background: var(--card); border-radius: 6px; padding: 8px; box-shadow: 0 1px 3px rgba(0,0,0,.12); }
  aside h2 { font-size: 13px; margin: 0 0 6px; color: var(--muted); font-weight: 600; }
  table { width: 100%; border-collapse: collapse; font-size: 12px; } td { padding: 3px 4px; border-bottom: 1px solid var(--border); vertical-align: top; }
  td:nth-child(2) { font-family: ui-monospace, monospace; }
  tr.note td, tr.capture td:nth-child(2) { font-family: inherit; }
  tr.capture { background: color-mix(in srgb, var(--focus) 30%, transparent); }
  .legend span { display: inline-block; width: 9px; height: 9px; border-radius: 50%; margin: 0 3px 0 8px; }${CONTROLS_CSS}${LOG_PANEL_CSS}
  @media (max-width: 900px) { main { flex-direction: column; } aside { width: auto; flex: none; } }
</style>
</head>
<body${options.embed ? ' class="embed"' : ''}>
<div id="app">
  <header>
    <span class="team red"><i></i><span id="name-red">red</span> <b id="score-red">0</b></span>
    <span class="team blue"><i></i><span id="name-blue">blue</span> <b id="score-blue">0</b></span>
    <span class="note">pucks of each color</span>
    <span id="result"></span>
  </header>
  <div id="error"></div>
  <main>
    <canvas id="field" width="720" height="720" aria-label="the field"></canvas>
    <aside class="chrome">
      <h2>moves played next</h2>
      <table><tbody id="moves"></tbody></table>
      <p class="note">Each move: both bumpers' accelerations, then the sled's turn, in the player's own frame (blue's is rotated half a turn). A highlighted puck is inside a loop closing this turn.</p>
      <p class="note legend">pucks<span style="background:${red}"></span>red<span style="background:${blue}"></span>blue<span style="background:${grey}"></span>grey</p>
    </aside>
  </main>
  ${controlBar(options, { step: 'turn', speeds: SPEEDS })}
  ${logPanel(options)}
  <p class="keys chrome">Keys: space play/pause · ← → one turn · Home/End · + − speed. The address follows the turn: #t=300. Sleds are the triangles, bumpers the rings; a sled's trail closing on itself captures the pucks inside.</p>
</div>
${pageScript(options, source)}`;
}
