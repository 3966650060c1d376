// Injected into the PDF worker's bundle in place of the global `setTimeout`: pdf-lib only uses it
// to yield between objects (`waitForTick`), which a worker that serves nothing else need not do,
// and shipped code uses no global timer (the community-node rule `no-restricted-globals`).
export function setTimeout(callback) {
	void Promise.resolve().then(() => callback());
}
