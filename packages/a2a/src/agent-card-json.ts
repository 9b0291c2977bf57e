import { A2A_VERSION_HEADER, AgentCard } from "@a2a-js/sdk";
import { LegacyRestTransportHandler } from "@a2a-js/sdk/compat/v0_3/server";
import { type A2ARequestHandler, ServerCallContext } from "@a2a-js/sdk/server";

/**
 * Whether a request speaks A2A v0.3: its `A2A-Version` header is absent (v0.3 clients such as
 * a2a-sdk 0.3 send none) or `0.3`.
 */
export function isLegacyA2ARequest(request: Request): boolean {
  const version = request.headers.get(A2A_VERSION_HEADER)?.trim() || "0.3";
  return /^0\.3(\.\d+)?$/.test(version);
}

/**
 * The card as JSON for the client that asked: the A2A 1.0 form for a request with
 * `A2A-Version: 1.0`, the v0.3 form (`url`, `preferredTransport`, `protocolVersion: "0.3"`,
 * `security`) for a v0.3 request when the card has a v0.3 interface, with the 1.0
 * `supportedInterfaces` kept in it so a 1.0 client reading it finds its interface too.
 */
export async function agentCardJson(
  card: AgentCard,
  request: Request,
): Promise<Record<string, unknown>> {
  const v1 = AgentCard.toJSON(card) as Record<string, unknown>;
  const hasLegacy = card.supportedInterfaces.some((i) => i.protocolVersion === "0.3");
  if (!isLegacyA2ARequest(request) || !hasLegacy) return v1;
  // The SDK's v0.3 card translation (`toCompatAgentCard`), reached through the one public entry
  // that applies it: its v0.3 REST handler's extended-card call, here answering with our card.
  const provider = {
    getAuthenticatedExtendedAgentCard: async () => card,
  } as unknown as A2ARequestHandler;
  const legacy = (await new LegacyRestTransportHandler(provider).getAuthenticatedExtendedAgentCard(
    new ServerCallContext(),
  )) as unknown;
  return { ...(legacy as Record<string, unknown>), supportedInterfaces: v1.supportedInterfaces };
}
