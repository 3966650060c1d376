import { generateKeyPair, type KeyObject } from 'node:crypto';
import { promisify } from 'node:util';

export interface ServiceKeys {
	publicPem: string;
	privateKey: KeyObject;
	tenantId: string;
	userId: string;
}

const generate = promisify(generateKeyPair);

/** A fresh RSA-2048 pair per emulator start; reset keeps it, like an account keeps its key. */
export async function createServiceKeys(): Promise<ServiceKeys> {
	const { publicKey, privateKey } = await generate('rsa', { modulusLength: 2048 });
	return {
		publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
		privateKey,
		tenantId: 'tenant-0001-emulator',
		userId: 'user-0001-emulator',
	};
}
