import { request } from 'node:http';

export interface SlowUploadResult {
	status: number;
	body: string;
}

/**
 * Posts a multipart body in two halves with a pause between them, so the request has
 * arrived (headers sent) long before its body is complete.
 */
export function slowMultipartPost(url: string, apiKey: string, fields: Record<string, string>, file: { name: string; type: string; content: string }, pauseMs: number): Promise<SlowUploadResult> {
	const boundary = `----emulator-test-${Date.now()}`;
	const parts = Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
	parts.push(`--${boundary}\r\nContent-Disposition: form-data; name="input_files"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n${file.content}\r\n`);
	parts.push(`--${boundary}--\r\n`);
	const body = Buffer.from(parts.join(''), 'utf8');
	const half = Math.floor(body.length / 2);
	return new Promise((resolve, reject) => {
		const req = request(
			url,
			{
				method: 'POST',
				agent: false,
				headers: { 'service-api-key': apiKey, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(body.length) },
			},
			(res) => {
				const chunks: Buffer[] = [];
				res.on('data', (chunk: Buffer) => chunks.push(chunk));
				res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
			},
		);
		req.on('error', reject);
		req.flushHeaders();
		req.write(body.subarray(0, half));
		setTimeout(() => req.end(body.subarray(half)), pauseMs);
	});
}
