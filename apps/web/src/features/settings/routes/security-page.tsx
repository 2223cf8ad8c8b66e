import { Badge, Button, Card, Group, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconDeviceDesktop, IconShieldCheck, IconShieldOff } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@cryptads/contract/paths';
import { TwoFactorStatus } from '@cryptads/contract/two-factor-status';
import type { AccessLogEntry } from '@cryptads/contract/settings';
import { describeSessionAgent, describeSessionLocation, SETTINGS_MESSAGES } from '@cryptads/contract/settings-messages';
import { errorReason } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { clearSession } from '../../../lib/session';
import { type Column, DataTable } from '../../../ui/data-table';
import { showError } from '../../../ui/status-store';
import { authApi } from '../api/client';
import { useCloseSession } from '../api/close-session';
import { useAccessLog } from '../api/get-access-log';
import { useTwoFactorStatus } from '../api/two-factor';
import { ConfirmModal } from '../../../ui/confirm-modal';

/** The enable/disable dialog (its form, code input and schema) loads on the first click, or on hover just before. */
const loadTwoFactorModal = () => import('../components/two-factor-modal');
const TwoFactorModal = lazy(async () => ({ default: (await loadTwoFactorModal()).TwoFactorModal }));

function TwoFactorCard() {
  const status = useTwoFactorStatus();
  const [modal, setModal] = useState<'enable' | 'disable' | null>(null);
  const [lastMode, setLastMode] = useState<'enable' | 'disable'>('enable');
  const [everOpened, setEverOpened] = useState(false);
  const enabled = status.data?.status === TwoFactorStatus.Enabled;

  const open = (mode: 'enable' | 'disable') => {
    setLastMode(mode);
    setModal(mode);
    setEverOpened(true);
  };

  return (
    <Card withBorder radius="lg" padding="lg" data-testid="two-factor-card">
      <Group justify="space-between" align="flex-start" gap="md">
        <Group align="flex-start" gap="md" wrap="nowrap" style={{ flex: '1 1 320px' }}>
          <ThemeIcon size={44} radius="md" variant="light" color={enabled ? 'teal' : 'gray'} aria-hidden>
            {enabled ? <IconShieldCheck size={24} /> : <IconShieldOff size={24} />}
          </ThemeIcon>
          <Stack gap={4}>
            <Group gap="xs">
              <Title order={2} size="h4">
                Two-factor authentication
              </Title>
              {status.isPending ? (
                <Skeleton h={20} w={70} />
              ) : (
                <Badge color={enabled ? 'teal.9' : 'gray.7'} variant="filled" data-testid="two-factor-status">
                  {enabled ? 'Enabled' : 'Disabled'}
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed">
              {enabled
                ? 'Every login, password change and account deletion asks for a code from your authenticator app.'
                : 'Add a second step to your login: a six-digit code from an authenticator app on your phone.'}
            </Text>
          </Stack>
        </Group>
        {status.isError ? (
          <Text size="sm" c="red.9">
            {errorReason(status.error)}
          </Text>
        ) : (
          <Button
            variant={enabled ? 'default' : 'filled'}
            disabled={status.isPending}
            onClick={() => open(enabled ? 'disable' : 'enable')}
            onPointerEnter={() => void loadTwoFactorModal()}
            onFocus={() => void loadTwoFactorModal()}
            data-testid="two-factor-toggle"
          >
            {enabled ? 'Disable' : 'Enable'}
          </Button>
        )}
      </Group>
      {/* Mounted from the first opening on, so that it can close with its transition. */}
      {everOpened ? (
        <Suspense fallback={null}>
          <TwoFactorModal mode={modal ?? lastMode} opened={modal !== null} onClose={() => setModal(null)} />
        </Suspense>
      ) : null}
    </Card>
  );
}

/** docs/product/account.md#messages: a failure to load the access log logs the person out. */
function useLogoutOnFailure(failed: boolean) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useEffect(() => {
    if (!failed) return;
    void authApi
      .logout({ authCall: true })
      .catch(() => undefined)
      .finally(() => {
        clearSession();
        queryClient.clear();
        void navigate(paths.login, { replace: true });
      });
  }, [failed, queryClient, navigate]);
}

function AccessLogCard() {
  const log = useAccessLog();
  const close = useCloseSession();
  const [closing, setClosing] = useState<AccessLogEntry | null>(null);
  useLogoutOnFailure(log.isError);

  const columns = useMemo<Column<AccessLogEntry>[]>(
    () => [
      {
        key: 'date',
        role: 'primary',
        header: 'Last Logon Time',
        value: (row) => row.date,
        render: (row) => <span className="tabular">{formatDateTime(row.date)}</span>,
      },
      {
        key: 'device',
        header: 'Device',
        value: (row) => `${row.device ?? ''} ${describeSessionAgent(row)}`.trim(),
        render: (row) => (
          <Group gap={8} wrap="nowrap">
            <IconDeviceDesktop size={18} aria-hidden style={{ flexShrink: 0 }} />
            <Stack gap={0}>
              <Text size="sm">{describeSessionAgent(row)}</Text>
              {row.device ? (
                <Text size="xs" c="dimmed">
                  {row.device}
                </Text>
              ) : null}
            </Stack>
          </Group>
        ),
      },
      {
        key: 'location',
        header: 'Last Location',
        value: (row) => describeSessionLocation(row),
      },
      {
        key: 'action',
        role: 'status',
        header: 'Action',
        sortable: false,
        value: (row) =>
          row.current
            ? SETTINGS_MESSAGES.currentSessionLabel
            : row.enabled
              ? 'Close'
              : SETTINGS_MESSAGES.inactiveSessionLabel,
        render: (row) =>
          row.current ? (
            <Badge color="teal.9" variant="filled" data-testid="session-current">
              {SETTINGS_MESSAGES.currentSessionLabel}
            </Badge>
          ) : row.enabled ? (
            <Button
              size="compact-sm"
              variant="default"
              c="red.9"
              onClick={() => setClosing(row)}
              data-testid="session-close"
              aria-label={`Close the session of ${describeSessionAgent(row)}`}
            >
              Close
            </Button>
          ) : (
            <Text size="sm" c="dimmed" data-testid="session-inactive">
              {SETTINGS_MESSAGES.inactiveSessionLabel}
            </Text>
          ),
      },
    ],
    [],
  );

  const confirmClose = async () => {
    if (!closing) return;
    try {
      await close.mutateAsync(closing.identifier);
    } catch (error) {
      showError(errorReason(error));
    } finally {
      setClosing(null);
    }
  };

  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap={4} mb="md">
        <Title order={2} size="h4">
          Access log
        </Title>
        <Text size="sm" c="dimmed">
          Every device that logged in to your account. Close any session you do not recognise, then change your
          password.
        </Text>
      </Stack>
      {log.isPending || log.isError ? (
        <Stack gap="xs" aria-busy="true">
          <Skeleton h={32} />
          <Skeleton h={32} />
          <Skeleton h={32} />
        </Stack>
      ) : (
        <DataTable
          label="Access log"
          columns={columns}
          rows={log.data}
          rowKey={(row) => row.identifier}
          data-testid="access-log"
        />
      )}
      <ConfirmModal
        opened={closing !== null}
        title={SETTINGS_MESSAGES.confirmDestructive}
        message={closing ? `The session of ${describeSessionAgent(closing)} will be logged out at once.` : ''}
        confirmLabel="Close Session"
        loading={close.isPending}
        onConfirm={() => void confirmClose()}
        onClose={() => setClosing(null)}
      />
    </Card>
  );
}

/** /settings/security/ (docs/product/account.md#settings): two-factor authentication and the access log. */
export function SecurityPage() {
  return (
    <Stack gap="lg">
      <TwoFactorCard />
      <AccessLogCard />
    </Stack>
  );
}
