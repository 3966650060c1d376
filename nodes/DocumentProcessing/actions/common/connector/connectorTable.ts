import table from './connectorTable.data.json';
import type { ConnectorTable } from './connectorTableTypes';

/**
 * The connector table: every documented source and destination type with its config fields, as
 * data. scripts/connectors/generate.js writes connectorTable.data.json from the service's published
 * client (never edited by hand; test/unit/connector-table.test.ts holds it to the generator's
 * output byte for byte and to the shape below); the build copies it next to the compiled code.
 */
export const CONNECTOR_TABLE: ConnectorTable = table as ConnectorTable;
