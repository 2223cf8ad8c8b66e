import type { Captcha } from './adapters/captcha/captcha';
import type { Mailer } from './adapters/mail/mail';
import type { Storage } from './adapters/storage/storage';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { Delivery } from './modules/delivery/delivery';

/** What services need from the outside world, passed explicitly (no globals). */
export type AppContext = {
  config: Config;
  db: Db;
  database: Database;
  mailer: Mailer;
  captcha: Captcha;
  /** Uploaded files (creatives); set by buildApp. */
  storage: Storage;
  /** Ad delivery: engine, recorder, geo, click secret (docs/decisions/007); set by buildApp. */
  delivery?: Delivery;
};

/** Who is calling and from where: the part of a request a service may know. */
export type RequestMeta = { ip: string; userAgent: string | undefined };
