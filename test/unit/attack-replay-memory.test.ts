/**
 * Attack suite, replay memory (issue 31 items 2 and 7): resume claims are per pause and kept apart
 * from the trigger's replay memory, so many pauses cannot evict it and a second pause of one
 * execution can resume.
 */
import { claimDelivery, claimResume, releaseResume } from '../../nodes/DocumentProcessing/webhooks/replayGuard';

describe('attack: the replay memory under many pauses', () => {
	it('still refuses a replayed delivery after 5,000 pauses were resumed', () => {
		const t0 = 1_900_000_000_000;
		expect(claimDelivery('trigger-channel', 'msg_1', t0)).toBe(true);
		for (let pause = 0; pause < 5_000; pause++) expect(claimResume(`execution-${pause}:ref`, t0 + 1)).toBe(true);
		// Shared, 500 resumes (one "channel" each) evicted the trigger's channel and this was true.
		expect(claimDelivery('trigger-channel', 'msg_1', t0 + 2)).toBe(false);
	});

	it('resumes each pause once, and every pause of one execution', () => {
		const t0 = 1_900_000_100_000;
		expect(claimResume('exec-7:aaaaaaaaaaaaaaaa', t0)).toBe(true);
		expect(claimResume('exec-7:aaaaaaaaaaaaaaaa', t0 + 1)).toBe(false);
		expect(claimResume('exec-7:bbbbbbbbbbbbbbbb', t0 + 2)).toBe(true);
		releaseResume('exec-7:bbbbbbbbbbbbbbbb');
		expect(claimResume('exec-7:bbbbbbbbbbbbbbbb', t0 + 3)).toBe(true);
	});
});
