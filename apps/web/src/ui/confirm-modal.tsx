import { Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { UI_MESSAGES } from '@cryptads/contract/ui';

/** 'Are you sure?' before a destructive action (docs/architecture.md#look-and-feel: every destructive action asks first). */
export function ConfirmModal({
  opened,
  title = UI_MESSAGES.confirmDestructive,
  message,
  confirmLabel,
  cancelLabel = 'Go Back',
  loading,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  /** 'Are you sure? You may not be able to revert this!' unless given. */
  title?: string;
  message: string;
  confirmLabel: string;
  cancelLabel?: string;
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} centered withCloseButton={false} size="sm" data-testid="confirm-modal">
      <Stack align="center" ta="center" gap="sm" py="sm">
        <ThemeIcon size={56} radius="xl" color="orange.9" aria-hidden>
          <IconAlertTriangle size={28} />
        </ThemeIcon>
        {/* Modal.Title names the dialog (Mantine sets aria-labelledby only to its own title). */}
        <Modal.Title ff="heading" fz="h3" fw={700} lh="h3">
          {title}
        </Modal.Title>
        <Text c="dimmed">{message}</Text>
        <Group grow w="100%" mt="sm">
          <Button variant="default" onClick={onClose} data-autofocus>
            {cancelLabel}
          </Button>
          <Button color="red.9" onClick={onConfirm} loading={loading} data-testid="confirm-modal-confirm">
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
