import { join } from 'node:path';
import { ROOT } from './processes';

type NodeModule = typeof import('../../nodes/DocumentProcessing/DocumentProcessing.node');

/**
 * The action node class. Outside jest, `require('…/DocumentProcessing.node')` resolves the codex
 * file `DocumentProcessing.node.json` first (Node tries .json before ts-node's .ts), so the
 * TypeScript source is required by its full name.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const { DocumentProcessing } = require(join(ROOT, 'nodes', 'DocumentProcessing', 'DocumentProcessing.node.ts')) as NodeModule;

type TriggerModule = typeof import('../../nodes/DocumentProcessing/DocumentProcessingTrigger.node');

/** The trigger node class, required by its full name for the same reason. */
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const { DocumentProcessingTrigger } = require(join(ROOT, 'nodes', 'DocumentProcessing', 'DocumentProcessingTrigger.node.ts')) as TriggerModule;
