/**
 * After the journeys: the order-attempt journal directory this run made in the system's temporary
 * directory (playwright.config.ts journalDir), so that runs do not pile up there. A directory the
 * developer named with E2E_DATA_DIR stays.
 */
import { rmSync } from 'node:fs';

export default function teardown(): void {
  const made = process.env.E2E_DATA_DIR_TEMP;
  if (made) rmSync(made, { recursive: true, force: true });
}
