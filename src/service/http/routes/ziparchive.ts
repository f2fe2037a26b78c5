import { PassThrough } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import type { ServiceContext } from '../context.js';
import { HttpError } from '../errors.js';
import { formOf, validated } from '../validation.js';
import { requireAuth } from '../auth-hook.js';
import { readableApp } from '../app-lookup.js';
import { AppIdRequest } from '../../../contract/api/endpoints.js';
import { filesOfApp, localCopy } from '../../store/files.js';
import { statementPeriodsByFile } from '../../store/statements.js';
import { ExportInputError, parseZipOptions, writeZipArchive, type ZipSourceFile } from '../../export/index.js';
import { endpoint } from '../endpoint.js';
import { ZipArchiveFields } from '../../../contract/export-options.js';

/** /ziparchive: the application's original files in a zip, optionally watermarked. */
export const zipArchiveRoutes: FastifyPluginAsync<{ ctx: ServiceContext }> = async (app, { ctx }) => {
  app.route(endpoint({ method: 'post', path: '/ziparchive', summary: 'Zip of the original PDFs, optionally watermarked', request: ZipArchiveFields, files: ['watermarkLogo'], ok: { status: 200, body: 'zip', description: 'application/zip' } }, async (request, reply) => {
    const { account } = requireAuth(request);
    const { appid } = validated(request, ZipArchiveFields);
    const { fields, files } = formOf(request);
    const theApp = await readableApp(ctx, account.id, appid);
    const input: Record<string, string | Uint8Array | undefined> = { ...fields };
    const logo = files.find((f) => f.field === 'watermarkLogo');
    if (logo) input.watermarkLogo = logo.bytes;
    let options;
    try {
      options = await parseZipOptions(input);
    } catch (err) {
      if (err instanceof ExportInputError) throw new HttpError(400, (err as Error).message);
      throw err;
    }
    const stored = await filesOfApp(ctx.db, theApp.id);
    if (!stored.length) throw new HttpError(404, `appid: application ${theApp.id} has no files`);
    const rows = await statementPeriodsByFile(ctx.db, theApp.id);
    // Originals kept in the store (PostgreSQL) are copied to private temporary files for the archive.
    const copies: Array<{ path: string; release(): void }> = [];
    for (const f of stored) copies.push(await localCopy(ctx.db, f));
    const sources: ZipSourceFile[] = stored.map((f, i) => ({
      fileName: f.fileName, path: copies[i]!.path,
      statements: rows.filter((r) => r.fileId === f.id).map(({ accountNumber, startDate, endDate }) => ({ accountNumber, startDate, endDate })),
    }));
    const out = new PassThrough();
    writeZipArchive(sources, options, out).catch((err: Error) => {
      request.log.error({ err, requestId: request.id }, 'zip archive failed');
      out.destroy(err);
    }).finally(() => { for (const c of copies) c.release(); });
    const safe = theApp.appnumber.replace(/[^A-Za-z0-9._-]+/g, '_');
    reply.type('application/zip').header('content-disposition', `attachment; filename="${safe}.zip"`);
    return reply.send(out);
  }));
};
