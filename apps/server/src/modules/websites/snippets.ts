import { AdFormat, POPUNDER_INTERVAL, SnippetVariant, type ZoneSnippet } from '@cryptads/contract/websites';

/**
 * The ad codes a publisher pastes into a page, one shape per ad format (docs/product/limits.md#websites). The
 * URLs they point at (`/tag.js`, `/serve/{zone}`) are served by the delivery issue; their
 * shapes are fixed in docs/decisions/004-ad-codes.md. Only server-made values go into the
 * code (the public URL, the random zone id and the size), never a publisher's text.
 */
export type SnippetZone = { unique: string; format: number; size: string | null };

const attr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export function zoneSnippets(publicUrl: string, zone: SnippetZone): ZoneSnippet[] {
  const base = publicUrl.replace(/\/$/, '');
  const tag = `<script async src="${attr(`${base}/tag.js`)}"></script>`;
  const id = attr(zone.unique);
  switch (zone.format) {
    case AdFormat.Popunder:
      return [
        {
          variant: SnippetVariant.Default,
          label: 'Popunder',
          code: `<script async src="${attr(`${base}/tag.js`)}" data-zone="${id}" data-format="popunder" data-interval="${POPUNDER_INTERVAL}"></script>`,
        },
      ];
    case AdFormat.StickyBanner:
      return [
        {
          variant: SnippetVariant.Default,
          label: 'Sticky Banner',
          code: `<ins class="cryptads-zone" data-zone="${id}" data-format="sticky"></ins>\n${tag}`,
        },
      ];
    case AdFormat.Native:
      return [
        {
          variant: SnippetVariant.Widget,
          label: 'Native widget',
          code: `<ins class="cryptads-zone" data-zone="${id}" data-format="native" data-variant="widget"></ins>\n${tag}`,
        },
        {
          variant: SnippetVariant.Alert,
          label: 'Native alert',
          code: `<ins class="cryptads-zone" data-zone="${id}" data-format="native" data-variant="alert"></ins>\n${tag}`,
        },
      ];
    case AdFormat.NativeApp:
      return [
        {
          variant: SnippetVariant.Default,
          label: 'Native App (JSON)',
          code: `GET ${base}/serve/${encodeURIComponent(zone.unique)}?format=json`,
        },
      ];
    default: {
      const [width, height] = (zone.size ?? '').split('x');
      const style =
        width && height ? ` style="display:inline-block;width:${Number(width)}px;height:${Number(height)}px"` : '';
      const size = zone.size ? ` data-size="${attr(zone.size)}"` : '';
      return [
        {
          variant: SnippetVariant.Default,
          label: zone.size ? `Banner ${zone.size}` : 'Banner',
          code: `<ins class="cryptads-zone" data-zone="${id}"${size}${style}></ins>\n${tag}`,
        },
      ];
    }
  }
}
