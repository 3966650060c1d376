import type { INodeExecutionData } from 'n8n-workflow';
import type { LoaderDocument } from './chunkDocuments';

/**
 * n8n's vector stores ask a document loader for one item's documents at a time only when the
 * loader is an instance of n8n's own N8nBinaryLoader or N8nJsonLoader (`processDocument` in
 * `@n8n/ai-utilities` 2.x, in `@n8n/n8n-nodes-langchain` 1.x: an `instanceof` check); anything
 * else is taken as an array of documents and inserted again for every item. A community package
 * may not depend on n8n's internals, so the loader does not import that class: it finds the one
 * n8n has already loaded (the vector store that asks has loaded it) in Node's module cache, and
 * links its own object to that class's prototype. Nothing of the class runs: the object brings
 * its own `processItem` and `processAll`. See docs/choices.md.
 */

export interface PerItemLoader {
	processItem(item: INodeExecutionData, itemIndex: number): Promise<LoaderDocument[]>;
	processAll(items: INodeExecutionData[]): Promise<LoaderDocument[]>;
}

/** The files that define n8n's binary loader: 2.x (`@n8n/ai-utilities`) and 1.x (`@n8n/n8n-nodes-langchain`). */
const LOADER_FILE = /[\\/](?:n8n-binary-loader|N8nBinaryLoader)\.js$/;
/** The module holding the `instanceof` check: the loader it imports is the one that counts. */
const CHECK_FILE = /[\\/]processDocuments\.js$/;

interface CachedModule {
	exports?: unknown;
}

type LoaderClass = abstract new (...args: never[]) => object;

function loaderClassOf(module: CachedModule | undefined): LoaderClass | undefined {
	const exported = (module?.exports as { N8nBinaryLoader?: unknown } | undefined)?.N8nBinaryLoader;
	if (typeof exported !== 'function') return undefined;
	const prototype = (exported as { prototype?: { processItem?: unknown } }).prototype;
	return typeof prototype?.processItem === 'function' ? (exported as LoaderClass) : undefined;
}

interface DocumentCheck {
	processDocument(documentInput: unknown, item: INodeExecutionData, itemIndex: number): Promise<unknown>;
}

function checkOf(module: CachedModule | undefined): DocumentCheck | undefined {
	const exported = module?.exports as { processDocument?: unknown } | undefined;
	return typeof exported?.processDocument === 'function' ? (exported as DocumentCheck) : undefined;
}

/**
 * Whether n8n's own `processDocument` asks a loader linked to `loaderClass` for an item's
 * documents: it is called with a probe whose `processItem` only records that it ran. The check
 * has no other effect (it maps the probe's empty list), so this is proof, not a guess by path.
 */
async function askedPerItem(check: DocumentCheck, loaderClass: LoaderClass): Promise<boolean> {
	let asked = false;
	const probe = Object.create(loaderClass.prototype as object) as PerItemLoader;
	probe.processItem = async () => {
		asked = true;
		return [];
	};
	try {
		await check.processDocument(probe, { json: {} }, 0);
	} catch {
		return false;
	}
	return asked;
}

/**
 * The host's N8nBinaryLoader class, from a module cache (Node's `require.cache` in n8n): the copy
 * that a loaded `processDocuments` module (the vector stores' check) answers item by item.
 * Undefined when no such pair is loaded: the loader then cannot be asked per item.
 */
export async function findHostLoaderClass(cache: Record<string, CachedModule | undefined>): Promise<LoaderClass | undefined> {
	const candidates: LoaderClass[] = [];
	const checks: DocumentCheck[] = [];
	for (const [path, module] of Object.entries(cache)) {
		const check = CHECK_FILE.test(path) ? checkOf(module) : undefined;
		if (check) checks.push(check);
		const loaderClass = LOADER_FILE.test(path) ? loaderClassOf(module) : undefined;
		if (loaderClass && !candidates.includes(loaderClass)) candidates.push(loaderClass);
	}
	for (const check of checks) for (const loaderClass of candidates) if (await askedPerItem(check, loaderClass)) return loaderClass;
	return undefined;
}

/** The module cache of the running n8n; empty where there is none (e.g. a bundler without it). */
export function hostModuleCache(): Record<string, CachedModule | undefined> {
	return typeof require === 'function' && typeof require.cache === 'object' ? (require.cache as Record<string, CachedModule | undefined>) : {};
}

/**
 * The loader n8n's vector store receives: the host class's instance for `instanceof` (own methods
 * only, its constructor is never called), or a plain object where no host class is loaded.
 */
export function perItemLoader(
	processItem: (item: INodeExecutionData, itemIndex: number) => Promise<LoaderDocument[]>,
	loaderClass: LoaderClass | undefined,
): PerItemLoader {
	const methods: PerItemLoader = {
		processItem,
		async processAll(items) {
			const documents: LoaderDocument[] = [];
			for (let index = 0; index < items.length; index++) for (const document of await processItem(items[index] as INodeExecutionData, index)) documents.push(document);
			return documents;
		},
	};
	if (!loaderClass) return methods;
	const loader = Object.create(loaderClass.prototype as object) as PerItemLoader;
	loader.processItem = methods.processItem;
	loader.processAll = methods.processAll;
	return loader;
}
