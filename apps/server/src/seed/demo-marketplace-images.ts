import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Font } from 'fontkit';
import { encodePngRgb, type Rgb } from '../lib/image-encode';

/**
 * The demo marketplace's pictures, drawn here (never hot-linked): a website's icon (its
 * initials on its colours), its card image (name, host and a price chart) and a mock of one of
 * its pages with the sponsored slot marked. Text is DejaVu Sans (a dependency already, for
 * invoices) rasterised with a small scanline filler.
 */

const require = createRequire(import.meta.url);
let fonts: { regular: Font; bold: Font } | null = null;
/**
 * Parses the fonts the pictures are drawn with; before the first picture. fontkit is loaded
 * here, not with the server (docs/decisions/064).
 */
export async function prepareDemoFonts() {
  const { create } = await import('fontkit');
  const load = (file: string): Font => {
    const font = create(readFileSync(require.resolve(file)));
    if (!('layout' in font)) throw new Error(`${file} is a font collection`);
    return font;
  };
  fonts ??= {
    regular: load('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
    bold: load('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
  };
}
const demoFonts = () => {
  if (!fonts) throw new Error('the demo fonts are not prepared (prepareDemoFonts)');
  return fonts;
};
/** The fonts are parsed for one seed (fontkit's tables and glyph caches): not kept by a server that runs on. */
export function releaseDemoFonts() {
  fonts = null;
}

class Canvas {
  readonly px: Float32Array;
  constructor(
    readonly w: number,
    readonly h: number,
  ) {
    this.px = new Float32Array(w * h * 3);
  }

  blend(x: number, y: number, c: Rgb, alpha: number) {
    if (x < 0 || y < 0 || x >= this.w || y >= this.h || alpha <= 0) return;
    const i = (y * this.w + x) * 3;
    const a = Math.min(1, alpha);
    for (let k = 0; k < 3; k++) this.px[i + k] = (this.px[i + k] as number) * (1 - a) + (c[k] as number) * a;
  }

  /** A diagonal gradient in 24 bands (bands compress well and look deliberate). */
  gradient(from: Rgb, to: Rgb) {
    for (let y = 0; y < this.h; y++)
      for (let x = 0; x < this.w; x++) {
        const t = Math.round(((x / this.w + y / this.h) / 2) * 24) / 24;
        this.blend(x, y, mix(from, to, t), 1);
      }
  }

  rect(x0: number, y0: number, x1: number, y1: number, c: Rgb, alpha = 1, radius = 0) {
    for (let y = Math.max(0, Math.floor(y0)); y < Math.min(this.h, Math.ceil(y1)); y++)
      for (let x = Math.max(0, Math.floor(x0)); x < Math.min(this.w, Math.ceil(x1)); x++) {
        if (radius > 0) {
          const dx = Math.max(x0 + radius - (x + 0.5), 0, x + 0.5 - (x1 - radius));
          const dy = Math.max(y0 + radius - (y + 0.5), 0, y + 0.5 - (y1 - radius));
          const d = Math.hypot(dx, dy);
          if (d > radius + 0.5) continue;
          this.blend(x, y, c, alpha * Math.min(1, radius + 0.5 - d));
        } else this.blend(x, y, c, alpha);
      }
  }

  circle(cx: number, cy: number, r: number, c: Rgb, alpha = 1) {
    this.rect(cx - r, cy - r, cx + r, cy + r, c, alpha, r);
  }

  line(points: [number, number][], width: number, c: Rgb, alpha = 1) {
    for (let i = 1; i < points.length; i++) {
      const [ax, ay] = points[i - 1] as [number, number];
      const [bx, by] = points[i] as [number, number];
      const steps = Math.ceil(Math.hypot(bx - ax, by - ay));
      for (let s = 0; s <= steps; s++) {
        const t = s / Math.max(1, steps);
        this.circle(ax + (bx - ax) * t, ay + (by - ay) * t, width / 2, c, alpha);
      }
    }
  }

  /** Text with its baseline at y; `align` says where x is. Returns the text's width. */
  text(
    s: string,
    x: number,
    y: number,
    size: number,
    c: Rgb,
    opts: { bold?: boolean; align?: 'left' | 'center'; alpha?: number } = {},
  ) {
    const font = opts.bold ? demoFonts().bold : demoFonts().regular;
    const scale = size / font.unitsPerEm;
    const run = font.layout(s);
    const width = run.advanceWidth * scale;
    const left = opts.align === 'center' ? x - width / 2 : x;
    const edges: number[][] = [];
    let pen = left;
    run.glyphs.forEach((glyph, i) => {
      const pos = run.positions[i];
      const ox = pen + (pos?.xOffset ?? 0) * scale;
      const oy = y - (pos?.yOffset ?? 0) * scale;
      const P = (gx: number, gy: number): [number, number] => [ox + gx * scale, oy - gy * scale];
      let start: [number, number] = [ox, oy];
      let cur = start;
      const to = (p: [number, number]) => {
        edges.push([cur[0], cur[1], p[0], p[1]]);
        cur = p;
      };
      for (const { command, args: a } of glyph.path.commands) {
        const n = a;
        if (command === 'moveTo') {
          if (cur !== start) to(start);
          start = P(n[0] as number, n[1] as number);
          cur = start;
        } else if (command === 'lineTo') to(P(n[0] as number, n[1] as number));
        else if (command === 'quadraticCurveTo') {
          const [c0, c1] = P(n[0] as number, n[1] as number);
          const [e0, e1] = P(n[2] as number, n[3] as number);
          const [s0, s1] = cur;
          for (let k = 1; k <= 6; k++) {
            const t = k / 6;
            const u = 1 - t;
            to([u * u * s0 + 2 * u * t * c0 + t * t * e0, u * u * s1 + 2 * u * t * c1 + t * t * e1]);
          }
        } else if (command === 'bezierCurveTo') {
          const [c0, c1] = P(n[0] as number, n[1] as number);
          const [d0, d1] = P(n[2] as number, n[3] as number);
          const [e0, e1] = P(n[4] as number, n[5] as number);
          const [s0, s1] = cur;
          for (let k = 1; k <= 8; k++) {
            const t = k / 8;
            const u = 1 - t;
            to([
              u * u * u * s0 + 3 * u * u * t * c0 + 3 * u * t * t * d0 + t * t * t * e0,
              u * u * u * s1 + 3 * u * u * t * c1 + 3 * u * t * t * d1 + t * t * t * e1,
            ]);
          }
        } else if (command === 'closePath') {
          to(start);
        }
      }
      if (cur !== start) to(start);
      pen += (pos?.xAdvance ?? glyph.advanceWidth) * scale;
    });
    this.fill(edges, c, opts.alpha ?? 1);
    return width;
  }

  /** Non-zero fill of closed outlines, 4 sub-scanlines per row and exact horizontal coverage. */
  private fill(edges: number[][], c: Rgb, alpha: number) {
    if (edges.length === 0) return;
    const S = 4;
    // Each row only looks at the edges that cross it.
    const rows = new Map<number, number[][]>();
    for (const e of edges) {
      const lo = Math.max(0, Math.floor(Math.min(e[1] as number, e[3] as number)));
      const hi = Math.min(this.h - 1, Math.floor(Math.max(e[1] as number, e[3] as number)));
      for (let r = lo; r <= hi; r++) {
        const list = rows.get(r);
        if (list) list.push(e);
        else rows.set(r, [e]);
      }
    }
    const cov = new Float32Array(this.w);
    for (const [py, rowEdges] of rows) {
      cov.fill(0);
      let minX = this.w;
      let maxX = 0;
      for (let s = 0; s < S; s++) {
        const sy = py + (s + 0.5) / S;
        const hits: [number, number][] = [];
        for (const [ax, ay, bx, by] of rowEdges as [number, number, number, number][]) {
          if ((ay <= sy && by > sy) || (by <= sy && ay > sy))
            hits.push([ax + ((sy - ay) * (bx - ax)) / (by - ay), by > ay ? 1 : -1]);
        }
        hits.sort((a, b) => a[0] - b[0]);
        let winding = 0;
        let from = 0;
        for (const [x, dir] of hits) {
          const before = winding;
          winding += dir;
          if (before === 0 && winding !== 0) from = x;
          else if (before !== 0 && winding === 0) {
            const a = Math.max(0, from);
            const b = Math.min(this.w, x);
            minX = Math.min(minX, Math.floor(a));
            maxX = Math.max(maxX, Math.ceil(b));
            for (let px = Math.floor(a); px < b; px++)
              cov[px] = (cov[px] as number) + (Math.min(b, px + 1) - Math.max(a, px)) / S;
          }
        }
      }
      for (let px = minX; px < maxX; px++)
        if ((cov[px] as number) > 0) this.blend(px, py, c, alpha * (cov[px] as number));
    }
  }

  png(): Buffer {
    // Clamped conversion rounds each channel natively (a per-pixel callback was most of the time).
    return encodePngRgb(this.w, this.h, new Uint8ClampedArray(this.px), 6);
  }
}

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [
  a[0] + (b[0] - a[0]) * t,
  a[1] + (b[1] - a[1]) * t,
  a[2] + (b[2] - a[2]) * t,
];
const WHITE: Rgb = [255, 255, 255];

export type Brand = { name: string; host: string; tagline: string; from: Rgb; to: Rgb; accent: Rgb };

export const initialsOf = (name: string) =>
  (
    name
      .match(/[A-Z0-9]/g)
      ?.slice(0, 2)
      .join('') || name.slice(0, 2)
  ).toUpperCase();

/** 128x128: the initials on the brand's colours (a listing's icon, the size requests use). */
export function iconPng(b: Brand): Buffer {
  const c = new Canvas(128, 128);
  c.gradient(b.from, b.to);
  c.circle(64, 64, 46, WHITE, 0.14);
  c.text(initialsOf(b.name), 64, 80, 44, WHITE, { bold: true, align: 'center' });
  c.rect(28, 98, 100, 102, b.accent, 1, 2);
  return c.png();
}

/** Deterministic pseudo-random numbers for the chart from a string. */
function seededFrom(text: string) {
  let s = createHash('sha256').update(text).digest().readUInt32LE(0) || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
}

/** 480x270: the card picture: name, host, tagline and a rising price line. */
export function cardPng(b: Brand): Buffer {
  const W = 480;
  const H = 270;
  const c = new Canvas(W, H);
  c.gradient(b.from, b.to);
  // A faint grid and a price line: a finance site at a glance.
  for (let x = 40; x < W; x += 40) c.rect(x, 0, x + 1, H, WHITE, 0.06);
  for (let y = 30; y < H; y += 30) c.rect(0, y, W, y + 1, WHITE, 0.06);
  const rnd = seededFrom(b.host);
  const points: [number, number][] = [];
  let v = 0.35;
  for (let x = 190; x <= W + 10; x += 20) {
    v = Math.min(0.95, Math.max(0.05, v + (rnd() - 0.38) * 0.18));
    points.push([x, 130 - v * 105]);
  }
  c.line(points, 4, b.accent, 0.9);
  c.circle(70, 84, 38, WHITE, 0.16);
  c.text(initialsOf(b.name), 70, 98, 36, WHITE, { bold: true, align: 'center' });
  const size = b.name.length > 16 ? 26 : 32;
  c.text(b.name, 32, 172, size, WHITE, { bold: true });
  c.text(b.host, 32, 200, 16, WHITE, { alpha: 0.85 });
  c.rect(32, 222, 32 + Math.min(300, b.tagline.length * 8 + 24), 250, WHITE, 0.16, 14);
  c.text(b.tagline, 44, 241, 13, WHITE);
  return c.png();
}

/** 480x300: a mock of one of the site's pages, the sponsored slot marked. */
export function pagePng(b: Brand, slot: string): Buffer {
  const W = 480;
  const H = 300;
  const c = new Canvas(W, H);
  c.rect(0, 0, W, H, [246, 247, 250]);
  c.rect(0, 0, W, 44, b.from);
  c.text(b.name, 16, 29, 17, WHITE, { bold: true });
  for (let i = 0; i < 4; i++) c.rect(250 + i * 56, 18, 296 + i * 56, 26, WHITE, 0.5, 4);
  // An article: headline, picture, lines of text.
  c.rect(16, 60, 300, 72, [40, 44, 60], 1, 3);
  c.rect(16, 80, 240, 90, [40, 44, 60], 1, 3);
  c.rect(16, 102, 300, 180, mix(b.from, b.to, 0.5), 1, 6);
  c.line(
    [
      [30, 165],
      [90, 140],
      [150, 150],
      [210, 122],
      [285, 112],
    ],
    3,
    b.accent,
  );
  for (let y = 194; y < 290; y += 16) c.rect(16, y, y % 48 === 2 ? 230 : 300, y + 7, [190, 196, 210], 1, 3);
  // The sponsored slot, as a buyer would get it.
  c.rect(318, 60, 464, 200, b.accent, 0.22, 8);
  c.rect(318, 60, 464, 64, b.accent, 1, 2);
  c.text('Sponsored', 391, 124, 15, [40, 44, 60], { bold: true, align: 'center' });
  c.text(slot, 391, 146, 12, [60, 66, 84], { align: 'center' });
  for (let y = 214; y < 290; y += 24) c.rect(318, y, 464, y + 14, [220, 224, 234], 1, 4);
  return c.png();
}

/** A content-addressed storage key: the same picture keeps its key across seeds. */
export const pngKey = (bytes: Buffer) => `${createHash('sha256').update(bytes).digest('base64url')}.png`;
