import { SessionError } from "./state-error.js";

/**
 * Thrown when a session save would overwrite a newer save than the one this session object loaded
 * (or last saved): another process saved the same session in between. Load it again, re-apply the
 * change, then save.
 */
export class SessionConflictError extends SessionError {
  override readonly code: string = "session_conflict";
}
