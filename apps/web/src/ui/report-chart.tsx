import { Box, Card, Group, SegmentedControl, Text } from '@mantine/core';
import { useState } from 'react';
import { formatShortDay } from '@cryptads/contract/dates';
import { formatEuros } from '@cryptads/contract/money';
import { formatNumber } from '../lib/format';

export type DailyPoint = { date: string; impressions: number; clicks: number; money: number };
type Metric = 'impressions' | 'clicks' | 'money';

const W = 640;
const H = 200;
const LEFT = 56;
const BOTTOM = 22;
const TOP = 8;

/** A round top for the axis: 1, 2 or 5 times a power of ten. */
function niceMax(max: number) {
  if (max <= 0) return 1;
  const pow = 10 ** Math.floor(Math.log10(max));
  const step = [1, 2, 5, 10].find((m) => m * pow >= max) ?? 10;
  return step * pow;
}

/**
 * The period's daily figures as bars: a small hand-drawn SVG instead of a chart library,
 * which would cost about 100 KB of JavaScript for one bar chart (decision 008).
 */
export function ReportChart({ daily, moneyLabel }: { daily: DailyPoint[]; moneyLabel: string }) {
  const [metric, setMetric] = useState<Metric>('impressions');
  const label = metric === 'money' ? moneyLabel : metric === 'clicks' ? 'Clicks' : 'Impressions';
  const fmt = (v: number) => (metric === 'money' ? formatEuros(v) : formatNumber(v));
  const values = daily.map((d) => d[metric]);
  const top = niceMax(Math.max(0, ...values));
  const plotW = W - LEFT - 4;
  const plotH = H - TOP - BOTTOM;
  const slot = daily.length > 0 ? plotW / daily.length : plotW;
  const barW = Math.max(1, slot * 0.72);
  const y = (v: number) => TOP + plotH - (v / top) * plotH;
  const total = values.reduce((s, v) => s + v, 0);
  const first = daily[0];
  const last = daily[daily.length - 1];
  const short = (d: string) => formatShortDay(d);
  const ticks = [0, top / 2, top];
  const xLabels = daily.length > 2 ? [0, Math.floor((daily.length - 1) / 2), daily.length - 1] : daily.map((_, i) => i);
  const summary =
    first && last
      ? `${label} per day from ${short(first.date)} to ${short(last.date)}: ${fmt(total)} in total.`
      : `No ${label.toLowerCase()} in this period.`;

  // An empty period gets a sentence, not an empty frame of axes.
  if (daily.every((d) => d.impressions === 0 && d.clicks === 0 && d.money === 0))
    return (
      <Card withBorder radius="lg" padding="md" data-testid="report-chart-empty">
        <Text fw={600} size="sm">
          No traffic in this period
        </Text>
        <Text size="sm" c="dimmed">
          Impressions, clicks and {moneyLabel.toLowerCase()} appear here within seconds of the first ad served.
        </Text>
      </Card>
    );

  return (
    <Card withBorder radius="lg" padding="md" data-testid="report-chart">
      <Group justify="space-between" mb="xs" gap="xs">
        <Text fw={600} size="sm">
          {label} per day
        </Text>
        <SegmentedControl
          size="xs"
          value={metric}
          onChange={(v) => setMetric(v as Metric)}
          data={[
            { value: 'impressions', label: 'Impressions' },
            { value: 'clicks', label: 'Clicks' },
            { value: 'money', label: moneyLabel },
          ]}
          aria-label="Chart figure"
        />
      </Group>
      <Box component="svg" viewBox={`0 0 ${W} ${H}`} w="100%" h="auto" role="img" aria-label={summary} display="block">
        {ticks.map((t) => (
          <g key={t}>
            <line x1={LEFT} x2={W} y1={y(t)} y2={y(t)} stroke="var(--mantine-color-default-border)" strokeWidth={1} />
            <text
              x={LEFT - 6}
              y={y(t) + 4}
              textAnchor="end"
              fontSize={11}
              fill="var(--mantine-color-dimmed)"
              className="tabular"
            >
              {metric === 'money' ? formatEuros(t, t < 10 ? 2 : 0) : formatNumber(t)}
            </text>
          </g>
        ))}
        {daily.map((d, i) => {
          const v = d[metric];
          const h = Math.max(v > 0 ? 1 : 0, TOP + plotH - y(v));
          return (
            <rect
              key={d.date}
              x={LEFT + i * slot + (slot - barW) / 2}
              y={TOP + plotH - h}
              width={barW}
              height={h}
              rx={Math.min(3, barW / 3)}
              fill="var(--mantine-primary-color-filled)"
            >
              <title>{`${short(d.date)}: ${fmt(v)}`}</title>
            </rect>
          );
        })}
        {xLabels.map((i) => {
          const d = daily[i];
          if (!d) return null;
          const x = LEFT + i * slot + slot / 2;
          const anchor =
            daily.length > 2 && i === 0 ? 'start' : daily.length > 2 && i === daily.length - 1 ? 'end' : 'middle';
          return (
            <text
              key={d.date}
              x={anchor === 'start' ? LEFT : anchor === 'end' ? W : x}
              y={H - 6}
              textAnchor={anchor}
              fontSize={11}
              fill="var(--mantine-color-dimmed)"
            >
              {short(d.date)}
            </text>
          );
        })}
      </Box>
    </Card>
  );
}
