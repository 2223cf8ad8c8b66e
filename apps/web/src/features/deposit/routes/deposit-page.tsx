import { Button, Card, Grid, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { DepositMethod } from '@cryptads/contract/billing-messages';
import { PAYMENT_ID_PATTERN, PAYMENT_RETURN_PARAMS } from '@cryptads/contract/deposit-messages';
import { paths } from '@cryptads/contract/paths';
import { errorReason } from '../../../lib/api-client';
import { Notice } from '../../../ui/notice';
import { useDepositOverview } from '../api/get-deposit-overview';
import { DepositBalanceCard } from '../components/balance-card';
import { BankTransferPanel } from '../components/bank-transfer-panel';
import { BlockedNotice } from '../components/blocked-notice';
import { CardPanel } from '../components/card-panel';
import { CryptoPanel } from '../components/crypto-panel';
import { LatestDeposits } from '../components/latest-deposits';
import { MethodTabs } from '../components/method-tabs';
import { PaymentReturnNotice } from '../components/payment-return-notice';
import { StepsToDeposit } from '../components/steps-to-deposit';
import { DEPOSIT_TABS, methodOfPath, parseAmount } from '../methods';

/** The payment the browser came back with (`?payment=success|canceled&paymentId=...`), if any. */
function usePaymentReturnParams() {
  const [params, setParams] = useSearchParams();
  const outcome = params.get(PAYMENT_RETURN_PARAMS.status);
  const paymentId = params.get(PAYMENT_RETURN_PARAMS.id);
  const valid = (outcome === 'success' || outcome === 'canceled') && paymentId && PAYMENT_ID_PATTERN.test(paymentId);
  const dismiss = () => {
    const next = new URLSearchParams(params);
    next.delete(PAYMENT_RETURN_PARAMS.status);
    next.delete(PAYMENT_RETURN_PARAMS.id);
    setParams(next, { replace: true });
  };
  return valid ? { outcome: outcome as 'success' | 'canceled', paymentId, dismiss } : null;
}

/**
 * Deposit (docs/product/billing.md#deposits, advertisers): the method tabs with their panels beside the balance
 * and the latest three deposits; 'Steps to Deposit Funds' until the account has billing
 * details and a campaign that can deliver; the contact message when deposits are blocked.
 * One component for every tab, so the amount typed stays when the tab changes.
 */
export function DepositPage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const method = methodOfPath(pathname);
  const overview = useDepositOverview();
  const back = usePaymentReturnParams();
  const [params] = useSearchParams();
  const [amountText, setAmountText] = useState('');

  if (method === null) return <Navigate to={paths.billing.deposit} replace />;
  // /instant/ is the card tab (credited as soon as paid): the address bar shows the tab's own
  // path, so the page and its link say what they are.
  if (pathname.startsWith(paths.billing.depositInstant))
    return (
      <Navigate to={{ pathname: paths.billing.depositCard, search: params.toString() ? `?${params}` : '' }} replace />
    );

  const returned = back ? (
    <PaymentReturnNotice
      key={back.paymentId}
      paymentId={back.paymentId}
      outcome={back.outcome}
      onDismiss={back.dismiss}
    />
  ) : null;

  if (overview.isPending)
    return (
      <Stack gap="lg" aria-busy="true" data-testid="deposit-loading">
        {returned}
        <Skeleton h={96} radius="md" />
        <Skeleton h={240} radius="md" />
      </Stack>
    );
  if (overview.isError)
    return (
      <Stack gap="lg">
        {returned}
        <Notice color="red" role="alert" title="We could not load the deposit screen">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{errorReason(overview.error)}</Text>
            <Button size="xs" variant="default" onClick={() => void overview.refetch()} loading={overview.isFetching}>
              Try again
            </Button>
          </Stack>
        </Notice>
      </Stack>
    );

  const data = overview.data;
  const stepsDone = data.steps.billingDetails && data.steps.qualifyingCampaign;
  const methodBlocked = (method === 'crypto' && data.blocked.crypto) || (method === 'card' && data.blocked.card);
  const goTo = (next: DepositMethod) => {
    const tab = DEPOSIT_TABS.find((t) => t.method === next);
    if (tab) void navigate(tab.path);
  };

  const panel = methodBlocked ? (
    <BlockedNotice scope="method" />
  ) : method === 'crypto' ? (
    <CryptoPanel overview={data} amountText={amountText} onAmountText={setAmountText} />
  ) : method === 'card' ? (
    <CardPanel overview={data} amountText={amountText} onAmountText={setAmountText} />
  ) : (
    <BankTransferPanel />
  );

  return (
    <Stack gap="lg" data-testid="deposit-page">
      {returned}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          {!stepsDone ? (
            <StepsToDeposit steps={data.steps} />
          ) : data.blocked.all ? (
            <BlockedNotice scope="all" />
          ) : (
            <Card withBorder radius="lg" padding="lg">
              <MethodTabs method={method} overview={data} amount={parseAmount(amountText)} onChange={goTo}>
                {panel}
              </MethodTabs>
            </Card>
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="lg">
            <DepositBalanceCard balance={data.balance} />
            <LatestDeposits deposits={data.latestDeposits} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
