import { parseArgs, UsageError } from './args.js';
import { provisionAccount } from '../service/index.js';
import { isProduct, PRODUCT_CHOICES, PRODUCTS_IN_WORDS } from '../contract/products.js';
import { defaultDataDir } from './serve.js';

const USAGE = `usage: ledgerdrop accounts add USER --password P --product ${PRODUCT_CHOICES} [--conversions N] [--features a,b] [--data DIR]`;

/** `ledgerdrop accounts add …`: creates or updates a service account. */
export async function run(args: string[]): Promise<number> {
  try {
    const { flags, positionals } = parseArgs(args, { strings: ['password', 'product', 'conversions', 'features', 'data'] });
    const [sub, user, ...extra] = positionals;
    if (sub !== 'add' || !user || extra.length) throw new UsageError(USAGE);
    if (typeof flags.password !== 'string' || !flags.password) throw new UsageError(`--password is required\n${USAGE}`);
    if (!isProduct(flags.product)) throw new UsageError(`--product must be ${PRODUCTS_IN_WORDS}\n${USAGE}`);
    let conversions: number | undefined;
    if (typeof flags.conversions === 'string') {
      conversions = Number(flags.conversions);
      if (!/^\d+$/.test(flags.conversions)) throw new UsageError('--conversions must be a whole number ≥ 0');
    }
    const features = typeof flags.features === 'string' ? flags.features.split(',').map((s) => s.trim()).filter(Boolean) : [];
    const dataDir = defaultDataDir(flags.data);
    await provisionAccount(dataDir, { username: user, password: flags.password, product: flags.product, ...(conversions !== undefined ? { conversions } : {}), features });
    console.log(`account ${user} (${flags.product}) saved in ${dataDir}`);
    return 0;
  } catch (err) {
    console.error(`ledgerdrop accounts: ${(err as Error).message}`);
    return 2;
  }
}
