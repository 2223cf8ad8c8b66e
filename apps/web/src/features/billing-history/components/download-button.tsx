import { Button } from '@mantine/core';
import { IconFileDownload } from '@tabler/icons-react';
import { BILLING_HISTORY_MESSAGES as M } from '@cryptads/contract/billing-history-messages';
import { errorReason } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useDownloadInvoice } from '../api/download-invoice';

/** Downloads a row's PDF; the button spins while it comes and a failure says why. */
export function DownloadButton({ unique, number }: { unique: string; number: string | null }) {
  const download = useDownloadInvoice(unique);
  return (
    <Button
      size="xs"
      variant="default"
      leftSection={<IconFileDownload size={14} aria-hidden />}
      loading={download.isPending}
      aria-label={number ? `${M.download} ${number}` : M.download}
      data-testid="history-download"
      onClick={() =>
        download.mutate(undefined, {
          onError: (error) => void notify({ color: 'red', title: M.downloadFailed, message: errorReason(error) }),
        })
      }
    >
      {M.download}
    </Button>
  );
}
