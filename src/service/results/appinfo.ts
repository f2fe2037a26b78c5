import type { Application } from '../store/applications.js';
import type { StatementRecord } from '../store/statements.js';

/** Application info (reference 2.1), computed from what is stored. */
export interface AppInfo {
  appnumber: string;
  appid: number;
  naccounts: number;
  owner: string;
  totalstatements: number;
  totalstatements_reconciled: number;
  totaltaxforms: number;
  totaltaxreturns: number;
  address1: string;
  address2: string;
  citystate: string;
  city: string;
  state: string;
  zip: string;
  expfactor: string;
  accountlist: string[];
  /** Raised by every change to the application's statements: a larger value is a newer state. */
  revision: number;
}

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
