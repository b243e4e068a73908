import 'server-only';
import { AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleLinear } from '@visx/scale';
import { AreaClosed, Bar, LinePath } from '@visx/shape';
import { dayLabel, labelledDays } from '@/lib/dashboard/days';
import { bands, countAxis, moneyAxis, pct } from '@/lib/dashboard/scales';
import type { DayPoint } from '@/lib/dashboard/schema';

const PLOT_HEIGHT = 180;
const PAD_TOP = 10;
const AXIS_WIDTH = 56;
const LABEL_HEIGHT = 24;
const HEIGHT = PAD_TOP + PLOT_HEIGHT + LABEL_HEIGHT;

export interface DayChartProps {
  points: DayPoint[];
  /** `orders`: a count drawn as columns; `amount`: satang drawn as a line over a shaded area. */
  field: 'orders' | 'amount';
  /** A tick value as the axis shows it. */
  tickText: (value: number) => string;
  /** Each day's hover text (a native SVG tooltip), in the order of `points`. */
  tips: string[];
}

/**
 * Days left to right with their values. Drawn on the server as SVG: the value axis is its own fixed-width SVG; the
 * plot's horizontal positions are percentages, so it fills any width and its text keeps its size.
 */
export function DayChart({ points, field, tickText, tips }: DayChartProps) {
  const max = Math.max(0, ...points.map((p) => p[field]));
  const axis = field === 'orders' ? countAxis(max) : moneyAxis(max);
  const y = scaleLinear<number>({ domain: [0, axis.top], range: [PLOT_HEIGHT, 0] });
  const cols = bands(points.length, field === 'orders' ? 0.25 : 0);
  const labelled = labelledDays(points.length);

  return (
    <div className="flex text-fg-muted" aria-hidden="true">
      <svg width={AXIS_WIDTH} height={HEIGHT} className="shrink-0">
        <AxisLeft
          top={PAD_TOP}
          left={AXIS_WIDTH - 2}
          scale={y}
          tickValues={axis.ticks}
          tickFormat={(value) => tickText(Number(value))}
          tickLength={4}
          hideAxisLine
          hideTicks
          tickLabelProps={{ fill: 'currentColor', fontSize: 11, fontFamily: 'inherit' }}
        />
      </svg>
      <svg width="100%" height={HEIGHT} className="min-w-0 flex-1 overflow-visible">
        <Group top={PAD_TOP}>
          {axis.ticks.map((tick) => (
            <line key={tick} x1="0" x2="100%" y1={y(tick)} y2={y(tick)} className="stroke-line" strokeDasharray={tick === 0 ? undefined : '3 3'} />
          ))}
          {field === 'amount' && (
            <svg width="100%" height={PLOT_HEIGHT} viewBox={`0 0 100 ${PLOT_HEIGHT}`} preserveAspectRatio="none" className="overflow-visible">
              <AreaClosed<DayPoint> data={points} x={(_, i) => cols[i]?.center ?? 0} y={(d) => y(d.amount)} yScale={y} className="fill-primary/15" />
              <LinePath<DayPoint>
                data={points}
                x={(_, i) => cols[i]?.center ?? 0}
                y={(d) => y(d.amount)}
                className="fill-none stroke-primary"
                strokeWidth={2}
                strokeLinejoin="round"
                vectorEffect="non-scaling-stroke"
              />
            </svg>
          )}
          {points.map((p, i) => {
            const col = cols[i];
            if (!col) return null;
            const top = y(p[field]);
            return (
              <g key={p.day} className="group">
                <title>{tips[i]}</title>
                {field === 'orders' && p.orders > 0 && (
                  <Bar
                    x={pct(col.x)}
                    width={pct(col.width)}
                    y={top}
                    height={PLOT_HEIGHT - top}
                    rx={2}
                    className="fill-primary group-hover:fill-primary-hover"
                  />
                )}
                {field === 'amount' && p.amount > 0 && (
                  <circle cx={pct(col.center)} cy={top} r={3} className="fill-primary opacity-0 group-hover:opacity-100" />
                )}
                <rect x={pct(col.x)} width={pct(col.width)} y={0} height={PLOT_HEIGHT} fill="transparent" />
              </g>
            );
          })}
          {labelled.map((i) => {
            const p = points[i];
            const col = cols[i];
            if (!p || !col) return null;
            return (
              <text key={p.day} x={pct(col.center)} y={PLOT_HEIGHT + 16} textAnchor="middle" fontSize={11} fill="currentColor">
                {dayLabel(p.day, true)}
              </text>
            );
          })}
        </Group>
      </svg>
    </div>
  );
}
