import { Text, Timeline } from '@mantine/core';
import { IconCheck, IconClock, IconSend, IconX } from '@tabler/icons-react';
import { PAYOUT_STEP_LABELS, type PayoutStep } from '@cryptads/contract/billing-history-messages';
import type { PayoutTimelineStep } from '@cryptads/contract/billing-history';
import { formatDateTime } from '../../../lib/format';

const ICONS: Record<PayoutStep, typeof IconCheck> = {
  requested: IconClock,
  sent: IconSend,
  completed: IconCheck,
  failed: IconX,
};

/** What comes after the last step, while a payout is still on its way. */
const NEXT: Partial<Record<PayoutStep, PayoutStep>> = { requested: 'sent', sent: 'completed' };

const DETAIL_LABELS: Partial<Record<PayoutStep, string>> = { sent: 'Reference', failed: 'Reason' };

/**
 * A payout's timeline: requested → sent (with the bank reference or the
 * transaction hash) → completed, or failed with its reason; the step still to come is shown
 * greyed out.
 */
export function PayoutTimeline({ steps }: { steps: readonly PayoutTimelineStep[] }) {
  const last = steps.at(-1)?.step;
  const next = last ? NEXT[last] : undefined;
  return (
    <Timeline active={steps.length - 1} bulletSize={26} lineWidth={2} data-testid="payout-timeline">
      {steps.map((s) => {
        const Icon = ICONS[s.step];
        return (
          <Timeline.Item
            key={s.step}
            bullet={<Icon size={14} aria-hidden />}
            color={s.step === 'failed' ? 'red' : undefined}
            title={PAYOUT_STEP_LABELS[s.step]}
            data-testid={`payout-step-${s.step}`}
          >
            <Text size="sm" c="dimmed">
              {formatDateTime(s.at)}
            </Text>
            {s.detail ? (
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {DETAIL_LABELS[s.step] ? `${DETAIL_LABELS[s.step]}: ` : ''}
                {s.detail}
              </Text>
            ) : null}
          </Timeline.Item>
        );
      })}
      {next ? (
        <Timeline.Item bullet={null} title={PAYOUT_STEP_LABELS[next]} data-testid={`payout-step-${next}-pending`}>
          <Text size="sm" c="dimmed">
            Not yet
          </Text>
        </Timeline.Item>
      ) : null}
    </Timeline>
  );
}
