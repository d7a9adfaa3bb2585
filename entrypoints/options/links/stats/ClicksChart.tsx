import { useEffect, useRef, useSyncExternalStore } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatNumber } from '../../../../lib/i18n/format.ts';

/** A colour of the theme (a custom property, light-dark() included) as the canvas needs it. */
function themeColour(element: HTMLElement, value: string): string {
  const before = element.style.outlineColor;
  element.style.outlineColor = value;
  const colour = getComputedStyle(element).outlineColor;
  element.style.outlineColor = before;
  return colour;
}

/** `rgb(r, g, b)` as `rgba(r, g, b, alpha)`. */
function translucent(colour: string, alpha: number): string {
  const [r, g, b] = colour.match(/[\d.]+/g) ?? [];
  return r === undefined ? colour : `rgba(${r}, ${g}, ${b}, ${alpha})`;
}

const HEIGHT = 160;
/** Room for one tick's words in any language ("26 نوفمبر", "26. Nov.", "4:00 PM"), so none touch. */
const TICK_SPACE = 72;
/** Whole clicks on the count axis. */
const COUNT_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1e3, 2e3, 5e3, 1e4, 2e4, 5e4, 1e5, 1e6];

/** One bucket of the chart: where it sits (seconds) and how its tick reads. */
export type ChartPoint = { at: number; tick: string; clicks: number; bots: number };

/**
 * The buckets' starts to put ticks at: every one, or every n-th where they would touch. The ticks
 * are the buckets' own (an hour, a date, a month) in the viewer's zone, written by Intl, so uPlot's
 * clock (UTC or local) is never asked.
 */
function tickStarts(points: ChartPoint[], width: number): number[] {
  const fit = Math.max(1, Math.floor(width / TICK_SPACE));
  const every = Math.max(1, Math.ceil(points.length / fit));
  return points.filter((_, index) => index % every === 0).map((point) => point.at);
}

/** The theme in use, so the canvas is drawn again when it changes (system or data-theme). */
function subscribeToTheme(changed: () => void): () => void {
  const media = matchMedia('(prefers-color-scheme: dark)');
  media.addEventListener('change', changed);
  const attribute = new MutationObserver(changed);
  attribute.observe(document.documentElement, {
    attributes: true,
    attributeFilter: ['data-theme'],
  });
  return () => {
    media.removeEventListener('change', changed);
    attribute.disconnect();
  };
}
const currentTheme = () =>
  `${matchMedia('(prefers-color-scheme: dark)').matches} ${document.documentElement.dataset.theme}`;

/**
 * Clicks per bucket (hour, day or month) as a line chart, and bots apart when there are any. The
 * canvas is an image to assistive technology, named by `label`; the numbers are in the table.
 */
export function ClicksChart({
  points,
  label,
  clicksLabel,
  botsLabel,
}: {
  points: ChartPoint[];
  label: string;
  clicksLabel: string;
  botsLabel: string;
}) {
  const holder = useRef<HTMLDivElement>(null);
  const theme = useSyncExternalStore(subscribeToTheme, currentTheme);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the colours are read from the page, so a new theme must draw again.
  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    const text = themeColour(element, 'var(--muted)');
    const grid = themeColour(element, 'var(--border)');
    const clicks = themeColour(element, 'var(--accent)');
    const bots = themeColour(element, 'var(--danger)');
    const withBots = points.some((point) => point.bots > 0);
    const axis = { stroke: text, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid } };
    const series: uPlot.Series[] = [
      {},
      { label: clicksLabel, stroke: clicks, width: 2, fill: translucent(clicks, 0.15) },
    ];
    const data: uPlot.AlignedData = [
      points.map((point) => point.at),
      points.map((point) => point.clicks),
    ];
    if (withBots) {
      series.push({ label: botsLabel, stroke: bots, width: 1.5, dash: [4, 3] });
      data.push(points.map((point) => point.bots));
    }
    const ticks = new Map(points.map((point) => [point.at, point.tick]));
    const chart = new uPlot(
      {
        width: Math.max(element.clientWidth, 240),
        height: HEIGHT,
        legend: { show: false },
        cursor: { show: false },
        scales: {
          x: { time: false },
          y: { range: (_u, _min, max) => [0, Math.max(max, 4)] },
        },
        // Buckets and counts written as the person's language writes them (uPlot's are English).
        axes: [
          {
            ...axis,
            space: TICK_SPACE,
            splits: (u) => tickStarts(points, u.width),
            values: (_u, splits) => splits.map((at) => ticks.get(at) ?? ''),
          },
          {
            ...axis,
            size: 40,
            incrs: COUNT_STEPS,
            values: (_u, splits) => splits.map((count) => formatNumber(count)),
          },
        ],
        series,
      },
      data,
      element,
    );
    // One bucket alone (this browser's record of a link first seen today) has no width: a bucket's
    // length either side instead.
    const [only] = points;
    if (points.length === 1 && only) {
      chart.setScale('x', { min: only.at - 86_400, max: only.at + 86_400 });
    }
    const resize = new ResizeObserver(() => {
      chart.setSize({ width: Math.max(element.clientWidth, 240), height: HEIGHT });
    });
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [points, clicksLabel, botsLabel, theme]);

  // Time runs left to right in every language, as charts in Arabic commonly draw it; the canvas's
  // axes are laid out by uPlot in left/top terms, which a right-to-left page must not mirror.
  return <div ref={holder} className="clicks-chart" role="img" aria-label={label} dir="ltr" />;
}
