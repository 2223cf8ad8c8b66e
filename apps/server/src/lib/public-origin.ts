import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';

/** Names of this machine: the only Host headers believed when PUBLIC_URL is not set. */
const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);
const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]']);

type OriginConfig = Pick<Config, 'publicUrl' | 'publicUrlConfigured' | 'host'>;

/** The host names a browser may use to reach this process when no PUBLIC_URL says which one. */
function acceptedHostNames(config: OriginConfig): Set<string> {
  const names = new Set(LOOPBACK_NAMES);
  const listen = config.host.toLowerCase();
  if (!WILDCARD_HOSTS.has(listen)) names.add(listen.includes(':') ? `[${listen}]` : listen);
  return names;
}

/**
 * The base of links a person follows back to the product in this same browser (a payment's
 * return, the payment page, the referral link). With PUBLIC_URL set it is PUBLIC_URL, always
 * (production requires it). Without it the server listens on 127.0.0.1 while people open
 * either http://127.0.0.1:PORT or http://localhost:PORT, two origins with separate cookies: a
 * return to the other one would arrive without the session. So the request's own Host is
 * used, but only when it names this machine (loopback or the configured listen host); any
 * other Host falls back to the default, so a forged header cannot send anyone elsewhere.
 */
export function userFacingBaseUrl(config: OriginConfig, request: Pick<FastifyRequest, 'headers'>): string {
  if (config.publicUrlConfigured) return config.publicUrl;
  const host = request.headers.host?.trim().toLowerCase();
  if (!host) return config.publicUrl;
  const match = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?$/.exec(host);
  if (!match?.[1] || !acceptedHostNames(config).has(match[1])) return config.publicUrl;
  return `http://${host}`;
}
