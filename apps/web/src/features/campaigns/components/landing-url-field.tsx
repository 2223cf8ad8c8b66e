import { Badge, Group, Text, TextInput, Tooltip, UnstyledButton } from '@mantine/core';
import { useRef } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { LANDING_URL_TOKENS } from '@cryptads/contract/campaign-messages';
import type { WizardValues } from '../lib/wizard';
import classes from './campaigns.module.css';

/**
 * The landing URL with the tracking tokens of docs/product/campaigns.md#wizards explained; a chip inserts its
 * token where the cursor is (or at the end).
 */
export function LandingUrlField({ form, disabled }: { form: UseFormReturn<WizardValues>; disabled?: boolean }) {
  const inputRef = useRef<HTMLInputElement | null>(null);
  const { ref, ...field } = form.register('landingUrl', {
    onBlur: (e: { target: { value: string } }) => {
      const v = e.target.value;
      if (v !== v.trim()) form.setValue('landingUrl', v.trim(), { shouldValidate: form.formState.isSubmitted });
    },
  });

  const insert = (token: string) => {
    const input = inputRef.current;
    const value = form.getValues('landingUrl') ?? '';
    const start = input?.selectionStart ?? value.length;
    const end = input?.selectionEnd ?? value.length;
    const next = value.slice(0, start) + token + value.slice(end);
    form.setValue('landingUrl', next, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
    requestAnimationFrame(() => {
      input?.focus();
      input?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  return (
    <div>
      <TextInput
        label="Landing URL"
        placeholder="https://example.com/landing?zone={zone_id}"
        withAsterisk
        disabled={disabled}
        error={form.formState.errors.landingUrl?.message}
        data-testid="field-landingUrl"
        ref={(el) => {
          ref(el);
          inputRef.current = el;
        }}
        {...field}
      />
      <Text size="xs" c="dimmed" mt={6}>
        Tracking tokens are replaced when your ad is shown. Click one to insert it:
      </Text>
      <Group gap={6} mt={4}>
        {LANDING_URL_TOKENS.map((t) => (
          <Tooltip key={t.token} label={`${t.label}, for example ${t.example}`}>
            <UnstyledButton
              onClick={() => insert(t.token)}
              disabled={disabled}
              aria-label={`Insert ${t.label} token ${t.token}`}
            >
              <Badge variant="light" className={classes.tokenChip} style={{ textTransform: 'none' }}>
                {t.token} · {t.label}
              </Badge>
            </UnstyledButton>
          </Tooltip>
        ))}
      </Group>
    </div>
  );
}
