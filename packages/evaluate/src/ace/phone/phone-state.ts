/** A tool's arguments, as the model sent them. */
export type ToolArgs = Record<string, unknown>;

/** The device state the apps share (AgentScope's `SharedState`): Wi-Fi and login. */
export interface PhoneState {
  wifi: boolean;
  logged_in: boolean;
}

/** A number as Python prints a float (`68.0`, `12.5`). */
export function pyFloat(value: number): string {
  return Number.isInteger(value) ? `${value}.0` : String(value);
}

/** A string argument (what a Python tool would get; anything else is turned into text). */
export function str(args: ToolArgs, key: string): string {
  const value = args[key];
  return typeof value === "string"
    ? value
    : value === undefined || value === null
      ? ""
      : String(value);
}

/** Stands for the exception AgentScope's Python tool raises on this input (the toolkit reports it). */
export function pythonError(type: string, message: string): Error {
  const error = new Error(message);
  error.name = type;
  return error;
}
