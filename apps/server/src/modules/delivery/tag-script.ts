import { VIEWABILITY } from '@cryptads/contract/viewability';

/**
 * GET /tag.js: the loader every ad code includes (docs/decisions/004-ad-codes.md). Plain ES2017,
 * no dependencies. It renders each `ins.cryptads-zone[data-zone]` once and arms popunder
 * scripts (`script[data-zone][data-format=popunder]`). Every link goes through the signed
 * click redirect (`clickUrl`). Running it twice renders only elements not yet rendered. Each
 * answered element gets the impression's SupplyChain object as `data-schain`, in the compact
 * form (`1.0,1!<asi>,<sid>,1,,,`) that header-bidding tools read.
 *
 * Viewability (docs/decisions/061-viewable-impressions.md): a display ad whose answer has a
 * `viewUrl` is watched by an IntersectionObserver. Once it is observed the tag reports
 * `?e=m` (measured); once VIEW_SHARE of its pixels (LARGE_SHARE for an ad of LARGE_PIXELS or
 * more) stayed in view for VIEW_MS in a visible tab it reports `?e=v` (viewable) and stops
 * watching. Leaving the view, or the tab going hidden, starts the second again. Reports go by
 * navigator.sendBeacon, else an image. Without IntersectionObserver nothing is reported: the
 * impression is not measured.
 */
const SOURCE = String.raw`(function () {
  'use strict';
  var BASE = __BASE__;
  var DONE = 'data-cryptads-done';
  function query(el) {
    var out = [];
    ['format', 'size', 'variant'].forEach(function (k) {
      var v = el.getAttribute('data-' + k);
      if (v) out.push(k + '=' + encodeURIComponent(v));
    });
    return out.length ? '?' + out.join('&') : '';
  }
  function serve(el) {
    return fetch(BASE + '/serve/' + encodeURIComponent(el.getAttribute('data-zone')) + query(el), {
      credentials: 'omit',
      cache: 'no-store'
    }).then(function (r) { return r.status === 200 ? r.json() : null; }).catch(function () { return null; });
  }
  // The SupplyChain object as its compact string: ver,complete!asi,sid,hp,rid,name,domain per node.
  function schain(s) {
    return s.ver + ',' + s.complete + s.nodes.map(function (n) {
      return '!' + [n.asi, n.sid, n.hp, n.rid, n.name, n.domain].map(function (v) {
        return v === undefined || v === null ? '' : encodeURIComponent(String(v));
      }).join(',');
    }).join('');
  }
  function mark(el, ad) {
    if (ad.schain) el.setAttribute('data-schain', schain(ad.schain));
  }
  function report(ad, e) {
    var url = ad.viewUrl + '?e=' + e;
    try { if (navigator.sendBeacon(url)) return; } catch (x) {}
    new Image().src = url;
  }
  function watch(ad, el) {
    if (!ad.viewUrl || !el || !window.IntersectionObserver) return;
    var seen = false, timer = 0;
    var io = new IntersectionObserver(function (entries) {
      var e = entries[entries.length - 1], r = e.boundingClientRect;
      seen = e.intersectionRatio >= (r.width * r.height >= __LARGE_PIXELS__ ? __LARGE_SHARE__ : __VIEW_SHARE__);
      check();
    }, { threshold: [0, __LARGE_SHARE__, __VIEW_SHARE__, 1] });
    function check() {
      if (seen && document.visibilityState === 'visible') {
        if (!timer) timer = setTimeout(function () {
          io.disconnect();
          document.removeEventListener('visibilitychange', check);
          report(ad, 'v');
        }, __VIEW_MS__);
      } else if (timer) {
        clearTimeout(timer);
        timer = 0;
      }
    }
    io.observe(el);
    document.addEventListener('visibilitychange', check);
    report(ad, 'm');
  }
  function make(tag, style, attrs) {
    var el = document.createElement(tag);
    if (style) el.style.cssText = style;
    for (var k in attrs || {}) el.setAttribute(k, attrs[k]);
    return el;
  }
  function frame(ad) {
    var f = make('iframe', 'border:0;display:block;overflow:hidden', {
      width: String(ad.width || ''), height: String(ad.height || ''), scrolling: 'no', frameborder: '0',
      title: 'Advertisement',
      sandbox: 'allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation'
    });
    f.srcdoc = ad.html;
    return f;
  }
  function link(ad, style) {
    return make('a', style, { href: ad.clickUrl, target: '_blank', rel: 'noopener sponsored' });
  }
  function text(tag, value, style) {
    var el = make(tag, style);
    el.textContent = value || '';
    return el;
  }
  function nativeAd(ad, alert) {
    var box = make('div', alert
      ? 'position:fixed;right:16px;bottom:16px;z-index:2147483000;width:320px;background:#fff;border-radius:8px;box-shadow:0 4px 18px rgba(0,0,0,.25);font:14px/1.4 sans-serif;color:#222'
      : 'display:block;max-width:100%;font:14px/1.4 sans-serif;color:#222');
    var a = link(ad, 'display:flex;gap:10px;padding:10px;color:inherit;text-decoration:none');
    if (ad.thumbnail) a.appendChild(make('img', 'width:64px;height:64px;object-fit:cover;border-radius:4px;flex:none', { src: ad.thumbnail, alt: '' }));
    var body = make('span', 'display:block;min-width:0');
    body.appendChild(text('strong', ad.title, 'display:block'));
    body.appendChild(text('span', alert ? (ad.descriptionShort || ad.description) : ad.description, 'display:block;color:#555'));
    if (ad.cta) body.appendChild(text('span', ad.cta, 'display:inline-block;margin-top:6px;padding:2px 10px;border-radius:4px;background:#1c7ed6;color:#fff'));
    a.appendChild(body);
    box.appendChild(a);
    if (alert) closer(box);
    return box;
  }
  function closer(box) {
    var x = make('button', 'position:absolute;top:2px;right:4px;border:0;background:none;font-size:16px;cursor:pointer;color:#888', { type: 'button', 'aria-label': 'Close' });
    x.textContent = '\u00d7';
    x.onclick = function () { box.remove(); };
    box.appendChild(x);
  }
  // Renders the ad into el; answers the element that shows it (what viewability watches).
  function render(el, ad) {
    var format = el.getAttribute('data-format') || 'banner';
    var shown;
    if (format === 'native' || ad.title) {
      shown = el.appendChild(nativeAd(ad, el.getAttribute('data-variant') === 'alert'));
    } else if (format === 'sticky') {
      var bar = make('div', 'position:fixed;left:0;right:0;bottom:0;z-index:2147483000;display:flex;justify-content:center;background:rgba(255,255,255,.95);box-shadow:0 -2px 8px rgba(0,0,0,.15)');
      shown = bar.appendChild(frame(ad));
      closer(bar);
      el.appendChild(bar);
    } else if (ad.html) {
      shown = el.appendChild(frame(ad));
    } else if (ad.image) {
      shown = link(ad, 'display:inline-block');
      shown.appendChild(make('img', 'border:0;display:block', { src: ad.image, width: String(ad.width), height: String(ad.height), alt: '' }));
      el.appendChild(shown);
    }
    return shown;
  }
  function popunder(script) {
    var zone = script.getAttribute('data-zone');
    var minutes = Number(script.getAttribute('data-interval')) || 5;
    var key = 'cryptads-pop-' + zone;
    var last = 0;
    try { last = Number(localStorage.getItem(key)) || 0; } catch (e) {}
    if (Date.now() - last < minutes * 60000) return;
    serve(script).then(function (ad) {
      if (!ad || !ad.clickUrl) return;
      mark(script, ad);
      var open = function () {
        document.removeEventListener('click', open, true);
        try { localStorage.setItem(key, String(Date.now())); } catch (e) {}
        var w = window.open(ad.clickUrl, '_blank', 'noopener');
        if (w) { try { w.blur(); window.focus(); } catch (e) {} }
      };
      document.addEventListener('click', open, true);
    });
  }
  function scan() {
    var els = document.querySelectorAll('ins.cryptads-zone[data-zone]:not([' + DONE + '])');
    Array.prototype.forEach.call(els, function (el) {
      el.setAttribute(DONE, '1');
      serve(el).then(function (ad) { if (ad) { mark(el, ad); watch(ad, render(el, ad)); } });
    });
    var scripts = document.querySelectorAll('script[data-zone]:not([' + DONE + '])');
    Array.prototype.forEach.call(scripts, function (s) {
      s.setAttribute(DONE, '1');
      if (s.getAttribute('data-format') === 'popunder') popunder(s);
    });
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', scan);
  else scan();
})();
`;

export function tagScript(publicUrl: string): string {
  return SOURCE.replace('__BASE__', JSON.stringify(publicUrl))
    .replaceAll('__LARGE_PIXELS__', String(VIEWABILITY.largePixels))
    .replaceAll('__LARGE_SHARE__', String(VIEWABILITY.largeShare))
    .replaceAll('__VIEW_SHARE__', String(VIEWABILITY.share))
    .replaceAll('__VIEW_MS__', String(VIEWABILITY.continuousMs));
}
