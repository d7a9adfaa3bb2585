import { useEffect, useRef, useSyncExternalStore } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatNumber } from '../../../../lib/i18n/format.ts';
import { type ClicksDay, dayName } from './stats-view.ts';

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
const DAY_S = 86_400;
/** Ticks a whole number of days apart: the days are the data, hours between them mean nothing. */
const DAY_STEPS = [1, 2, 3, 7, 14, 28, 56, 91, 182, 364].map((days) => days * DAY_S);
/** Whole clicks on the count axis. */
const COUNT_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1e3, 2e3, 5e3, 1e4, 2e4, 5e4, 1e5, 1e6];

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
 * Clicks per day as a line chart: people, and bots apart when there are any. The canvas is an
 * image to assistive technology, named by `label`; the numbers are in the table beside it.
 */
export function ClicksChart({
  days,
  label,
  peopleLabel,
  botsLabel,
}: {
  days: ClicksDay[];
  label: string;
  peopleLabel: string;
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
    const people = themeColour(element, 'var(--accent)');
    const bots = themeColour(element, 'var(--danger)');
    const withBots = days.some((day) => day.bots > 0);
    const axis = { stroke: text, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid } };
    const series: uPlot.Series[] = [
      {},
      { label: peopleLabel, stroke: people, width: 2, fill: translucent(people, 0.15) },
    ];
    const data: uPlot.AlignedData = [
      days.map((day) => Date.parse(`${day.date}T00:00:00Z`) / 1000),
      days.map((day) => day.humans),
    ];
    if (withBots) {
      series.push({ label: botsLabel, stroke: bots, width: 1.5, dash: [4, 3] });
      data.push(days.map((day) => day.bots));
    }
    const chart = new uPlot(
      {
        width: Math.max(element.clientWidth, 240),
        height: HEIGHT,
        tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
        legend: { show: false },
        cursor: { show: false },
        scales: {
          y: { range: (_u, _min, max) => [0, Math.max(max, 4)] },
        },
        // Days and counts written as the person's language writes them (uPlot's own are English).
        axes: [
          {
            ...axis,
            incrs: DAY_STEPS,
            // Room for a day's name in any language ("26 نوفمبر", "26. Nov."), so none touch.
            space: 72,
            values: (_u, splits) => splits.map((seconds) => dayName(new Date(seconds * 1000))),
          },
          {
            ...axis,
            size: 40,
            incrs: COUNT_STEPS,
            values: (_u, splits) => splits.map((clicks) => formatNumber(clicks)),
          },
        ],
        series,
      },
      data,
      element,
    );
    // One day alone (this browser's record of a link first seen today) stretches uPlot's axis
    // over years: a day either side instead.
    const only = data[0][0];
    if (days.length === 1 && only !== undefined) {
      chart.setScale('x', { min: only - DAY_S, max: only + DAY_S });
    }
    const resize = new ResizeObserver(() => {
      chart.setSize({ width: Math.max(element.clientWidth, 240), height: HEIGHT });
    });
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [days, peopleLabel, botsLabel, theme]);

  // Time runs left to right in every language, as charts in Arabic commonly draw it; the canvas's
  // axes are laid out by uPlot in left/top terms, which a right-to-left page must not mirror.
  return <div ref={holder} className="clicks-chart" role="img" aria-label={label} dir="ltr" />;
}
