import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { asOperationError } from '../../helpers/inputProblem';
import { decodeSecretBytes, parseJsonQuietly } from '../../secrets/secretText';
import { secretAsText } from '../../secrets/secretSources';

/** Secrets are small (a service-account key is about 2 kB); a bigger file is almost surely the wrong one. */
export const MAX_SECRET_BYTES = 1024 * 1024;

export type SecretInputMode = 'text' | 'binary';

export interface SecretInput {
	mode: SecretInputMode;
	/** Name of the field the user sees, for messages, e.g. `Secret` or `Service Account Key`. */
	label: string;
	/** The text, when mode is `text`. */
	text?: unknown;
	/** The binary property, when mode is `binary`. */
	binaryProperty?: string;
	/** Reject secrets that are not JSON; `object` also rejects JSON that is not an object. */
	json?: false | 'any' | 'object';
}

async function readBinarySecret(ctx: IExecuteFunctions, itemIndex: number, input: SecretInput): Promise<string> {
	const node = ctx.getNode();
	const property = (input.binaryProperty ?? '').trim();
	if (property === '') {
		throw new NodeOperationError(node, `The Input Binary Field for ${input.label} is empty`, {
			itemIndex,
			description: 'Enter the name of the binary field that holds the secret file, e.g. data.',
		});
	}
	const binary = ctx.helpers.assertBinaryData(itemIndex, property);
	const where = `item ${itemIndex}, Input Binary Field "${property}"${binary.fileName ? `, file "${binary.fileName}"` : ''}`;
	// The size is checked before the file is read into memory.
	const size = binary.id ? (await ctx.helpers.getBinaryMetadata(binary.id)).fileSize : Buffer.byteLength(binary.data, 'base64');
	if (size > MAX_SECRET_BYTES) {
		throw new NodeOperationError(node, `The ${input.label} file is ${(size / 1024).toFixed(0)} kB, more than a secret can be (${where})`, {
			itemIndex,
			description: `Secrets are limited to ${MAX_SECRET_BYTES / 1024} kB here; check that the Input Binary Field names the key file.`,
		});
	}
	try {
		return decodeSecretBytes(await ctx.helpers.getBinaryDataBuffer(itemIndex, property));
	} catch (error) {
		throw asOperationError(node, error, itemIndex, {
			prefix: `The ${input.label} file cannot be used: `,
			suffix: ` (${where})`,
			hint: 'A secret is sent as UTF-8 text; choose the key file itself, not an archive or a binary format.',
		});
	}
}

/**
 * Reads a secret from a text field or a binary property and checks it locally. Messages name the
 * field and the position of a problem, never the secret's content.
 */
export async function readSecret(ctx: IExecuteFunctions, itemIndex: number, input: SecretInput): Promise<string> {
	const node = ctx.getNode();
	const secret = input.mode === 'binary' ? await readBinarySecret(ctx, itemIndex, input) : secretAsText(input.text);
	if (secret.trim() === '') {
		throw new NodeOperationError(node, `${input.label} is empty`, {
			itemIndex,
			description: input.mode === 'binary' ? 'The file has no content.' : `Enter the ${input.label}.`,
		});
	}
	if (input.json) {
		const parsed = parseJsonQuietly(secret);
		if (!parsed.ok) {
			throw new NodeOperationError(node, `${input.label} is not valid JSON (${parsed.problem.where})`, {
				itemIndex,
				description: 'The secret is expected to be JSON, e.g. the content of a service-account key file. Its content is not shown here on purpose.',
			});
		}
		const isObject = typeof parsed.value === 'object' && parsed.value !== null && !Array.isArray(parsed.value);
		if (input.json === 'object' && !isObject) {
			throw new NodeOperationError(node, `${input.label} is JSON but not an object`, {
				itemIndex,
				description: 'A service-account key file is a JSON object ({ "type": "service_account", … }).',
			});
		}
	}
	return secret;
}
