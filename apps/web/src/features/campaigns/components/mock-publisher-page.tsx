import type { ReactNode } from 'react';
import classes from './mock-publisher.module.css';

/**
 * A made-up finance news site with an ad slot for every preview size (docs/product/campaigns.md#preview-and-sharing
 * "Preview ad sizes"), so that an advertiser sees the creatives where a reader would.
 * `ad(slot)` returns the creative for a slot, or null to leave the slot as a placeholder.
 */
export type AdSlot =
  | 'header'
  | 'sticky'
  | 'stickymobile'
  | '468x60'
  | '728x90'
  | '300x250'
  | '300x600'
  | '160x600'
  | '970x250'
  | '320x100'
  | '320x50';

export const MOBILE_SLOTS: readonly AdSlot[] = ['320x100', '320x50', 'stickymobile'];

const SLOT_BOX: Record<AdSlot, [number, number]> = {
  header: [970, 90],
  sticky: [728, 90],
  stickymobile: [320, 50],
  '468x60': [468, 60],
  '728x90': [728, 90],
  '300x250': [300, 250],
  '300x600': [300, 600],
  '160x600': [160, 600],
  '970x250': [970, 250],
  '320x100': [320, 100],
  '320x50': [320, 50],
};

type Props = { ad: (slot: AdSlot) => ReactNode | null; native?: ReactNode; hideEmpty?: boolean };

function Slot({ slot, ad, hideEmpty }: { slot: AdSlot } & Omit<Props, 'native'>) {
  const content = ad(slot);
  if (!content && hideEmpty) return null;
  const [w, h] = SLOT_BOX[slot];
  return (
    <div className={classes.slotWrap}>
      <div
        className={classes.slot}
        style={{ width: w, height: h, maxWidth: '100%' }}
        data-filled={content ? true : undefined}
        data-slot={slot}
        data-testid={content ? `preview-slot-${slot}` : undefined}
      >
        {content ?? `Advertisement ${slot === 'header' || slot === 'sticky' ? slot : `${w}x${h}`}`}
      </div>
    </div>
  );
}

const TICKER: [string, string, boolean][] = [
  ['BTC', '+2.41%', true],
  ['ETH', '+1.87%', true],
  ['SOL', '-0.62%', false],
  ['FTSE 100', '+0.35%', true],
  ['DAX', '-0.12%', false],
  ['EUR/USD', '+0.08%', true],
];

function Article({ children }: { children?: ReactNode }) {
  return (
    <article className={classes.article}>
      <div className={classes.kicker}>Markets</div>
      <h2 className={classes.headline}>Bitcoin holds its ground as traders weigh the next rate decision</h2>
      <p>
        Digital assets opened the week steady after a volatile Friday session, with the largest coins trading in a
        narrow range while investors waited for fresh guidance from central banks.
      </p>
      {children}
      <p>
        Analysts point to rising volumes on regulated exchanges and a steady inflow into exchange-traded products as
        signs that institutional demand has not faded, even as retail activity cooled over the summer months.
      </p>
      <p>
        Elsewhere, European equities edged higher, led by banks and energy names, while the euro traded flat against the
        dollar ahead of inflation figures due on Thursday.
      </p>
    </article>
  );
}

const LATEST = [
  'Ether staking yields edge lower as network activity cools',
  'Central bank signals patience on rates; bond yields slip',
  'Stablecoin supply reaches a new high for the quarter',
  'Fintech lenders report record demand for small-business credit',
];

function Latest() {
  return (
    <div className={classes.article}>
      <div className={classes.kicker}>Latest</div>
      <ul style={{ margin: '6px 0 0', paddingLeft: 18 }}>
        {LATEST.map((h) => (
          <li key={h}>
            <p style={{ margin: '0 0 8px' }}>{h}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function MockDesktopPage({ ad, native, hideEmpty }: Props) {
  return (
    <div className={classes.site} data-testid="preview-desktop">
      <div className={classes.siteNav}>
        <span className={classes.siteLogo}>The Ledger Times</span>
        <span className={classes.siteMenu}>
          <span>Markets</span>
          <span>Crypto</span>
          <span>Economy</span>
          <span>Opinion</span>
        </span>
      </div>
      <div className={classes.ticker} aria-hidden>
        {TICKER.map(([name, change, up]) => (
          <span key={name}>
            {name} <span className={up ? classes.up : classes.down}>{change}</span>
          </span>
        ))}
      </div>
      <div style={{ padding: '16px 20px 0', display: 'flex', flexDirection: 'column', gap: 12 }}>
        <Slot slot="header" ad={ad} hideEmpty />
        <Slot slot="970x250" ad={ad} hideEmpty />
        <Slot slot="728x90" ad={ad} hideEmpty={hideEmpty} />
      </div>
      <div className={classes.body}>
        <div className={`${classes.rail} ${classes.leftRail}`}>
          <Slot slot="160x600" ad={ad} hideEmpty={hideEmpty} />
        </div>
        <div className={classes.center}>
          <Article>
            <Slot slot="468x60" ad={ad} hideEmpty />
          </Article>
          {native}
          <Latest />
        </div>
        <div className={classes.rail}>
          <Slot slot="300x250" ad={ad} hideEmpty={hideEmpty} />
          <Slot slot="300x600" ad={ad} hideEmpty={hideEmpty} />
        </div>
      </div>
      {ad('sticky') ? (
        <div className={classes.sticky}>
          <Slot slot="sticky" ad={ad} />
        </div>
      ) : null}
    </div>
  );
}

export function MockMobilePage({ ad, native, hideEmpty }: Props) {
  return (
    <div className={classes.phone} data-testid="preview-mobile">
      <div className={classes.site} style={{ border: 'none', borderRadius: 0 }}>
        <div className={classes.siteNav}>
          <span className={classes.siteLogo}>The Ledger Times</span>
        </div>
        <div className={classes.phoneBody}>
          <Slot slot="320x100" ad={ad} hideEmpty={hideEmpty} />
          <Article>
            <Slot slot="320x50" ad={ad} hideEmpty={hideEmpty} />
          </Article>
          {native}
          <Slot slot="300x250" ad={ad} hideEmpty />
        </div>
        {ad('stickymobile') ? (
          <div className={classes.sticky}>
            <Slot slot="stickymobile" ad={ad} />
          </div>
        ) : null}
      </div>
    </div>
  );
}
