/** Test layers as DESIGN.md names them; `npm test` runs them all, `--selectProjects` picks some. */
const os = require('node:os');

const base = {
	testEnvironment: 'node',
	transform: {
		'^.+\\.ts$': [
			'@swc/jest',
			{ jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' }, sourceMaps: 'inline' },
		],
	},
	// No proxy from the developer's shell: the package follows n8n's proxy variables (docs/production.md).
	setupFiles: ['<rootDir>/test/proxy/no-ambient-proxy.ts', '<rootDir>/test/fresh-connections.ts'],
};

/**
 * Real-n8n suites share one n8n per run (test/e2e/lib/shared.ts): the global setup starts booting it
 * without waiting, suites that need it wait until it is up, and the global teardown stops it.
 */
const sharedN8n = {
	globalSetup: '<rootDir>/test/e2e/global-setup.ts',
	globalTeardown: '<rootDir>/test/e2e/global-teardown.ts',
};

/** @type {import('jest').Config} */
module.exports = {
	// Most suites wait (on the emulator's one-second launch spacing, on n8n, on queue-mode workers)
	// rather than compute, so one worker more than cores keeps the cores busy: on 2 cores the whole
	// run takes about half the time of jest's default (cores - 1 workers). Two more (4 on 2 cores)
	// was tried: no faster, and Chromium, starved, missed its 30 s bounds. See docs/testing.md.
	maxWorkers: Math.max(2, os.availableParallelism() + 1),
	testSequencer: '<rootDir>/test/sequencer.js',
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
		{ ...base, ...sharedN8n, displayName: 'e2e', testMatch: ['<rootDir>/test/e2e/**/*.e2e.test.ts'] },
		{ ...base, ...sharedN8n, displayName: 'editor', testMatch: ['<rootDir>/test/editor/**/*.e2e.test.ts'] },
		// Queue mode (DESIGN.md layer 5): Redis, Postgres and n8n main + 2 workers + webhook process (its own cluster).
		{ ...base, displayName: 'queue', testMatch: ['<rootDir>/test/queue/**/*.queue.test.ts'] },
		// The same real-n8n flows on every n8n version of test/compat/n8n-versions.json (one boot per
		// version; the default version's leg uses the run's shared n8n).
		{ ...base, ...sharedN8n, displayName: 'compat', testMatch: ['<rootDir>/test/compat/**/*.compat.test.ts'] },
	],
};
