import antsViewerSource from '../../build/ants-viewer-source.js';
import { escapeHtml, pageHead, viewerConfig, type ViewerPageOptions } from './viewer-page-parts.js';

/** The viewer page of an ants match: the world re-simulated in the browser from the replay. */
export function antsViewerPage(options: ViewerPageOptions): string {
  return `${pageHead(`Ants match ${options.id}`)}
  header { display: flex; align-items: center; gap: 16px; flex-wrap: wrap; margin-bottom: 8px; }
  .team { display: flex; align-items: baseline; gap: 8px; font-size: 18px; }
  .team b { font-size: 26px; } .red { color: #b3261e; } .black { color: #222; }
  .note { font-size: 12px; color: #5b6472; }
  #result { margin-left: auto; font-weight: 600; }
  canvas { display: block; border-radius: 6px; box-shadow: 0 1px 4px rgba(0,0,0,.2); background: #fff; max-width: 100%; }
  #chart { margin-top: 8px; }
  .controls { display: flex; align-items: center; gap: 6px; margin-top: 8px; flex-wrap: wrap; }
  button, select { font: inherit; padding: 3px 9px; border: 1px solid #b9c2cf; background: #fff; border-radius: 4px; cursor: pointer; }
  #scrub { flex: 1 1 200px; }
  #round { min-width: 120px; font-variant-numeric: tabular-nums; }
  #error { color: #b3261e; font-weight: 600; }
  .keys { font-size: 11px; color: #5b6472; }
</style>
</head>
<body${options.embed ? ' class="embed"' : ''}>
<div id="app">
  <header>
    <span class="team red"><span id="name-red">red</span> <b id="score-red">0</b> <span class="note">alive <span id="alive-red">0</span></span></span>
    <span class="team black"><b id="score-black">0</b> <span id="name-black">black</span> <span class="note">alive <span id="alive-black">0</span></span></span>
    <span id="result"></span>
  </header>
  <div id="error"></div>
  <canvas id="world" width="800" height="700" aria-label="the world"></canvas>
  <canvas id="chart" class="chrome" width="800" height="120" aria-label="food on each anthill over time"></canvas>
  <div class="controls">
    <button id="first" title="first round (Home)">«</button>
    <button id="prev" title="one round back (←)">‹</button>
    <button id="play" title="play / pause (space)">▶</button>
    <button id="next" title="one round forward (→)">›</button>
    <button id="last" title="last round (End)">»</button>
    <input id="scrub" type="range" min="0" max="0" value="0" aria-label="round">
    <span id="round">round 0</span>
    <select id="speed" title="rounds per frame (+ / -)"><option value="1">1</option><option value="10" selected>10</option><option value="100">100</option><option value="1000">1000</option></select>
    <a class="chrome" id="download" href="${escapeHtml(options.replayUrl)}" download="${escapeHtml(options.id)}.json">download replay</a>
  </div>
  <p class="keys chrome">Keys: space play/pause · ← → one round · Home/End · + − speed. The address follows the round: #r=5000. Markers: a red or grey rim; an ant carrying food has a gold dot.</p>
</div>
<script type="application/json" id="config">${viewerConfig(options)}</script>
<script>${antsViewerSource}</script>
</body>
</html>`;
}
