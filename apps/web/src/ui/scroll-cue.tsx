import { type CSSProperties, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import classes from './scroll-cue.module.css';

/**
 * A box that scrolls sideways when its content is wider, with a fade on each side that has
 * more to see, so that a table or a row of tabs visibly goes on past the edge. The scroller
 * takes the keyboard focus only while it scrolls (arrows scroll it).
 */
export function ScrollCue({
  children,
  background,
  'data-testid': testId,
}: {
  children: ReactNode;
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

  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, [measure]);

  const scrolls = more.start || more.end;
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
    </div>
  );
}
