/** A node's subtitle as the canvas shows it: the expression evaluated with the node's parameters. */
export function evaluateSubtitle(subtitle: string | undefined, parameters: Record<string, unknown>): string {
	if (subtitle === undefined) return '';
	const expression = /^=\{\{([\s\S]*)\}\}$/.exec(subtitle.trim());
	if (!expression) return subtitle;
	// The subtitle is the package's own text (dist/), evaluated as n8n would with $parameter.
	// eslint-disable-next-line @typescript-eslint/no-implied-eval
	const evaluate = new Function('$parameter', `return (${expression[1]});`) as (parameter: unknown) => unknown;
	return String(evaluate(parameters));
}
