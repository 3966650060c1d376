/** Test layers as DESIGN.md names them; `npm test` runs them all, `--selectProjects` picks some. */
const base = {
	preset: 'ts-jest',
	testEnvironment: 'node',
	transform: { '^.+\\.ts$': ['ts-jest', { isolatedModules: true }] },
};

/** @type {import('jest').Config} */
module.exports = {
	projects: [
		{ ...base, displayName: 'unit', testMatch: ['<rootDir>/test/unit/**/*.test.ts'] },
		{
			...base,
			displayName: 'emulator',
			testMatch: ['<rootDir>/test/emulator/**/*.test.ts', '<rootDir>/test/harness/**/*.test.ts'],
		},
		{ ...base, displayName: 'integration', testMatch: ['<rootDir>/test/integration/**/*.test.ts'] },
		{ ...base, displayName: 'e2e', testMatch: ['<rootDir>/test/e2e/**/*.e2e.test.ts'] },
	],
};
