const path = require('path');
const { task, src, dest } = require('gulp');

// n8n loads icons and codex files from next to the compiled files, so they travel into dist/.
task('build:assets', () =>
	src(['icons/**/*.svg', 'nodes/**/*.{png,svg,json}', 'credentials/**/*.{png,svg}'], {
		base: '.',
		encoding: false,
	}).pipe(dest(path.resolve('dist'))),
);
