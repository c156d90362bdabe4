import viewerSource from '../../../../build/viewers/icy.js';
import {
  CONTROLS_CSS,
  LOG_PANEL_CSS,
  controlBar,
  logPanel,
  pageHead,
  pageScript,
  type ViewerPageOptions,
} from '../../../viewer/page-parts.js';

const SPEEDS = [
  { value: '0.5', label: '0.5×' },
  { value: '1', label: '1×', selected: true },
  { value: '2', label: '2×' },
  { value: '4', label: '4×' },
  { value: '8', label: '8×' },
];

/** The viewer page of an Icy match; `embed` drops everything but the field and the controls. */
export function page(options: ViewerPageOptions): string {
  return `${pageHead(`Match ${options.id}`)}
  header { display: flex; align-items: center; gap: 16px; flex-wrap: wrap; margin-bottom: 8px; }
  .team { display: flex; align-items: baseline; gap: 8px; font-size: 18px; }
  .team b { font-size: 26px; } .red { color: #b3261e; } .blue { color: #1d4fa8; }
  .hits { font-size: 12px; color: var(--muted); }
  #result { margin-left: auto; font-weight: 600; }
  main { display: flex; gap: 12px; align-items: flex-start; }
  #stage { flex: 1 1 auto; min-width: 200px; }
  canvas { display: block; border-radius: 6px; box-shadow: 0 1px 4px rgba(0,0,0,.2); background: #fff; }
  aside { width: 300px; flex: 0 0 300px; background: var(--card); border-radius: 6px; padding: 8px; box-shadow: 0 1px 3px rgba(0,0,0,.12); }
  body.embed aside { display: none; }
  table { width: 100%; border-collapse: collapse; font-size: 12px; } td { padding: 2px 4px; border-bottom: 1px solid var(--border); }
  tr.red td:first-child { color: #b3261e; font-weight: 600; } tr.blue td:first-child { color: #1d4fa8; font-weight: 600; }
  #calls { white-space: pre-wrap; overflow-wrap: anywhere; font-size: 11px; color: var(--muted); margin-top: 6px; }${CONTROLS_CSS}${LOG_PANEL_CSS}
  @media (max-width: 800px) { main { flex-direction: column; } aside { width: auto; flex: none; } }
</style>
</head>
<body${options.embed ? ' class="embed"' : ''}>
<div id="app">
  <header>
    <span class="team red"><span id="name-red">red</span> <b id="score-red">0</b> <span class="hits">hits <span id="hits-red">0</span></span></span>
    <span class="team blue"><b id="score-blue">0</b> <span id="name-blue">blue</span> <span class="hits">hits <span id="hits-blue">0</span></span></span>
    <span id="result"></span>
  </header>
  <div id="error"></div>
  <main>
    <div id="stage"><canvas id="field" width="620" height="620" aria-label="the field"></canvas></div>
    <aside class="chrome">
      <table><thead><tr><td>child</td><td>action</td><td>outcome</td></tr></thead><tbody id="moves"></tbody></table>
      <div id="calls"></div>
    </aside>
  </main>
  ${controlBar(options, { speeds: SPEEDS, step: 'turn', extra: '\n    <button id="view" title="show what one player could see (v)">view: all</button>' })}
  ${logPanel(options)}
  <p class="keys chrome">Keys: space play/pause · ← → step · Home/End · + − speed · v whose view. The address follows the turn: #t=57.</p>
</div>
${pageScript(options, viewerSource)}`;
}
