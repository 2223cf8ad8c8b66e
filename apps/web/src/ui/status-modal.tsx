import { Button, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconInfoCircle, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { UI_MESSAGES } from '@cryptads/contract/ui';
import { hideStatus, type StatusType, useStatusState } from './status-store';

const ICONS: Record<StatusType, { color: string; icon: ReactNode }> = {
  success: { color: 'teal.8', icon: <IconCheck size={28} /> },
  error: { color: 'red.9', icon: <IconX size={28} /> },
  warning: { color: 'orange.9', icon: <IconAlertTriangle size={28} /> },
  info: { color: 'brand.7', icon: <IconInfoCircle size={28} /> },
};

/** The dialog itself; loaded the first time a status is shown (see StatusModalHost). */
export function StatusModal() {
  const current = useStatusState();
  const type = (current.opened && current.type) || 'success';
  const look = ICONS[type];
  return (
    <Modal
      opened={current.opened}
      onClose={hideStatus}
      centered
      withCloseButton={false}
      size="sm"
      data-testid="status-modal"
      data-status={type}
    >
      {current.opened ? (
        <Stack align="center" gap="sm" ta="center" py="sm">
          <ThemeIcon size={56} radius="xl" color={look.color} aria-hidden>
            {look.icon}
          </ThemeIcon>
          {/* Modal.Title names the dialog (Mantine sets aria-labelledby only to its own title). */}
          <Modal.Title ff="heading" fz="h3" fw={700} lh="h3">
            {current.title}
          </Modal.Title>
          {current.info ? <Text c="dimmed">{current.info}</Text> : null}
          <Button onClick={hideStatus} fullWidth mt="sm" color={type === 'error' ? 'red.9' : undefined} data-autofocus>
            {current.buttonCaption ?? UI_MESSAGES.successButton}
          </Button>
        </Stack>
      ) : null}
    </Modal>
  );
}
