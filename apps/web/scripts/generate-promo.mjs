// Generates the referral programme's promotional materials into public/promo/ (docs/product/account.md#referral,
// docs/architecture.md#look-and-feel: made by us, never hot-linked). Run: node apps/web/scripts/generate-promo.mjs
// The output is committed; run again after changing the brand or the product's rules.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const out = path.resolve(import.meta.dirname, '../public/promo');
mkdirSync(out, { recursive: true });

const NAVY = '#0b1b3f';
const NAVY_2 = '#1b2d57';
const ACCENT = '#4263eb';
const ACCENT_LIGHT = '#91a7ff';
const FONT = "Inter, 'Segoe UI', Roboto, Arial, sans-serif";

// ---- SVG banners ---------------------------------------------------------------------------

/** The mark: a rounded hexagon coin with a C, drawn at (x, y) with size s. */
const mark = (x, y, s) => {
  const r = s / 2;
  const cx = x + r;
  const cy = y + r;
  const pts = Array.from({ length: 6 }, (_, i) => {
    const a = (Math.PI / 3) * i - Math.PI / 2;
    return `${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`;
  }).join(' ');
  return `<polygon points="${pts}" fill="${ACCENT}" stroke="${ACCENT_LIGHT}" stroke-width="${(s / 24).toFixed(1)}" stroke-linejoin="round"/>
  <text x="${cx}" y="${cy + s * 0.19}" text-anchor="middle" font-family="${FONT}" font-size="${(s * 0.55).toFixed(1)}" font-weight="800" fill="#fff">C</text>`;
};

const frame = (
  w,
  h,
  body,
) => `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="Cryptads: display advertising for finance and crypto">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${NAVY}"/>
      <stop offset="1" stop-color="${NAVY_2}"/>
    </linearGradient>
  </defs>
  <rect width="${w}" height="${h}" fill="url(#bg)"/>
  <circle cx="${w * 0.92}" cy="${h * 0.1}" r="${Math.max(w, h) * 0.35}" fill="${ACCENT}" opacity="0.16"/>
  <circle cx="${w * 0.05}" cy="${h * 1.05}" r="${Math.max(w, h) * 0.25}" fill="${ACCENT_LIGHT}" opacity="0.10"/>
${body}
  <rect x="0.5" y="0.5" width="${w - 1}" height="${h - 1}" fill="none" stroke="${ACCENT_LIGHT}" stroke-opacity="0.35"/>
</svg>
`;

const button = (
  x,
  y,
  w,
  h,
  label,
  size,
) => `  <rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${h / 2}" fill="${ACCENT}"/>
  <text x="${x + w / 2}" y="${y + h / 2 + size * 0.36}" text-anchor="middle" font-family="${FONT}" font-size="${size}" font-weight="700" fill="#fff">${label}</text>`;

const text = (x, y, size, weight, fill, content, anchor = 'start') =>
  `  <text x="${x}" y="${y}" text-anchor="${anchor}" font-family="${FONT}" font-size="${size}" font-weight="${weight}" fill="${fill}">${content}</text>`;

const banners = {
  '300x250': frame(
    300,
    250,
    [
      mark(20, 20, 34),
      text(62, 44, 20, 800, '#fff', 'Cryptads'),
      text(20, 100, 22, 750, '#fff', 'Reach crypto'),
      text(20, 127, 22, 750, '#fff', 'investors where'),
      text(20, 154, 22, 750, ACCENT_LIGHT, 'they read.'),
      text(20, 180, 12, 500, '#c9d3ea', 'Display, native &amp; popunder from 0.20 EUR CPM'),
      button(20, 198, 150, 34, 'Start advertising', 13),
    ].join('\n'),
  ),
  '728x90': frame(
    728,
    90,
    [
      mark(18, 23, 44),
      text(72, 53, 22, 800, '#fff', 'Cryptads'),
      text(196, 42, 16, 750, '#fff', 'Display advertising for finance &amp; crypto'),
      text(196, 63, 12, 500, '#c9d3ea', 'Approval within 1 business day · CPM from 0.20 EUR'),
      button(590, 26, 124, 38, 'Start advertising', 12),
    ].join('\n'),
  ),
  '160x600': frame(
    160,
    600,
    [
      mark(53, 30, 54),
      text(80, 116, 20, 800, '#fff', 'Cryptads', 'middle'),
      text(80, 200, 20, 750, '#fff', 'Reach', 'middle'),
      text(80, 226, 20, 750, '#fff', 'crypto', 'middle'),
      text(80, 252, 20, 750, '#fff', 'investors', 'middle'),
      text(80, 278, 20, 750, ACCENT_LIGHT, 'where they', 'middle'),
      text(80, 304, 20, 750, ACCENT_LIGHT, 'read.', 'middle'),
      text(80, 370, 12, 500, '#c9d3ea', 'Display · Native', 'middle'),
      text(80, 388, 12, 500, '#c9d3ea', 'Popunder', 'middle'),
      text(80, 420, 12, 500, '#c9d3ea', 'from 0.20 EUR CPM', 'middle'),
      button(14, 520, 132, 36, 'Start now', 14),
    ].join('\n'),
  ),
  '300x600': frame(
    300,
    600,
    [
      mark(24, 28, 48),
      text(84, 62, 24, 800, '#fff', 'Cryptads'),
      text(24, 180, 32, 750, '#fff', 'Reach crypto'),
      text(24, 220, 32, 750, '#fff', 'investors'),
      text(24, 260, 32, 750, ACCENT_LIGHT, 'where they read.'),
      text(24, 320, 15, 500, '#c9d3ea', 'Display banners, native ads and'),
      text(24, 342, 15, 500, '#c9d3ea', 'popunders on finance &amp; crypto sites.'),
      text(24, 390, 15, 600, '#fff', '✓ From 0.20 EUR CPM'),
      text(24, 416, 15, 600, '#fff', '✓ Approval within 1 business day'),
      text(24, 442, 15, 600, '#fff', '✓ Pay by crypto, card or bank'),
      button(24, 516, 252, 46, 'Start advertising', 17),
    ].join('\n'),
  ),
  '320x50': frame(
    320,
    50,
    [
      mark(8, 9, 32),
      text(48, 24, 14, 800, '#fff', 'Cryptads'),
      text(48, 40, 10, 500, '#c9d3ea', 'Ads for finance &amp; crypto'),
      button(214, 10, 96, 30, 'Start now', 12),
    ].join('\n'),
  ),
};

for (const [size, svg] of Object.entries(banners)) writeFileSync(path.join(out, `cryptads-banner-${size}.svg`), svg);

// ---- PDF (hand-written PDF 1.4 with the standard Helvetica fonts) ---------------------------

const rgb = (hex) => [1, 3, 5].map((i) => (Number.parseInt(hex.slice(i, i + 2), 16) / 255).toFixed(3)).join(' ');
const esc = (s) => s.replace(/\\/g, '\\\\').replace(/\(/g, '\\(').replace(/\)/g, '\\)');

/** A small drawing vocabulary that writes PDF content-stream operators. */
class Canvas {
  ops = [];
  rect(x, y, w, h, fill) {
    this.ops.push(`${rgb(fill)} rg ${x} ${y} ${w} ${h} re f`);
    return this;
  }
  text(x, y, size, content, { bold = false, color = '#1b2d57' } = {}) {
    this.ops.push(`BT /${bold ? 'F2' : 'F1'} ${size} Tf ${rgb(color)} rg ${x} ${y} Td (${esc(content)}) Tj ET`);
    return this;
  }
  /** Wraps text to a width, assuming Helvetica's average glyph width of about 0.5 em. */
  para(x, y, size, content, width, opts = {}) {
    const perLine = Math.floor(width / (size * 0.5));
    const words = content.split(' ');
    let line = '';
    let yy = y;
    for (const word of words) {
      if ((line + word).length > perLine) {
        this.text(x, yy, size, line.trim(), opts);
        yy -= size * 1.4;
        line = '';
      }
      line += `${word} `;
    }
    if (line.trim()) {
      this.text(x, yy, size, line.trim(), opts);
      yy -= size * 1.4;
    }
    return yy;
  }
  toString() {
    return this.ops.join('\n');
  }
}

function pdf(pages, [w, h]) {
  const objects = [];
  const add = (body) => {
    objects.push(body);
    return objects.length;
  };
  const catalog = add('');
  const pagesObj = add('');
  const f1 = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const f2 = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
  const kids = [];
  for (const canvas of pages) {
    const stream = canvas.toString();
    const content = add(`<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`);
    kids.push(
      add(
        `<< /Type /Page /Parent ${pagesObj} 0 R /MediaBox [0 0 ${w} ${h}] /Resources << /Font << /F1 ${f1} 0 R /F2 ${f2} 0 R >> >> /Contents ${content} 0 R >>`,
      ),
    );
  }
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesObj} 0 R >>`;
  objects[pagesObj - 1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  const info = add('<< /Title (Cryptads) /Author (Cryptads) /Producer (generate-promo.mjs) >>');

  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) body += `${String(off).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R /Info ${info} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

// Media kit: one A4 page.
{
  const [W, H] = [595, 842];
  const c = new Canvas();
  c.rect(0, H - 170, W, 170, NAVY);
  c.rect(0, H - 174, W, 4, ACCENT);
  c.text(48, H - 80, 34, 'Cryptads', { bold: true, color: '#ffffff' });
  c.text(48, H - 110, 15, 'Media kit  -  display advertising for finance & crypto', { color: '#c9d3ea' });
  c.text(48, H - 140, 11, 'Display  |  Native  |  Popunder  |  Marketplace', { color: ACCENT_LIGHT });

  let y = H - 215;
  const section = (title, lines) => {
    c.text(48, y, 14, title, { bold: true, color: ACCENT });
    y -= 20;
    for (const line of lines) y = c.para(60, y, 10.5, line, W - 110) - 2;
    y -= 12;
  };
  section('Who we are', [
    'An advertising network for crypto and finance: advertisers promote exchanges, wallets, tokens and fintech products on publisher sites that cover blockchain, trading and personal finance.',
  ]);
  section('Ad formats', [
    '- Display banners: 300x250, 728x90, 160x600, 300x600, 320x100, 320x50; premium Sticky and Header banners.',
    '- Native ads on websites and in apps: image, title and description in the flow of content.',
    '- Popunder: your landing page opens behind the page the visitor reads.',
    '- Marketplace: sponsored articles, press releases and packages on partner sites.',
  ]);
  section('Pricing (EUR)', [
    '- CPM minimum bids: Display regular 0.20, Display premium 3.00, Native 0.50, Application 0.50, Popunder 1.00.',
    '- Native CPC from 0.05. Maximum price 20.',
    '- Minimum deposit 100 EUR by cryptocurrency, card or bank transfer.',
  ]);
  section('Targeting and control', [
    '- Countries, devices (desktop, mobile), frequency capping, daily and total budgets.',
    '- Zone exclusions per campaign and a global blacklist; reports by date, country, OS, browser, campaign and zone.',
    '- Every campaign is reviewed within 1 business day (up to 48 hours on weekends).',
  ]);
  section('For publishers', [
    '- Earn a share of what advertisers pay for your impressions and clicks (70 % by default).',
    '- Payouts from 50 EUR, monthly on the 1st or weekly on Mondays: SEPA within 48 hours, crypto within 72 hours.',
  ]);
  section('Refer a friend', ['- Earn 50 EUR when a person you invite spends 500 EUR on advertising.']);
  c.rect(0, 0, W, 46, NAVY);
  c.text(48, 18, 10, 'Create an account in minutes: sign up as an advertiser or a publisher.', { color: '#ffffff' });
  writeFileSync(path.join(out, 'cryptads-media-kit.pdf'), pdf([c], [W, H]));
}

// Presentation: five 16:9 slides.
{
  const [W, H] = [960, 540];
  const slide = (title, subtitle, bullets, dark = false) => {
    const c = new Canvas();
    c.rect(0, 0, W, H, dark ? NAVY : '#ffffff');
    c.rect(0, H - 8, W, 8, ACCENT);
    c.text(60, H - 90, 34, title, { bold: true, color: dark ? '#ffffff' : NAVY });
    if (subtitle) c.text(60, H - 125, 16, subtitle, { color: dark ? '#c9d3ea' : '#3c5590' });
    let y = H - 185;
    for (const b of bullets) {
      c.rect(60, y + 3, 8, 8, ACCENT);
      y = c.para(82, y, 17, b, W - 160, { color: dark ? '#ffffff' : '#1b2d57' }) - 10;
    }
    c.text(60, 26, 11, 'Cryptads  -  Finance & Crypto Display Advertising', { color: dark ? ACCENT_LIGHT : '#5670ad' });
    return c;
  };
  const slides = [
    slide(
      'Cryptads',
      'Display advertising for finance & crypto',
      [
        'Advertisers reach people who already read about crypto, trading and personal finance.',
        'Publishers turn that audience into revenue, paid in EUR or crypto.',
      ],
      true,
    ),
    slide('Formats', 'Buy the placement that fits your message', [
      'Display banners: 300x250, 728x90, 160x600, 300x600, 320x100 and 320x50.',
      'Premium Sticky and Header banners, set up by an account manager.',
      'Native ads on websites and in apps; Popunder for landing-page traffic.',
      'Marketplace: sponsored articles, press releases and packages.',
    ]),
    slide('Pricing and control', 'You set the price and the limits', [
      'CPM from 0.20 EUR (Display), 0.50 (Native), 1.00 (Popunder); Native CPC from 0.05 EUR.',
      'Target countries and devices, cap frequency, set daily and total budgets.',
      'Campaigns reviewed within 1 business day; reports by country, OS, browser and zone.',
      'Deposit from 100 EUR by crypto, card or bank transfer.',
    ]),
    slide('For publishers', 'Monetise a finance or crypto site', [
      'Add your site, verify ownership and paste one ad code per zone.',
      'Earn a share of every impression and click (70 % by default).',
      'Payouts from 50 EUR, monthly or weekly: SEPA within 48 h, crypto within 72 h.',
    ]),
    slide(
      'Get started',
      'Create an account in minutes',
      [
        'Sign up as an advertiser or a publisher.',
        'Refer a friend: earn 50 EUR when a person you invite spends 500 EUR.',
      ],
      true,
    ),
  ];
  writeFileSync(path.join(out, 'cryptads-presentation.pdf'), pdf(slides, [W, H]));
}

console.log(`promotional materials written to ${out}`);
