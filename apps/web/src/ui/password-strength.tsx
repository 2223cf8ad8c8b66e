import { List, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import {
  PASSWORD_CRITERIA_LABELS,
  type PasswordStrength as Flags,
  passwordStrength,
} from '@cryptads/contract/validation';

const ORDER: (keyof Flags)[] = [
  'hasMinimumLength',
  'hasUppercaseCharacter',
  'hasLowercaseCharacter',
  'hasDigit',
  'hasSpecialCharacter',
];

/** The live checklist of docs/product/account.md#validation: each criterion shown on its own, met or not. */
export function PasswordStrength({ password, id }: { password: string; id?: string }) {
  const flags = passwordStrength(password);
  return (
    <List id={id} spacing={4} size="sm" center aria-label="Password requirements" data-testid="password-strength">
      {ORDER.map((key) => {
        const met = flags[key];
        return (
          <List.Item
            key={key}
            data-criterion={key}
            data-met={met}
            icon={
              <ThemeIcon color={met ? 'teal.8' : 'gray.6'} size={18} radius="xl" aria-hidden>
                {met ? <IconCheck size={12} stroke={3} /> : <IconX size={12} stroke={3} />}
              </ThemeIcon>
            }
          >
            <Text span size="sm" c={met ? undefined : 'dimmed'}>
              {PASSWORD_CRITERIA_LABELS[key]}
            </Text>
            <VisuallyHidden>{met ? ' (met)' : ' (not met)'}</VisuallyHidden>
          </List.Item>
        );
      })}
    </List>
  );
}
