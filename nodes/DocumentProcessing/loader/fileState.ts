import type { IDataObject } from 'n8n-workflow';
import type { OriginalsBudget } from './origElements';
import type { TitleSink } from './originalsSummary';

/**
 * What the loader knows of one file while it turns the file's elements into documents: the
 * titles met so far (a chunk's or an element's `parent_id` points at one), the next chunk index,
 * the file's stable id and what its original elements have cost. With element input a file's
 * elements may come over several items (one element per item), so the state outlives an item.
 */
export class FileState implements TitleSink {
	readonly budget: OriginalsBudget = { inflatedBytes: 0, elements: 0 };
	private titles = new Map<string, string>();
	private nextChunk = 0;

	constructor(
		/** SHA-256 (hex) of the file's bytes; for element input, of its name. Undefined when neither is known. */
		readonly documentId: string | undefined,
	) {}

	noteTitle(element: IDataObject): void {
		if (element.type !== 'Title' || typeof element.element_id !== 'string' || typeof element.text !== 'string') return;
		// At most one entry per original element, and those are bounded per file (MAX_FILE_ELEMENTS).
		this.titles.set(element.element_id, element.text);
	}

	titleOf(id: string | undefined): string | undefined {
		return id === undefined ? undefined : this.titles.get(id);
	}

	/** The next chunk's index in the file (0, 1, …). */
	takeChunkIndex(): number {
		return this.nextChunk++;
	}

	/** Drops the titles (a file left behind); its chunk count stays, so its indexes never repeat. */
	forgetTitles(): void {
		this.titles = new Map();
	}
}

/** Files whose titles are kept at once, for element input: a file's elements come in a run of items. */
const FILES_WITH_TITLES = 8;

/** The files of one vector-store run, by name (element input), newest last. */
export class FileStates {
	private readonly byName = new Map<string, FileState>();
	private readonly recent: string[] = [];

	/** The state of the named file, made with `documentId` on first sight. */
	named(name: string, documentId: () => string | undefined): FileState {
		let state = this.byName.get(name);
		if (!state) {
			state = new FileState(documentId());
			this.byName.set(name, state);
		}
		const at = this.recent.indexOf(name);
		if (at >= 0) this.recent.splice(at, 1);
		this.recent.push(name);
		if (this.recent.length > FILES_WITH_TITLES) this.byName.get(this.recent.shift() as string)?.forgetTitles();
		return state;
	}
}
