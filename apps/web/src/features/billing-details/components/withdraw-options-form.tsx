import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Checkbox,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconInfoCircle, IconPlayerPause } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, type Resolver, useForm, useWatch } from 'react-hook-form';
import { AppCode } from '@cryptads/contract/app-codes';
import {
  BILLING_MESSAGES as M,
  IRISH_ACCOUNT_NOTICE,
  PAUSED_PAYOUT_METHODS,
  PAYMENT_FREQUENCY_LABELS,
  PAYOUT_METHOD_DELAYS,
  PAYOUT_METHOD_LABELS,
  PAYOUT_METHODS,
  type PayoutMethod,
  SWIFT_PAUSED_NOTICE,
  WITHDRAW_COIN_LABELS,
  WITHDRAW_COINS,
  WITHDRAW_LIMITS,
  type WithdrawOptions,
  WithdrawOptionsInputSchema,
} from '@cryptads/contract/billing';
import { type BillingProfileView, withoutInvalidParameter } from '@cryptads/contract/billing-profile';
import { errorReason, isApiError } from '../../../lib/api-client';
import { Notice } from '../../../ui/notice';
import { showError, showSuccess } from '../../../ui/status-store';
import { useSaveWithdrawOptions } from '../api/save-withdraw-options';
import { TwoFactorPrompt } from './two-factor-prompt';
import { useNextPayout } from '../../../lib/api/get-next-payout';
import { NextPayoutLine } from '../../../ui/next-payout';

export type WithdrawValues = {
  method: PayoutMethod;
  frequency: 0 | 1;
  autoInvoicing: boolean;
  selfBillingAgreement: boolean;
  sepa_iban: string;
  sepa_bankIdentifier: string;
  sepa_bankName: string;
  sepa_bankAddress: string;
  cryptoType: string;
  cryptoAddress: string;
};

export function withdrawDefaults(profile: BillingProfileView): WithdrawValues {
  const saved = profile.publisherPaymentOptions;
  const d = saved?.details ?? {};
  return {
    method: saved?.method ?? 'sepa',
    frequency: saved?.frequency ?? 0,
    autoInvoicing: saved?.autoInvoicing ?? true,
    selfBillingAgreement: profile.selfBillingAgreed,
    sepa_iban: saved?.method === 'sepa' ? (d.iban ?? '') : '',
    sepa_bankIdentifier: saved?.method === 'sepa' ? (d.bank_identifier ?? '') : '',
    sepa_bankName: saved?.method === 'sepa' ? (d.bank_name ?? '') : '',
    sepa_bankAddress: saved?.method === 'sepa' ? (d.bank_address ?? '') : '',
    cryptoType: saved?.method === 'cryptocurrency' ? (d.type ?? 'btc') : 'btc',
    cryptoAddress: saved?.method === 'cryptocurrency' ? (d.address ?? '') : '',
  };
}

// The form keeps every method's fields; the contract's schema reads those of the chosen one.
const schemaResolver = zodResolver(WithdrawOptionsInputSchema) as unknown as Resolver<
  WithdrawValues,
  unknown,
  WithdrawOptions
>;

/**
 * The schema stops at an unticked agreement before it looks at the bank or wallet fields;
 * the form shows every problem at once, so it checks the fields as if the box were ticked
 * and adds the agreement's own message.
 */
const resolver: Resolver<WithdrawValues, unknown, WithdrawOptions> = async (values, context, options) => {
  const result = await schemaResolver({ ...values, selfBillingAgreement: true }, context, options);
  if (values.selfBillingAgreement) return result;
  return {
    values: {},
    errors: { ...result.errors, selfBillingAgreement: { type: 'custom', message: M.selfBillingRequired } },
  };
};

const isTwoFactorAnswer = (error: unknown) =>
  isApiError(error) &&
  error.status === 400 &&
  (error.code === AppCode.TwoFactorRequiredOnWithdraw || error.code === AppCode.TwoFactorInvalidOnWithdraw);

/**
 * Withdraw Options (docs/product/billing.md#withdraw-options; docs/product/limits.md#billing): SEPA (SWIFT is paused), or a Bitcoin, Ethereum
 * or USDC (ERC-20) wallet; monthly or weekly; automatic self-billing invoices; the
 * self-billing agreement. With 2FA on, the server asks for the code (400 code 32/33).
 */
export function WithdrawOptionsForm({ profile }: { profile: BillingProfileView }) {
  const save = useSaveWithdrawOptions();
  const [pending, setPending] = useState<WithdrawOptions | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const form = useForm<WithdrawValues, unknown, WithdrawOptions>({
    resolver,
    defaultValues: withdrawDefaults(profile),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const method = useWatch({ control: form.control, name: 'method' });
  const next = useNextPayout(true);
  const errors = form.formState.errors;

  const send = async (values: WithdrawOptions, twoFactorCode?: string) => {
    try {
      const result = await save.mutateAsync({ ...values, ...(twoFactorCode ? { twoFactorCode } : {}) });
      setPending(null);
      setCodeError(null);
      showSuccess(result.message);
    } catch (error) {
      if (isTwoFactorAnswer(error) && isApiError(error)) {
        setPending(values);
        setCodeError(error.code === AppCode.TwoFactorInvalidOnWithdraw ? error.reason : null);
        return;
      }
      setPending(null);
      showError(withoutInvalidParameter(errorReason(error)));
    }
  };

  const field = (name: keyof WithdrawValues, label: string, extra: { autoComplete?: string } = {}) => (
    <TextInput
      label={label}
      withAsterisk
      maxLength={WITHDRAW_LIMITS.fieldMax}
      error={errors[name]?.message}
      data-testid={`withdraw-${name}`}
      {...extra}
      {...form.register(name)}
    />
  );

  return (
    <>
      <form onSubmit={form.handleSubmit((values) => send(values))} noValidate data-testid="withdraw-form">
        <Stack gap="lg">
          {next.data ? <NextPayoutLine next={next.data} /> : null}
          <TextInput
            label="Account holder"
            description="The name of your billing details; payouts go to an account in this name."
            value={profile.name}
            readOnly
            variant="filled"
            data-testid="withdraw-holder"
          />
          <Controller
            control={form.control}
            name="method"
            render={({ field: f, fieldState }) => (
              <Radio.Group
                label="Withdrawal method"
                value={f.value}
                onChange={(value) => f.onChange(value as PayoutMethod)}
                error={fieldState.error?.message}
              >
                <Stack gap="sm" mt={8}>
                  {PAYOUT_METHODS.map((m) => {
                    const paused = PAUSED_PAYOUT_METHODS.includes(m);
                    return (
                      <Radio
                        key={m}
                        value={m}
                        disabled={paused}
                        label={PAYOUT_METHOD_LABELS[m]}
                        description={paused ? SWIFT_PAUSED_NOTICE : `Paid ${PAYOUT_METHOD_DELAYS[m]} after each payout`}
                        data-testid={`withdraw-method-${m}`}
                      />
                    );
                  })}
                </Stack>
              </Radio.Group>
            )}
          />
          {method === 'sepa' ? (
            <Stack gap="md">
              <Title order={3} size="h5">
                Bank account (SEPA)
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                {field('sepa_iban', 'IBAN')}
                {field('sepa_bankIdentifier', 'SWIFT/BIC')}
              </SimpleGrid>
              {field('sepa_bankName', 'Bank name')}
              <Textarea
                label="Bank address"
                withAsterisk
                rows={2}
                maxLength={WITHDRAW_LIMITS.fieldMax}
                error={errors.sepa_bankAddress?.message}
                data-testid="withdraw-sepa_bankAddress"
                {...form.register('sepa_bankAddress')}
              />
              {/* For accounts billed in Ireland only (docs/product/billing.md#withdraw-options). */}
              {profile.country === 'IE' ? (
                <Notice color="blue" icon={<IconInfoCircle size={18} />} data-testid="irish-notice">
                  <Text size="sm">{IRISH_ACCOUNT_NOTICE}</Text>
                </Notice>
              ) : null}
            </Stack>
          ) : null}
          {method === 'cryptocurrency' ? (
            <Stack gap="md">
              <Title order={3} size="h5">
                Wallet
              </Title>
              <Controller
                control={form.control}
                name="cryptoType"
                render={({ field: f, fieldState }) => (
                  <Select
                    label="Cryptocurrency"
                    withAsterisk
                    allowDeselect={false}
                    data={WITHDRAW_COINS.map((coin) => ({ value: coin, label: WITHDRAW_COIN_LABELS[coin] }))}
                    value={f.value}
                    onChange={(value) => f.onChange(value ?? '')}
                    error={fieldState.error?.message}
                    data-testid="withdraw-cryptoType"
                  />
                )}
              />
              {field('cryptoAddress', 'Wallet address', { autoComplete: 'off' })}
            </Stack>
          ) : null}
          {method === 'swift' ? (
            <Notice color="orange" icon={<IconPlayerPause size={18} />}>
              <Text size="sm">{M.swiftPaused}</Text>
            </Notice>
          ) : null}
          <Controller
            control={form.control}
            name="frequency"
            render={({ field: f, fieldState }) => (
              <Radio.Group
                label="Payment frequency"
                description={`Payouts are made once your balance reaches ${WITHDRAW_LIMITS.minEuros} EUR.`}
                value={String(f.value)}
                onChange={(value) => f.onChange(Number(value))}
                error={fieldState.error?.message}
              >
                <Stack gap="xs" mt={8}>
                  {([0, 1] as const).map((value) => (
                    <Radio
                      key={value}
                      value={String(value)}
                      label={PAYMENT_FREQUENCY_LABELS[value]}
                      data-testid={`withdraw-frequency-${value}`}
                    />
                  ))}
                </Stack>
              </Radio.Group>
            )}
          />
          <Controller
            control={form.control}
            name="autoInvoicing"
            render={({ field: f }) => (
              <Switch
                label="Issue my invoices automatically"
                description="We issue a self-billing invoice for every payout on your behalf."
                checked={f.value}
                onChange={(event) => f.onChange(event.currentTarget.checked)}
                data-testid="withdraw-autoInvoicing"
              />
            )}
          />
          <Controller
            control={form.control}
            name="selfBillingAgreement"
            render={({ field: f, fieldState }) => (
              <Checkbox
                label="I accept the self-billing agreement: the invoices for my earnings are issued by the network on my behalf, and I will not issue my own invoices for the same payouts."
                checked={f.value}
                onChange={(event) => f.onChange(event.currentTarget.checked)}
                error={fieldState.error?.message}
                data-testid="withdraw-selfBillingAgreement"
              />
            )}
          />
          <Button
            type="submit"
            loading={save.isPending && !pending}
            style={{ alignSelf: 'flex-start' }}
            data-testid="withdraw-save"
          >
            Save
          </Button>
        </Stack>
      </form>
      {/* Outside the form: React carries a submit through the modal's portal to its ancestors. */}
      <TwoFactorPrompt
        opened={pending !== null}
        error={codeError}
        loading={save.isPending}
        onSubmit={(code) => {
          if (pending) void send(pending, code);
        }}
        onClose={() => {
          setPending(null);
          setCodeError(null);
        }}
      />
    </>
  );
}
