import type { Config } from '../../config';
import { createLocalStorage } from './local';
import { DOCUMENT_KEY_PATTERN, type Storage } from './port';

export function createStorage(config: Config): Storage {
  switch (config.storage.driver) {
    case 'local':
      return createLocalStorage(config.storage.dir);
  }
}

/**
 * Identity and company documents (docs/product/billing.md#documents): a storage of their own, apart from the
 * creatives, so that the public /uploads/ route can never serve one. Only the billing
 * profile module reads it, for the document's owner (and operators).
 */
export function createDocumentStorage(config: Config): Storage {
  switch (config.storage.driver) {
    case 'local':
      return createLocalStorage(config.storage.documentsDir, DOCUMENT_KEY_PATTERN);
  }
}
