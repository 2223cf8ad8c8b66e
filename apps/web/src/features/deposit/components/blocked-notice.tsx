import { Anchor, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { BILLING_MESSAGES } from '@cryptads/contract/billing-messages';
import { usePublicConfig } from '../../../lib/api/get-public-config';
import { Notice } from '../../../ui/notice';

/** A blocked account or method (docs/product/billing.md#roles): the contact message and a way to reach us. */
export function BlockedNotice({ scope }: { scope: 'all' | 'method' }) {
  const config = usePublicConfig();
  const email = config.data?.supportEmail;
  return (
    <Notice color="orange" icon={<IconLock size={18} />} title="Deposits unavailable" data-testid="deposit-blocked">
      <Text size="sm">
        {scope === 'all' ? BILLING_MESSAGES.depositBlocked : BILLING_MESSAGES.depositMethodBlocked}{' '}
        {email ? (
          <Anchor href={`mailto:${email}`} inherit>
            {BILLING_MESSAGES.contactUs}
          </Anchor>
        ) : null}
      </Text>
    </Notice>
  );
}
