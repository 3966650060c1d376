/** test/e2e/lib/workdir.ts keepNewestFolders: the pack and install caches keep their newest folders, never a lock. */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { keepNewestFolders } from '../e2e/lib/workdir';

describe('keepNewestFolders', () => {
	let parent: string;
	beforeEach(() => {
		parent = fs.mkdtempSync(path.join(os.tmpdir(), 'keep-newest-'));
	});
	afterEach(() => fs.rmSync(parent, { recursive: true, force: true }));

	it('removes all but the most recently modified folders, and leaves dot folders and files alone', () => {
		const made = ['a', 'b', 'c', 'd'].map((name, index) => {
			const dir = path.join(parent, name);
			fs.mkdirSync(dir);
			const when = new Date(Date.UTC(2026, 0, 1 + index));
			fs.utimesSync(dir, when, when);
			return name;
		});
		fs.mkdirSync(path.join(parent, '.lock'));
		fs.writeFileSync(path.join(parent, 'note.txt'), 'kept');
		keepNewestFolders(parent, 2);
		expect(fs.readdirSync(parent).sort()).toEqual(['.lock', made[2], made[3], 'note.txt']);
	});
});
