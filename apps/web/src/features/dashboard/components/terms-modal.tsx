import { Button, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { TERMS_MESSAGES } from '@cryptads/contract/terms-messages';
import { errorReason } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { FormError } from '../../../ui/form-error';
import { Markdown } from '../../../ui/markdown';
import { useSignTerms } from '../api/sign-terms';
import type { PlatformTerms } from '@cryptads/contract/terms';

/**
 * The mandatory terms modal (docs/product/account.md#dashboard): one 'I agree' button and no way around it: no
 * close button, Escape and clicks outside do nothing.
 */
export function TermsModal({ terms }: { terms: PlatformTerms }) {
  const sign = useSignTerms();
  return (
    <Modal
      opened
      onClose={() => undefined}
      withCloseButton={false}
      closeOnEscape={false}
      closeOnClickOutside={false}
      centered
      size="lg"
      title={TERMS_MESSAGES.modalTitle}
      data-testid="terms-modal"
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          We have published a new version of our {terms.title} (version {terms.version}, {formatDate(terms.publishedAt)}
          ). Please read and accept it to continue using your account.
        </Text>
        <ScrollArea.Autosize mah="50vh" type="auto" offsetScrollbars>
          <div data-testid="terms-body">
            <Markdown source={terms.body} headingOffset={2} />
          </div>
        </ScrollArea.Autosize>
        <FormError message={sign.error ? errorReason(sign.error) : null} />
        <Button onClick={() => sign.mutate(terms.version)} loading={sign.isPending} data-testid="terms-agree">
          {TERMS_MESSAGES.agree}
        </Button>
      </Stack>
    </Modal>
  );
}
