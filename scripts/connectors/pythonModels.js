/**
 * Reads the facts the connector table needs out of the service's published Python client
 * (Speakeasy-generated pydantic models): each config model's fields with their type, default and
 * whether they are required; the two type enums; which models belong to sources and destinations.
 * A type annotation it does not know stops the generator, so a change in the client is noticed.
 */
'use strict';

const FIELD = /^ {4}([a-z_][a-z0-9_]*): (.+?)(?: = (.+))?$/;

/** `Annotated[Optional[str], pydantic.Field(alias="schema")]` → { alias: 'schema', inner: 'Optional[str]' }. */
function unwrapAnnotated(annotation) {
	const match = /^Annotated\[(.+), pydantic\.Field\(alias="([^"]+)"\)\]$/.exec(annotation);
	return match ? { inner: match[1], alias: match[2] } : { inner: annotation, alias: undefined };
}

/** The aliases `X = TypeAliasType("X", Union[A, B])` of a file, by name (multi-line as generated). */
function typeAliases(text) {
	const aliases = new Map();
	for (const match of text.matchAll(/^([A-Za-z0-9_]+) = TypeAliasType\(\s*"[^"]+",\s*([\s\S]+?)\n\)/gm)) {
		aliases.set(match[1], match[2].replace(/\s+/g, ' ').trim().replace(/,$/, ''));
	}
	return aliases;
}

function baseType(annotation, aliases, where) {
	if (annotation === 'str') return 'string';
	if (annotation === 'int') return 'number';
	if (annotation === 'bool') return 'boolean';
	if (annotation === 'List[str]') return 'stringList';
	const alias = aliases.get(annotation);
	// A secret given as text or as a reference to a registered secret (Google Drive's key).
	if (alias === 'Union[SecretReference, str]') return 'string';
	throw new Error(`${where}: unknown type annotation "${annotation}"`);
}

function parseType(annotation, aliases, where) {
	const wrapper = /^(Optional|OptionalNullable|Nullable)\[(.+)\]$/.exec(annotation);
	if (!wrapper) return { type: baseType(annotation, aliases, where), nullable: false };
	return { type: baseType(wrapper[2], aliases, where), nullable: wrapper[1] !== 'Optional' };
}

function parseDefault(text, where) {
	if (text === undefined || text === 'UNSET') return undefined;
	if (text === 'None') return null;
	if (text === 'True' || text === 'False') return text === 'True';
	if (/^-?\d+(\.\d+)?$/.test(text)) return Number(text);
	const quoted = /^"((?:[^"\\]|\\.)*)"$/.exec(text);
	if (quoted) return JSON.parse(`"${quoted[1]}"`);
	throw new Error(`${where}: unknown default ${text}`);
}

/** The config model of one `*connectorconfiginput.py`: its class name, fields, open to extra keys. */
function parseConfigModel(text, file) {
	const aliases = typeAliases(text);
	const header = /^class ([A-Za-z0-9]+ConnectorConfigInput)\(BaseModel\):$/m.exec(text);
	if (!header) throw new Error(`${file}: no config model class`);
	const body = text.slice(header.index + header[0].length).split('\n');
	const fields = [];
	let extra = false;
	for (const line of body) {
		if (/^\S/.test(line) || line.includes('@model_serializer')) break;
		if (line.startsWith('    __pydantic_extra__')) {
			extra = true;
			continue;
		}
		const match = FIELD.exec(line);
		if (!match || match[1] === 'model_config') continue;
		const where = `${file} ${match[1]}`;
		const { inner, alias } = unwrapAnnotated(match[2]);
		const { type, nullable } = parseType(inner, aliases, where);
		const documentedDefault = parseDefault(match[3], where);
		const required = match[3] === undefined && !/^Optional/.test(inner);
		fields.push({ key: alias ?? match[1], type, required, nullable, default: documentedDefault });
	}
	if (fields.length === 0) throw new Error(`${file}: no fields`);
	return { model: header[1], fields, extra };
}

/** `class SourceConnectorType(str, Enum…): S3 = "s3"` → ['s3', …] in the file's order. */
function parseTypeEnum(text, file) {
	const ids = [...text.matchAll(/^ {4}[A-Z0-9_]+ = "([^"]+)"$/gm)].map((match) => match[1]);
	if (ids.length === 0) throw new Error(`${file}: no type ids`);
	return ids;
}

/** The config models a create model's `…Config = TypeAliasType(…, Union[…])` accepts. */
function parseCreateModels(text, file) {
	const union = /^(?:Create\w*)?Config = TypeAliasType\(\s*"\w+",\s*Union\[([\s\S]+?)\]/m.exec(text);
	if (!union) throw new Error(`${file}: no config union`);
	return union[1]
		.split(',')
		.map((name) => name.trim())
		.filter((name) => name.endsWith('ConnectorConfigInput'));
}

/** `__version__: str = "0.43.4"` of the client's `_version.py`. */
function parseVersion(text) {
	const match = /^__version__: str = "([^"]+)"$/m.exec(text);
	if (!match) throw new Error('_version.py: no __version__');
	return match[1];
}

module.exports = { parseConfigModel, parseTypeEnum, parseCreateModels, parseVersion };
