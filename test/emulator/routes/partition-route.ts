import { readMultipart } from '../http/multipart';
import { HttpError, ok, type Reply } from '../http/reply';
import type { RouteContext, Router } from '../http/router';
import { partitionOptionsFromForm } from '../partition/form-options';
import { PartitionError, partitionFile } from '../partition/partition-file';
import type { Element } from '../partition/types';

export const PARTITION_PATH = '/general/v0/general';

/**
 * One-shot partitioning. Processing time is per_page_delay_ms × pages, waited on a timer so
 * that concurrent requests (split PDF pages) overlap like they would on the real service, counted
 * from the request's arrival or from the end of parsing (`partition_clock`).
 * Several `files` parts give an array of element arrays, one per file.
 */
async function partition(ctx: RouteContext): Promise<Reply> {
	const config = ctx.core.config.get();
	const body = await readMultipart(ctx.req, ctx.log, { fileFields: ['files'], maxParseBytes: config.max_parse_bytes });
	const options = partitionOptionsFromForm(body.fields);
	if (options.chunking) options.chunking.origElementsEncoding = config.orig_elements_encoding;
	if (body.files.length === 0) throw new HttpError(422, [{ type: 'missing', loc: ['body', 'files'], msg: 'files: a file part is required' }]);
	const results: Element[][] = [];
	let pages = 0;
	for (const file of body.files) {
		try {
			const result = await partitionFile(file, options);
			results.push(result.elements);
			pages += result.pages;
		} catch (error) {
			if (error instanceof PartitionError) throw new HttpError(422, error.message);
			throw error;
		}
	}
	const processing = config.per_page_delay_ms * pages;
	const spent = config.partition_clock === 'arrival' ? performance.now() - ctx.arrivedAt : 0;
	await ctx.core.requestTimers.sleep(Math.max(0, Math.round(processing - spent)));
	return ok(results.length === 1 ? results[0] : results);
}

export function registerPartitionRoute(router: Router): void {
	router.add('POST', PARTITION_PATH, partition);
}
