/**
 * The Google Drive source takes its key from the connector credential or from a binary field
 * through an option, so its form keeps at most 6 fields (issue 46): counted as n8n lays the
 * description out.
 */
import type { INodeParameters, INodeProperties } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';
import { DocumentProcessing } from '../../nodes/DocumentProcessing/DocumentProcessing.node';

const description = new DocumentProcessing().description;

function shown(values: INodeParameters): INodeProperties[] {
	const node = { typeVersion: 1 };
	const filled = NodeHelpers.getNodeParameters(description.properties, values, true, false, node, description) ?? {};
	return description.properties.filter((p) => !['resource', 'operation'].includes(p.name) && NodeHelpers.displayParameter(filled, p, node, description));
}

describe('Google Drive source form', () => {
	it.each(['create', 'update'])('%s: at most 6 fields, the key file among the options, no field for the key itself', (operation) => {
		const fields = shown({ resource: 'source', operation, connectorTypeId: 'google_drive' });
		expect(fields.length).toBeLessThanOrEqual(6);
		expect(fields.map((p) => p.name)).not.toContain('cfg_google_drive_service_account_key');
		const options = fields.find((p) => p.name === 'cfg_google_drive_options')?.options as INodeProperties[];
		expect(options.map((o) => o.displayName)).toEqual(['File Extensions', 'Recursive', 'Service Account Key File']);
	});

	it('adds nothing to destinations or other types', () => {
		const s3 = shown({ resource: 'source', operation: 'create', connectorTypeId: 's3' });
		expect(s3.find((p) => p.name === 'cfg_s3_options')?.options?.map((o) => o.name)).not.toContain('serviceAccountKeyFile');
		expect(JSON.stringify(shown({ resource: 'destination', operation: 'create' }))).not.toContain('serviceAccountKeyFile');
	});
});
