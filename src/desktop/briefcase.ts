import type { BriefcaseOffer } from '../contract/ipc.js';
import { ApiClient } from './api-client.js';

/**
 * Briefcase in the window: the shares offered to the account of each connection, read from
 * the service's /briefcase/history (received side), and the answer to one of them. The key an
 * answer needs stays here: the core reads it from the account's own history when answering.
 */
interface HistoryItem {
  shareid: string; direction: 'sent' | 'received'; from: string; appid: number; appnumber: string; owner: string;
  message: string; documents: number; status: BriefcaseOffer['status']; offeredAt: string; sharekey?: string;
}

export interface BriefcaseConnection { id: string; name: string }

async function received(client: ApiClient): Promise<HistoryItem[]> {
  const body = ApiClient.expect(await client.briefcaseHistory(), [200]).body;
  if (!Array.isArray(body)) throw new Error('the service answered /briefcase/history with something other than a list');
  return (body as HistoryItem[]).filter((i) => i && i.direction === 'received');
}

const offerOf = (c: BriefcaseConnection, i: HistoryItem): BriefcaseOffer => ({
  connectionId: c.id, connectionName: c.name, shareid: i.shareid, from: i.from, appid: i.appid, appnumber: i.appnumber,
  owner: i.owner ?? '', message: i.message ?? '', documents: i.documents ?? 0, status: i.status, offeredAt: i.offeredAt,
});

/** Offers of every connection, newest first; a connection that cannot answer is a problem line, not a failure. */
export async function briefcaseOffers(connections: BriefcaseConnection[], clientFor: (id: string) => ApiClient) {
  const offers: BriefcaseOffer[] = [];
  const problems: Array<{ connectionId: string; connectionName: string; error: string }> = [];
  await Promise.all(connections.map(async (c) => {
    try {
      for (const i of await received(clientFor(c.id))) offers.push(offerOf(c, i));
    } catch (err) {
      problems.push({ connectionId: c.id, connectionName: c.name, error: (err as Error).message });
    }
  }));
  offers.sort((a, b) => b.offeredAt.localeCompare(a.offeredAt) || a.shareid.localeCompare(b.shareid));
  return { offers, problems };
}

/** Accepts or rejects an open offer made to the connection's account. */
export async function briefcaseRespond(c: BriefcaseConnection, client: ApiClient, shareid: string, action: 'accept' | 'reject'): Promise<BriefcaseOffer> {
  const item = (await received(client)).find((i) => i.shareid === shareid);
  if (!item) throw new Error(`no Briefcase share ${shareid} was offered to ${c.name}`);
  if (!item.sharekey) throw new Error(`the share ${shareid} was already answered (${item.status})`);
  const answer = ApiClient.expect(await client.briefcaseRespond(item.sharekey, action), [200]).body as { status: BriefcaseOffer['status'] };
  return { ...offerOf(c, item), status: answer.status };
}
