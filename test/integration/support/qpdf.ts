/**
 * Debian's qpdf, for the corpus files only a PDF tool writes (linearized, encrypted, object
 * streams of another writer): installed with apt-get when missing, as .ci/run does, so a corpus
 * test also works when run alone on a fresh machine.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { installMissing, onPath } from '../../queue/lib/debian';

export async function ensureQpdf(): Promise<void> {
	await installMissing([{ debianPackage: 'qpdf', present: () => onPath('qpdf') }]);
}

/** `qpdf <args> in.pdf out.pdf` on `input`; qpdf's exit code 3 means warnings only. */
export function qpdf(input: Buffer, args: string[]): Buffer {
	const dir = mkdtempSync(join(tmpdir(), 'qpdf-'));
	try {
		writeFileSync(join(dir, 'in.pdf'), input);
		try {
			execFileSync('qpdf', [...args, join(dir, 'in.pdf'), join(dir, 'out.pdf')], { stdio: 'pipe', timeout: 60_000 });
		} catch (error) {
			if ((error as { status?: number }).status !== 3) throw error;
		}
		return readFileSync(join(dir, 'out.pdf'));
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}
