import { Button, Group, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { buildPath } from '@cryptads/contract/endpoint';
import { taxRoutes } from '@cryptads/contract/endpoints/tax.routes';
import { currentQuarter, OSS_MESSAGES } from '@cryptads/contract/tax-messages';
import { VatQuarterSchema } from '@cryptads/contract/vat';
import { apiDownload, errorReason } from '../../../lib/api-client';

/** Saves the quarter's return; answers whether it had any EU consumer sales (the file says so when not). */
async function downloadOssReturn(quarter: string): Promise<{ quarter: string; empty: boolean }> {
  const file = await apiDownload(`${buildPath(taxRoutes.ossReturn.path, {})}?quarter=${encodeURIComponent(quarter)}`);
  const empty = (await file.blob.text()).includes(OSS_MESSAGES.noSales(quarter));
  const url = URL.createObjectURL(file.blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = file.fileName ?? `oss-return-${quarter}.csv`;
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked after the click has been handled: some browsers read the URL asynchronously.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return { quarter, empty };
}

/**
 * The One-Stop Shop return of a quarter as CSV: VAT per member state and rate. The current
 * quarter is offered first; a quarter without EU consumer sales is said so here and in the file.
 */
export function OssReturnDownload() {
  const [quarter, setQuarter] = useState(() => currentQuarter());
  const parsed = VatQuarterSchema.safeParse(quarter);
  const download = useMutation({ mutationFn: downloadOssReturn });
  return (
    <Group gap="xs" align="flex-end" wrap="wrap" data-testid="oss-return">
      <TextInput
        label="OSS return"
        size="sm"
        w={110}
        value={quarter}
        onChange={(e) => {
          setQuarter(e.currentTarget.value);
          download.reset();
        }}
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
      {download.data?.empty ? (
        <Text size="sm" c="dimmed" role="status" data-testid="oss-return-empty">
          {OSS_MESSAGES.noSales(download.data.quarter)}
        </Text>
      ) : null}
      {download.isError ? (
        <Text size="sm" c="red" role="alert">
          {errorReason(download.error)}
        </Text>
      ) : null}
    </Group>
  );
}
