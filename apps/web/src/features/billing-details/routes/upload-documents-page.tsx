import { Anchor, Card, Divider, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DocumentStatus } from '@cryptads/contract/billing-messages';
import { BILLING_PROFILE_MESSAGES as PM, type BillingProfileView } from '@cryptads/contract/billing-profile';
import { paths } from '@cryptads/contract/paths';
import { useQueryClient } from '@tanstack/react-query';
import { errorReason } from '../../../lib/api-client';
import { userKeys } from '../../../lib/api/keys';
import { FormError } from '../../../ui/form-error';
import { Notice } from '../../../ui/notice';
import { useBillingProfile } from '../api/get-billing-profile';
import { billingDetailsKeys } from '../api/keys';
import { DocumentChecklist } from '../components/document-checklist';
import { DocumentList } from '../components/document-list';
import { DocumentUpload } from '../components/document-upload';
import { IdentityCheck } from '../components/identity-check';

/** Why no more documents are taken, or null while they are (mirrors the server's rule). */
function closedReason(profile: BillingProfileView): string | null {
  if (profile.docVerification === DocumentStatus.Rejected || profile.docVerification === DocumentStatus.CompanyRejected)
    return PM.documentsRejected;
  if (profile.docVerification === DocumentStatus.Valid || (!profile.isCompany && profile.kycVerified === 1))
    return PM.documentsVerified;
  return null;
}

function UploadDocuments({ profile }: { profile: BillingProfileView }) {
  const closed = closedReason(profile);
  return (
    <Stack gap="lg">
      <DocumentChecklist isCompany={profile.isCompany} country={profile.country} />
      <Divider />
      {closed ? (
        <Text size="sm" data-testid="documents-closed">
          {closed}
        </Text>
      ) : (
        <DocumentUpload disabled={false} />
      )}
      <Stack gap="xs">
        <Title order={3} size="h5">
          Your documents
        </Title>
        <DocumentList />
      </Stack>
      {profile.kycAvailable ? (
        <>
          <Divider />
          <IdentityCheck />
        </>
      ) : null}
    </Stack>
  );
}

/** /billing/details/upload-documents/ (docs/product/billing.md#documents; docs/product/limits.md#billing). */
export function UploadDocumentsPage() {
  const profile = useBillingProfile();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const backFromProvider = search.get('kyc') === 'done';

  // Back from the identity provider: its decision may have changed the profile.
  useEffect(() => {
    if (!backFromProvider) return;
    void queryClient.invalidateQueries({ queryKey: billingDetailsKeys.all });
    void queryClient.invalidateQueries({ queryKey: userKeys.details() });
  }, [backFromProvider, queryClient]);

  return (
    <Card withBorder radius="lg" padding="lg" maw={760}>
      <Stack gap={4} mb="md">
        <Title order={2} size="h4">
          Upload Documents
        </Title>
        <Text size="sm" c="dimmed">
          We verify every account before money moves. Your documents are only seen by you and our review team.
        </Text>
      </Stack>
      {backFromProvider ? (
        <Notice color="blue" icon={<IconInfoCircle size={18} />} mb="md" data-testid="kyc-returned">
          <Text size="sm">Thank you. The result of your identity verification shows above as soon as we have it.</Text>
        </Notice>
      ) : null}
      {profile.isPending ? (
        <Skeleton h={160} />
      ) : profile.isError ? (
        <FormError message={errorReason(profile.error)} />
      ) : !profile.data.complete ? (
        <Notice color="orange" title={PM.detailsFirst} data-testid="details-first">
          <Anchor component={Link} to={paths.billing.identification} size="sm">
            Fill in your identification details
          </Anchor>
        </Notice>
      ) : (
        <UploadDocuments profile={profile.data} />
      )}
    </Card>
  );
}
