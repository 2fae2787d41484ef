/**
 * The authenticator app of a test person: codes from the TOTP key the enrolment showed (otplib, 30-second steps).
 * The back-office refuses a code of a step already used, so each person's next code waits for the next step.
 */
import { generateSync } from 'otplib/functional';

const STEP_MS = 30_000;

export class Authenticator {
  private lastStep = -1;
  readonly secret: string;

  constructor(secret: string) {
    this.secret = secret;
  }

  /**
   * A code of a step this person has not used yet, waiting for the next step when needed (at most 30 s). A code
   * is never taken in the last second of its step, so it is still valid when the back-office checks it.
   */
  async nextCode(): Promise<string> {
    for (;;) {
      const now = Date.now();
      const step = Math.floor(now / STEP_MS);
      const leftMs = (step + 1) * STEP_MS - now;
      if (step > this.lastStep && leftMs > 1_000) {
        this.lastStep = step;
        return generateSync({ secret: this.secret, epoch: Math.floor(now / 1000) });
      }
      await new Promise((resolve) => setTimeout(resolve, leftMs + 50));
    }
  }
}
