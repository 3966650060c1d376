#!/usr/bin/env node
/**
 * `npm run release -- <patch|minor|major|x.y.z> [--push] [--skip-checks]`: the local half of a
 * release. On a clean main it runs lint, type check, build and the unit layers, moves CHANGELOG.md's
 * "Unreleased" entries under the new version with today's date, sets the version in package.json
 * and package-lock.json, commits "Release x.y.z" and makes the annotated tag vx.y.z. Pushing the
 * tag (--push, or `git push origin main vx.y.z`) starts .github/workflows/publish.yml, which tests,
 * publishes with provenance and makes the GitHub release. Nothing is published from here.
 *
 * The first release of a version already in package.json (0.1.0) is `npm run release -- 0.1.0`.
 * --skip-checks leaves out the checks (when they just ran).
 *
 * Why not `n8n-node release`: it regenerates CHANGELOG.md from commit subjects (auto-changelog,
 * fetched by npx at release time), needs release-it, and runs only lint and build before tagging.
 */
'use strict';
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { release } = require('./changelog');

const root = process.cwd();
const run = (cmd, args, opts = {}) => execFileSync(cmd, args, { cwd: root, encoding: 'utf8', ...opts });
const git = (...args) => run('git', args).trim();

function fail(message) {
	process.stderr.write(`release: ${message}\n`);
	process.exit(1);
}

function parse(version) {
	const m = /^(\d+)\.(\d+)\.(\d+)$/.exec(version);
	return m ? m.slice(1).map(Number) : undefined;
}

function nextVersion(current, wanted) {
	const [major, minor, patch] = parse(current) ?? fail(`package.json's version ${current} is not x.y.z`);
	if (wanted === 'major') return `${major + 1}.0.0`;
	if (wanted === 'minor') return `${major}.${minor + 1}.0`;
	if (wanted === 'patch') return `${major}.${minor}.${patch + 1}`;
	const target = parse(wanted) ?? fail(`"${wanted}" is neither patch, minor, major nor a version x.y.z`);
	const order = target.map((n, i) => n - [major, minor, patch][i]).find((d) => d !== 0) ?? 0;
	if (order < 0) fail(`${wanted} is lower than package.json's version ${current}`);
	return wanted;
}

const args = process.argv.slice(2);
const wanted = args.find((arg) => !arg.startsWith('--'));
if (!wanted) fail('say which version: npm run release -- <patch|minor|major|x.y.z> [--push] [--skip-checks]');

const pkgFile = path.join(root, 'package.json');
const current = JSON.parse(fs.readFileSync(pkgFile, 'utf8')).version;
const version = nextVersion(current, wanted);
const tag = `v${version}`;

if (git('rev-parse', '--abbrev-ref', 'HEAD') !== 'main') fail('releases are made from main');
if (git('status', '--porcelain') !== '') fail('the working tree has uncommitted changes');
if (git('tag', '--list', tag) !== '') fail(`the tag ${tag} exists already`);

const changelogFile = path.join(root, 'CHANGELOG.md');
let changelog;
try {
	changelog = release(fs.readFileSync(changelogFile, 'utf8'), version, new Date().toISOString().slice(0, 10));
} catch (error) {
	fail(`${error.message} Add the changes of ${version} under "## Unreleased" first.`);
}

if (!args.includes('--skip-checks')) {
	for (const [cmd, cmdArgs] of [
		['npm', ['run', 'lint']],
		['npm', ['run', 'typecheck']],
		['npm', ['run', 'build']],
		['npx', ['jest', '--selectProjects', 'unit', 'emulator', 'integration']],
	]) {
		process.stdout.write(`release: ${cmd} ${cmdArgs.join(' ')}\n`);
		run(cmd, cmdArgs, { stdio: 'inherit' });
	}
}

fs.writeFileSync(changelogFile, changelog);
if (version !== current) run('npm', ['version', version, '--no-git-tag-version'], { stdio: 'ignore' });
const files = ['package.json', 'package-lock.json', 'CHANGELOG.md'].filter((file) => fs.existsSync(path.join(root, file)));
git('add', ...files);
git('commit', '-m', `Release ${version}`);
git('tag', '-a', tag, '-m', `Release ${version}`);
if (args.includes('--push')) {
	run('git', ['push', '--atomic', 'origin', 'main', tag], { stdio: 'inherit' });
	process.stdout.write(`release: pushed ${tag}; .github/workflows/publish.yml publishes it\n`);
} else {
	process.stdout.write(`release: committed and tagged ${tag}. Publish with: git push --atomic origin main ${tag}\n`);
}
