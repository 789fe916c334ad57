import { Box, Group, Text } from '@mantine/core';
import { FUNNEL_STAGE_TEXT, FUNNEL_STAGES, type FunnelRow } from '../../../contract/marketing-funnel';

const LABEL_W = 130;
const BAR_W = 470;
const COLORS = ['#228be6', '#15aabf', '#12b886', '#40c057', '#fab005', '#fd7e14'];

/** The total's funnel as centred bars, widths relative to the leads (plain SVG: no chart library is installed). */
export default function FunnelChart({ row }: { row: FunnelRow }) {
  const top = Math.max(row.counts.lead, 1);
  const barH = 30;
  const gap = 6;
  const width = LABEL_W + BAR_W;
  return (
    <Group align="flex-start" wrap="nowrap">
      <Box style={{ flex: 1, maxWidth: width }}>
        <svg viewBox={`0 0 ${width} ${FUNNEL_STAGES.length * (barH + gap)}`} width="100%" role="img" aria-label="营销漏斗图">
          {FUNNEL_STAGES.map((s, i) => {
            const w = Math.max((row.counts[s] / top) * BAR_W, 2);
            const y = i * (barH + gap);
            return (
              <g key={s}>
                <text x={LABEL_W - 8} y={y + barH / 2 + 5} textAnchor="end" fontSize="14" fill="currentColor">
                  {FUNNEL_STAGE_TEXT[s]} {row.counts[s]}
                </text>
                <rect x={LABEL_W + (BAR_W - w) / 2} y={y} width={w} height={barH} rx={4} fill={COLORS[i]} />
              </g>
            );
          })}
        </svg>
      </Box>
      <Box>
        {FUNNEL_STAGES.slice(1).map((s) => {
          const rate = row.rates[s as Exclude<typeof s, 'lead'>];
          return (
            <Text key={s} size="sm">
              {FUNNEL_STAGE_TEXT[s]}转化率：{rate === null ? '-' : `${rate}%`}
            </Text>
          );
        })}
      </Box>
    </Group>
  );
}
