import { ActionIcon } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { type CSSProperties, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import classes from './scroll-cue.module.css';

/**
 * A box that scrolls sideways when its content is wider, with a fade on each side that has
 * more to see, so that a table or a row of tabs visibly goes on past the edge. The scroller
 * takes the keyboard focus only while it scrolls (arrows scroll it). With `arrows`, a button on
 * each side that has more scrolls by most of a width (a row of cards: a mouse has no swipe).
 */
export function ScrollCue({
  children,
  background,
  arrows = false,
  'data-testid': testId,
}: {
  children: ReactNode;
  arrows?: boolean;
  /** The colour the fades blend into: the surface the box sits on (the page body by default). */
  background?: string;
  'data-testid'?: string;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState({ start: false, end: false });

  const measure = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    const start = el.scrollLeft > 1;
    const end = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
    setMore((m) => (m.start === start && m.end === end ? m : { start, end }));
  }, []);

  // No measure at mount: reading the widths there would lay the page out before its first frame
  // (on the marketplace, once per row of cards). A ResizeObserver reports each element once
  // as soon as it is observed, after the frame's layout, and again on every change.
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, [measure]);

  const scrolls = more.start || more.end;
  const scrollBy = (direction: 1 | -1) => {
    const el = scroller.current;
    el?.scrollBy({ left: direction * el.clientWidth * 0.8, behavior: 'smooth' });
  };
  const arrow = (direction: 1 | -1) => (
    <ActionIcon
      className={classes.arrow}
      data-side={direction === 1 ? 'end' : 'start'}
      variant="default"
      radius="xl"
      size="lg"
      aria-label={direction === 1 ? 'Scroll right' : 'Scroll left'}
      onClick={() => scrollBy(direction)}
    >
      {direction === 1 ? <IconChevronRight size={18} aria-hidden /> : <IconChevronLeft size={18} aria-hidden />}
    </ActionIcon>
  );
  return (
    <div
      className={classes.root}
      data-more-start={more.start || undefined}
      data-more-end={more.end || undefined}
      style={background ? ({ '--scroll-cue-bg': background } as CSSProperties) : undefined}
      data-testid={testId}
    >
      <div ref={scroller} className={classes.scroller} onScroll={measure} tabIndex={scrolls ? 0 : undefined}>
        {children}
      </div>
      {arrows && more.start ? arrow(-1) : null}
      {arrows && more.end ? arrow(1) : null}
    </div>
  );
}
