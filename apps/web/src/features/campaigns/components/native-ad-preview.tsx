import { Box, Button, Card, Group, Image, Stack, Text } from '@mantine/core';

export type NativeAdContent = {
  title: string;
  smallDescription: string;
  longDescription: string;
  callToAction: string;
  destinationWebsite: string;
  serviceName: string;
  thumbnailUrl?: string | null;
  coverUrl?: string | null;
};

/** How a native ad looks in a publisher's "recommended" widget, drawn from the texts and images. */
export function NativeAdPreview({ ad, compact }: { ad: NativeAdContent; compact?: boolean }) {
  return (
    <Card
      withBorder
      radius="md"
      padding={0}
      maw={compact ? 320 : 420}
      data-testid="native-ad-preview"
      style={{ background: '#fff', color: '#1a1d23', fontFamily: 'var(--mantine-font-family)' }}
    >
      {ad.coverUrl ? (
        <Image src={ad.coverUrl} alt="Native ad cover" h={compact ? 160 : 210} fit="cover" />
      ) : (
        <Box h={compact ? 160 : 210} bg="#eef1f5" style={{ display: 'grid', placeItems: 'center' }}>
          <Text size="xs" c="#4a5260">
            Cover 800x600
          </Text>
        </Box>
      )}
      <Stack gap={6} p="sm">
        <Group gap="xs" wrap="nowrap">
          {ad.thumbnailUrl ? (
            <Image src={ad.thumbnailUrl} alt="Native ad thumbnail" w={32} h={32} radius="sm" />
          ) : (
            <Box w={32} h={32} bg="#eef1f5" style={{ borderRadius: 4, flex: 'none' }} />
          )}
          <Text size="xs" c="#4a5260" truncate>
            {ad.serviceName || 'Brand name'} · Sponsored
          </Text>
        </Group>
        <Text fw={700} size="md" lh={1.3}>
          {ad.title || 'Your title'}
        </Text>
        <Text size="sm" c="#3d4450">
          {compact ? ad.smallDescription || 'Short description' : ad.longDescription || 'Long description'}
        </Text>
        <Group justify="space-between" wrap="nowrap">
          <Text size="xs" c="#4a5260" truncate>
            {ad.destinationWebsite || 'example.com'}
          </Text>
          <Button size="compact-sm" color="dark" tabIndex={-1} component="span">
            {ad.callToAction || 'Learn more'}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
