export declare function threadCpuMs(pid: number, tid?: number): number | undefined;
export declare function heldMs(waitMs: number, cpuBeforeMs: number | undefined, cpuAfterMs: number | undefined): number;
