import { EVENT_TYPE_OPTIONS } from '../webhooks/eventTypes';

/** Each event id as the Events field names it ("job.completed" → "Job Completed"). */
const EVENT_NAMES = JSON.stringify(Object.fromEntries(EVENT_TYPE_OPTIONS.map((option) => [option.value, option.name])));

/**
 * The trigger's canvas subtitle: the chosen events in the Events field's words, as the nodes panel
 * names the trigger ("On Job Completed"), not the service's event ids. n8n evaluates it in the
 * editor with the node's parameters, so the names travel inside the expression.
 */
export const EVENTS_SUBTITLE = `={{ (($parameter["events"] || []).length ? "On " : "") + ($parameter["events"] || []).map((event) => (${EVENT_NAMES})[event] || event).join(", ") }}`;
