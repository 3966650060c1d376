/**
 * What a canvas user reads, in the user's words (issue 46): one name per operation from the nodes
 * panel to the node's panel and its canvas subtitle, the trigger's subtitle in the Events field's
 * words, n8n's "Add option", no snake_case API words in the action node's field help, no header
 * names of the service in an error's title, and errors naming the fields as the panel shows them.
 */
import type { INode, INodeProperties, INodeTypeDescription } from 'n8n-workflow';
import { DocumentProcessing } from '../../nodes/DocumentProcessing/DocumentProcessing.node';
import { DocumentProcessingTrigger } from '../../nodes/DocumentProcessing/DocumentProcessingTrigger.node';
import { detailText } from '../../nodes/DocumentProcessing/transport/errorBody';
import { serviceError } from '../../nodes/DocumentProcessing/transport/errors';
import { EVENT_TYPE_OPTIONS } from '../../nodes/DocumentProcessing/webhooks/eventTypes';
import type { Job } from '../../nodes/DocumentProcessing/api/schemas';
import { jobOutcome, timeoutError } from '../../nodes/DocumentProcessing/jobs/wait';
import { DEFAULT_POLL_SCHEDULE } from '../../nodes/DocumentProcessing/async/polling';
import { operationsOf } from './panels/displayOptions';
import { evaluateSubtitle } from './panels/subtitle';

const action: INodeTypeDescription = new DocumentProcessing().description;
const trigger: INodeTypeDescription = new DocumentProcessingTrigger().description;

describe('one name per operation', () => {
	const operations = operationsOf(action);

	it('the nodes panel’s action is the operation’s name, or n8n’s "<name> <resource>" (Create → Create job)', () => {
		const drifting = operations.filter(({ name, action: text, resourceName }) => {
			const nouns = [resourceName, `${resourceName}s`].map((noun) => `${name} ${noun}`.toLowerCase());
			return text.toLowerCase() !== name.toLowerCase() && !nouns.includes(text.toLowerCase());
		});
		expect(drifting.map(({ action: text, name }) => `${text} → ${name}`)).toEqual([]);
		expect(operations.length).toBeGreaterThan(30);
	});

	it('the canvas subtitle names the operation as its panel does', () => {
		const differing = operations.filter(
			({ resource, operation, name, resourceName }) => evaluateSubtitle(action.subtitle, { resource, operation }) !== `${name} · ${resourceName}`,
		);
		expect(differing).toEqual([]);
	});

	it('a connector picker is named for the connector, as the workflow and job pickers are (not "… ID")', () => {
		const pickers = action.properties.filter((property) => ['sourceId', 'destinationId'].includes(property.name));
		expect(pickers.length).toBeGreaterThan(0);
		for (const picker of pickers) expect(picker).toMatchObject({ type: 'resourceLocator' });
		expect([...new Set(pickers.map((picker) => picker.displayName))].sort()).toEqual(['Destination Connector', 'Source Connector']);
	});
});

describe('the trigger’s canvas subtitle', () => {
	const subtitle = (events: unknown): string => evaluateSubtitle(trigger.subtitle, { events });

	it('names the events in words, as the nodes panel names the trigger', () => {
		expect(subtitle(['job.completed'])).toBe('On Job Completed');
		expect(subtitle(['job.completed', 'job.failed'])).toBe('On Job Completed, Job Failed');
		for (const option of EVENT_TYPE_OPTIONS) expect(subtitle([option.value])).toBe(`On ${option.name}`);
		expect(subtitle([])).toBe('');
		expect(subtitle(undefined)).toBe('');
	});
});

/** Every collection of a description, with its path. */
function collections(properties: INodeProperties[], where = ''): Array<[string, INodeProperties]> {
	return properties.flatMap((property) => {
		const at = `${where}${property.name}`;
		const own: Array<[string, INodeProperties]> = property.type === 'collection' ? [[at, property]] : [];
		const nested = (property.options ?? []).flatMap((option) => {
			if ('values' in option) return collections(option.values, `${at}.`);
			return 'type' in option ? collections([option as INodeProperties], `${at}.`) : [];
		});
		return [...own, ...nested];
	});
}

/** Shown only for the connector resources, whose texts the connector forms own. */
const forConnectors = (property: INodeProperties): boolean => {
	const resources = property.displayOptions?.show?.resource;
	return Array.isArray(resources) && resources.every((resource) => resource === 'source' || resource === 'destination');
};

describe('n8n’s words for collections', () => {
	it('every collection of the trigger and of the action node says "Add option", as n8n’s own nodes do', () => {
		const placeholders = [...collections(trigger.properties), ...collections(action.properties)]
			.filter(([, property]) => property.placeholder !== undefined)
			.map(([at, property]) => [at, property.placeholder]);
		expect(placeholders.length).toBeGreaterThan(5);
		expect(placeholders.filter(([, text]) => /^Add /.test(String(text)) && text !== 'Add option' && /option/i.test(String(text)))).toEqual([]);
	});
});

/** The help texts of a description (descriptions and hints, options' descriptions included). */
function helpTexts(properties: INodeProperties[], where = ''): Array<[string, string]> {
	return properties.flatMap((property) => {
		const at = `${where}${property.name}`;
		const own = [property.description, property.hint].filter((text): text is string => typeof text === 'string').map((text): [string, string] => [at, text]);
		const nested = (property.options ?? []).flatMap((option): Array<[string, string]> => {
			if ('values' in option) return helpTexts(option.values, `${at}.`);
			if ('type' in option) return helpTexts([option as INodeProperties], `${at}.`);
			return typeof option.description === 'string' ? [[`${at} › ${option.name}`, option.description]] : [];
		});
		return [...own, ...nested];
	});
}

describe('plain words in field help', () => {
	it('names no API field in snake_case outside quotes (an output field such as "failed_ranges") or an e.g. example', () => {
		const texts = [...helpTexts(trigger.properties), ...helpTexts(action.properties.filter((property) => !forConnectors(property)))];
		const bare = (text: string): string => text.replace(/"[^"]*"|“[^”]*”/g, '').replace(/\be\.g\. [\w.]+/g, '');
		const apiWords = texts.filter(([, text]) => /\b[a-z]+(_[a-z0-9]+)+\b/.test(bare(text)));
		expect(apiWords).toEqual([]);
		expect(texts.length).toBeGreaterThan(100);
	});
});

describe('error titles', () => {
	const node: INode = { id: '1', name: 'Document Processing', type: 'documentProcessing', typeVersion: 1, position: [0, 0], parameters: {} };
	const failure = (status: number, body: unknown) =>
		serviceError(node, { endpoint: 'GET /api/v1/workflows/', status, detail: detailText(body), secrets: [] });
	const HEADER_NAMES = /service-api-key|unstructured-api-key|\bheaders?\b/i;

	it.each([
		['a refused key naming its header', 401, { detail: 'Invalid API key (header service-api-key)' }],
		['a missing key', 401, { detail: 'API key is missing, please provide an API key in the header.' }],
		['a forbidden key', 403, { detail: 'service-api-key not allowed' }],
		['a validation error on the key header', 422, { detail: [{ loc: ['header', 'service-api-key'], msg: 'field required', type: 'missing' }] }],
	])('%s: the title says the key was refused, the service’s words follow under it', (_case, status, body) => {
		const error = failure(status, body);
		expect(error.message).toBe('The service refused the API key');
		expect(error.message).not.toMatch(HEADER_NAMES);
		expect(error.description).toMatch(/^Check the API key in the credential\b.*The service said: “.+”\.$/);
	});

	it('other service words stay in the title', () => {
		expect(failure(422, { detail: [{ loc: ['body', 'name'], msg: 'field required', type: 'missing' }] }).message).toBe(
			'The service could not accept the input: body.name: field required',
		);
	});
});

describe('errors name the fields as the panel shows them', () => {
	const node: INode = { id: '1', name: 'Wait', type: 'documentProcessing', typeVersion: 1, position: [0, 0], parameters: {} };
	const settings = { schedule: DEFAULT_POLL_SCHEDULE, timeoutMs: 60_000, failOnJobFailure: true };
	const job = (status: string) => ({ id: 'j-1', status }) as Job;

	it('the waiting fields are Options › …', () => {
		expect(timeoutError(node, job('IN_PROGRESS'), settings).description).toMatch(/^Raise Options › Timeout \(Minutes\), or run Wait for Job again/);
		expect(() => jobOutcome(node, job('STOPPED'), settings, 0)).toThrow(
			expect.objectContaining({ description: expect.stringContaining('Turn off Options › Fail on Unsuccessful Job') }) as Error,
		);
		expect(() => jobOutcome(node, job('FAILED'), settings, 0)).toThrow(
			expect.objectContaining({ description: expect.stringContaining('turn off Options › Fail on Unsuccessful Job') }) as Error,
		);
	});
});
