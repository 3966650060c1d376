#!/usr/bin/env node
/**
 * Writes the connector table (nodes/DocumentProcessing/actions/common/connector/connectorTable.data.json,
 * data read by connectorTable.ts) from the service's published Python client: every type id of its source and destination type
 * lists, with the fields of the config model the client pairs with it. Facts only: the client's
 * code is not copied. Which fields are secrets, the types' display names and a few labels come
 * from reviewed.json beside this file; what the form says about each field (label, sample value,
 * one-line description) from fieldText.json, with a fallback for the keys it lacks (fieldText.js);
 * the schemes a URL field's value must start with from urlSchemes.json (urlSchemes.js).
 *
 *   node scripts/connectors/generate.js <client checkout> [--commit <sha>] [--out <file>]
 *
 * It also rewrites the list of types in docs/connectors.md (--docs <file> for another page).
 * The checkout is the client's repository (or test/fixtures/unstructured-client-models, which keeps
 * the model files this reads); the commit is taken from --commit, a CLIENT_COMMIT file there, or git.
 */
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const { parseConfigModel, parseCreateModels, parseTypeEnum, parseVersion } = require('./pythonModels');
const { withDocsTable } = require('./docsTable');
const { checkFieldText, fieldText } = require('./fieldText');
const { checkUrlSchemes, urlSchemes } = require('./urlSchemes');

const REVIEWED = require('./reviewed.json');
const MODELS = 'src/unstructured_client/models/shared';
const DEFAULT_OUT = path.join(__dirname, '../../nodes/DocumentProcessing/actions/common/connector/connectorTable.data.json');
const DEFAULT_DOCS = path.join(__dirname, '../../docs/connectors.md');
const ACRONYMS = { id: 'ID', url: 'URL', uri: 'URI', api: 'API', aws: 'AWS', ssl: 'SSL', sas: 'SAS', db: 'DB', iam: 'IAM', http: 'HTTP' };
const KINDS = [
	{ kind: 'source', types: 'sourceconnectortype.py', create: 'createsourceconnector.py' },
	{ kind: 'destination', types: 'destinationconnectortype.py', create: 'createdestinationconnector.py' },
];

function label(key) {
	if (REVIEWED.fieldLabels[key]) return REVIEWED.fieldLabels[key];
	return key
		.split('_')
		.map((word) => ACRONYMS[word] ?? word.charAt(0).toUpperCase() + word.slice(1))
		.join(' ');
}

/** `S3SourceConnectorConfigInput` → `s3`; a type id loses `_` and `-` for the comparison. */
function modelStem(model) {
	return model.replace(/(Source|Destination)?ConnectorConfigInput$/, '').toLowerCase();
}
const idStem = (id) => id.replace(/[-_]/g, '');

function typeOfModel(model, ids) {
	const aliased = REVIEWED.modelAliases[model];
	if (aliased !== undefined) return aliased;
	const id = ids.find((candidate) => idStem(candidate) === modelStem(model));
	if (id === undefined) throw new Error(`no type id matches the model ${model}; add it to modelAliases in reviewed.json`);
	return id;
}

function isSecret(typeId, key) {
	return REVIEWED.secretFields.includes(key) || (REVIEWED.secretFieldsByType[typeId] ?? []).includes(key);
}

function tableField(type, field) {
	const text = fieldText(type, field, label(field.key));
	const entry = { key: field.key, label: text.label, description: text.description };
	if (text.placeholder !== undefined) entry.placeholder = text.placeholder;
	Object.assign(entry, { type: field.type, required: field.required, nullable: field.nullable, secret: isSecret(type.id, field.key) });
	if (field.default !== undefined) entry.default = field.default;
	const schemes = urlSchemes(type.id, field.key);
	if (schemes !== undefined) entry.schemes = schemes;
	return entry;
}

function readModels(dir) {
	const read = (file) => fs.readFileSync(path.join(dir, MODELS, file), 'utf8');
	const models = new Map();
	for (const file of fs.readdirSync(path.join(dir, MODELS)).filter((name) => name.endsWith('connectorconfiginput.py')).sort()) {
		const model = parseConfigModel(read(file), file);
		models.set(model.model, model);
	}
	return { read, models };
}

function clientCommit(dir, given) {
	if (given) return given;
	const file = path.join(dir, 'CLIENT_COMMIT');
	if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
	return execFileSync('git', ['-C', dir, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
}

/** The table as data: client version and commit, and one entry per type id, sorted by id. */
function buildTable(dir, commit) {
	const { read, models } = readModels(dir);
	const byId = new Map();
	for (const { kind, types, create } of KINDS) {
		const ids = parseTypeEnum(read(types), types);
		for (const id of ids) {
			if (!REVIEWED.typeNames[id]) throw new Error(`type ${id} has no display name; add it to typeNames in reviewed.json`);
			const entry = byId.get(id) ?? { id, name: REVIEWED.typeNames[id] };
			entry[kind] = { model: null, extra: true, fields: [] };
			byId.set(id, entry);
		}
		for (const modelName of parseCreateModels(read(create), create)) {
			const model = models.get(modelName);
			if (!model) throw new Error(`${create} names ${modelName}, which has no model file`);
			const id = typeOfModel(modelName, ids);
			const type = { id, name: REVIEWED.typeNames[id], kind };
			byId.get(id)[kind] = { model: modelName, extra: model.extra, fields: model.fields.map((field) => tableField(type, field)) };
		}
	}
	const keysByType = new Map([...byId.values()].map((entry) => [entry.id, new Set([entry.source, entry.destination].flatMap((model) => model?.fields.map((field) => field.key) ?? []))]));
	checkFieldText(keysByType);
	checkUrlSchemes(keysByType);
	const version = parseVersion(fs.readFileSync(path.join(dir, 'src/unstructured_client/_version.py'), 'utf8'));
	const types = [...byId.values()].sort((a, b) => (a.id < b.id ? -1 : 1));
	return { client: { package: 'unstructured-client', version, commit: clientCommit(dir, commit) }, types };
}

const ABOUT = 'Generated by scripts/connectors/generate.js from the service’s published Python client; do not edit, re-run the generator (docs/connectors.md).';

/** The table as the JSON file the node reads: tab-indented, one trailing newline, keys in a fixed order. */
function renderTable(table) {
	return `${JSON.stringify({ about: ABOUT, ...table }, null, '\t')}\n`;
}

function main(argv) {
	const option = (name) => {
		const at = argv.indexOf(name);
		return at >= 0 ? argv[at + 1] : undefined;
	};
	const dir = argv.find((arg, i) => !arg.startsWith('--') && !['--commit', '--out', '--docs'].includes(argv[i - 1]));
	if (!dir) throw new Error('usage: generate.js <client checkout> [--commit <sha>] [--out <file>] [--docs <file>]');
	const table = buildTable(dir, option('--commit'));
	const out = option('--out') ?? DEFAULT_OUT;
	const docs = option('--docs') ?? DEFAULT_DOCS;
	fs.writeFileSync(out, renderTable(table));
	fs.writeFileSync(docs, withDocsTable(fs.readFileSync(docs, 'utf8'), table));
	process.stdout.write(`wrote ${path.relative(process.cwd(), out)} and ${path.relative(process.cwd(), docs)}\n`);
}

if (require.main === module) main(process.argv.slice(2));

module.exports = { buildTable, renderTable, withDocsTable };
