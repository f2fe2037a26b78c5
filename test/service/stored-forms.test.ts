/**
 * The forms of an application are read from its stored conversion results, and only the
 * conversions whose results hold a form or a tax form are fetched: on a real SQLite store, a
 * statement whose text says `"form":` is not taken for one, and forms come back oldest first.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteStore, type SqliteStore } from '../../src/service/store/sqlite-store.js';
import { upsertAccount } from '../../src/service/store/accounts.js';
import { getOrCreateApp } from '../../src/service/store/applications.js';
import { storeFile } from '../../src/service/store/files.js';
import { finishConversion, formResultsOfApp, insertConversion, optionsOfApp } from '../../src/service/store/conversions.js';
import { formsOfApp, taxFormsOfApp } from '../../src/service/results/stored-forms.js';
import type { FileStatus } from '../../src/contract/api/file-status.js';

let dir = '';
let store: SqliteStore | null = null;
afterEach(async () => {
  await store?.close();
  store = null;
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('forms of an application from its stored results', () => {
  it('returns the conversions holding a form or a tax form, oldest first, and nothing else', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ld-stored-forms-'));
    const db = (store = openSqliteStore(dir));
    const account = await upsertAccount(db, { username: 'forms', passwordHash: 'x', product: 'pdfinsightstp', conversions: 10, features: [] });
    const app = await getOrCreateApp(db, account.id, 'FORMS-1');
    const stored = async (name: string, items: Record<string, unknown>[], options: Record<string, unknown> = {}) => {
      const file = await storeFile(db, dir, app.id, name, new TextEncoder().encode(name));
      const conv = await insertConversion(db, { appId: app.id, fileId: file.id, resfile: `${name}.res`, endpoint: 'uploadpdfs', options, trackingId: '', webhook: '' });
      await finishConversion(db, conv.id, 'done', items.map((i) => ({ fileName: name, ...i })) as unknown as FileStatus[], null);
      return conv.id;
    };
    // A statement whose description carries the text "form": (escaped inside the JSON string).
    await stored('statement.pdf', [{ numTransactions: 2, description: 'PAYMENT "form": 1040 {"taxForm": true}' }], { writeUSdates: false });
    const formId = await stored('application.pdf', [{ form: { businessName: 'Acme Bakery LLC' } }]);
    await stored('other.pdf', [{ numTransactions: 1, platform: 'x', performance: 'y' }]);
    await stored('w2.pdf', [{ taxForm: { kind: 'W-2', wages: 5_000_000 } }]);

    const found = await formResultsOfApp(db, app.id);
    expect(found.map((items) => items[0]!.fileName)).toEqual(['application.pdf', 'w2.pdf']);
    expect(await formsOfApp(db, app.id)).toEqual([{ businessName: 'Acme Bakery LLC' }]);
    expect(await taxFormsOfApp(db, app.id)).toEqual([{ kind: 'W-2', wages: 5_000_000, fileName: 'w2.pdf' }]);
    const options = await optionsOfApp(db, app.id);
    expect(options).toHaveLength(4);
    expect(options[0]!.options).toEqual({ writeUSdates: false });
    expect(options[1]!.id).toBe(formId);
  });
});
