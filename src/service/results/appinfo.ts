import type { Application } from '../store/applications.js';
import type { StatementRecord } from '../store/statements.js';
import type { AppInfo as ContractAppInfo } from '../../contract/api/endpoints.js';

/** Application info (reference 2.1) as the contract describes it; the service always sets `revision`, raised by every change to the application's statements (a larger value is a newer state). */
export type AppInfo = ContractAppInfo & { revision: number };

/** `revision`: the application's statement revision, read before `statements` were loaded (never newer than them). */
export function buildAppInfo(app: Application, statements: StatementRecord[], revision = 0): AppInfo {
  const accounts = new Set(statements.map((s) => s.accountNumber));
  const withAddress = statements.find((s) => s.address.address1 || s.address.city);
  const a = withAddress?.address ?? {};
  const owner = app.owner || statements.find((s) => s.ownerName)?.ownerName || '';
  const city = a.city ?? '';
  const state = a.state ?? '';
  return {
    appnumber: app.appnumber,
    appid: app.id,
    naccounts: accounts.size,
    owner,
    totalstatements: statements.length,
    totalstatements_reconciled: statements.filter((s) => s.reconciled).length,
    totaltaxforms: 0,
    totaltaxreturns: 0,
    address1: a.address1 ?? '',
    address2: a.address2 ?? '',
    citystate: city && state ? `${city}, ${state}` : city || state,
    city,
    state,
    zip: a.postalcode ?? '',
    expfactor: '',
    accountlist: statements.map((s) => `${s.accountNumber}, ${s.endDate}`),
    revision,
  };
}
