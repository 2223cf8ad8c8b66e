import type { FastifyRequest } from 'fastify';
import { type Agent, parseAgent } from '../../adapters/geo/geo';
import type { RequestFacts } from './ivt';

/**
 * What the public ad paths read of a request, read once: its address (behind TRUST_PROXY a
 * walk of X-Forwarded-For at every read of `request.ip`), its user agent parsed, and the facts
 * the invalid-traffic rules look at. /serve, /click, /view and the bidding endpoint take the
 * visitor (country, device, capping key) from here instead of reading the request again.
 */
export function requestFacts(request: FastifyRequest): RequestFacts & { agent: Agent } {
  const userAgent = request.headers['user-agent'] ?? '';
  const agent = parseAgent(userAgent);
  return {
    ip: request.ip,
    userAgent,
    headers: request.headers,
    secure: request.protocol === 'https',
    bot: agent.bot,
    agent,
  };
}
