// n8n's official lint rules for community nodes: the config `n8n-node lint` runs (@n8n/node-cli),
// i.e. typescript-eslint recommended, @n8n/eslint-plugin-community-nodes recommended and the
// eslint-plugin-n8n-nodes-base community/credentials/nodes sets. It applies to shipped code
// (nodes/, credentials/) and package.json; `npm run lint` passes only those paths.
import { config } from '@n8n/node-cli/eslint';

export default [
	// Tests, benchmarks, the emulator and build output are not shipped.
	{ ignores: ['dist/**', 'test/**', 'bench/**', 'docs/**', '*.js', '*.mjs'] },
	...config,
];
