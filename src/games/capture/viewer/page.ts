import source from '../../../../build/viewers/capture.js';
import { blend, legend } from '../../../viewer/legend.js';
import { WHOLE_MATCH_SPEED } from '../../../viewer/speeds.js';
import {
  CONTROLS_CSS,
  LOG_PANEL_CSS,
  controlBar,
  logPanel,
  pageHead,
  pageScript,
  resultSlot,
  type ViewerPageOptions,
} from '../../../viewer/page-parts.js';
import { COLORS, FIELD_BG, HALO, LOOP_ALPHA } from './draw.js';

/** Turns a second, then the whole match (900 turns) in 10 s. */
const SPEEDS = [
  { value: '5', label: '5/s' },
  { value: '15', label: '15/s', selected: true },
  { value: '30', label: '30/s' },
  { value: '60', label: '60/s' },
  WHOLE_MATCH_SPEED,
];

/** A closing loop's fill as it shows on the field. */
const tint = (hex: string) => blend(hex, LOOP_ALPHA, FIELD_BG);

const [RED, BLUE, GREY] = COLORS as [string, string, string];
const LEGEND = [
  { color: RED, label: "red's sled, pointing where it goes", shape: 'triangle' as const },
  { color: BLUE, label: "blue's sled", shape: 'triangle' as const },
  { color: RED, label: "red's trail", shape: 'line' as const },
  { color: BLUE, label: "blue's trail", shape: 'line' as const },
  { color: tint(RED), label: 'a loop red closes: the pucks inside turn red' },
  { color: tint(BLUE), label: 'a loop blue closes: the pucks inside turn blue' },
  { color: RED, label: 'red puck (scores for red)', shape: 'dot' as const },
  { color: BLUE, label: 'blue puck (scores for blue)', shape: 'dot' as const },
  { color: GREY, label: 'grey puck (no one’s)', shape: 'dot' as const },
  { color: HALO, label: 'a puck inside a loop closing this turn', shape: 'ring' as const, fill: GREY },
  { color: RED, label: "red's bumpers", shape: 'ring' as const, fill: FIELD_BG },
  { color: BLUE, label: "blue's bumpers", shape: 'ring' as const, fill: FIELD_BG },
];

/** The viewer page of a Capture match: every turn rebuilt in the browser from the replay's moves. */
export function page(options: ViewerPageOptions): string {
  const [red, blue] = COLORS;
  const key = legend(LEGEND, !options.embed);
  return `${pageHead(`Capture match ${options.id}`)}
  header { display: flex; align-items: center; gap: 20px; flex-wrap: wrap; margin-bottom: 8px; font-size: 16px; }
  .team { display: flex; align-items: center; gap: 6px; }
  .team i { display: inline-block; width: 12px; height: 12px; border-radius: 50%; }
  .team b { font-size: 20px; font-variant-numeric: tabular-nums; }
  :root { --red: #b3261e; --blue: #1d4fa8; }
  @media (prefers-color-scheme: dark) { :root { --red: #ff8a80; --blue: #8ab4ff; } }
  .red i { background: ${red}; } .red b, tr.red td:first-child { color: var(--red); }
  .blue i { background: ${blue}; } .blue b, tr.blue td:first-child { color: var(--blue); }
  .note { font-size: 12px; color: var(--muted); }
  main { display: flex; gap: 12px; align-items: flex-start; }
  canvas { display: block; border-radius: 6px; box-shadow: 0 1px 4px rgba(0,0,0,.2); max-width: 100%; height: auto; }
  aside { overflow-x: auto; flex: 1 1 260px; min-width: 0; background: var(--card); border-radius: 6px; padding: 8px; box-shadow: 0 1px 3px rgba(0,0,0,.12); }
  aside h2 { font-size: 13px; margin: 0 0 6px; color: var(--muted); font-weight: 600; }
  table { width: 100%; border-collapse: collapse; font-size: 12px; } td { padding: 3px 4px; border-bottom: 1px solid var(--border); vertical-align: top; white-space: normal; overflow-wrap: anywhere; }
  td:first-child { overflow-wrap: normal; word-break: normal; }
  td:nth-child(2) { font-family: ui-monospace, monospace; }
  tr.note td, tr.capture td:nth-child(2) { font-family: inherit; }
  tr.capture { background: color-mix(in srgb, var(--focus) 30%, transparent); }
  ${CONTROLS_CSS}${LOG_PANEL_CSS}${key.css}
  @media (max-width: 900px) { main { flex-direction: column; align-items: stretch; } aside { width: auto; flex: none; } }
</style>
</head>
<body${options.embed ? ' class="embed"' : ''}>
<div id="app">
  <header>
    <span class="team red"><i></i><span id="name-red">red</span> <b id="score-red">0</b></span>
    <span class="team blue"><i></i><span id="name-blue">blue</span> <b id="score-blue">0</b></span>
    <span class="note">pucks of each color</span>
    ${resultSlot()}
  </header>
  <div id="error"></div>
  <main>
    <canvas id="field" width="720" height="720" role="img" aria-label="the field"></canvas>
    <aside class="chrome" aria-label="the moves played next">
      <h2>moves played next</h2>
      <table><tbody id="moves"></tbody></table>
      <p class="note">Each move: both bumpers' accelerations, then the sled's turn, in the player's own frame (blue's is rotated half a turn). A highlighted puck is inside a loop closing this turn.</p>
    </aside>
  </main>
  ${controlBar(options, { step: 'turn', speeds: SPEEDS })}
  ${key.html}
  ${logPanel(options)}
  <p class="keys chrome">Keys: space play/pause · ← → one turn · Home/End first/last turn · + − speed. The address follows the turn: #t=300. A sled's trail closing on itself captures the pucks inside. The result stays hidden until the last turn unless you press "show result".</p>
</div>
${pageScript(options, source)}`;
}
