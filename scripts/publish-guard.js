#!/usr/bin/env node
/**
 * prepublishOnly: `npm publish` goes ahead only inside the tag workflow
 * (.github/workflows/publish.yml), on the tag v<package.json version>. n8n requires community
 * nodes to be published from a GitHub Action with an npm provenance statement, which a local
 * publish cannot have.
 *
 * .npmrc sets ignore-scripts=true, under which npm skips this script: a plain local
 * `npm publish` is then refused by npm itself, because package.json's publishConfig asks for
 * provenance, which npm generates only in a supported CI. The workflow publishes with
 * --ignore-scripts=false so that this check runs there too.
 */
'use strict';
const path = require('node:path');

const { version } = require(path.join(__dirname, '..', 'package.json'));
const env = process.env;
const expectedTag = `v${version}`;

function refuse(reason) {
	process.stderr.write(
		`\nnpm publish refused: ${reason}\n` +
			'This package is published only by the tag workflow .github/workflows/publish.yml, with an npm\n' +
			'provenance statement (n8n requires it for community nodes). To release:\n' +
			'  npm run release -- <patch|minor|major|x.y.z>   (bumps the version, CHANGELOG.md, commits, tags)\n' +
			`  git push origin main v<version>                 (the tag starts the publish workflow)\n` +
			'See CONTRIBUTING.md, "Releasing".\n\n',
	);
	process.exit(1);
}

if (env.GITHUB_ACTIONS !== 'true') refuse('not running in GitHub Actions.');
if (env.GITHUB_REF_TYPE !== 'tag') refuse(`the workflow runs on ${env.GITHUB_REF_TYPE ?? 'no'} ref, not on a version tag.`);
if (env.GITHUB_REF_NAME !== expectedTag) {
	refuse(`the tag ${env.GITHUB_REF_NAME} does not name package.json's version ${version} (expected ${expectedTag}).`);
}
process.stdout.write(`publish guard: tag ${expectedTag} matches package.json's version\n`);
