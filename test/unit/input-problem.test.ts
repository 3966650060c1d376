import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import { asOperationError, InputProblem } from '../../nodes/DocumentProcessing/helpers/inputProblem';
import { actionNode } from '../harness/action-node';

const node = actionNode('n1');

describe('InputProblem → NodeOperationError (the one translation)', () => {
	it('keeps the message and hint, names the item, and adds the caller’s framing', () => {
		const error = asOperationError(node, new InputProblem('Config (JSON) line 2: not JSON', 'Fix the JSON.'), 3, { prefix: 'Invalid — ', suffix: ' (item 3)' });
		expect(error).toBeInstanceOf(NodeOperationError);
		expect((error as NodeOperationError).message).toBe('Invalid — Config (JSON) line 2: not JSON (item 3)');
		expect((error as NodeOperationError).description).toBe('Fix the JSON.');
		expect((error as NodeOperationError).context.itemIndex).toBe(3);
	});

	it('uses the caller’s hint only when the problem has none', () => {
		const error = asOperationError(node, new InputProblem('Drive ID is empty'), 0, { hint: 'Open the credential.' }) as NodeOperationError;
		expect(error.description).toBe('Open the credential.');
	});

	it('leaves n8n’s own errors as they are and wraps anything else with the item (asNodeError)', () => {
		const api = new NodeApiError(node, { message: 'x' });
		expect(asOperationError(node, api, 1)).toBe(api);
		const wrapped = asOperationError(node, new Error('socket hang up'), 1);
		expect(wrapped).toBeInstanceOf(NodeOperationError);
		expect((wrapped as NodeOperationError).message).toBe('socket hang up');
		expect((wrapped as NodeOperationError).context.itemIndex).toBe(1);
	});
});
