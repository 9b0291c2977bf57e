/**
 * The user's `generateKwargs` as fields of a request body of type `Body`: AgentScope's `**kwargs`,
 * spread into the request as given. They are not checked here (the server judges unknown or
 * ill-typed fields, as with AgentScope), so this is the one place they are typed as the body's
 * optional fields.
 */
export function kwargsFields<Body extends object>(
  kwargs: Readonly<Record<string, unknown>> | undefined,
): Partial<Body> {
  return (kwargs ?? {}) as Partial<Body>;
}
