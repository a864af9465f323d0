import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatBRL } from '@/lib/money';
import type { ReceivablesMonthly } from './api';
import { shortMonth } from './months';

const HEIGHT = 240;
const PAID = '#15803d';
const PENDING = '#d97706';

/** R$ in few characters for the value axis: 'R$ 1,2 mi', 'R$ 35 mil', 'R$ 900'. */
function axisReais(v: number): string {
  const abs = Math.abs(v);
  if (abs >= 1_000_000) return `R$ ${(v / 1_000_000).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} mi`;
  if (abs >= 1_000) return `R$ ${(v / 1_000).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} mil`;
  return `R$ ${v.toLocaleString('pt-BR', { maximumFractionDigits: 0 })}`;
}

/** The uPlot options for `months` at `width` px: two bar series side by side per month. */
function chartOptions(months: ReceivablesMonthly, width: number): uPlot.Options {
  const bars = uPlot.paths.bars;
  const every = width < 480 ? 2 : 1; // at 375 px, one month label in two
  const value = (_: uPlot, v: number | null) => (v == null ? '—' : formatBRL(Math.round(v * 100)));
  return {
    width,
    height: HEIGHT,
    scales: { x: { time: false, range: [-0.5, months.length - 0.5] }, y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] } },
    axes: [
      {
        splits: () => months.map((_, i) => i),
        values: (_u, splits) => splits.map((i) => (i % every === (months.length - 1) % every ? shortMonth(months[i]?.month ?? '') : '')),
        gap: 4,
        size: 30,
      },
      { values: (_u, splits) => splits.map(axisReais), size: 70 },
    ],
    series: [
      { value: (_u, i: number | null) => (i == null ? '' : shortMonth(months[i]?.month ?? '')) },
      { label: 'Pago', stroke: PAID, fill: PAID, width: 0, paths: bars?.({ size: [0.4, 28], align: -1 }), points: { show: false }, value },
      { label: 'Pendente', stroke: PENDING, fill: PENDING, width: 0, paths: bars?.({ size: [0.4, 28], align: 1 }), points: { show: false }, value },
    ],
    cursor: { drag: { x: false, y: false }, points: { show: false } },
  };
}

/**
 * Paid and pending per month as bars (uPlot, on a canvas). The figures are also the table beside
 * it, for screen readers and for reading exact values; this chart is only a picture of them.
 * Follows its box's width (ResizeObserver).
 */
export default function MonthlyChart({ months }: { months: ReceivablesMonthly }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const data: uPlot.AlignedData = [months.map((_, i) => i), months.map((m) => m.paid.cents / 100), months.map((m) => m.pending.cents / 100)];
    let width = el.clientWidth;
    let plot = new uPlot(chartOptions(months, width), data, el);
    const observer = new ResizeObserver(() => {
      const next = el.clientWidth;
      if (next === width || next === 0) return;
      // the label rhythm depends on the width: rebuild rather than resize
      width = next;
      plot.destroy();
      plot = new uPlot(chartOptions(months, width), data, el);
    });
    observer.observe(el);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [months]);
  return <div ref={box} data-testid="home-monthly-chart" />;
}
