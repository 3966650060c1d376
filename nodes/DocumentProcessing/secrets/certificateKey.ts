import { X509Certificate, type KeyObject } from 'node:crypto';
import { PublicKeyError } from './envelope';

const CERTIFICATE_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g;

function certificates(text: string): X509Certificate[] {
	const unescaped = text.includes('\\n') && !text.includes('\n') ? text.replace(/\\n/g, '\n') : text;
	return (unescaped.match(CERTIFICATE_BLOCK) ?? []).flatMap((block) => {
		try {
			return [new X509Certificate(block)];
		} catch {
			return [];
		}
	});
}

/**
 * The RSA public key inside the account's encryption certificate (the service's documented
 * alternative to `pem_key`). The certificate must be current and, when the answer carries a CA
 * chain, signed by it, so a damaged or stale answer is refused rather than used to encrypt.
 */
export function publicKeyFromCertificate(certificatePem: unknown, caChain: unknown, now = Date.now()): KeyObject {
	const [certificate] = typeof certificatePem === 'string' ? certificates(certificatePem) : [];
	if (!certificate) {
		throw new PublicKeyError('The encryption certificate cannot be read', 'Expected a PEM "BEGIN CERTIFICATE" block in `encryption_certificate`.');
	}
	const validFrom = Date.parse(certificate.validFrom);
	const validTo = Date.parse(certificate.validTo);
	if (now < validFrom || now > validTo) {
		throw new PublicKeyError(
			`The encryption certificate is not valid now (valid ${certificate.validFrom} – ${certificate.validTo})`,
			'Check the clock of the n8n host; the service issues short-lived certificates, so run the node again to get a fresh one.',
		);
	}
	const chainText = Array.isArray(caChain) ? caChain.filter((entry) => typeof entry === 'string').join('\n') : caChain;
	const chain = typeof chainText === 'string' ? certificates(chainText) : [];
	if (chain.length > 0 && !chain.some((authority) => certificate.verify(authority.publicKey))) {
		throw new PublicKeyError('The encryption certificate is not signed by the CA chain sent with it', 'The answer was damaged or altered on its way.');
	}
	const key = certificate.publicKey;
	if (key.asymmetricKeyType !== 'rsa') {
		throw new PublicKeyError(`The certificate's key is of type "${key.asymmetricKeyType ?? 'unknown'}", not RSA`, 'The envelope encryption needs an RSA key (OAEP padding).');
	}
	return key;
}
