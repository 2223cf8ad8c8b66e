import { Alert, Button, Card, Code, Group, Modal, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { ATTRIBUTION_DAYS_MAX, ATTRIBUTION_DAYS_MIN } from '@cryptads/contract/conversion-messages';
import type { Goal, TestConversion } from '@cryptads/contract/conversions';
import { errorReason } from '../../../lib/api-client';
import { formatEuros } from '@cryptads/contract/money';
import { CopyBlock } from '../../../ui/copy-block';
import { PageLoader } from '../../../ui/page-loader';
import { showError, showSuccess } from '../../../ui/status-store';
import {
  useAddGoal,
  useDeleteGoal,
  useRotateToken,
  useSetWindow,
  useTestConversion,
  useTracking,
  useUpdateGoal,
} from '../api/tracking';
import { NumberField } from './number-field';

/**
 * The campaign's conversion tracking (docs/product/conversions.md): the postback URL with the
 * advertiser's token, the pixel tag, the goals, the attribution window, the refusals, and a
 * test conversion sent through the real postback.
 */
export function TrackingPanel({ campaignId }: { campaignId: number }) {
  const tracking = useTracking(campaignId);
  const addGoal = useAddGoal(campaignId);
  const deleteGoal = useDeleteGoal(campaignId);
  const setWindow = useSetWindow(campaignId);
  const rotate = useRotateToken(campaignId);
  const test = useTestConversion(campaignId);
  const [name, setName] = useState('');
  const [value, setValue] = useState<number | null>(0);
  const [days, setDays] = useState<number | null>(null);
  const [testGoal, setTestGoal] = useState<string | null>(null);
  const [sent, setSent] = useState<TestConversion | null>(null);
  const [editing, setEditing] = useState<Goal | null>(null);

  if (tracking.isPending) return <PageLoader />;
  if (tracking.isError)
    return (
      <Alert
        color="red.9"
        icon={<IconAlertCircle size={18} />}
        title="We could not load conversion tracking"
        role="alert"
      >
        <Text size="sm">{errorReason(tracking.error)}</Text>
      </Alert>
    );
  const t = tracking.data;
  const fail = (error: unknown) => showError(errorReason(error));
  const goalNames = t.goals.map((g) => g.name);
  const chosenGoal = testGoal && goalNames.includes(testGoal) ? testGoal : (goalNames[0] ?? null);

  return (
    <Card withBorder radius="lg" padding="lg" data-testid="tracking-panel">
      <Stack gap="md">
        <Title order={3} size="h4">
          Conversion tracking
        </Title>
        <Text size="sm" c="dimmed">
          Add {'{click_id}'} to your landing URL. Report each conversion with that click id from your server (postback)
          or from your page (pixel). Conversions so far: {t.conversions}
          {t.testConversions ? ` (and ${t.testConversions} test)` : ''}.
        </Text>
        {/* Wrapped, never cut: the whole URL and its token stay readable at 390 px. */}
        <CopyBlock label="Postback URL" value={t.postbackUrl} testId="postback-url" />
        <Group gap="xs" justify="flex-end">
          <Button
            variant="default"
            size="xs"
            loading={rotate.isPending}
            onClick={() =>
              rotate.mutate(undefined, { onSuccess: () => showSuccess('A new token is in use.'), onError: fail })
            }
          >
            New token
          </Button>
        </Group>
        <Stack gap={4}>
          <CopyBlock label="Pixel tag" value={t.pixelTag} testId="pixel-tag" />
          <Text size="xs" c="dimmed">
            For pages that cannot call a server. It needs no token, so anyone who knows a click id of yours can report a
            conversion for it.
          </Text>
        </Stack>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            setWindow.mutate(days ?? t.attributionDays, {
              onSuccess: () => showSuccess('Attribution window saved.'),
              onError: fail,
            });
          }}
        >
          <Group gap="xs" align="flex-end">
            <NumberField
              label={`Attribution window (days, ${ATTRIBUTION_DAYS_MIN} to ${ATTRIBUTION_DAYS_MAX})`}
              value={days ?? t.attributionDays}
              onChange={setDays}
              w={260}
              data-testid="attribution-days"
            />
            <Button type="submit" variant="default" loading={setWindow.isPending}>
              Save window
            </Button>
          </Group>
        </form>

        <Title order={4} size="h5">
          Goals
        </Title>
        {t.goals.length ? (
          <Table.ScrollContainer minWidth={320}>
            <Table data-testid="goals">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Goal</Table.Th>
                  <Table.Th ta="right">Default value</Table.Th>
                  <Table.Th>
                    <span className="visually-hidden">Actions</span>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {t.goals.map((g) => (
                  <Table.Tr key={g.id} data-testid="goal-row">
                    <Table.Td>{g.name}</Table.Td>
                    <Table.Td ta="right">{formatEuros(g.defaultValue)}</Table.Td>
                    <Table.Td ta="right">
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <Button
                          size="xs"
                          variant="subtle"
                          aria-label={`Edit goal ${g.name}`}
                          onClick={() => setEditing(g)}
                        >
                          Edit
                        </Button>
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          c="red.9"
                          aria-label={`Delete goal ${g.name}`}
                          loading={deleteGoal.isPending && deleteGoal.variables === g.id}
                          onClick={() =>
                            deleteGoal.mutate(g.id, {
                              onSuccess: () => showSuccess(`Goal ${g.name} deleted.`),
                              onError: fail,
                            })
                          }
                        >
                          Delete
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : (
          <Text size="sm">No goals yet: a conversion needs one.</Text>
        )}
        <GoalEditor campaignId={campaignId} goal={editing} onClose={() => setEditing(null)} />
        <form
          aria-label="Add a goal"
          onSubmit={(e) => {
            e.preventDefault();
            addGoal.mutate(
              { name: name.trim(), defaultValue: value ?? 0 },
              {
                onSuccess: () => {
                  setName('');
                  showSuccess('Goal added.');
                },
                onError: fail,
              },
            );
          }}
        >
          <Group gap="xs" align="flex-end">
            <TextInput
              label="Goal name"
              placeholder="signup"
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              maxLength={40}
              data-testid="goal-name"
            />
            <NumberField
              label="Default value (€)"
              value={value}
              onChange={setValue}
              allowDecimal
              w={160}
              data-testid="goal-value"
            />
            <Button type="submit" loading={addGoal.isPending}>
              Add goal
            </Button>
          </Group>
        </form>

        <Title order={4} size="h5">
          Test
        </Title>
        <Group gap="xs" align="flex-end">
          <Select
            label="Goal to test"
            data={goalNames}
            value={chosenGoal}
            onChange={setTestGoal}
            disabled={!goalNames.length}
            allowDeselect={false}
            data-testid="test-goal"
          />
          <Button
            variant="default"
            disabled={!chosenGoal}
            loading={test.isPending}
            onClick={() => chosenGoal && test.mutate(chosenGoal, { onSuccess: setSent, onError: fail })}
            data-testid="send-test"
          >
            Send a test conversion
          </Button>
        </Group>
        {sent ? (
          <Stack gap={4} data-testid="test-result">
            <Text size="sm" fw={600}>
              {sent.answer.status === 'accepted'
                ? 'The server received the test conversion (marked test, not in reports).'
                : `The server refused it: ${sent.answer.message ?? sent.answer.reason}`}
            </Text>
            <Text size="sm">Request sent:</Text>
            <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
              {sent.request}
            </Code>
            <Text size="sm">Answer (HTTP {sent.httpStatus}):</Text>
            <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
              {JSON.stringify(sent.answer, null, 2)}
            </Code>
          </Stack>
        ) : null}

        <Title order={4} size="h5">
          Refused conversions (last 30 days)
        </Title>
        {t.refusals.length ? (
          <Stack gap={2} data-testid="refusals">
            {t.refusals.map((r) => (
              <Group key={r.reason} justify="space-between" data-testid={`refusal-${r.reason}`}>
                <Text size="sm">{r.label}</Text>
                <Text size="sm" className="tabular">
                  {r.count}
                </Text>
              </Group>
            ))}
          </Stack>
        ) : (
          <Text size="sm">None.</Text>
        )}
      </Stack>
    </Card>
  );
}

/**
 * Changes a goal's name and default value. A new name is the one postbacks and pixels must
 * send from then on; the conversions already counted stay with the goal.
 */
function GoalEditor({ campaignId, goal, onClose }: { campaignId: number; goal: Goal | null; onClose: () => void }) {
  return (
    <Modal opened={goal !== null} onClose={onClose} title={goal ? `Edit goal ${goal.name}` : 'Edit goal'} centered>
      {/* Mounted per goal: the fields start from that goal's values. */}
      {goal ? <GoalForm key={goal.id} campaignId={campaignId} goal={goal} onDone={onClose} /> : null}
    </Modal>
  );
}

function GoalForm({ campaignId, goal, onDone }: { campaignId: number; goal: Goal; onDone: () => void }) {
  const update = useUpdateGoal(campaignId);
  const [name, setName] = useState(goal.name);
  const [value, setValue] = useState<number | null>(goal.defaultValue);
  return (
    <form
      aria-label={`Edit goal ${goal.name}`}
      onSubmit={(e) => {
        e.preventDefault();
        update.mutate(
          { goalId: goal.id, name: name.trim(), defaultValue: value ?? 0 },
          {
            onSuccess: () => {
              showSuccess('Goal saved.');
              onDone();
            },
            onError: (error) => showError(errorReason(error)),
          },
        );
      }}
    >
      <Stack gap="sm">
        <TextInput
          label="Goal name"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          maxLength={40}
          data-testid="edit-goal-name"
          data-autofocus
        />
        <NumberField
          label="Default value (€)"
          value={value}
          onChange={setValue}
          allowDecimal
          data-testid="edit-goal-value"
        />
        <Text size="xs" c="dimmed">
          A new name is the one your postbacks and pixels must send from now on; conversions already counted stay with
          this goal.
        </Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            Save goal
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
