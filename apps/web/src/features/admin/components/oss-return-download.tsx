import { Button, Group, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { buildPath } from '@cryptads/contract/endpoint';
import { taxRoutes } from '@cryptads/contract/endpoints/tax.routes';
import { VatQuarterSchema } from '@cryptads/contract/vat';
import { apiDownload, errorReason } from '../../../lib/api-client';

/** The quarter before the one `now` is in ('2026-Q3' during October 2026): the one a return is due for. */
export function previousQuarter(now = new Date()): string {
  const q = Math.floor(now.getUTCMonth() / 3);
  return q === 0 ? `${now.getUTCFullYear() - 1}-Q4` : `${now.getUTCFullYear()}-Q${q}`;
}

async function downloadOssReturn(quarter: string) {
  const file = await apiDownload(`${buildPath(taxRoutes.ossReturn.path, {})}?quarter=${encodeURIComponent(quarter)}`);
  const url = URL.createObjectURL(file.blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = file.fileName ?? `oss-return-${quarter}.csv`;
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked after the click has been handled: some browsers read the URL asynchronously.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The One-Stop Shop return of a quarter as CSV: VAT per member state and rate. */
export function OssReturnDownload() {
  const [quarter, setQuarter] = useState(previousQuarter);
  const parsed = VatQuarterSchema.safeParse(quarter);
  const download = useMutation({ mutationFn: downloadOssReturn });
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap" data-testid="oss-return">
      <TextInput
        label="OSS return"
        size="sm"
        w={110}
        value={quarter}
        onChange={(e) => setQuarter(e.currentTarget.value)}
        error={parsed.success ? undefined : parsed.error.issues[0]?.message}
      />
      <Button
        variant="default"
        loading={download.isPending}
        disabled={!parsed.success}
        onClick={() => parsed.success && download.mutate(parsed.data)}
      >
        Download CSV
      </Button>
      {download.isError ? (
        <Text size="sm" c="red" role="alert">
          {errorReason(download.error)}
        </Text>
      ) : null}
    </Group>
  );
}
