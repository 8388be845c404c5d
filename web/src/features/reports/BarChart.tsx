/**
 * A small horizontal bar chart in plain SVG (no chart library: a dozen bars need none). Shows the
 * largest `max` entries; scales with its container; the numbers are also in the table beside it.
 */
export interface Bar {
  label: string;
  value: number;
}

const ROW = 28;
const LABEL_W = 124;
const BAR_W = 140;
const WIDTH = LABEL_W + BAR_W + 48;
const short = (text: string) => (text.length > 17 ? `${text.slice(0, 16)}…` : text);

export function BarChart({
  title,
  bars,
  max = 10,
  emptyText = 'No records found',
}: {
  title: string;
  bars: Bar[];
  max?: number;
  emptyText?: string;
}) {
  const shown = [...bars].sort((a, b) => b.value - a.value || a.label.localeCompare(b.label)).slice(0, max);
  const top = Math.max(1, ...shown.map((b) => b.value));
  const height = shown.length * ROW + 4;
  const summary = shown.map((b) => `${b.label} ${b.value}`).join(', ');
  return (
    <figure className="report-chart mb-0">
      <figcaption className="small text-muted mb-2">
        {title}
        {bars.length > max ? ` (top ${max} of ${bars.length})` : ''}
      </figcaption>
      {shown.length === 0 ? (
        <p className="text-muted small mb-0">{emptyText}</p>
      ) : (
        <svg
          viewBox={`0 0 ${WIDTH} ${height}`}
          width="100%"
          role="img"
          aria-label={`${title}: ${summary}`}
          className="d-block"
        >
          {shown.map((b, i) => {
            const y = i * ROW + 2;
            const w = Math.max(2, Math.round((b.value / top) * BAR_W));
            return (
              <g key={b.label} data-bar={b.label}>
                <title>{`${b.label}: ${b.value}`}</title>
                <text
                  x={LABEL_W - 8}
                  y={y + ROW / 2}
                  textAnchor="end"
                  dominantBaseline="middle"
                  fontSize="13"
                  fill="#343a40"
                >
                  {short(b.label)}
                </text>
                <rect
                  x={LABEL_W}
                  y={y + 4}
                  width={w}
                  height={ROW - 8}
                  rx="3"
                  fill="#0d6efd"
                  opacity={0.85 - i * 0.04}
                />
                <text x={LABEL_W + w + 6} y={y + ROW / 2} dominantBaseline="middle" fontSize="13" fill="#212529">
                  {b.value.toLocaleString('en-US')}
                </text>
              </g>
            );
          })}
        </svg>
      )}
    </figure>
  );
}
