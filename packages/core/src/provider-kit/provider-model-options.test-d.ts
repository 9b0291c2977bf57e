// Type tests of the shared option names (checked by `pnpm typecheck`, never run).
import { expectTypeOf } from "vitest";
import type { ChatModelBaseOptions } from "../model/chat-model-base.js";
import type { ProviderChatModelOptions } from "./provider-model-options.js";

interface ToyModelOptions extends ProviderChatModelOptions {
  organization?: string;
}

expectTypeOf<ToyModelOptions>().toExtend<ChatModelBaseOptions>();
expectTypeOf<ToyModelOptions["baseURL"]>().toEqualTypeOf<string | undefined>();
expectTypeOf<ToyModelOptions["generateKwargs"]>().toEqualTypeOf<
  Record<string, unknown> | undefined
>();
// @ts-expect-error the old per-provider names are not part of the shared options
expectTypeOf<ToyModelOptions["host"]>().toEqualTypeOf<string | undefined>();
