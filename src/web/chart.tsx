/** A rating-history line chart in SVG, drawn on the server: one line per entry, no script, no external service. */

export interface ChartSeries {
  readonly label: string;
  /** Ratings in order, oldest first. */
  readonly points: readonly number[];
}

const WIDTH = 640;
const HEIGHT = 260;
const PAD = { left: 44, right: 12, top: 12, bottom: 24 };
/** Distinct in light and dark, told apart also by the legend's order. */
export const SERIES_COLORS = [
  '#1f77b4',
  '#d62728',
  '#2ca02c',
  '#ff7f0e',
  '#9467bd',
  '#8c564b',
  '#e377c2',
  '#17becf',
  '#bcbd22',
  '#7f7f7f',
];

export function RatingChart({ series, title }: { series: readonly ChartSeries[]; title: string }) {
  const drawn = series.filter((s) => s.points.length > 0);
  if (drawn.length === 0) return <p class="muted">No rated matches yet: the chart appears after the first round.</p>;
  const values = drawn.flatMap((s) => s.points);
  let low = Math.min(...values);
  let high = Math.max(...values);
  if (high - low < 1) [low, high] = [low - 1, high + 1];
  const steps = Math.max(...drawn.map((s) => s.points.length));
  const x = (k: number) => PAD.left + (steps <= 1 ? 0 : (k * (WIDTH - PAD.left - PAD.right)) / (steps - 1));
  const y = (v: number) => PAD.top + ((high - v) * (HEIGHT - PAD.top - PAD.bottom)) / (high - low);
  const ticks = [low, (low + high) / 2, high];
  return (
    <figure>
      <svg class="chart" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby="chart-title">
        <title id="chart-title">{title}</title>
        <line class="axis" x1={PAD.left} y1={HEIGHT - PAD.bottom} x2={WIDTH - PAD.right} y2={HEIGHT - PAD.bottom} />
        <line class="axis" x1={PAD.left} y1={PAD.top} x2={PAD.left} y2={HEIGHT - PAD.bottom} />
        {ticks.map((t) => (
          <text x={PAD.left - 4} y={y(t) + 4} text-anchor="end">
            {t.toFixed(0)}
          </text>
        ))}
        <text x={WIDTH - PAD.right} y={HEIGHT - 6} text-anchor="end">
          rated matches →
        </text>
        {drawn.map((s, k) => (
          <polyline
            fill="none"
            stroke={SERIES_COLORS[k % SERIES_COLORS.length]}
            stroke-width="2"
            points={s.points.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ')}
          >
            <title>{`${s.label}: ${s.points[s.points.length - 1]!.toFixed(1)}`}</title>
          </polyline>
        ))}
      </svg>
      <figcaption>
        <ul class="legend">
          {drawn.map((s, k) => (
            <li>
              <svg class="swatch" width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
                <rect width="12" height="12" rx="2" fill={SERIES_COLORS[k % SERIES_COLORS.length]} />
              </svg>
              {s.label}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
