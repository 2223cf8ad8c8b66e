import { Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconClockHour4, IconId, IconRefresh } from '@tabler/icons-react';
import { BILLING_MESSAGES } from '@cryptads/contract/billing-messages';
import type { BillingProfileView } from '@cryptads/contract/billing-profile';
import { Notice } from '../../../ui/notice';

/** The verification state of docs/product/billing.md#documents, above the tabs; a rejection or a recheck shows docReason. */
export function VerificationStatus({ profile }: { profile: BillingProfileView }) {
  const reason = profile.docReason ? (
    <Text size="sm" mt={4} data-testid="doc-reason">
      Reason: {profile.docReason}
    </Text>
  ) : null;
  switch (profile.verification) {
    case 'verified':
      return (
        <Notice color="teal" icon={<IconCircleCheck size={18} />} title="Verified" data-testid="verification-status">
          <Text size="sm">
            {profile.isCompany && profile.docVerification !== 1
              ? 'Your identity is verified. We are still reviewing your company documents.'
              : 'Your identity and documents are verified.'}
          </Text>
        </Notice>
      );
    case 'pending':
      return (
        <Notice color="blue" icon={<IconClockHour4 size={18} />} title="Under review" data-testid="verification-status">
          <Text size="sm">{BILLING_MESSAGES.underReview}</Text>
        </Notice>
      );
    case 'recheck':
      return (
        <Notice
          color="orange"
          icon={<IconRefresh size={18} />}
          title="Please send your documents again"
          data-testid="verification-status"
        >
          <Text size="sm">We could not verify the documents you sent. Please upload new ones.</Text>
          {reason}
        </Notice>
      );
    case 'rejected':
    case 'companyRejected':
      return (
        <Notice
          color="red"
          icon={<IconAlertCircle size={18} />}
          title={profile.verification === 'companyRejected' ? 'Company verification declined' : 'Verification declined'}
          data-testid="verification-status"
        >
          <Text size="sm">We could not verify your details. Please contact us if you have questions.</Text>
          {reason}
        </Notice>
      );
    default:
      return (
        <Notice color="orange" icon={<IconId size={18} />} title="Not verified yet" data-testid="verification-status">
          <Text size="sm">
            {profile.complete
              ? 'Upload your documents so that we can verify your identity.'
              : 'Fill in your identification details, then upload your documents.'}
          </Text>
          {reason}
        </Notice>
      );
  }
}
