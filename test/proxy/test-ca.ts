/**
 * A throw-away certificate authority and a server certificate it signed, made with the `openssl`
 * binary (node:crypto can make keys but not X.509 certificates). `certDir` is laid out the way
 * n8n's Docker image expects /opt/custom-certificates after `c_rehash` (`<hash>.0` links).
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

export interface TestCa {
	dir: string;
	/** The authority's certificate (PEM), for NODE_EXTRA_CA_CERTS. */
	caFile: string;
	/** A folder with only the authority's certificate and its hash link, for SSL_CERT_DIR. */
	certDir: string;
	serverKey: Buffer;
	serverCert: Buffer;
	remove(): void;
}

/** Makes the authority and a certificate for `names` (DNS names and IP addresses). */
export function makeTestCa(names: string[]): TestCa {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dp-test-ca-'));
	const file = (name: string) => path.join(dir, name);
	const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
	openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '2', '-subj', '/CN=Document Processing test CA');
	const san = names.map((name) => (/^[\d.]+$/.test(name) ? `IP:${name}` : `DNS:${name}`)).join(',');
	fs.writeFileSync(file('server.ext'), `subjectAltName=${san}\nbasicConstraints=CA:FALSE\nkeyUsage=digitalSignature,keyEncipherment\nextendedKeyUsage=serverAuth\n`);
	openssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'server.key', '-out', 'server.csr', '-subj', `/CN=${names[0]}`);
	openssl('x509', '-req', '-in', 'server.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'server.pem', '-days', '2', '-extfile', 'server.ext');
	const certDir = file('certs');
	fs.mkdirSync(certDir);
	fs.copyFileSync(file('ca.pem'), path.join(certDir, 'ca.pem'));
	openssl('rehash', certDir);
	return {
		dir,
		caFile: file('ca.pem'),
		certDir,
		serverKey: fs.readFileSync(file('server.key')),
		serverCert: fs.readFileSync(file('server.pem')),
		remove: () => fs.rmSync(dir, { recursive: true, force: true }),
	};
}
