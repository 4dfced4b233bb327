const TIMEOUT_MS = 10000;

/** Retries `check` until it stops throwing; rethrows its last error after the timeout. */
export async function eventually(check: () => unknown, timeout = TIMEOUT_MS): Promise<void> {
  const deadline = Date.now() + timeout;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
