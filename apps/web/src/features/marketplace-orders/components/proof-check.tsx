import { Box, List, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconX } from '@tabler/icons-react';
import type { ProofCheck } from '@cryptads/contract/marketplace';
import { formatDateTime } from '../../../lib/format';
import { Notice } from '../../../ui/notice';

function Line({ ok, children }: { ok: boolean | null; children: string }) {
  const [color, Icon] = ok === null ? ['gray', IconAlertTriangle] : ok ? ['teal.8', IconCheck] : ['red.9', IconX];
  return (
    <List.Item
      icon={
        <ThemeIcon size={18} radius="xl" color={color} aria-hidden>
          <Icon size={12} />
        </ThemeIcon>
      }
    >
      {children}
    </List.Item>
  );
}

/**
 * What the server found at a delivered item's proof URL: the page is live, it links to the
 * order's page, and with which rel. A broken check (the page breaks what the listing
 * promised) is highlighted with its problem: such an item does not complete by itself.
 */
export function ProofCheckResult({ check }: { check: ProofCheck }) {
  const lines = (
    <List spacing={2} size="sm" center>
      <Line ok={check.live}>
        {check.live
          ? `Page is live${check.httpStatus ? ` (HTTP ${check.httpStatus})` : ''}`
          : `Page is not reachable${check.httpStatus ? ` (HTTP ${check.httpStatus})` : ''}`}
      </Line>
      <Line ok={check.linksToTarget}>
        {check.linksToTarget === null
          ? // The server also leaves links unchecked when the page could not be read (not live,
            // not HTML): only a live page with no link finding means no page to promote was given.
            check.live
            ? 'No page to promote was given, so links were not checked'
            : 'Links were not checked: the page could not be read'
          : check.linksToTarget
            ? 'Link to the promoted page found'
            : 'No link to the promoted page found'}
      </Line>
      {check.rel ? <Line ok={check.rel === 'dofollow'}>{`Link is ${check.rel}`}</Line> : null}
    </List>
  );
  const when = `Checked ${formatDateTime(check.checkedAt)}`;
  if (check.broken)
    return (
      <Notice
        color="red"
        icon={<IconAlertTriangle size={18} />}
        title="The delivery check found a problem"
        data-testid="proof-check"
        data-broken="true"
      >
        {check.problem ? (
          <Text size="sm" fw={600} mb={4} data-testid="proof-problem">
            {check.problem}
          </Text>
        ) : null}
        {lines}
        <Text size="xs" c="dimmed" mt={4}>
          {when}
        </Text>
      </Notice>
    );
  return (
    <Box data-testid="proof-check" data-broken="false">
      {lines}
      <Text size="xs" c="dimmed" mt={2}>
        {when}
      </Text>
    </Box>
  );
}
