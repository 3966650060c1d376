import type { EmulatorConfig } from '../../test/emulator';
import { PARTITION_CLOCKS } from '../../test/emulator/config';

/** The partition benchmark's command line (bench/partition.ts documents each option). */
export interface Options {
	delaysMs: number[];
	runs: number;
	concurrency: number;
	serviceProcesses: number;
	serviceClock: EmulatorConfig['partition_clock'];
	study: boolean;
}

export function parseOptions(args: string[]): Options {
	const value = (name: string, fallback: number): number => {
		const index = args.indexOf(`--${name}`);
		const raw = index >= 0 ? args[index + 1] : undefined;
		const parsed = raw === undefined ? fallback : Number(raw);
		if (!Number.isFinite(parsed) || parsed < 0) throw new Error(`--${name} needs a number, got ${raw}`);
		return parsed;
	};
	const delayIndex = args.indexOf('--delay');
	const delaysText = delayIndex >= 0 ? (args[delayIndex + 1] ?? '') : '20,100';
	const delaysMs = delaysText.split(',').map(Number);
	if (delaysMs.some((delay) => !Number.isFinite(delay) || delay < 0)) throw new Error(`--delay needs numbers, got ${delaysText}`);
	const concurrency = value('concurrency', 5);
	return {
		delaysMs,
		runs: Math.max(1, value('runs', 3)),
		concurrency,
		serviceProcesses: Math.max(1, value('service-processes', concurrency)),
		serviceClock: serviceClock(args),
		study: !args.includes('--no-study'),
	};
}

/** `--service-clock arrival|after_parse`: the emulator's partition_clock (docs/emulator.md). */
function serviceClock(args: string[]): EmulatorConfig['partition_clock'] {
	const index = args.indexOf('--service-clock');
	const raw = index >= 0 ? args[index + 1] : 'arrival';
	const clock = PARTITION_CLOCKS.find((name) => name === raw);
	if (!clock) throw new Error(`--service-clock needs one of ${PARTITION_CLOCKS.join(', ')}, got ${raw}`);
	return clock;
}
