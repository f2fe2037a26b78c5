import { parseArgs, UsageError } from './args.js';
import { provisionAccount } from '../service/index.js';
import { isProduct, PRODUCT_CHOICES, PRODUCTS_IN_WORDS } from '../contract/products.js';
import { dataFolderError, defaultDataDir, redactedUrl, storeFlag } from './serve.js';
import { EXIT } from './exit-codes.js';
import { exitFor } from './errors.js';
import { passwordFrom } from './password.js';

const USAGE = `usage: ledgerdrop accounts add USER [--password-stdin | --password P] --product ${PRODUCT_CHOICES} [--conversions N] [--features a,b] [--briefcase-webhook URL] [--data DIR | --store postgres://…]\n`
  + '  the password: --password-stdin reads one line from standard input; without either flag a terminal asks for it (no echo);\n'
  + '  --password P still works but shows the password to other users in the process list';

/** `ledgerdrop accounts add …`: creates or updates a service account. */
export async function run(args: string[]): Promise<number> {
  try {
    const { flags, positionals } = parseArgs(args, { strings: ['password', 'product', 'conversions', 'features', 'data', 'store', 'briefcase-webhook'], booleans: ['password-stdin'] });
    const [sub, user, ...extra] = positionals;
    if (sub !== 'add') throw new UsageError(sub ? `unknown subcommand "${sub}" (only "add")` : 'missing subcommand: the only one is "accounts add USER …"');
    if (!user) throw new UsageError('give the account\'s user name: accounts add USER …');
    if (extra.length) throw new UsageError(`unexpected argument "${extra[0]}"`);
    if (!isProduct(flags.product)) throw new UsageError(`--product must be ${PRODUCTS_IN_WORDS}`);
    let conversions: number | undefined;
    if (typeof flags.conversions === 'string') {
      if (!/^\d+$/.test(flags.conversions)) throw new UsageError('--conversions must be a whole number ≥ 0');
      conversions = Number(flags.conversions);
    }
    const features = typeof flags.features === 'string' ? flags.features.split(',').map((s) => s.trim()).filter(Boolean) : [];
    const dataDir = defaultDataDir(flags.data);
    const store = storeFlag(flags.store);
    const password = await passwordFrom(flags, 'accounts');
    try {
      await provisionAccount(dataDir, { username: user, password, product: flags.product, ...(conversions !== undefined ? { conversions } : {}), features,
        ...(typeof flags['briefcase-webhook'] === 'string' ? { briefcaseWebhook: flags['briefcase-webhook'] } : {}) }, store ? { store } : {});
    } catch (err) {
      const folder = dataFolderError(dataDir, err);
      if (folder) throw folder;
      // provisionAccount refuses a bad user name or feature with a plain Error naming it.
      if (!(err as NodeJS.ErrnoException).code) throw new UsageError((err as Error).message);
      throw err;
    }
    console.log(`account ${user} (${flags.product}) saved in ${store ? redactedUrl(store) : dataDir}`);
    return EXIT.OK;
  } catch (err) {
    return exitFor('accounts', err, USAGE);
  }
}
