import viewerSource from '../../build/viewer-source.js';
import { escapeHtml, pageHead, viewerConfig, type ViewerPageOptions } from './viewer-page-parts.js';

/** The viewer page of a match; `embed` drops everything but the field and the controls. */
export function viewerPage(options: ViewerPageOptions): string {
  return `${pageHead(`Match ${options.id}`)}
  header { display: flex; align-items: center; gap: 16px; flex-wrap: wrap; margin-bottom: 8px; }
  .team { display: flex; align-items: baseline; gap: 8px; font-size: 18px; }
  .team b { font-size: 26px; } .red { color: #b3261e; } .blue { color: #1d4fa8; }
  .hits { font-size: 12px; color: #5b6472; }
  #result { margin-left: auto; font-weight: 600; }
  main { display: flex; gap: 12px; align-items: flex-start; }
  #stage { flex: 1 1 auto; min-width: 200px; }
  canvas { display: block; border-radius: 6px; box-shadow: 0 1px 4px rgba(0,0,0,.2); background: #fff; }
  aside { width: 300px; flex: 0 0 300px; background: #fff; border-radius: 6px; padding: 8px; box-shadow: 0 1px 3px rgba(0,0,0,.12); }
  body.embed aside { display: none; }
  table { width: 100%; border-collapse: collapse; font-size: 12px; } td { padding: 2px 4px; border-bottom: 1px solid #eef1f5; }
  tr.red td:first-child { color: #b3261e; font-weight: 600; } tr.blue td:first-child { color: #1d4fa8; font-weight: 600; }
  #calls { white-space: pre-wrap; font-size: 11px; color: #5b6472; margin-top: 6px; }
  .controls { display: flex; align-items: center; gap: 6px; margin-top: 8px; flex-wrap: wrap; }
  button, select { font: inherit; padding: 3px 9px; border: 1px solid #b9c2cf; background: #fff; border-radius: 4px; cursor: pointer; }
  #scrub { flex: 1 1 200px; }
  #turn { min-width: 96px; font-variant-numeric: tabular-nums; }
  #error { color: #b3261e; font-weight: 600; }
  .keys { font-size: 11px; color: #5b6472; }
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
  <div class="controls">
    <button id="first" title="first turn (Home)">«</button>
    <button id="prev" title="step back (←)">‹</button>
    <button id="play" title="play / pause (space)">▶</button>
    <button id="next" title="step forward (→)">›</button>
    <button id="last" title="last turn (End)">»</button>
    <input id="scrub" type="range" min="0" max="180" value="0" aria-label="turn">
    <span id="turn">turn 0</span>
    <select id="speed" title="speed (+ / -)"><option value="0.5">0.5×</option><option value="1" selected>1×</option><option value="2">2×</option><option value="4">4×</option><option value="8">8×</option></select>
    <button id="view" title="show what one player could see (v)">view: all</button>
    <a class="chrome" id="download" href="${escapeHtml(options.replayUrl)}" download="${escapeHtml(options.id)}.json">download replay</a>
  </div>
  <p class="keys chrome">Keys: space play/pause · ← → step · Home/End · + − speed · v whose view. The address follows the turn: #t=57.</p>
</div>
<script type="application/json" id="config">${viewerConfig(options)}</script>
<script>${viewerSource}</script>
</body>
</html>`;
}
