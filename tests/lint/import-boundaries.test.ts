/**
 * The import boundaries of docs/decisions/0031, run through ESLint's Node API on small sources placed (in memory) at
 * real paths: a feature reaching into another's files fails, its public entry passes.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
let eslint: ESLint;
// The first lint loads the config and its plugins (seconds on a busy machine): done once here, not in a test's time.
beforeAll(async () => {
  eslint = new ESLint({ cwd: root });
  await eslint.lintText('export {};\n', { filePath: path.join(root, 'shared/probe.ts') });
}, 60_000);

/** The boundary messages ESLint reports for `source` as if it were the file at `filePath`. */
async function boundaryErrors(filePath: string, source: string) {
  const [result] = await eslint.lintText(source, { filePath: path.join(root, filePath) });
  return result!.messages.filter((m) => m.ruleId === 'arrival/import-boundaries').map((m) => m.message);
}

describe('import boundaries', () => {
  it('fails a web feature importing another feature’s internal file', async () => {
    expect(
      await boundaryErrors(
        'web/src/features/documents/Probe.tsx',
        "import { DetailSection } from '../order-detail/DetailSection';\nexport const probe = DetailSection;\n",
      ),
    ).toEqual([
      "Feature 'documents' imports 'web/src/features/order-detail/DetailSection.tsx', an internal file of feature 'order-detail'. Import that feature's public entry (web/src/features/order-detail/index.ts), compose both in web/src/app, or move the shared piece to components/ or lib/.",
    ]);
  });

  it('passes the same import through the feature’s public entry, and any import inside one feature', async () => {
    expect(
      await boundaryErrors(
        'web/src/features/documents/Probe.tsx',
        "import { DetailSection } from '../order-detail';\nexport const probe = DetailSection;\n",
      ),
    ).toEqual([]);
    expect(
      await boundaryErrors(
        'web/src/features/order-detail/Probe.tsx',
        "import { DetailSection } from './DetailSection';\nexport const probe = DetailSection;\n",
      ),
    ).toEqual([]);
  });

  it('fails a dynamic import and a re-export across features too', async () => {
    expect(
      await boundaryErrors(
        'web/src/features/queues/Probe.tsx',
        "export { LiveStatus } from '../live/LiveStatus';\nexport const later = () => import('../layout/AdminLayout');\n",
      ),
    ).toHaveLength(2);
  });

  it('keeps the direction shared -> lib -> features -> app', async () => {
    expect(
      await boundaryErrors(
        'web/src/features/queues/Probe.tsx',
        "import { routes } from '../../app/router';\nexport const probe = routes;\n",
      ),
    ).toEqual([
      'a web feature may not import web/src/app (web/src/app/router.tsx): imports go shared -> lib -> features -> app.',
    ]);
    expect(
      await boundaryErrors(
        'web/src/lib/probe.ts',
        "import { QueuePage } from '../features/queues/QueuePage';\nexport const probe = QueuePage;\n",
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors(
        'shared/probe.ts',
        "import { paths } from '../web/src/lib/paths';\nexport const probe = paths;\n",
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors(
        'server/lib/probe.ts',
        "import { queueMail } from '../features/mail';\nexport const probe = queueMail;\n",
      ),
    ).toHaveLength(1);
  });

  it('lets a server feature use another’s index.ts only, not its services or other files behind it', async () => {
    expect(
      await boundaryErrors(
        'server/features/invoices/probe.ts',
        "import { queueMail } from '../mail/mail.queue';\nexport const probe = queueMail;\n",
      ),
    ).toEqual([
      "Feature 'invoices' imports 'server/features/mail/mail.queue.ts', an internal file of server feature 'mail'. Import its public entry (server/features/mail/index.ts), and export what you need from there.",
    ]);
    expect(
      await boundaryErrors(
        'server/features/mail/probe.ts',
        "import { listDocuments } from '../documents/documents.service';\nexport const probe = listDocuments;\n",
      ),
    ).toEqual([
      "Feature 'mail' imports 'server/features/documents/documents.service.ts', an internal file of server feature 'documents'. Import its public entry (server/features/documents/index.ts), and export what you need from there.",
    ]);
    expect(
      await boundaryErrors(
        'server/features/invoices/probe.ts',
        "import { queueMail } from '../mail';\nexport const probe = queueMail;\n",
      ),
    ).toEqual([]);
    expect(
      await boundaryErrors(
        'server/features/mail/probe.ts',
        "import { listDocuments } from '../documents';\nexport const probe = listDocuments;\n",
      ),
    ).toEqual([]);
    expect(
      await boundaryErrors(
        'server/features/mail/probe.ts',
        "import { historyRows } from './history';\nexport const probe = historyRows;\n",
      ),
    ).toEqual([]);
  });

  it('keeps test helpers out of production code, and lets tests reach anything', async () => {
    expect(
      await boundaryErrors(
        'server/features/mail/probe.ts',
        "import { buildTestApp } from '../../test/helper';\nexport const probe = buildTestApp;\n",
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors(
        'server/features/invoices/probe.test.ts',
        "import { queueMail } from '../mail/mail.queue';\nexport const probe = queueMail;\n",
      ),
    ).toEqual([]);
  });
});
