import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseLegalFile, publishTerms } from '../../modules/terms/terms.service';
import type { OperatorCommand } from '../types';

/** Reads a text file named on the command line (relative to the working directory). */
export async function readOperatorFile(file: string | undefined) {
  if (!file) throw new Error('Give the path of a Markdown or text file.');
  const full = path.resolve(file);
  try {
    return await readFile(full, 'utf8');
  } catch {
    throw new Error(`Cannot read ${full}.`);
  }
}

/** Both forms of `terms publish`: the text of a file or of the back office's form. */
async function publishTermsText(ctx: Parameters<OperatorCommand['run']>[0], text: string) {
  const { title, body } = parseLegalFile(text, 'Terms of Service');
  if (body.length < 20) throw new Error('The terms file is too short to be terms.');
  const terms = await publishTerms(ctx.db, { title, body });
  return `Published platform terms version ${terms.version} (${terms.title}).`;
}

/** Audited by the version published (the text stays in the entry's changes), not by the text. */
const auditVersion: OperatorCommand['audit'] = (_args, output) => ({
  objectType: 'terms',
  objectId: /version (\d+)/.exec(output)?.[1] ?? '',
});

export const termsCommands: Record<string, OperatorCommand> = {
  publish: {
    args: '<file>',
    help: "publish a new version of the platform terms ('# Title' on the first line, Markdown after); every user accepts it on the next visit",
    audit: auditVersion,
    async run(ctx, [file]) {
      return publishTermsText(ctx, await readOperatorFile(file));
    },
  },
  'publish-text': {
    args: '<markdown>',
    help: "publish new platform terms given as one argument ('# Title' on the first line; the back office's form)",
    audit: auditVersion,
    async run(ctx, [markdown]) {
      return publishTermsText(ctx, markdown ?? '');
    },
  },
};
