/** Escapes text for HTML and SVG. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A number as the report prints it: up to four decimals, `–` for none. */
export function fmt(value: number | undefined): string {
  if (value === undefined || Number.isNaN(value)) return "–";
  return String(Number(value.toFixed(4)));
}

const COLORS = ["#3b6fd8", "#e08a2c", "#3aa55d", "#c8463d", "#8a5cc7", "#2aa3a8"];

/** A horizontal bar chart (inline SVG): one bar per label, scaled to `max` (default: the largest value or 1). */
export function barChart(
  title: string,
  bars: { label: string; value: number }[],
  max?: number,
): string {
  const top = Math.max(
    max ?? 0,
    ...bars.map((b) => (Number.isFinite(b.value) ? b.value : 0)),
    1e-9,
  );
  const rowH = 26;
  const labelW = 180;
  const barW = 360;
  const height = bars.length * rowH + 34;
  const rows = bars
    .map((b, i) => {
      const v = Number.isFinite(b.value) ? b.value : 0;
      const w = Math.max(0, (v / top) * barW);
      const y = 28 + i * rowH;
      return `<text x="${labelW - 8}" y="${y + 15}" text-anchor="end">${escapeHtml(truncate(b.label, 26))}</text><rect x="${labelW}" y="${y + 3}" width="${w.toFixed(1)}" height="${rowH - 8}" fill="${COLORS[i % COLORS.length]}"><title>${escapeHtml(b.label)}: ${fmt(b.value)}</title></rect><text x="${labelW + w + 6}" y="${y + 15}">${fmt(b.value)}</text>`;
    })
    .join("");
  return `<figure><svg role="img" aria-label="${escapeHtml(title)}" width="${labelW + barW + 70}" height="${height}" viewBox="0 0 ${labelW + barW + 70} ${height}" font-size="12" font-family="sans-serif"><text x="0" y="16" font-weight="bold">${escapeHtml(title)}</text>${rows}</svg></figure>`;
}

/** A line chart (inline SVG) of series over x = 1 … n, y from 0 to 1. */
export function lineChart(
  title: string,
  series: { label: string; values: number[] }[],
  xLabel: string,
): string {
  const w = 420;
  const h = 220;
  const left = 40;
  const bottom = h - 30;
  const plotW = w - left - 130;
  const plotH = bottom - 30;
  const n = Math.max(1, ...series.map((s) => s.values.length));
  const x = (i: number) => left + (n === 1 ? plotW / 2 : (i / (n - 1)) * plotW);
  const y = (v: number) => bottom - Math.max(0, Math.min(1, v)) * plotH;
  const axes = `<line x1="${left}" y1="${bottom}" x2="${left + plotW}" y2="${bottom}" stroke="#888"/><line x1="${left}" y1="${bottom}" x2="${left}" y2="${bottom - plotH}" stroke="#888"/><text x="${left - 6}" y="${bottom - plotH + 4}" text-anchor="end">1</text><text x="${left - 6}" y="${bottom + 4}" text-anchor="end">0</text>${Array.from({ length: n }, (_, i) => `<text x="${x(i)}" y="${bottom + 16}" text-anchor="middle">${i + 1}</text>`).join("")}<text x="${left + plotW / 2}" y="${h - 2}" text-anchor="middle">${escapeHtml(xLabel)}</text>`;
  const lines = series
    .map((s, si) => {
      const color = COLORS[si % COLORS.length];
      const pts = s.values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
      const dots = s.values
        .map(
          (v, i) =>
            `<circle cx="${x(i).toFixed(1)}" cy="${y(v).toFixed(1)}" r="3" fill="${color}"><title>${escapeHtml(s.label)} @${i + 1}: ${fmt(v)}</title></circle>`,
        )
        .join("");
      return `<polyline fill="none" stroke="${color}" stroke-width="2" points="${pts}"/>${dots}<text x="${left + plotW + 10}" y="${40 + si * 16}" fill="${color}">${escapeHtml(truncate(s.label, 18))}</text>`;
    })
    .join("");
  return `<figure><svg role="img" aria-label="${escapeHtml(title)}" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" font-size="12" font-family="sans-serif"><text x="0" y="16" font-weight="bold">${escapeHtml(title)}</text>${axes}${lines}</svg></figure>`;
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
