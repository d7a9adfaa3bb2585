import { useEffect, useRef, useSyncExternalStore } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { ClicksDay } from './stats-view.ts';

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
}: {
  days: ClicksDay[];
  label: string;
  peopleLabel: string;
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
      series.push({ label: 'Bots', stroke: bots, width: 1.5, dash: [4, 3] });
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
        axes: [axis, { ...axis, size: 40 }],
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
  }, [days, peopleLabel, theme]);

  return <div ref={holder} className="clicks-chart" role="img" aria-label={label} />;
}
