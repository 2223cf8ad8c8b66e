import { ActionIcon, Box, Group, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useInterval } from '@mantine/hooks';
import { IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { SLIDER_INTERVAL_MS } from '@cryptads/contract/limits';
import campaigns from '../../../assets/slide-campaigns.svg';
import marketplace from '../../../assets/slide-marketplace.svg';
import publishers from '../../../assets/slide-publishers.svg';
import classes from './landing.module.css';

const SLIDES = [
  {
    src: campaigns,
    title: 'Reach crypto investors where they read',
    text: 'Display, native and popunder campaigns on finance and crypto websites, with live reports.',
  },
  {
    src: marketplace,
    title: 'Sponsored articles in a few clicks',
    text: 'Browse the marketplace for press releases and placements on partner sites.',
  },
  {
    src: publishers,
    title: 'Publishers earn from every impression',
    text: 'Add your website, place an ad code and withdraw your earnings.',
  },
];

/** Three slides that advance every 10 s (docs/product/account.md#public-routes), with a pause button (WCAG 2.2.2). */
export function Slider() {
  const [active, setActive] = useState(0);
  const [paused, setPaused] = useState(false);
  const interval = useInterval(() => setActive((i) => (i + 1) % SLIDES.length), SLIDER_INTERVAL_MS);

  useEffect(() => {
    if (paused) interval.stop();
    else interval.start();
    return interval.stop;
  }, [paused, interval.start, interval.stop]);

  const slide = SLIDES[active] ?? SLIDES[0];
  if (!slide) return null;
  return (
    <Stack gap="lg" align="center" maw={480} w="100%" data-testid="landing-slider" data-active-slide={active}>
      <Box
        component="img"
        src={slide.src}
        alt=""
        className={classes.slideImage}
        width={480}
        height={320}
        key={slide.src}
      />
      <div aria-live={paused ? 'polite' : 'off'}>
        <Title order={2} c="white" ta="center" size="h3">
          {slide.title}
        </Title>
        <Text c="navy.1" ta="center" mt={6}>
          {slide.text}
        </Text>
      </div>
      <Group gap="xs">
        {SLIDES.map((s, index) => (
          <UnstyledButton
            key={s.src}
            className={classes.dot}
            data-active={index === active || undefined}
            aria-label={`Show slide ${index + 1} of ${SLIDES.length}`}
            aria-current={index === active ? 'true' : undefined}
            onClick={() => setActive(index)}
          />
        ))}
        <ActionIcon
          variant="subtle"
          color="gray.0"
          size="sm"
          ml="xs"
          onClick={() => setPaused((p) => !p)}
          aria-label={paused ? 'Play the slides' : 'Pause the slides'}
        >
          {paused ? <IconPlayerPlay size={16} /> : <IconPlayerPause size={16} />}
        </ActionIcon>
      </Group>
    </Stack>
  );
}
