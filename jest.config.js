/** Test layers as DESIGN.md names them; `npm test` runs them all, `--selectProjects` picks some. */
const base = {
	preset: 'ts-jest',
	testEnvironment: 'node',
	transform: { '^.+\\.ts$': ['ts-jest', { isolatedModules: true }] },
};

/** @type {import('jest').Config} */
module.exports = {
	// Integration tests keep the service's real one-second launch spacing, so some take seconds;
	// e2e suites set their own longer timeouts.
	testTimeout: 60_000,
	projects: [
		{ ...base, displayName: 'unit', testMatch: ['<rootDir>/test/unit/**/*.test.ts'] },
		{
			...base,
			displayName: 'emulator',
			testMatch: ['<rootDir>/test/emulator/**/*.test.ts', '<rootDir>/test/harness/**/*.test.ts'],
		},
		{ ...base, displayName: 'integration', testMatch: ['<rootDir>/test/integration/**/*.test.ts'] },
		{ ...base, displayName: 'e2e', testMatch: ['<rootDir>/test/e2e/**/*.e2e.test.ts'] },
		{ ...base, displayName: 'editor', testMatch: ['<rootDir>/test/editor/**/*.e2e.test.ts'] },
		// Queue mode (DESIGN.md layer 5): Redis, Postgres and n8n main + 2 workers + webhook process.
		{ ...base, displayName: 'queue', testMatch: ['<rootDir>/test/queue/**/*.queue.test.ts'] },
		// The same real-n8n flows on every n8n version of test/compat/n8n-versions.json (one boot per version).
		{ ...base, displayName: 'compat', testMatch: ['<rootDir>/test/compat/**/*.compat.test.ts'] },
	],
};
