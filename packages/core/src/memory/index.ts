export { InMemoryMemory, type MemoryEntry, type MemoryEntryDict } from "./in-memory-memory.js";
export { LongTermMemoryBase } from "./long-term-memory-base.js";
export {
  memoryMessagesArgument,
  optionalMarkArgument,
  stringListArgument,
} from "./memory-arguments.js";
export {
  type GetMemoryOptions,
  type MemoryAddOptions,
  MemoryBase,
  type UpdateMessagesMarkOptions,
} from "./memory-base.js";
export { type MemoryHistory, readMemoryHistory } from "./read-memory-history.js";
