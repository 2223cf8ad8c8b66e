import { Stack, Text, Title } from '@mantine/core';
import { Navigate, useParams } from 'react-router';
import type { QueueName } from '@cryptads/contract/admin-queues';
import { paths } from '@cryptads/contract/paths';
import { QueueView } from '../components/queue-view';
import { isQueueName, QUEUE_LABELS } from '../lib/queues';

const INTRO: Record<QueueName, string> = {
  campaigns: 'Check the creatives and the landing page, then approve or reject (the advertiser reads the reason).',
  websites: 'Websites whose publishers asked for review. Ownership shows whether the verification file was found.',
  zones: 'Ad zones waiting for review on approved or pending websites.',
  listings: 'Requests for new marketplace listings: publish them or say why not.',
  documents: 'Open each document, then verify the identity, ask for new documents, or decline for good.',
  transfers:
    'References customers were given for a bank transfer. Confirm one when its money is on the bank statement.',
  payouts:
    'Send each payout, then mark it sent with the bank reference or transaction hash; mark it completed once it arrived.',
  marketplace:
    'Items bought on the network’s own listings: accept, deliver with the published page, or deny. Delivered items (and a seller’s whose proof check failed) can be settled: completed or refunded.',
  traffic: 'Zones with a high share of filtered traffic today: look at the reasons before paying their publishers.',
  deadletters:
    'Delivery events the recorder refused on their own after every retry. Fix the cause, then retry them: each is recorded once.',
};

/** /admin/queues/{queue}/ */
export function QueuePage() {
  const { queue } = useParams();
  if (!isQueueName(queue)) return <Navigate to={paths.admin.overview} replace />;
  return (
    <Stack gap="lg" key={queue}>
      <div>
        <Title order={1} size="h2">
          {QUEUE_LABELS[queue]}
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          {INTRO[queue]}
        </Text>
      </div>
      <QueueView name={queue} />
    </Stack>
  );
}
